import { describe, expect, it, vi } from 'vitest';
import type { DocHit } from '../records.js';
import type { SearchClientLike, SearchRequest } from '../options/types.js';
import { createSearchController } from './searchController.js';
import { buildSearchRequests, DEFAULT_SEARCH_PARAMETERS } from './requests.js';
import { groupHits } from './groupHits.js';
import { HIGHLIGHT_POST_TAG, HIGHLIGHT_PRE_TAG } from './highlight.js';

const record = (id: string, lvl0: string, extra: Partial<DocHit> = {}): DocHit => ({
  objectID: id,
  url: `/${id}`,
  anchor: null,
  type: 'lvl1',
  content: null,
  hierarchy: { lvl0, lvl1: `Page ${id}`, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
  ...extra,
});

/** A client whose responses the test releases by hand, to order them as it likes. */
function deferredClient() {
  const calls: Array<{ requests: SearchRequest[]; signal: AbortSignal | undefined; resolve: (value: unknown) => void; reject: (error: unknown) => void }> = [];
  const client: SearchClientLike = {
    search: (params, requestOptions) =>
      new Promise((resolve, reject) => {
        calls.push({ requests: params.requests, signal: requestOptions?.signal, resolve: resolve as (value: unknown) => void, reject });
      }),
  };
  return { client, calls };
}

const indices = [
  { name: 'docs', searchParameters: {} },
  { name: 'blog', searchParameters: { hitsPerPage: 3, facetFilters: ['lang:en'] } },
];

describe('buildSearchRequests', () => {
  it('sends one request per index, in order, with the documentation defaults and the index parameters', () => {
    const requests = buildSearchRequests('vite', indices);
    expect(requests.map((request) => request.indexName)).toEqual(['docs', 'blog']);
    expect(requests[0]).toMatchObject({ ...DEFAULT_SEARCH_PARAMETERS, query: 'vite' });
    expect(requests[0]!.attributesToRetrieve).toEqual(
      expect.arrayContaining(['hierarchy.lvl0', 'hierarchy.lvl6', 'content', 'url', 'type']),
    );
    // What a result shows: headings whole from their highlight, content from its snippet; nothing else.
    expect(requests[0]!.attributesToHighlight).toEqual(['hierarchy.lvl0', 'hierarchy.lvl1', 'hierarchy.lvl2', 'hierarchy.lvl3', 'hierarchy.lvl4', 'hierarchy.lvl5', 'hierarchy.lvl6']);
    expect(requests[0]!.attributesToSnippet).toEqual(['content:10']);
    expect(requests[1]).toMatchObject({ hitsPerPage: 3, facetFilters: ['lang:en'], query: 'vite' });
  });

  it('keeps its own highlight tags, since it parses highlights itself', () => {
    const [request] = buildSearchRequests('x', [{ name: 'docs', searchParameters: { highlightPreTag: '<em>', highlightPostTag: '</em>' } }]);
    expect(request).toMatchObject({ highlightPreTag: HIGHLIGHT_PRE_TAG, highlightPostTag: HIGHLIGHT_POST_TAG });
  });
});

describe('groupHits', () => {
  it('groups by index in order, then by section in order of first appearance, capped per group', () => {
    const groups = groupHits(
      [
        { indexName: 'docs', hits: [record('a', 'Guide'), record('b', 'API'), record('c', 'Guide'), record('d', 'Guide')] },
        { indexName: 'blog', hits: [record('e', 'Guide'), record('f', '')] },
      ],
      2,
    );
    expect(groups.map((group) => [group.indexName, group.title, group.hits.map((hit) => hit.objectID)])).toEqual([
      ['docs', 'Guide', ['a', 'c']],
      ['docs', 'API', ['b']],
      ['blog', 'Guide', ['e']],
      ['blog', 'blog', ['f']],
    ]);
  });
});

describe('createSearchController', () => {
  it('searches all indices in one request and publishes grouped results and nbHits', async () => {
    const { client, calls } = deferredClient();
    const controller = createSearchController({ searchClient: client, indices, maxResultsPerGroup: 5 });
    const states: string[] = [];
    controller.subscribe((state) => states.push(state.status));
    const done = controller.search('config');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.requests.map((request) => request.indexName)).toEqual(['docs', 'blog']);
    calls[0]!.resolve({ results: [{ hits: [record('a', 'Guide')], nbHits: 12 }, { hits: [record('b', 'Posts')], nbHits: 3 }] });
    await done;
    expect(states).toEqual(['loading', 'success']);
    const state = controller.get();
    expect(state.nbHits).toBe(15);
    expect(state.query).toBe('config');
    expect(state.groups.map((group) => group.title)).toEqual(['Guide', 'Posts']);
  });

  it('never shows a slower response to an older query', async () => {
    const { client, calls } = deferredClient();
    const controller = createSearchController({ searchClient: client, indices: [indices[0]!], maxResultsPerGroup: 5 });
    const first = controller.search('vi');
    const second = controller.search('vite');
    calls[1]!.resolve({ results: [{ hits: [record('new', 'Guide')], nbHits: 1 }] });
    await second;
    calls[0]!.resolve({ results: [{ hits: [record('old', 'Guide')], nbHits: 1 }] });
    await first;
    expect(controller.get().query).toBe('vite');
    expect(controller.get().groups[0]!.hits[0]!.objectID).toBe('new');
  });

  it('ignores a late failure of an older query', async () => {
    const { client, calls } = deferredClient();
    const controller = createSearchController({ searchClient: client, indices: [indices[0]!], maxResultsPerGroup: 5 });
    const first = controller.search('a');
    const second = controller.search('ab');
    calls[1]!.resolve({ results: [{ hits: [record('x', 'Guide')] }] });
    await second;
    calls[0]!.reject(new Error('network'));
    await first;
    expect(controller.get().status).toBe('success');
  });

  it('an empty query resets to idle and drops the pending response', async () => {
    const { client, calls } = deferredClient();
    const controller = createSearchController({ searchClient: client, indices: [indices[0]!], maxResultsPerGroup: 5 });
    const pending = controller.search('vite');
    await controller.search('   ');
    calls[0]!.resolve({ results: [{ hits: [record('x', 'Guide')] }] });
    await pending;
    expect(controller.get()).toMatchObject({ status: 'idle', query: '', groups: [], nbHits: 0 });
    expect(calls).toHaveLength(1);
  });

  it('aborts the signal of a search once a newer one starts, and an aborted search\'s rejection shows nothing', async () => {
    const { client, calls } = deferredClient();
    const controller = createSearchController({ searchClient: client, indices: [indices[0]!], maxResultsPerGroup: 5 });
    const first = controller.search('vi');
    expect(calls[0]!.signal?.aborted).toBe(false);
    const second = controller.search('vite');
    // The local index client stops fetching for the first and rejects, as fetch does.
    expect(calls[0]!.signal?.aborted).toBe(true);
    expect(calls[1]!.signal?.aborted).toBe(false);
    calls[0]!.reject(new DOMException('The search was aborted.', 'AbortError'));
    await first;
    expect(controller.get()).toMatchObject({ status: 'loading', query: 'vite', error: undefined });
    calls[1]!.resolve({ results: [{ hits: [record('new', 'Guide')], nbHits: 1 }] });
    await second;
    expect(controller.get()).toMatchObject({ status: 'success', query: 'vite', nbHits: 1 });
    // Clearing the box aborts the pending search too.
    const third = controller.search('vitest');
    await controller.search('');
    expect(calls[2]!.signal?.aborted).toBe(true);
    calls[2]!.reject(new DOMException('The search was aborted.', 'AbortError'));
    await third;
    expect(controller.get()).toMatchObject({ status: 'idle', query: '' });
  });

  it('a client that ignores the signal still answers, and its superseded answer is dropped', async () => {
    const { client, calls } = deferredClient();
    const controller = createSearchController({ searchClient: client, indices: [indices[0]!], maxResultsPerGroup: 5 });
    const first = controller.search('vi');
    const second = controller.search('vite');
    calls[0]!.resolve({ results: [{ hits: [record('old', 'Guide')], nbHits: 1 }] });
    await first;
    expect(controller.get()).toMatchObject({ status: 'loading', query: 'vite' });
    calls[1]!.resolve({ results: [{ hits: [record('new', 'Guide')], nbHits: 1 }] });
    await second;
    expect(controller.get().groups[0]!.hits[0]!.objectID).toBe('new');
  });

  it('shows the error state when the request fails, and keeps the previous results', async () => {
    let fail = false;
    const client: SearchClientLike = {
      search: async () => {
        if (fail) throw new Error('Unreachable hosts');
        return { results: [{ hits: [record('a', 'Guide')] }] };
      },
    };
    const controller = createSearchController({ searchClient: client, indices: [indices[0]!], maxResultsPerGroup: 5 });
    await controller.search('a');
    fail = true;
    await expect(controller.search('ab')).resolves.toBeUndefined();
    expect(controller.get().status).toBe('error');
    expect((controller.get().error as Error).message).toBe('Unreachable hosts');
    expect(controller.get().groups).toHaveLength(1);
  });

  it.each([
    [undefined, 'expected 1 result(s) in "results"'],
    [{}, 'expected 1 result(s) in "results"'],
    [{ results: [] }, 'expected 1 result(s) in "results"'],
    [{ results: [{ nbHits: 2 }] }, 'no "hits" array for index "docs"'],
    [{ results: [null] }, 'no "hits" array for index "docs"'],
  ])('treats a malformed response (%j) as an error', async (response, detail) => {
    const controller = createSearchController({ searchClient: { search: async () => response as never }, indices: [indices[0]!], maxResultsPerGroup: 5 });
    await controller.search('x');
    expect(controller.get().status).toBe('error');
    expect((controller.get().error as Error).message).toBe(`sitesearch: the search backend sent a malformed response (${detail}).`);
  });

  it('drops hits without a URL and fills a partial hierarchy', async () => {
    const client: SearchClientLike = {
      search: async () => ({ results: [{ hits: [{ objectID: 'no-url' }, { objectID: 'ok', url: '/ok', hierarchy: { lvl1: 'Title' } }] }] }),
    };
    const controller = createSearchController({ searchClient: client, indices: [indices[0]!], maxResultsPerGroup: 5 });
    await controller.search('x');
    const hits = controller.get().groups.flatMap((group) => group.hits);
    expect(hits).toHaveLength(1);
    expect(hits[0]!.hierarchy).toEqual({ lvl0: null, lvl1: 'Title', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null });
    expect(controller.get().groups[0]!.title).toBe('docs');
  });

  it('applies transformItems per index, and reports its failures as an error state', async () => {
    const client: SearchClientLike = { search: async () => ({ results: [{ hits: [record('a', 'Guide'), record('b', 'Guide')] }] }) };
    const transformItems = vi.fn((items: DocHit[]) => items.filter((item) => item.objectID === 'b').map((item) => ({ ...item, url: '/custom' })));
    const controller = createSearchController({ searchClient: client, indices: [indices[0]!], transformItems, maxResultsPerGroup: 5 });
    await controller.search('x');
    expect(transformItems).toHaveBeenCalledTimes(1);
    expect(controller.get().groups[0]!.hits.map((hit) => hit.url)).toEqual(['/custom']);

    const broken = createSearchController({ searchClient: client, indices: [indices[0]!], transformItems: () => 'nope' as never, maxResultsPerGroup: 5 });
    await broken.search('x');
    expect(broken.get().status).toBe('error');
    expect((broken.get().error as Error).message).toBe('sitesearch: option "transformItems" must return an array of items.');
  });

  it('applies transformSearchClient once and searches through its result', async () => {
    const base: SearchClientLike = { search: async () => ({ results: [{ hits: [record('base', 'Guide')] }] }) };
    const wrapped: SearchClientLike = { search: async () => ({ results: [{ hits: [record('wrapped', 'Guide')] }] }) };
    const transformSearchClient = vi.fn(() => wrapped);
    const controller = createSearchController({ searchClient: base, indices: [indices[0]!], transformSearchClient, maxResultsPerGroup: 5 });
    await controller.search('x');
    await controller.search('xy');
    expect(transformSearchClient).toHaveBeenCalledTimes(1);
    expect(transformSearchClient).toHaveBeenCalledWith(base);
    expect(controller.get().groups[0]!.hits[0]!.objectID).toBe('wrapped');
    expect(() => createSearchController({ searchClient: base, indices, transformSearchClient: () => ({}) as never, maxResultsPerGroup: 5 })).toThrowError(
      'sitesearch: option "transformSearchClient" must return a search client with a search({ requests }) method.',
    );
  });
});

describe('suggestions for a query that finds nothing', () => {
  it('offers the shorter queries that find something', async () => {
    const requests: SearchRequest[][] = [];
    const client: SearchClientLike = {
      search: async ({ requests: batch }) => {
        requests.push(batch);
        return { results: batch.map((request) => ({ hits: request.query === 'server port' ? [record('p', 'Config')] : [], nbHits: request.query === 'server port' ? 1 : 0 })) };
      },
    };
    const controller = createSearchController({ searchClient: client, indices: [indices[0]!], maxResultsPerGroup: 5 });
    await controller.search('server port xqz');
    await vi.waitFor(() => expect(controller.get().suggestions).toEqual(['server port']));
    expect(controller.get().status).toBe('success');
    expect(requests[1]!.map((request) => request.query)).toEqual(['server port', 'port xqz']);
    await controller.search('server');
    expect(controller.get().suggestions).toEqual([]);
  });

  it('asks nothing more for one word, and survives a failing follow-up', async () => {
    let calls = 0;
    const client: SearchClientLike = {
      search: async ({ requests: batch }) => {
        calls++;
        // The follow-up asks for two shorter queries at once: that is the request that fails.
        if (batch.length > 1) throw new Error('down');
        return { results: [{ hits: [], nbHits: 0 }] };
      },
    };
    const controller = createSearchController({ searchClient: client, indices: [indices[0]!], maxResultsPerGroup: 5 });
    await controller.search('xqz');
    expect(calls).toBe(1);
    await controller.search('xqz abc');
    await vi.waitFor(() => expect(calls).toBe(3));
    expect(controller.get()).toMatchObject({ status: 'success', suggestions: [] });
  });
});

describe('a search client that is still loading', () => {
  it('searches once the client arrives, transformed', async () => {
    let arrive!: (client: SearchClientLike) => void;
    const loading = new Promise<SearchClientLike>((resolve) => (arrive = resolve));
    const transformSearchClient = vi.fn((client: SearchClientLike) => client);
    const controller = createSearchController({ searchClient: loading, indices: [indices[0]!], transformSearchClient, maxResultsPerGroup: 5 });
    const done = controller.search('config');
    expect(controller.get().status).toBe('loading');
    arrive({ search: async () => ({ results: [{ hits: [record('a', 'Guide')], nbHits: 1 }] }) });
    await done;
    expect(transformSearchClient).toHaveBeenCalledTimes(1);
    expect(controller.get()).toMatchObject({ status: 'success', nbHits: 1 });
  });

  it('shows a client that fails to load, or a bad transform of it, as a search error', async () => {
    const failed = createSearchController({ searchClient: Promise.reject(new Error('chunk failed')), indices: [indices[0]!], maxResultsPerGroup: 5 });
    await failed.search('x');
    expect((failed.get().error as Error).message).toBe('chunk failed');
    const bad = createSearchController({
      searchClient: Promise.resolve({ search: async () => ({ results: [] }) }),
      indices: [indices[0]!],
      transformSearchClient: () => ({}) as never,
      maxResultsPerGroup: 5,
    });
    await bad.search('x');
    expect((bad.get().error as Error).message).toBe('sitesearch: option "transformSearchClient" must return a search client with a search({ requests }) method.');
  });
});
