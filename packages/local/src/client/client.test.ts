import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildIndex } from '../engine/build.js';
import { SearchEngine } from '../engine/engine.js';
import { memorySource } from '../engine/memory-source.js';
import { writeIndex } from '../indexer/write-index.js';
import { buildMultilingualIndex } from '../test-support/multilingual.js';
import { SAMPLE_RECORDS } from '../test-support/records.js';
import { startStaticServer, type StaticServer } from '../test-support/static-server.js';
import { createSearchController } from '../../../islands/src/core/search/searchController.js';
import { createLocalSearchClient, type FetchLike, type SearchResponse } from './index.js';

let site: StaticServer;

beforeAll(async () => {
  const root = await mkdtemp(join(tmpdir(), 'sitesearch-client-'));
  await writeIndex(buildIndex(SAMPLE_RECORDS, { termPrefixLength: 1, recordShardSize: 4 }), join(root, 'sitesearch'));
  site = await startStaticServer(root);
});
afterAll(() => site.close());

describe('createLocalSearchClient', () => {
  it('fetches nothing until used, then only the manifest, the shards of the query words and the records shown', async () => {
    site.reset();
    const client = createLocalSearchClient({ url: `${site.url}/sitesearch/` });
    expect(site.served).toEqual([]);
    const { results } = await client.search({ requests: [{ indexName: 'docs', query: 'proxy', hitsPerPage: 1 }] });
    expect(results[0]!.hits.map((hit) => hit.url)).toEqual(['/config/server-options#server-proxy']);
    const proxyId = SAMPLE_RECORDS.findIndex((record) => record.url === '/config/server-options#server-proxy' && record.type === 'lvl2');
    expect(site.served.map((file) => file.path).sort()).toEqual(
      ['/sitesearch/manifest.json', `/sitesearch/records/${Math.floor(proxyId / 4)}.json`, '/sitesearch/terms/k-p.json'].sort(),
    );

    site.reset();
    await client.search({ requests: [{ indexName: 'docs', query: 'proxy', hitsPerPage: 1 }] });
    expect(site.served).toEqual([]);
  });

  it('answers exactly what the engine answers, for several requests in order', async () => {
    const client = createLocalSearchClient({ url: `${site.url}/sitesearch` });
    const engine = new SearchEngine(memorySource(buildIndex(SAMPLE_RECORDS)));
    const requests = [
      { indexName: 'docs', query: 'server', hitsPerPage: 3, facetFilters: ['language:en'] },
      { indexName: 'fr', query: 'creer', attributesToSnippet: ['content:3'] },
    ];
    const { results } = await client.search({ requests });
    for (const [i, { indexName, ...params }] of requests.entries()) {
      const expected = await engine.search(params, indexName);
      expect({ ...results[i], processingTimeMS: 0 }).toEqual({ ...expected, processingTimeMS: 0 });
    }
  });

  it('answers a search with clickAnalytics with a queryID, as the provider does, and no other', async () => {
    const client = createLocalSearchClient({ url: `${site.url}/sitesearch/` });
    const { results } = await client.search({ requests: [{ indexName: 'docs', query: 'server', clickAnalytics: true }, { indexName: 'docs', query: 'server', clickAnalytics: true }, { indexName: 'docs', query: 'server' }] });
    const [first, second, plain] = results as Array<{ queryID?: string }>;
    expect(first!.queryID).toMatch(/^[0-9a-f]{32}$/);
    expect(second!.queryID).not.toBe(first!.queryID);
    expect(plain).not.toHaveProperty('queryID');
  });

  it('accepts the legacy array of { indexName, params } with a params string', async () => {
    const client = createLocalSearchClient({ url: `${site.url}/sitesearch/` });
    const { results } = await client.search([{ indexName: 'docs', params: 'query=strict%20port&hitsPerPage=1' }]);
    expect(results[0]!.hits.map((hit) => hit.url)).toEqual(['/config/server-options#server-strictport']);
  });

  it('warms on intent: the manifest and nothing more for a sharded index', async () => {
    site.reset();
    await createLocalSearchClient({ url: `${site.url}/sitesearch/` }).warm();
    expect(site.served.map((file) => file.path)).toEqual(['/sitesearch/manifest.json']);
  });

  it('rejects with what is wrong and where, and recovers when the index appears', async () => {
    const missing = createLocalSearchClient({ url: `${site.url}/nowhere/` });
    await expect(missing.search({ requests: [{ indexName: 'docs', query: 'x' }] })).rejects.toThrow(
      `sitesearch: GET ${site.url}/nowhere/manifest.json answered 404; is the index built and served there?`,
    );
    const named = createLocalSearchClient({ url: `${site.url}/sitesearch/`, indexName: 'docs' });
    await expect(named.search({ requests: [{ indexName: 'blog', query: 'x' }] })).rejects.toThrow('Index does not exist: "blog"');
    await expect(named.search({ requests: [{ indexName: 'docs', query: 'x', page: -1 }] })).rejects.toThrow('"page" must be an integer');
    expect(() => createLocalSearchClient({ url: 'sitesearch/' })).toThrow('"url" must be an absolute URL, or a path when running in a page');
  });
});

describe('a superseded search (requestOptions.signal)', () => {
  const request = (query: string) => ({ requests: [{ indexName: 'docs', query, hitsPerPage: 5 }] });
  const paths = (kind: string) => site.served.map((file) => file.path).filter((path) => path.includes(`/${kind}/`)).sort();
  const answer = (response: { results: SearchResponse[] }) => response.results.map((result) => ({ ...result, processingTimeMS: 0 }));

  /** What a fresh client fetches and answers for `query` alone: the figures to match. */
  async function alone(query: string) {
    site.reset();
    const response = await createLocalSearchClient({ url: `${site.url}/sitesearch/` }).search(request(query));
    return { answer: answer(response), records: paths('records'), terms: paths('terms') };
  }

  it('aborted while its term shards load: fetches no record shard and rejects, and the newer search answers as it did alone', async () => {
    const expected = await alone('strict port');
    expect(expected.answer[0]!.hits.length).toBeGreaterThan(0);
    site.reset();
    const older = new AbortController();
    // The newer keystroke arrives while the older search's term shard is on its way.
    const fetchImpl: FetchLike = async (url) => {
      const response = await fetch(url);
      if (url.endsWith('/terms/k-s.json')) older.abort();
      return response;
    };
    const client = createLocalSearchClient({ url: `${site.url}/sitesearch/`, fetch: fetchImpl });
    const superseded = client.search(request('server'), { signal: older.signal });
    await expect(superseded).rejects.toMatchObject({ name: 'AbortError' });
    expect(paths('records')).toEqual([]);
    const latest = await client.search(request('strict port'), { signal: new AbortController().signal });
    expect(answer(latest)).toEqual(expected.answer);
    expect(paths('records')).toEqual(expected.records);
  });

  it('aborted before it starts: fetches nothing at all and rejects with the signal\'s reason', async () => {
    site.reset();
    const client = createLocalSearchClient({ url: `${site.url}/sitesearch/` });
    const reason = new Error('superseded');
    await expect(client.search(request('proxy'), { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    expect(site.served).toEqual([]);
  });

  it('typed letter by letter into the real search controller: records of the last query only, and the same results as that query alone', async () => {
    const query = 'strict port';
    const expected = await alone(query);
    const controllerOf = (fetchImpl?: FetchLike) =>
      createSearchController({
        searchClient: createLocalSearchClient({ url: `${site.url}/sitesearch/`, ...(fetchImpl ? { fetch: fetchImpl } : {}) }),
        indices: [{ name: 'docs', searchParameters: {} }],
        maxResultsPerGroup: 5,
      });
    site.reset();
    const lone = controllerOf();
    await lone.search(query);
    const shown = lone.get();
    expect(shown).toMatchObject({ status: 'success', query });
    expect(shown.groups.length).toBeGreaterThan(0);
    const loneRecords = paths('records');

    site.reset();
    const typing = controllerOf();
    const states: { status: string; query: string; groups: unknown[] }[] = [];
    typing.subscribe(() => states.push(typing.get()));
    const searches: Promise<void>[] = [];
    for (let i = 1; i <= query.length; i++) searches.push(typing.search(query.slice(0, i)));
    await Promise.all(searches);
    expect(typing.get()).toEqual(shown);
    // Never an error, an empty list or another query's results on screen.
    expect(states.filter((state) => state.status === 'error')).toEqual([]);
    expect(states.filter((state) => state.status === 'success').map((state) => state.query)).toEqual([query]);
    // Only the last query's record shards, although every keystroke searched.
    expect(paths('records')).toEqual(loneRecords);
  });
});

describe('the client bundle', () => {
  it('bundles for the browser with no Node built-ins', async () => {
    const entry = fileURLToPath(new URL('./index.ts', import.meta.url));
    const result = await build({ entryPoints: [entry], bundle: true, platform: 'browser', format: 'esm', minify: true, write: false, logLevel: 'silent' });
    const code = result.outputFiles[0]!.text;
    expect(code).toContain('createLocalSearchClient');
    expect(code).not.toMatch(/from"node:|require\("(fs|http|path|crypto)"\)/);
  });

  it('split as a site bundles it, the entry imports no other file: the lazy chunks share no module with it', async () => {
    const entry = fileURLToPath(new URL('./index.ts', import.meta.url));
    const result = await build({ entryPoints: { client: entry }, bundle: true, platform: 'browser', format: 'esm', minify: true, splitting: true, outdir: '/split', chunkNames: '[name]', write: false, logLevel: 'silent', metafile: true });
    const outputs = Object.entries(result.metafile!.outputs);
    const [, client] = outputs.find(([path]) => path.endsWith('/client.js'))!;
    expect(client.imports.filter((imported) => imported.kind !== 'dynamic-import')).toEqual([]);
    // Loaded only when needed: the stemmers, the stop-word lists, word segmentation, the `filters` syntax, the site's synonyms.
    expect(client.imports.map((imported) => imported.path.replace(/^.*\//, ''))).toEqual(expect.arrayContaining(['en.js', 'stopword-lists.js', 'segment.js', 'filters.js', 'synonym-match.js']));
  });
});

describe('createLocalSearchClient on an index in English, Chinese and Japanese', () => {
  let multilingual: StaticServer;
  // Ranges small enough that queries read several term files, as on a real site.
  const built = buildMultilingualIndex({ termShardBytes: 400, recordShardSize: 4 });
  beforeAll(async () => {
    const root = await mkdtemp(join(tmpdir(), 'sitesearch-client-languages-'));
    await writeIndex(built, join(root, 'sitesearch'));
    multilingual = await startStaticServer(root);
  });
  afterAll(() => multilingual.close());

  it('gives exactly the engine\'s answers: segmented words, stems, mixed scripts, highlights and snippets', async () => {
    expect(built.manifest).toMatchObject({ languages: ['en', 'ja', 'zh'], segmented: true });
    expect(built.manifest.terms.keys.length).toBeGreaterThan(3);
    // A fresh copy of the client's modules, as in a browser: nothing registered by the indexer
    // loaded in this process, so the client loads the segmenter and the stemmer as a page would.
    vi.resetModules();
    const { createLocalSearchClient: freshClient } = await import('./index.js');
    const client = freshClient({ url: `${multilingual.url}/sitesearch/` });
    const engine = new SearchEngine(memorySource(built));
    const queries = ['索引', '快捷键', 'インストール', 'インス', 'vite 設定', 'vi.fn 模拟', 'バグ', '実行', 'configuring', 'snapshots ', 'snapshot', 'vi.mocked ', 'toHaveBeenCalledWith', 'conf', 'c'];
    for (const query of queries) {
      const params = { query, hitsPerPage: 10, distinct: false, attributesToSnippet: ['content:4'] };
      const { results } = await client.search({ requests: [{ indexName: 'docs', ...params }] });
      const expected = await engine.search(params, 'docs');
      expect({ ...results[0], processingTimeMS: 0 }, query).toEqual({ ...expected, processingTimeMS: 0 });
    }
    const found = async (query: string): Promise<string[]> => (await client.search({ requests: [{ indexName: 'docs', query }] })).results[0]!.hits.map((hit) => hit.url);
    expect(await found('索引')).toEqual(['/zh/guide/#config']);
    expect(await found('インストール')).toContain('/ja/guide/#install');
    expect(await found('configuring')).toEqual(expect.arrayContaining(['/guide/configuring', '/api/mocking#configure']));
  });

  it('loads word segmentation only when a query, optional words or a hit hold such a script, with the same answers', async () => {
    const engine = new SearchEngine(memorySource(built));
    // Each sequence on a fresh copy of the client's modules: English first (the index loaded, no
    // segmentation yet), then hits holding Chinese for an English query, or optional words in
    // Chinese (read before the query), each of which must be segmented as the engine does.
    const sequences = [
      [{ query: 'snapshots ' }, { query: 'vite' }],
      [{ query: 'snapshots ' }, { query: '使用 snapshots', optionalWords: '你可以使用', removeWordsIfNoResults: 'none' }],
    ];
    for (const searches of sequences) {
      vi.resetModules();
      const { createLocalSearchClient: freshClient } = await import('./index.js');
      const client = freshClient({ url: `${multilingual.url}/sitesearch/` });
      for (const search of searches) {
        const params = { ...search, hitsPerPage: 10, distinct: false, attributesToSnippet: ['content:4'] };
        const { results } = await client.search({ requests: [{ indexName: 'docs', ...params }] });
        const expected = await engine.search(params, 'docs');
        expect({ ...results[0], processingTimeMS: 0 }, search.query).toEqual({ ...expected, processingTimeMS: 0 });
      }
    }
  });
});
