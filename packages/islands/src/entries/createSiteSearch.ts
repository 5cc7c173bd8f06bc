import { resolveSiteSearchOptions } from '../core/options/siteSearchOptions.js';
import type { ResolvedSiteSearchOptions } from '../core/options/siteSearchOptions.js';
import type { SiteSearchOptions } from '../core/options/types.js';
import { BUTTON_ATTRIBUTE, searchButtonHtml } from '../shell/buttonMarkup.js';
import { createLoader, type MountWidget } from '../shell/loader.js';
import { intentHints } from '../shell/preconnect.js';
import { ensureTrigger } from '../shell/trigger.js';

/** What `sitesearch(options)` returns. */
export interface SiteSearchInstance {
  /** Opens the modal. */
  open(): void;
  /** Closes the modal. */
  close(): void;
  /** Removes the button, the modal and every listener the widget added. */
  destroy(): void;
}

/** The widget module, as the JavaScript and CDN entries import it on first interaction. */
export interface ModalModule {
  createModalMount(options: ResolvedSiteSearchOptions, portalParent: Element, environment: Window, chatStylesheet?: string): Promise<MountWidget>;
}


/**
 * Builds `sitesearch(options)` around a way to import the widget module (a code-split chunk for
 * the npm build, a sibling file for the CDN script).
 */
export function createSiteSearchFunction(importModal: () => Promise<ModalModule>) {
  return function sitesearch(options: SiteSearchOptions): SiteSearchInstance {
    const resolved = resolveSiteSearchOptions(options, 'js');
    const container = resolved.container!;
    const environment = resolved.environment!;
    // A server-rendered button (the SSR shell) is kept as it is; otherwise we add ours.
    const removeButton = ensureTrigger(container, BUTTON_ATTRIBUTE, () =>
      searchButtonHtml({ ...resolved.translations.button, showShortcutHint: resolved.keyboardShortcuts['Ctrl/Cmd+K'] }),
    );
    const loader = createLoader({
      environment,
      root: container,
      keyboardShortcuts: resolved.keyboardShortcuts,
      portal: () => container,
      ...intentHints(resolved),
      load: () => importModal().then((module) => module.createModalMount(resolved, container, environment)),
    });
    return {
      open: loader.open,
      close: loader.close,
      destroy() {
        loader.destroy();
        removeButton();
      },
    };
  };
}
