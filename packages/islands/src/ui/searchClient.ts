import type { ResolvedSiteSearchOptions } from '../core/options/siteSearchOptions.js';
import type { SearchClientLike } from '../core/options/types.js';

/**
 * The search client: the one given as `searchClient`, else the provider's lite client. The lite
 * client is imported only here, so sites on the local index never download it.
 */
export async function loadSearchClient(options: Pick<ResolvedSiteSearchOptions, 'searchClient' | 'appId' | 'apiKey'>): Promise<SearchClientLike> {
  if (options.searchClient) return options.searchClient;
  const { liteClient } = await import('algoliasearch/lite');
  return liteClient(options.appId!, options.apiKey!) as unknown as SearchClientLike;
}
