/**
 * The search page's logic, outside a browser: its URLs, how a hit reads and where it links, the
 * plural forms, and the paged search against both real backends (the local engine, and the
 * provider's lite client talking to the loopback server).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liteClient } from 'algoliasearch/lite';
import { resolveSiteSearchOptions, type DocHit, type DocRecord, type SearchClientLike } from '@sitesearch/islands/core';
import { DEFAULT_API_KEY, DEFAULT_APP_ID, startServer, type LocalSearchServer } from '@sitesearch/local';
import { buildIndex, memorySource, normalizeMultiQuery, SearchEngine } from '@sitesearch/local/engine';
import { searchPageRoute, searchPageUrl } from '../../searchPage.js';
import { describeHit, resultLink, selectPlural } from './display.js';
import { buildPageRequests, createPagedSearch, searchPageIndices, type PagedSearchState } from './pagedSearch.js';

const text = (segments: Array<{ value: string }>) => segments.map((segment) => segment.value).join('');
const marked = (segments: Array<{ value: string; isHighlighted: boolean }>) => segments.filter((segment) => segment.isHighlighted).map((segment) => segment.value);

describe('search page URLs', () => {
  it('joins baseUrl and searchPagePath however the slashes are written', () => {
    expect(searchPageRoute('/', 'search')).toBe('/search');
    expect(searchPageRoute('/docs/', '/search/')).toBe('/docs/search');
    expect(searchPageRoute('/fr', 'recherche')).toBe('/fr/recherche');
  });

  it('puts the query in q, encoded, and leaves it out when empty', () => {
    expect(searchPageUrl('/', 'search', 'env & modes')).toBe('/search?q=env+%26+modes');
    expect(new URL(searchPageUrl('/', 'search', 'a+b #c'), 'http://x').searchParams.get('q')).toBe('a+b #c');
    expect(searchPageUrl('/docs/', 'search', '')).toBe('/docs/search');
  });
});

const PRE = '__sitesearch-mark__';
const POST = '__/sitesearch-mark__';

function hit(fields: Partial<DocHit>): DocHit {
  return {
    objectID: 'a',
    url: '/guide/env#modes',
    anchor: 'modes',
    type: 'content',
    content: 'Vite exposes env variables',
    hierarchy: { lvl0: 'Guide', lvl1: 'Env Variables and Modes', lvl2: 'Modes', lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    ...fields,
  };
}
const SITE = { siteUrl: 'https://docs.example.com', pageOrigin: 'http://127.0.0.1:3000' };

describe('describeHit', () => {
  it('a content block: its deepest heading as title, the headings above as breadcrumb, its snippet with the marks', () => {
    const view = describeHit(
      hit({ _snippetResult: { content: { value: `Vite exposes ${PRE}env${POST} variables…`, matchLevel: 'partial' } }, _highlightResult: { hierarchy: { lvl2: { value: `${PRE}Modes${POST}`, matchLevel: 'full' } } } }),
      { href: '/guide/env#modes', internal: true },
    );
    expect(text(view.title)).toBe('Modes');
    expect(marked(view.title)).toEqual(['Modes']);
    expect(view.breadcrumb.map(text)).toEqual(['Guide', 'Env Variables and Modes']);
    expect(text(view.snippet)).toBe('Vite exposes env variables…');
    expect(marked(view.snippet)).toEqual(['env']);
  });

  it('a heading record is titled by its own level, not by deeper ones; a page by its title, without repeating it', () => {
    const heading = describeHit(hit({ type: 'lvl1', content: null, hierarchy: { lvl0: 'Env Variables and Modes', lvl1: 'Env Variables and Modes', lvl2: 'Modes', lvl3: null, lvl4: null, lvl5: null, lvl6: null } }), { href: '/', internal: true });
    expect(text(heading.title)).toBe('Env Variables and Modes');
    expect(heading.breadcrumb).toEqual([]);
    expect(heading.snippet).toEqual([]);
  });

  it('markup in a hit stays text: an escaped <img onerror> in a highlight is decoded to its characters, never to an element', () => {
    const view = describeHit(
      hit({
        type: 'lvl1',
        hierarchy: { lvl0: 'Guide', lvl1: 'Escaping <img src=x onerror=alert(1)> titles', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
        _highlightResult: { hierarchy: { lvl1: { value: `${PRE}Escaping${POST} &lt;img src=x onerror=alert(1)&gt; titles`, matchLevel: 'partial' } } },
      }),
      { href: '/x', internal: true },
    );
    expect(view.title).toEqual([
      { value: 'Escaping', isHighlighted: true },
      { value: ' <img src=x onerror=alert(1)> titles', isHighlighted: false },
    ]);
  });
});

describe('resultLink', () => {
  it("this site's pages go through the router as paths: relative, on the site's origin, or on the page's", () => {
    expect(resultLink('/guide/env#modes', SITE)).toEqual({ href: '/guide/env#modes', internal: true });
    expect(resultLink('https://docs.example.com/guide/?a=1#b', SITE)).toEqual({ href: '/guide/?a=1#b', internal: true });
    expect(resultLink('http://127.0.0.1:3000/guide/', SITE)).toEqual({ href: '/guide/', internal: true });
  });

  it('other origins and externalUrlRegex matches load in full', () => {
    expect(resultLink('https://other.example.com/x', SITE)).toEqual({ href: 'https://other.example.com/x', internal: false });
    expect(resultLink('/api/ref', { ...SITE, externalUrlRegex: '/api/' })).toEqual({ href: '/api/ref', internal: false });
  });

  it('replaceSearchResultPathname rewrites the pathname of this site\'s results, as text', () => {
    const context = { ...SITE, replaceSearchResultPathname: { from: '/docs/', to: '/' } };
    expect(resultLink('https://docs.example.com/docs/guide/#a', context)).toEqual({ href: '/guide/#a', internal: true });
    expect(resultLink('https://docs.example.com/guide.html', { ...SITE, replaceSearchResultPathname: { from: '.', to: '!' } })?.href).toBe('/guide!html');
  });

  it('javascript: and data: URLs become no link at all', () => {
    expect(resultLink('javascript:alert(1)', SITE)).toBeUndefined();
    expect(resultLink(' JaVa\tscript:alert(1)', SITE)).toBeUndefined();
    expect(resultLink('data:text/html,<script>', SITE)).toBeUndefined();
  });
});

describe('selectPlural', () => {
  it("picks the locale's form, in Docusaurus' order (zero, one, two, few, many, other)", () => {
    expect(selectPlural('One result|{count} results', 1, 'en')).toBe('One result');
    expect(selectPlural('One result|{count} results', 0, 'en')).toBe('{count} results');
    // French: 0 and 1 are "one".
    expect(selectPlural('Un résultat|{count} résultats', 0, 'fr')).toBe('Un résultat');
    // Russian: one, few, many, other.
    expect(['1', '3', '5'].map((n) => selectPlural('один|несколько|много|other', Number(n), 'ru'))).toEqual(['один', 'несколько', 'много']);
    expect(selectPlural('only', 7, 'en')).toBe('only');
    expect(selectPlural('a|b', 2, 'not a locale!')).toBe('b');
  });
});

/** 45 records that all match "cache", one that matches "escaping" with markup in its title. */
function records(): DocRecord[] {
  const list: DocRecord[] = [];
  for (let n = 0; n < 45; n++) {
    list.push({
      objectID: `cache-${n}`,
      url: `/guide/cache-${n}#part`,
      url_without_anchor: `/guide/cache-${n}`,
      anchor: 'part',
      type: 'content',
      content: `The cache number ${n} keeps built files between runs.`,
      hierarchy: { lvl0: 'Guide', lvl1: `Cache page ${n}`, lvl2: 'Part', lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    });
  }
  list.push({
    objectID: 'escaping',
    url: '/guide/escaping',
    url_without_anchor: '/guide/escaping',
    anchor: null,
    type: 'lvl1',
    content: null,
    hierarchy: { lvl0: 'Guide', lvl1: 'Escaping <img src=x onerror=alert(1)> titles', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
  });
  return list;
}

/** The local engine as the browser's local client answers (the same engine, records in memory). */
function engineClient(): SearchClientLike {
  const engine = new SearchEngine(memorySource(buildIndex(records())));
  return {
    search: async (request) => ({ results: await Promise.all(normalizeMultiQuery(request as never).map((query) => engine.search(query.params, query.indexName))) }),
  };
}

/** Resolves once the search's state satisfies `done`. */
function until(search: { get(): PagedSearchState; subscribe(listener: (state: PagedSearchState) => void): () => void }, done: (state: PagedSearchState) => boolean): Promise<PagedSearchState> {
  return new Promise((resolve) => {
    if (done(search.get())) return resolve(search.get());
    const stop = search.subscribe((state) => {
      if (!done(state)) return;
      stop();
      resolve(state);
    });
  });
}

const indices = resolveSiteSearchOptions({ indices: ['docs'], searchClient: { search: async () => ({ results: [] }) } }, 'integration').indices;

describe('searchPageIndices', () => {
  it("reads the indices as the core's resolver does (the page does not ship it): same names, order and parameters", () => {
    const client = { search: async () => ({ results: [] }) };
    const shapes = [
      { indices: ['docs', { name: 'blog', searchParameters: { hitsPerPage: 5 } }] },
      { indices: [{ name: 'docs', searchParameters: { facetFilters: ['language:en'] } }], searchParameters: { filters: 'type:content', hitsPerPage: 9 } },
      { indexName: 'legacy', searchParameters: { facetFilters: ['version:1'] } },
      { indexName: 'legacy' },
    ];
    for (const shape of shapes) expect(searchPageIndices(shape), JSON.stringify(shape)).toEqual(resolveSiteSearchOptions({ ...shape, searchClient: client }, 'integration').indices);
  });
});

describe('buildPageRequests', () => {
  it("sends the modal's parameters with the page and a longer snippet; an index's own parameters win", () => {
    const [request] = buildPageRequests('cache', [{ name: 'docs', searchParameters: { hitsPerPage: 5, facetFilters: ['language:en'] } }], 2);
    expect(request).toMatchObject({ indexName: 'docs', query: 'cache', page: 2, hitsPerPage: 5, facetFilters: ['language:en'], highlightPreTag: PRE });
    expect(request?.attributesToSnippet).toEqual(['content:30']);
    // The hit's docs version, for the version each result names when all are listed.
    expect(request?.attributesToRetrieve).toEqual(expect.arrayContaining(['url', 'docusaurus_tag']));
    const [all] = buildPageRequests('cache', [{ name: 'docs', searchParameters: { attributesToRetrieve: ['*'] } }], 0);
    expect(all?.attributesToRetrieve).toEqual(['*']);
    const [own] = buildPageRequests('cache', [{ name: 'docs', searchParameters: { attributesToSnippet: ['content:5'] } }], 0);
    expect(own?.attributesToSnippet).toEqual(['content:5']);
  });
});

let server: LocalSearchServer;
beforeAll(async () => {
  server = await startServer({ indexes: { docs: records() } });
});
afterAll(() => server?.close());

const backends: Array<[string, () => SearchClientLike]> = [
  ['the local engine', engineClient],
  [
    "the provider's lite client (loopback server)",
    () => liteClient(DEFAULT_APP_ID, DEFAULT_API_KEY, { hosts: [{ url: server.url.replace('http://', ''), protocol: 'http', accept: 'read' }] }) as unknown as SearchClientLike,
  ],
];

describe.each(backends)('createPagedSearch with %s', (_, client) => {
  it('lists the first page, then appends the next pages until every hit is there', async () => {
    const search = createPagedSearch({ searchClient: client(), indices });
    await search.search('cache');
    let state = search.get();
    expect(state).toMatchObject({ status: 'success', query: 'cache', nbHits: 45, hasMore: true });
    expect(state.results[0]?.hits).toHaveLength(20);
    await search.loadMore();
    expect(search.get().results[0]?.hits).toHaveLength(40);
    await search.loadMore();
    state = search.get();
    expect(state.results[0]?.hits).toHaveLength(45);
    expect(state.hasMore).toBe(false);
    expect(new Set(state.results[0]?.hits.map((hit) => hit.objectID)).size).toBe(45);
    // Nothing more to load: no request, no change.
    await search.loadMore();
    expect(search.get()).toBe(state);
  });

  it('the newest query wins, and a new query starts from the first page', async () => {
    const search = createPagedSearch({ searchClient: client(), indices });
    await search.search('cache');
    await search.loadMore();
    const first = search.search('cache number 7');
    const second = search.search('escaping');
    await Promise.all([first, second]);
    const state = search.get();
    expect(state.query).toBe('escaping');
    expect(state.results[0]?.hits.map((hit) => hit.objectID)).toEqual(['escaping']);
    expect(state.results[0]?.page).toBe(0);
    expect(state.hasMore).toBe(false);
    await search.search('');
    expect(search.get().status).toBe('idle');
  });

  it('transformItems applies to every page', async () => {
    const search = createPagedSearch({ searchClient: client(), indices, transformItems: (items) => items.filter((item) => !item.objectID.endsWith('0')) });
    await search.search('cache');
    await search.loadMore();
    const ids = search.get().results[0]?.hits.map((hit) => hit.objectID) ?? [];
    expect(ids.length).toBe(36);
    expect(ids.some((id) => id.endsWith('0'))).toBe(false);
  });
});

describe('createPagedSearch faults', () => {
  it('a failed next page keeps the results, says so, and loads on the next try', async () => {
    let fail = false;
    const real = engineClient();
    const search = createPagedSearch({ searchClient: { search: (request) => (fail ? Promise.reject(new Error('offline')) : real.search(request)) }, indices });
    await search.search('cache');
    fail = true;
    await search.loadMore();
    expect(search.get()).toMatchObject({ status: 'error', hasMore: true });
    expect(search.get().results[0]?.hits).toHaveLength(20);
    fail = false;
    await search.loadMore();
    expect(search.get()).toMatchObject({ status: 'success', error: undefined });
    expect(search.get().results[0]?.hits).toHaveLength(40);
  });

  it('a malformed response is an error, not an empty list', async () => {
    const search = createPagedSearch({ searchClient: { search: async () => ({ results: [{ nope: true }] }) }, indices });
    await search.search('cache');
    const state = await until(search, (value) => value.status !== 'loading');
    expect(state.status).toBe('error');
    expect(String(state.error)).toMatch(/no "hits" array for index "docs"/);
  });

  it('a hit without a URL is left out; one with a partial hierarchy is completed', async () => {
    const search = createPagedSearch({ searchClient: { search: async () => ({ results: [{ hits: [{ objectID: 'x' }, { objectID: 'y', url: '/y', hierarchy: { lvl1: 'Y' } }], nbHits: 2, nbPages: 1 }] }) }, indices });
    await search.search('y');
    const hits = search.get().results[0]?.hits ?? [];
    expect(hits.map((item) => item.objectID)).toEqual(['y']);
    expect(hits[0]?.hierarchy).toMatchObject({ lvl0: null, lvl1: 'Y', lvl6: null });
  });
});
