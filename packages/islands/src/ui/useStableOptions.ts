import { useMemo } from 'react';
import type { ResolvedSiteSearchOptions } from '../core/options/siteSearchOptions.js';

/**
 * Keeps the options object stable while what defines the search (credentials, indices, client)
 * is unchanged, so re-renders of the page do not reset the search; function options are
 * forwarded to their latest value. Shared by the React entries (`react`, `react/lazy`).
 */
export function useStableOptions(options: ResolvedSiteSearchOptions, latest: { current: ResolvedSiteSearchOptions }): ResolvedSiteSearchOptions {
  const key = JSON.stringify([options.appId, options.apiKey, options.indices, options.maxResultsPerGroup, options.disableUserPersonalization, options.recentSearchesLimit, options.recentSearchesWithFavoritesLimit]);
  const searchClient = options.searchClient;
  const stable = useMemo(
    () => ({
      ...options,
      transformItems: (items: Parameters<ResolvedSiteSearchOptions['transformItems']>[0]) => latest.current.transformItems(items),
    }),
    [key, searchClient],
  );
  // Texts, templates and the navigator are read fresh on each render.
  return {
    ...options,
    searchClient: stable.searchClient,
    transformItems: stable.transformItems,
    transformSearchClient: stable.transformSearchClient,
    indices: stable.indices,
  };
}
