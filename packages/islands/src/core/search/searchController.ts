import { createStore, type ReadableStore } from '../state/store.js';
import type { DocHit } from '../records.js';
import { HIERARCHY_LEVELS } from '../records.js';
import type { ResolvedIndex } from '../options/siteSearchOptions.js';
import type { SearchClientLike, SearchRequestOptions, SiteSearchTransformClient } from '../options/types.js';
import { groupHits, type HitGroup } from './groupHits.js';
import { buildSearchRequests } from './requests.js';

/** Where a search stands. */
export type SearchStatus = 'idle' | 'loading' | 'success' | 'error';

/** What the results screen shows. */
export interface SearchState {
  status: SearchStatus;
  /** The query the state belongs to (while loading: the query being fetched). */
  query: string;
  /** Groups of the last successful search (kept while the next one loads, so the list does not flash). */
  groups: HitGroup[];
  /** Total number of matching records across indices. */
  nbHits: number;
  /** The fault behind an `error` status. */
  error: unknown;
  /** When a query found nothing: shorter queries that do find something. */
  suggestions: string[];
  /** With `clickAnalytics`: the `queryID` each index answered the last successful search with, by index name. */
  queryIDs?: Record<string, string>;
}

/** What the controller needs. */
export interface SearchControllerOptions {
  /** The client, or a promise of it while its code loads (the first search waits for it). */
  searchClient: SearchClientLike | Promise<SearchClientLike>;
  indices: readonly ResolvedIndex[];
  transformSearchClient?: (client: SiteSearchTransformClient) => SiteSearchTransformClient;
  transformItems?: (items: DocHit[]) => DocHit[];
  maxResultsPerGroup: number;
  /** Asks each index for a `queryID` (the `insights` option), kept in the state's `queryIDs`. */
  clickAnalytics?: boolean;
}

/** Runs searches and publishes their state; the newest query always wins. */
export interface SearchController extends ReadableStore<SearchState> {
  /** Searches for a query; an empty query resets to `idle`. Never rejects. */
  search(query: string): Promise<void>;
}

const IDLE: SearchState = { status: 'idle', query: '', groups: [], nbHits: 0, error: undefined, suggestions: [] };

/** A hit the UI can render: it has a URL and a hierarchy object (filled in when partial). */
function normalizeHit(value: unknown): DocHit | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const hit = value as Partial<DocHit>;
  if (typeof hit.url !== 'string' || hit.url === '') return undefined;
  const hierarchy = Object.fromEntries(
    HIERARCHY_LEVELS.map((level) => {
      const text = (hit.hierarchy as Record<string, unknown> | undefined)?.[level];
      return [level, typeof text === 'string' ? text : null];
    }),
  ) as DocHit['hierarchy'];
  return { ...hit, hierarchy, content: typeof hit.content === 'string' ? hit.content : null, type: hit.type ?? 'content', anchor: hit.anchor ?? null } as DocHit;
}

/** A response without the shape every search answer has (named so in the console). */
const malformedResponse = (detail: string) => Object.assign(new Error(`sitesearch: the search backend sent a malformed response (${detail}).`), { name: 'MalformedResponseError' });

function transformClient(client: SearchClientLike, transform: SearchControllerOptions['transformSearchClient']): SearchClientLike {
  const transformed = (transform ?? ((given) => given))(client);
  if (typeof transformed !== 'object' || transformed === null || typeof transformed.search !== 'function') {
    throw new Error('sitesearch: option "transformSearchClient" must return a search client with a search({ requests }) method.');
  }
  return transformed;
}

export function createSearchController(options: SearchControllerOptions): SearchController {
  // A ready client is transformed now, so a bad `transformSearchClient` throws at once. A client
  // still loading is transformed when it arrives; a bad transform then shows as a search error.
  const given = options.searchClient;
  const ready: SearchClientLike | Promise<SearchClientLike> =
    typeof (given as Promise<SearchClientLike>).then === 'function'
      ? (given as Promise<SearchClientLike>).then((client) => transformClient(client, options.transformSearchClient))
      : transformClient(given as SearchClientLike, options.transformSearchClient);
  if (ready instanceof Promise) ready.catch(() => {});
  const transformItems = options.transformItems ?? ((items) => items);
  const store = createStore<SearchState>(IDLE);
  // Each search takes a ticket; a response is shown only if its ticket is still the newest.
  let latestTicket = 0;
  // The newest search's signal, aborted when the next search starts: its answer would be dropped,
  // so the client may stop fetching for it (the local index client then fetches no record shard).
  let inFlight: AbortController | undefined;

  async function search(query: string): Promise<void> {
    const ticket = ++latestTicket;
    inFlight?.abort();
    const aborter = typeof AbortController === 'function' ? new AbortController() : undefined;
    inFlight = aborter;
    const requestOptions = aborter ? { signal: aborter.signal } : undefined;
    if (query.trim() === '') {
      store.set(IDLE);
      return;
    }
    store.set({ ...store.get(), status: 'loading', query, error: undefined, suggestions: [] });
    try {
      // A ready client is called in the same tick (no await), so a fast answer is not delayed.
      const client = ready instanceof Promise ? await ready : ready;
      if (ticket !== latestTicket) return;
      const response = await client.search({ requests: buildSearchRequests(query, options.indices, options.clickAnalytics) }, requestOptions);
      if (ticket !== latestTicket) return;
      const results = (response as { results?: unknown } | undefined)?.results;
      if (!Array.isArray(results) || results.length !== options.indices.length) {
        throw malformedResponse(`expected ${options.indices.length} result(s) in "results"`);
      }
      let nbHits = 0;
      const queryIDs: Record<string, string> = {};
      const resultsByIndex = results.map((result: unknown, position) => {
        const indexName = options.indices[position]!.name;
        const hits = (result as { hits?: unknown } | null)?.hits;
        if (!Array.isArray(hits)) throw malformedResponse(`no "hits" array for index "${indexName}"`);
        const reported = (result as { nbHits?: unknown }).nbHits;
        nbHits += typeof reported === 'number' ? reported : hits.length;
        queryIDs[indexName] = (result as { queryID: string }).queryID;
        const items = transformItems(hits.map(normalizeHit).filter((hit): hit is DocHit => hit !== undefined));
        if (!Array.isArray(items)) throw new Error('sitesearch: option "transformItems" must return an array of items.');
        return { indexName, hits: items.map(normalizeHit).filter((hit): hit is DocHit => hit !== undefined) };
      });
      store.set({ status: 'success', query, groups: groupHits(resultsByIndex, options.maxResultsPerGroup), nbHits, error: undefined, suggestions: [], queryIDs });
      if (nbHits === 0) void suggest(query, ticket, requestOptions);
    } catch (error) {
      if (ticket !== latestTicket) return;
      store.set({ ...store.get(), status: 'error', query, error });
    }
  }

  /**
   * Shorter queries that find something (suggest.ts, imported here: only a search that found
   * nothing needs it). One extra request; a failure just means no suggestions.
   */
  async function suggest(query: string, ticket: number, requestOptions: SearchRequestOptions | undefined): Promise<void> {
    try {
      const { findSuggestions } = await import('./suggest.js');
      const suggestions = await findSuggestions(ready instanceof Promise ? await ready : ready, options.indices[0]!, query, requestOptions);
      if (ticket === latestTicket && suggestions.length > 0) store.set({ ...store.get(), suggestions });
    } catch {
      // Suggestions are a nicety; the no-results screen stands without them.
    }
  }

  return { get: store.get, subscribe: store.subscribe, search };
}
