import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalSearchClient } from '../client/index.js';
import { fileSource, writeIndex } from '../indexer/write-index.js';
import { pageRecords } from '../test-support/records.js';
import { startStaticServer, type StaticServer } from '../test-support/static-server.js';
import { buildIndex } from './build.js';
import { SearchEngine } from './engine.js';
import { memorySource } from './memory-source.js';
import { validateSynonyms, type SynonymHit } from './synonyms.js';

/** A small docs site: each page names its topic in its title and text, as docs do. */
const RECORDS = [
  ...pageRecords({ lvl0: 'Guide', path: '/guide/retry', title: 'Retry', intro: ['Run a failing test again with retry: it passes on a later try.'], sections: [] }),
  ...pageRecords({ lvl0: 'Guide', path: '/guide/flaky', title: 'Flaky tests', intro: ['A flaky test fails now and then: find why it is flaky.'], sections: [] }),
  ...pageRecords({ lvl0: 'Guide', path: '/guide/mocking', title: 'Mocking', intro: ['Replace a module with a mock in tests.'], sections: [] }),
  ...pageRecords({ lvl0: 'Guide', path: '/guide/coverage', title: 'Coverage', intro: ['Measure coverage with istanbul or v8.'], sections: [] }),
  ...pageRecords({ lvl0: 'Guide', path: '/guide/releases', title: 'Releases', intro: ['Install the <version> you need with npm.'], sections: [] }),
  ...pageRecords({ lvl0: 'Guide', path: '/guide/browser', title: 'Browser mode', intro: ['Run tests in a real browser, not in a simulated DOM.'], sections: [] }),
];

const SYNONYMS: SynonymHit[] = [
  { objectID: 'flaky-retry', type: 'oneWaySynonym', input: 'flaky', synonyms: ['retry'] },
  { objectID: 'stub', type: 'synonym', synonyms: ['mock', 'stub', 'fake'] },
  { objectID: 'istambul', type: 'altCorrection1', word: 'istambul', corrections: ['istanbul'] },
  { objectID: 'jsdom', type: 'altCorrection2', word: 'jsdom', corrections: ['simulated'] },
  { objectID: 'versions', type: 'placeholder', placeholder: '<version>', replacements: ['stable', 'latest'] },
  // A phrase: the provider honours it; the local engine, which matches word for word, leaves it out.
  { objectID: 'phrase', type: 'oneWaySynonym', input: 'headless chrome', synonyms: ['browser mode'] },
];

async function urls(engine: SearchEngine, query: string): Promise<string[]> {
  return [...new Set((await engine.search({ query })).hits.map((hit) => hit.url.replace(/#.*$/, '')))];
}

describe('synonyms in the local engine', () => {
  const withSynonyms = new SearchEngine(memorySource(buildIndex(RECORDS, { synonyms: SYNONYMS })));
  const without = new SearchEngine(memorySource(buildIndex(RECORDS)));

  it('oneWaySynonym: the input also finds the synonyms, below the pages that hold it as typed; not the reverse', async () => {
    expect(await urls(without, 'flaky')).toEqual(['/guide/flaky']);
    expect(await urls(withSynonyms, 'flaky')).toEqual(['/guide/flaky', '/guide/retry']);
    expect(await urls(withSynonyms, 'retry')).toEqual(['/guide/retry']);
    const hit = (await withSynonyms.search({ query: 'flaky' })).hits.find((h) => h.url.startsWith('/guide/retry'))!;
    // Highlighted as what it matched.
    expect(JSON.stringify(hit._highlightResult)).toContain('<em>Retry</em>');
  });

  it('synonym: each word of the group finds the others, the typed one first', async () => {
    expect(await urls(without, 'stub')).toEqual([]);
    expect(await urls(withSynonyms, 'stub')).toEqual(['/guide/mocking']);
    expect(await urls(withSynonyms, 'fake')).toEqual(['/guide/mocking']);
    expect(await urls(withSynonyms, 'mock')).toEqual(['/guide/mocking']);
  });

  it('altCorrection1 and altCorrection2: the word finds the corrections, ranked as typos', async () => {
    expect(await urls(without, 'istambul')).toEqual(['/guide/coverage']); // a typo the engine forgives anyway
    expect(await urls(withSynonyms, 'istambul')).toEqual(['/guide/coverage']);
    expect(await urls(without, 'jsdom')).toEqual([]);
    expect(await urls(withSynonyms, 'jsdom')).toEqual(['/guide/browser']);
  });

  it('placeholder: a replacement finds the records holding the placeholder', async () => {
    expect(await urls(without, 'stable')).toEqual([]);
    expect(await urls(withSynonyms, 'stable')).toEqual(['/guide/releases']);
    expect(await urls(withSynonyms, 'latest')).toEqual(['/guide/releases']);
  });

  it('a query matched through a synonym ranks below the same query matched as typed, within one result list', async () => {
    const { hits } = await withSynonyms.search({ query: 'flaky test' });
    const order = hits.map((hit) => hit.url.replace(/#.*$/, ''));
    expect(order.indexOf('/guide/flaky')).toBeLessThan(order.indexOf('/guide/retry'));
    expect(order).toContain('/guide/retry');
  });

  it('leaves out phrases (the provider matches them) and changes nothing else', async () => {
    expect(await urls(withSynonyms, 'headless')).toEqual(await urls(without, 'headless'));
    for (const query of ['browser', 'coverage', 'test']) expect(await urls(withSynonyms, query)).toEqual(await urls(without, query));
  });

  it('costs a site without synonyms nothing: no manifest field, the same files and bytes', () => {
    const plain = buildIndex(RECORDS);
    const empty = buildIndex(RECORDS, { synonyms: [] });
    expect(plain.manifest).not.toHaveProperty('synonyms');
    expect(JSON.stringify(empty)).toBe(JSON.stringify(plain));
    expect(buildIndex(RECORDS, { synonyms: SYNONYMS }).manifest.synonyms).toContainEqual([0, 'flaky', 'retry']);
  });
});

describe('synonyms in the browser client and the Node engine', () => {
  let root: string;
  let site: StaticServer;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'sitesearch-synonyms-'));
    // Term ranges small enough that a synonym lives in another file than its word.
    await writeIndex(buildIndex(RECORDS, { synonyms: SYNONYMS, termShardBytes: 300, recordShardSize: 3 }), join(root, 'sitesearch'));
    site = await startStaticServer(root);
  });
  afterAll(async () => {
    await site.close();
    await rm(root, { recursive: true, force: true });
  });

  it('give identical results for each type of synonym', async () => {
    expect((await readdir(join(root, 'sitesearch', 'terms'))).length).toBeGreaterThan(2);
    const engine = new SearchEngine(fileSource(join(root, 'sitesearch')));
    const client = createLocalSearchClient({ url: `${site.url}/sitesearch/` });
    for (const query of ['flaky', 'flaky test', 'stub', 'fake', 'istambul', 'jsdom', 'stable', 'latest', 'headless chrome', 'retry']) {
      const expected = await engine.search({ query }, 'docs');
      const { results } = await client.search({ requests: [{ indexName: 'docs', query }] });
      expect({ ...results[0], processingTimeMS: 0 }, query).toEqual({ ...expected, processingTimeMS: 0 });
    }
    expect((await engine.search({ query: 'flaky' })).hits.some((hit) => hit.url.startsWith('/guide/retry'))).toBe(true);
  });
});

describe('validateSynonyms', () => {
  const check = (value: unknown) => () => validateSynonyms(value, 'synonyms.json');

  it('accepts every type, in the API\'s spelling or lower case, and answers the API\'s', () => {
    expect(validateSynonyms([...SYNONYMS, { objectID: 'lower', type: 'onewaysynonym', input: 'a', synonyms: ['b'] }], 'synonyms.json').at(-1)).toEqual({ objectID: 'lower', type: 'oneWaySynonym', input: 'a', synonyms: ['b'] });
  });

  it('names the file, the entry and the field of what is wrong', () => {
    expect(check({})).toThrow('synonyms.json: synonyms must be an array');
    expect(check([{ objectID: 'a', type: 'twoWay', synonyms: ['x', 'y'] }])).toThrow('synonyms.json: entry 0 (objectID "a"): "type" must be one of synonym, oneWaySynonym, altCorrection1, altCorrection2, placeholder, got "twoWay"');
    expect(check([SYNONYMS[0], { objectID: 'b', type: 'oneWaySynonym', synonyms: ['retry'] }])).toThrow('synonyms.json: entry 1 (objectID "b"): "input" is required for type oneWaySynonym');
    expect(check([{ objectID: 'c', type: 'synonym', synonyms: 'mock, stub' }])).toThrow('synonyms.json: entry 0 (objectID "c"): "synonyms" must be a non-empty array of non-empty strings, got "mock, stub"');
    expect(check([{ type: 'synonym', synonyms: ['a', 'b'] }])).toThrow('synonyms.json: entry 0: "objectID" is required (a non-empty string), got nothing');
    expect(check([SYNONYMS[0], SYNONYMS[1], { ...SYNONYMS[0] }])).toThrow('synonyms.json: entry 2 (objectID "flaky-retry"): "objectID" "flaky-retry" is already used by entry 0');
  });
});
