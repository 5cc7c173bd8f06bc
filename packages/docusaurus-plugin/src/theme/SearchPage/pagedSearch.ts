/**
 * The search page's results: one query over every index, then the next page of each index that
 * has more, appended as the reader scrolls. Framework-free (the page subscribes to it), so the
 * same code runs against the local index client and the provider's lite client, and is tested
 * against both outside a browser.
 */
import {
  buildSearchRequests,
  createStore,
  HIERARCHY_LEVELS,
  type DocHit,
  type ReadableStore,
  type ResolvedIndex,
  type SearchClientLike,
  type SearchParameters,
  type SearchRequest,
} from '@sitesearch/islands/core';

/** Words of content around the match on the page (the modal shows 10): a result has room for a sentence. */
export const SEARCH_PAGE_SNIPPET_WORDS = 30;

/** One index's results so far. */
export interface IndexResults {
  indexName: string;
  /** Every page fetched so far, in ranking order. */
  hits: DocHit[];
  /** Number of matching records in this index. */
  nbHits: number;
  /** The last page fetched (0-based). */
  page: number;
  /** How many pages the index has for this query. */
  nbPages: number;
}

export interface PagedSearchState {
  /** `loading`: a new query is out; `loadingMore`: the next pages; `error`: the last request failed (results so far kept). */
  status: 'idle' | 'loading' | 'loadingMore' | 'success' | 'error';
  /** The query the results belong to (while loading: the query being fetched). */
  query: string;
  /** Results per index, in the order of `indices`. */
  results: IndexResults[];
  /** Matching records across indices. */
  nbHits: number;
  /** Whether an index has pages not fetched yet. */
  hasMore: boolean;
  error: unknown;
}

export interface PagedSearchOptions {
  /** The client, or a promise of it while its code loads. */
  searchClient: SearchClientLike | Promise<SearchClientLike>;
  indices: readonly ResolvedIndex[];
  transformItems?: (items: DocHit[]) => DocHit[];
}

export interface PagedSearch extends ReadableStore<PagedSearchState> {
  /** Searches from the first page; an empty query resets. Never rejects; the newest query wins. */
  search(query: string): Promise<void>;
  /** Appends the next page of every index that has more; does nothing while a request is out. Never rejects. */
  loadMore(): Promise<void>;
}

export const IDLE_STATE: PagedSearchState = { status: 'idle', query: '', results: [], nbHits: 0, hasMore: false, error: undefined };

type IndexOption = string | { name: string; searchParameters?: SearchParameters };

/**
 * The modal's indices as the page searches them, in their order: `indices` (names, or objects
 * with their own parameters), else the deprecated `indexName`; the deprecated top-level
 * `searchParameters` under each index's own. The options were checked when the config loaded
 * (validateThemeConfig runs the core's resolver), so the page does not ship that resolver and
 * its messages again.
 */
export function searchPageIndices(options: { indices?: readonly IndexOption[]; indexName?: string; searchParameters?: SearchParameters }): ResolvedIndex[] {
  const written: readonly IndexOption[] = options.indices ?? (options.indexName === undefined ? [] : [options.indexName]);
  return written.map((index) => (typeof index === 'string' ? { name: index, searchParameters: { ...options.searchParameters } } : { name: index.name, searchParameters: { ...options.searchParameters, ...index.searchParameters } }));
}

/** The attribute that says a hit's docs version: the page names it when several versions are listed. */
const VERSION_ATTRIBUTE = 'docusaurus_tag';

/** The attributes to retrieve, with the version's added to a list that names its attributes (not to `*`, which has it). */
function withVersionAttribute(attributes: unknown): unknown {
  return Array.isArray(attributes) && !attributes.includes('*') && !attributes.includes(VERSION_ATTRIBUTE) ? [...attributes, VERSION_ATTRIBUTE] : attributes;
}

/**
 * The requests for one page: the modal's (same indices, same parameters), a longer snippet
 * unless an index sets its own, each hit's docs version, and `page`.
 */
export function buildPageRequests(query: string, indices: readonly ResolvedIndex[], page: number): SearchRequest[] {
  // Only content is shown as a snippet (display.ts): headings come whole from their highlight.
  const snippets = [`content:${SEARCH_PAGE_SNIPPET_WORDS}`];
  const withPageSnippets = indices.map((index) => ({ ...index, searchParameters: { attributesToSnippet: snippets, ...index.searchParameters } }));
  return buildSearchRequests(query, withPageSnippets).map((request) => ({ ...request, attributesToRetrieve: withVersionAttribute(request.attributesToRetrieve), page }) as SearchRequest);
}

/** A hit the page can show: it has a URL; the hierarchy is completed so every level reads as text or null. */
export function normalizeHit(value: unknown): DocHit | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const hit = value as Partial<DocHit>;
  if (typeof hit.url !== 'string' || hit.url === '') return undefined;
  const given = (typeof hit.hierarchy === 'object' && hit.hierarchy !== null ? hit.hierarchy : {}) as Record<string, unknown>;
  const hierarchy = Object.fromEntries(HIERARCHY_LEVELS.map((level) => [level, typeof given[level] === 'string' ? given[level] : null])) as DocHit['hierarchy'];
  return {
    ...hit,
    objectID: typeof hit.objectID === 'string' ? hit.objectID : hit.url,
    hierarchy,
    content: typeof hit.content === 'string' ? hit.content : null,
    type: hit.type ?? 'content',
    anchor: hit.anchor ?? null,
  } as DocHit;
}

interface PageResponse {
  hits: DocHit[];
  nbHits: number;
  nbPages: number;
}

/** One response of a multi-index search, checked: a backend that answers something else is an error, not a blank page. */
function readResponse(result: unknown, indexName: string, page: number, transformItems: (items: DocHit[]) => DocHit[]): PageResponse {
  const { hits, nbHits, nbPages, hitsPerPage } = (result ?? {}) as { hits?: unknown; nbHits?: unknown; nbPages?: unknown; hitsPerPage?: unknown };
  if (!Array.isArray(hits)) throw new Error(`sitesearch: the search backend sent no "hits" array for index "${indexName}".`);
  const items = transformItems(hits.map(normalizeHit).filter((hit): hit is DocHit => hit !== undefined));
  if (!Array.isArray(items)) throw new Error('sitesearch: option "transformItems" must return an array of items.');
  const total = typeof nbHits === 'number' ? nbHits : hits.length;
  // Backends that omit nbPages still say how many hits and how many per page; failing both, this page was the last.
  const pages = typeof nbPages === 'number' ? nbPages : typeof hitsPerPage === 'number' && hitsPerPage > 0 ? Math.ceil(total / hitsPerPage) : page + 1;
  return { hits: items.map(normalizeHit).filter((hit): hit is DocHit => hit !== undefined), nbHits: total, nbPages: pages };
}

const hasMorePages = (results: readonly IndexResults[]) => results.some((result) => result.page + 1 < result.nbPages);

export function createPagedSearch(options: PagedSearchOptions): PagedSearch {
  const store = createStore<PagedSearchState>(IDLE_STATE);
  const transformItems = options.transformItems ?? ((items: DocHit[]) => items);
  const client = Promise.resolve(options.searchClient);
  client.catch(() => {});
  // Each query takes a ticket; a response is kept only while its ticket is the newest.
  let ticket = 0;
  let busy = false;

  async function search(query: string): Promise<void> {
    const mine = ++ticket;
    if (query.trim() === '') {
      busy = false;
      store.set(IDLE_STATE);
      return;
    }
    busy = true;
    // The previous results stay on screen while the new ones load (no flash between keystrokes).
    store.set({ ...store.get(), status: 'loading', query, error: undefined });
    try {
      const { results } = await (await client).search({ requests: buildPageRequests(query, options.indices, 0) });
      if (mine !== ticket) return;
      if (!Array.isArray(results) || results.length !== options.indices.length) throw new Error(`sitesearch: the search backend sent ${Array.isArray(results) ? results.length : 'no'} result(s) for ${options.indices.length} index(es).`);
      const perIndex = options.indices.map((index, position) => ({ indexName: index.name, page: 0, ...readResponse(results[position], index.name, 0, transformItems) }));
      busy = false;
      store.set({ status: 'success', query, results: perIndex, nbHits: perIndex.reduce((sum, result) => sum + result.nbHits, 0), hasMore: hasMorePages(perIndex), error: undefined });
    } catch (error) {
      if (mine !== ticket) return;
      busy = false;
      store.set({ ...IDLE_STATE, status: 'error', query, error });
    }
  }

  async function loadMore(): Promise<void> {
    const state = store.get();
    // After a failed page the results so far are still there: asking again retries that page.
    const settled = state.status === 'success' || (state.status === 'error' && state.results.length > 0);
    if (busy || !settled || !state.hasMore) return;
    const mine = ticket;
    busy = true;
    store.set({ ...state, status: 'loadingMore', error: undefined });
    const pending = state.results.filter((result) => result.page + 1 < result.nbPages);
    try {
      const requests = pending.flatMap((result) => buildPageRequests(state.query, options.indices.filter((index) => index.name === result.indexName), result.page + 1));
      const { results } = await (await client).search({ requests });
      if (mine !== ticket) return;
      if (!Array.isArray(results) || results.length !== requests.length) throw new Error(`sitesearch: the search backend sent ${Array.isArray(results) ? results.length : 'no'} result(s) for ${requests.length} request(s).`);
      const next = state.results.map((result) => {
        const position = pending.indexOf(result);
        if (position < 0) return result;
        const page = result.page + 1;
        const response = readResponse(results[position], result.indexName, page, transformItems);
        // A record already listed (the index changed between pages) is not listed twice.
        const seen = new Set(result.hits.map((hit) => hit.objectID));
        return { ...result, page, nbPages: response.nbPages, nbHits: response.nbHits, hits: [...result.hits, ...response.hits.filter((hit) => !seen.has(hit.objectID))] };
      });
      busy = false;
      store.set({ ...state, status: 'success', error: undefined, results: next, nbHits: next.reduce((sum, result) => sum + result.nbHits, 0), hasMore: hasMorePages(next) });
    } catch (error) {
      if (mine !== ticket) return;
      busy = false;
      // The results so far stay; the page offers to try again.
      store.set({ ...state, status: 'error', error });
    }
  }

  return { get: store.get, subscribe: store.subscribe, search, loadMore };
}
