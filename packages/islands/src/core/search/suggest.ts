/**
 * Shorter queries to try when a query found nothing. A chunk of its own in the CDN build: the
 * search controller imports it only when a search finds nothing, and its answers take further
 * requests anyway, so it loads after the first result instead of before it.
 */
import type { ResolvedIndex } from '../options/siteSearchOptionsBase.js';
import type { SearchClientLike, SearchRequestOptions } from '../options/types.js';

/**
 * Shorter queries to offer when one finds nothing: the query without its last word, then
 * without its first, so a typo in one word of several does not leave the user stuck.
 */
export function getQueryCandidates(query: string): string[] {
  const words = query.trim().split(/\s+/);
  if (words.length < 2) return [];
  return [...new Set([words.slice(0, -1).join(' '), words.slice(1).join(' ')])];
}

/** The candidates that find something in `index`, asked in one request (a hit each at most, no text). */
export async function findSuggestions(client: SearchClientLike, index: ResolvedIndex, query: string, requestOptions: SearchRequestOptions | undefined): Promise<string[]> {
  const candidates = getQueryCandidates(query);
  if (candidates.length === 0) return [];
  const requests = candidates.map((candidate) => ({
    ...index.searchParameters,
    indexName: index.name,
    query: candidate,
    hitsPerPage: 1,
    attributesToRetrieve: ['url'],
    attributesToSnippet: [],
    attributesToHighlight: [],
  }));
  const { results } = await client.search({ requests }, requestOptions);
  return candidates.filter((_, position) => {
    const result = results[position] as { nbHits?: unknown; hits?: unknown } | undefined;
    return typeof result?.nbHits === 'number' ? result.nbHits > 0 : Array.isArray(result?.hits) && result.hits.length > 0;
  });
}
