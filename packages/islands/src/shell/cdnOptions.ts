/**
 * The CDN build's option resolver, second half: it ships in the widget's file
 * (`sitesearch-modal.js`), imported on first interaction. The loader checked the types, the required options and the container when
 * the page called `sitesearch()` (`checkSiteSearchOptionsEarly`); this runs every other rule
 * (index entries, ranges, unknown names, every translation key given, with the default texts, the
 * placeholder) and its errors are reported by the loader. The `askAi` checks and the chat's
 * default texts are a chunk of their own (chatOptions.ts), imported only when `askAi` is set or the
 * translations given reach beyond the keyword search's texts.
 */
import { completeModalOptions } from '../core/options/keywordOnlyOptions.js';
import { checkSiteSearchOptions, type ResolvedSiteSearchOptions } from '../core/options/siteSearchOptionsBase.js';
import type { EarlySiteSearchOptions } from './cdnSiteSearchOptions.js';

export function completeCdnOptions({ given, container, environment }: Pick<EarlySiteSearchOptions, 'given' | 'container' | 'environment'>): ResolvedSiteSearchOptions | Promise<ResolvedSiteSearchOptions> {
  // The container the loader resolved: a selector looked up again might now match another element.
  return completeModalOptions(checkSiteSearchOptions(given, 'js', () => ({ container, environment })));
}
