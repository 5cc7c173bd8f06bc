/**
 * `sitesearch-options.js` of the CDN build: the second half of the option resolver (every
 * translation key with the default texts, the placeholder, the `askAi` object), imported beside
 * the widget on first interaction. The loader ran the first half (names, required options, types)
 * when the page called `sitesearch()`. The `askAi` checks are a chunk of their own, imported only
 * when `askAi` is set.
 */
import { completeSiteSearchOptions, type CheckedSiteSearchOptions, type ResolvedSiteSearchOptions } from '../core/options/siteSearchOptionsBase.js';

export const completeCdnOptions = (checked: CheckedSiteSearchOptions): ResolvedSiteSearchOptions | Promise<ResolvedSiteSearchOptions> =>
  checked.given.askAi === undefined
    ? completeSiteSearchOptions(checked, () => undefined)
    : import('../core/options/askAi.js').then((module) => completeSiteSearchOptions(checked, module.resolveAskAi));
