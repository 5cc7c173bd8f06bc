/**
 * `@sitesearch/local/client`: a search client for the browser with the lite client's
 * `search()` shape, answering from a static index that it fetches lazily, shard by shard.
 */
import { SearchEngine, type SearchResponse } from '../engine/engine.js';
import { SearchRequestError } from '../engine/errors.js';
import type { RankingOptions } from '../engine/ranking.js';
import { normalizeMultiQuery } from '../engine/requests.js';
import { fetchSource, resolveIndexUrl, type FetchLike } from './fetch-source.js';

export interface LocalSearchClientOptions {
  /** URL of the index folder written by the indexer, e.g. `/sitesearch/` or `https://example.com/sitesearch/`. */
  url: string;
  /** Index name this client answers for; requests for another name are refused. Default: any name. */
  indexName?: string;
  /** `fetch` to use (default: the global one). */
  fetch?: FetchLike;
  /** Overrides of the ranking weights. */
  ranking?: Partial<RankingOptions>;
  /**
   * The page's language, e.g. `fr` (default: `<html lang>`): a search that names no language (a
   * `language:` facet filter, `queryLanguages`) is stemmed under it alone when the index holds it,
   * so an English page of a bilingual site loads no French stemmer.
   */
  language?: string;
}

/** One search, as the lite client takes it: flat params, or a legacy `params` object or string. */
export interface LocalSearchRequest {
  indexName: string;
  params?: Record<string, unknown> | string;
  [param: string]: unknown;
}

/** The lite client's second argument of `search()`; of its options, this client reads `signal`. */
export interface LocalSearchRequestOptions {
  /**
   * Abort it when the answer is no longer wanted (a newer keystroke superseded the search): the
   * search then fetches nothing more, no record shard above all, and rejects with the signal's
   * reason (an `AbortError` unless given), as `fetch` does; it never resolves with a partial answer.
   */
  signal?: AbortSignal;
  [option: string]: unknown;
}

export interface LocalSearchClient {
  /** Runs the searches in order and answers `{ results }`, like the lite client. */
  search(request: { requests: LocalSearchRequest[] } | LocalSearchRequest[], requestOptions?: LocalSearchRequestOptions): Promise<{ results: SearchResponse[] }>;
  /** Starts fetching what the first search needs (call it on hover, focus or touch). */
  warm(): Promise<void>;
}

export function createLocalSearchClient(options: LocalSearchClientOptions): LocalSearchClient {
  if (!options || typeof options.url !== 'string' || options.url === '') {
    throw new TypeError('createLocalSearchClient: "url" is required: the URL of the index folder, e.g. "/sitesearch/"');
  }
  const fetchImpl = options.fetch ?? (globalThis.fetch?.bind(globalThis) as FetchLike | undefined);
  if (!fetchImpl) throw new TypeError('createLocalSearchClient: no global fetch here; pass the "fetch" option');
  if (options.language !== undefined && typeof options.language !== 'string') {
    throw new TypeError(`createLocalSearchClient: "language" must be a language tag such as "en" or "pt-BR", got ${typeof options.language}`);
  }
  const pageLanguage = options.language ?? (globalThis.document?.documentElement?.lang || undefined);
  const engine = new SearchEngine(fetchSource(resolveIndexUrl(options.url), fetchImpl), { ranking: options.ranking, pageLanguage });

  return {
    async search(request, requestOptions) {
      const queries = normalizeMultiQuery(request);
      for (const query of queries) {
        if (options.indexName !== undefined && query.indexName !== options.indexName) {
          throw new SearchRequestError(`Index does not exist: "${query.indexName}"; this client serves "${options.indexName}"`, 404);
        }
      }
      const results = await Promise.all(queries.map((query) => engine.search(query.params, query.indexName, { signal: requestOptions?.signal })));
      // As the provider (and `sitesearch serve`) answer: a search with `clickAnalytics` gets a
      // `queryID`, which the widget's click events must name for their positions to be taken.
      return { results: results.map((result, i) => (clickAnalyticsOf(queries[i]!.params) ? { ...result, queryID: randomQueryId() } : result)) };
    },
    warm: () => engine.warm(),
  };
}

const clickAnalyticsOf = (params: Record<string, unknown>) => params.clickAnalytics === true || params.clickAnalytics === 'true';

/** 32 hex digits, as the provider's queryIDs (`crypto.getRandomValues`: the browser's and Node's). */
function randomQueryId(): string {
  return [...globalThis.crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export type { SearchResponse } from '../engine/engine.js';
export type { DocHit, DocRecord, HighlightResult } from '../records.js';
export type { FetchLike } from './fetch-source.js';
