/**
 * `sitesearch-options.js` of the CDN build: the option resolver, imported beside the widget on
 * first interaction. The loader checked the types, the required options and the container when
 * the page called `sitesearch()` (`checkSiteSearchOptionsEarly`); this runs every other rule
 * (index entries, ranges, unknown names, every translation key with the default texts, the
 * placeholder) and its errors are reported by the loader. The `askAi` checks are a chunk of their
 * own, imported only when `askAi` is set.
 */
import { checkSiteSearchOptions, completeSiteSearchOptions, type ResolvedSiteSearchOptions } from '../core/options/siteSearchOptionsBase.js';
import type { EarlySiteSearchOptions } from './cdnSiteSearchOptions.js';

export function completeCdnOptions({ given, container, environment }: Pick<EarlySiteSearchOptions, 'given' | 'container' | 'environment'>): ResolvedSiteSearchOptions | Promise<ResolvedSiteSearchOptions> {
  // The container the loader resolved: a selector looked up again might now match another element.
  const checked = checkSiteSearchOptions({ ...given, container, environment }, 'js');
  return given.askAi === undefined
    ? completeSiteSearchOptions(checked, () => undefined)
    : import('../core/options/askAi.js').then((module) => completeSiteSearchOptions(checked, module.resolveAskAi));
}
