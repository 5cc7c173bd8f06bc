import { resolveAskAi } from './askAi.js';
import { resolveContainer, resolveEnvironment } from './container.js';
import { DEFAULT_TRANSLATIONS } from '../translations.js';
import { resolveInsights } from './insightsOption.js';
import { checkSiteSearchOptions, completeSiteSearchOptions, type Entry, type ResolvedSiteSearchOptions } from './siteSearchOptionsBase.js';

export * from './siteSearchOptionsBase.js';

const placement = (given: Record<string, unknown>) => {
  const environment = resolveEnvironment('sitesearch', given.environment);
  return { environment, container: resolveContainer('sitesearch', given.container, environment) };
};

/**
 * Validates the search modal's options and applies every default of the spec. Throws an `Error`
 * naming the option for anything invalid; warns once for deprecated options.
 */
export function resolveSiteSearchOptions(options: unknown, entry: Entry): ResolvedSiteSearchOptions {
  // The chat's rules and texts as an object rather than chatOptions.ts's namespace, which bundlers
  // build with a helper of their own.
  return completeSiteSearchOptions(checkSiteSearchOptions(options, entry, placement), { resolveAskAi, DEFAULT_TRANSLATIONS }, resolveInsights);
}
