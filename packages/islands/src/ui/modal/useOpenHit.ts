import type { MouseEvent } from 'react';
import type { ResolvedSiteSearchOptions } from '../../core/options/siteSearchOptions.js';
import type { DocHit } from '../../core/records.js';
import { toSafeUrl } from '../../core/search/safeUrl.js';
import type { Personalization } from '../../core/storage/personalization.js';
import { openItem, type OpenMode } from '../navigation.js';

/**
 * Opening a hit from the keyboard or from a click (on our link, or on a custom hit that is not a
 * link): it is saved as a recent search, then opened through the `navigator` or the browser.
 */
export function useOpenHit(options: ResolvedSiteSearchOptions, personalization: Personalization, environment: Window, onClose: () => void) {
  return (hit: DocHit, mode: OpenMode, event?: MouseEvent) => {
    personalization.saveOpened(hit);
    const url = toSafeUrl(hit.url);
    if (event && (event.currentTarget as Element).matches('a[href]')) {
      // A click on a link: the browser opens it (new tabs and windows for modified clicks), unless
      // a navigator takes plain clicks over.
      if (mode !== 'same') return;
      if (options.navigator?.navigate && url) {
        event.preventDefault();
        safely('navigator', () => options.navigator!.navigate!({ itemUrl: url, item: hit }));
      }
      onClose();
      return;
    }
    if (url) safely('navigator', () => openItem(environment, options.navigator, url, hit, mode));
    if (mode === 'same') onClose();
  };
}

/** Runs a user callback from an event handler: its failure is reported, never thrown into the page. */
export function safely(option: string, run: () => void): void {
  try {
    run();
  } catch (error) {
    console.error(`sitesearch: option "${option}" threw.`, error);
  }
}
