import * as chatOptionRules from './chatOptions.js';
import { checkSiteSearchOptions, completeSiteSearchOptions, type Entry, type ResolvedSiteSearchOptions } from './siteSearchOptionsBase.js';

export * from './siteSearchOptionsBase.js';

/**
 * Validates the search modal's options and applies every default of the spec. Throws an `Error`
 * naming the option for anything invalid; warns once for deprecated options.
 */
export function resolveSiteSearchOptions(options: unknown, entry: Entry): ResolvedSiteSearchOptions {
  return completeSiteSearchOptions(checkSiteSearchOptions(options, entry), chatOptionRules);
}
