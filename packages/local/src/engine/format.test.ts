import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileSource, serializeIndex, writeIndex } from '../indexer/write-index.js';
import type { DocRecord } from '../records.js';
import { seededRandom } from '../test-support/random.js';
import { SAMPLE_RECORDS, pageRecords } from '../test-support/records.js';
import { buildIndex, createTermCounter, entryJsonLength } from './build.js';
import { SearchEngine } from './engine.js';
import {
  COMPLETIONS_FILE_BYTES,
  getAttribute,
  CONTENT_FIELD,
  SEARCHABLE_ATTRIBUTES,
  completionKey,
  decodeDocTable,
  decodeFacets,
  decodeRecordShard,
  encodeFacets,
  encodeRecordShard,
  termShardPath,
  type CompletionsFile,
  type IndexSource,
  type TermEntry,
} from './format.js';
import { memorySource } from './memory-source.js';
import { indexTerms } from './tokenize.js';

const counting = (source: IndexSource, fetched: string[]): IndexSource => ({
  manifest: () => source.manifest(),
  termShard: (key) => (fetched.push(`terms:${key}`), source.termShard(key)),
  recordShard: (shard) => (fetched.push(`records:${shard}`), source.recordShard(shard)),
  facets: () => (fetched.push('facets'), source.facets()),
});

describe('term counts', () => {
  it('count each searchable attribute in field order, a missing one as empty', () => {
    const record = {
      ...SAMPLE_RECORDS[0]!,
      hierarchy: { lvl0: 'zero', lvl1: 'one', lvl2: 'two', lvl3: null, lvl4: 'four', lvl5: 'five', lvl6: 'six' },
      content: 'seven seven',
    } as DocRecord;
    const vocabulary: string[] = [];
    const counts = createTermCounter(vocabulary)(record);
    expect(counts).toHaveLength(SEARCHABLE_ATTRIBUTES.length);
    SEARCHABLE_ATTRIBUTES.forEach((attribute, field) => {
      const text = (getAttribute(record, attribute) as string | null) ?? '';
      const words = text.split(' ').filter(Boolean);
      const expected = words.length === 0 ? [] : [words[0]!, words.length];
      expect(counts[field]!.map((value, i) => (i % 2 === 0 ? vocabulary[value] : value))).toEqual(expected);
    });
    const without = createTermCounter([])({ ...record, hierarchy: null as never, content: null });
    expect(without.every((field) => field.length === 0)).toBe(true);
  });

  it('count the terms indexTerms gives, in order of first appearance, one number per term across texts', () => {
    const characters = [...'aAbZ9 _-éÉ.İßﬁ٣\u0301', 'Foo', 'bar', 'fooBar', '𝒜', '\ud800', '\udc00'];
    const random = seededRandom(11);
    // A vocabulary that already holds terms keeps their numbers.
    const vocabulary = ['bar', 'zzz'];
    const count = createTermCounter(vocabulary);
    for (let n = 0; n < 3000; n++) {
      const text = Array.from({ length: 12 }, () => characters[Math.floor(random() * characters.length)]).join('');
      const expected = new Map<string, number>();
      for (const term of indexTerms(text)) expected.set(term, (expected.get(term) ?? 0) + 1);
      const counts = count({ ...SAMPLE_RECORDS[0]!, content: text }).at(-1)!;
      const got = new Map<string, number>();
      for (let i = 0; i < counts.length; i += 2) got.set(vocabulary[counts[i]!]!, counts[i + 1]!);
      expect([...got], JSON.stringify(text)).toEqual([...expected]);
    }
    expect(new Set(vocabulary).size).toBe(vocabulary.length);
    expect(vocabulary.slice(0, 2)).toEqual(['bar', 'zzz']);
  });
});

describe('term entry sizes', () => {
  it('count the characters of an entry\'s JSON without serializing it', () => {
    const entries: TermEntry[] = [
      ['a'],
      ['vitest', [1, 0, 12, 9], [7, 3, 14, 0, 9, 1234567, 22]],
      ['r\u00e9sum\u00e9', [0, 999999999, 1000000000, 10, 99, 100]],
      ['quote"back\\slash\u0001', [2, 0.5, -3, -0]],
      ['\ud83d', [7]],
    ];
    for (const entry of entries) expect(entryJsonLength(entry)).toBe(JSON.stringify(entry).length);
  });
});

describe('term shard files', () => {
  it('hold one entry a line, whatever the terms hold', () => {
    const built = buildIndex(SAMPLE_RECORDS.slice(0, 3));
    const terms: TermEntry[] = [['a'], ['b"],["c', [0, 1, 1, 10]], ['d\\', [1, 0, 1, 5], [7, 0, 9]], ['e']];
    const files = serializeIndex({ ...built, termShards: new Map([['', { terms }]]) });
    expect(files.get(termShardPath(''))).toBe(`{"terms":[\n${terms.map((entry) => JSON.stringify(entry)).join(',\n')}\n]}`);
    const empty = serializeIndex({ ...built, termShards: new Map([['', { terms: [] }]]) });
    expect(empty.get(termShardPath(''))).toBe('{"terms":[\n\n]}');
  });
});

describe('record shards', () => {
  it('store each hierarchy and page URL once and give back the same records', () => {
    const file = encodeRecordShard(SAMPLE_RECORDS);
    expect(decodeRecordShard(JSON.parse(JSON.stringify(file)))).toEqual(SAMPLE_RECORDS);
    expect(file.u).toEqual(['/guide/', '/config/server-options', '/config/', '/fr/guide/']);
    expect(file.h.length).toBeLessThan(SAMPLE_RECORDS.length * 0.6);
    expect(file.x).toHaveLength(3);
  });

  it('tell hierarchies apart level by level, nulls included', () => {
    const base = SAMPLE_RECORDS[2]!;
    const levels = [
      ['A', null, 'C'],
      ['A', null, 'C'],
      ['A', 'B', 'C'],
      ['A', null, null, 'D'],
      ['A', null, 'C'],
      ['A'],
    ];
    const records = levels.map((list, i) => {
      const hierarchy = { lvl0: null, lvl1: null, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null } as DocRecord['hierarchy'];
      list.forEach((level, n) => ((hierarchy as Record<string, string | null>)[`lvl${n}`] = level));
      return { ...base, objectID: `h${i}`, hierarchy };
    });
    const file = encodeRecordShard(records);
    expect(file.h).toEqual([['A', null, 'C'], ['A', 'B', 'C'], ['A', null, null, 'D'], ['A']]);
    expect(file.r.map((row) => (row as unknown[])[2])).toEqual([0, 0, 1, 2, 0, 3]);
    expect(decodeRecordShard(JSON.parse(JSON.stringify(file)))).toEqual(records);
  });

  it('keep a record that does not fit a row as it is', () => {
    const odd: DocRecord[] = [
      { ...SAMPLE_RECORDS[0]!, url: 'https://elsewhere.example/x' },
      { ...SAMPLE_RECORDS[1]!, url_without_anchor: undefined },
      { ...SAMPLE_RECORDS[2]!, hierarchy: { ...SAMPLE_RECORDS[2]!.hierarchy, extra: 'x' } as never },
      { ...SAMPLE_RECORDS[2]!, anchor: 'abc', url: `${SAMPLE_RECORDS[2]!.url_without_anchor}?abc` },
      { ...SAMPLE_RECORDS[2]!, anchor: 'abc', url: `${SAMPLE_RECORDS[2]!.url_without_anchor}#abd` },
      { ...SAMPLE_RECORDS[2]!, anchor: 'abc', url: `x${SAMPLE_RECORDS[2]!.url_without_anchor!.slice(1)}#abc` },
      { ...SAMPLE_RECORDS[2]!, hierarchy: Object.fromEntries(Object.entries(SAMPLE_RECORDS[2]!.hierarchy).reverse()) as never },
      { ...SAMPLE_RECORDS[2]!, hierarchy: { ...SAMPLE_RECORDS[2]!.hierarchy, lvl6: undefined } as never },
    ];
    const file = encodeRecordShard(odd);
    expect(file.r.every((row) => !Array.isArray(row))).toBe(true);
    expect(decodeRecordShard(JSON.parse(JSON.stringify(file)))).toEqual(JSON.parse(JSON.stringify(odd)));
  });

  it('give each record its own objects, so editing one leaves the others alone', () => {
    const [first, second] = decodeRecordShard(encodeRecordShard(SAMPLE_RECORDS.slice(0, 2)));
    first!.hierarchy.lvl1 = 'changed';
    expect(second!.hierarchy.lvl1).toBe('Getting Started');
  });
});

describe('facets', () => {
  it('are stored as gaps and lengths and decode to the same ranges', () => {
    const facets = { type: { content: [1, 3, 4, 9, 20, 21] }, language: { en: [0, 17] } };
    expect(encodeFacets(facets)).toEqual({ type: { content: [1, 2, 1, 5, 11, 1] }, language: { en: [0, 17] } });
    expect(decodeFacets(encodeFacets(facets))).toEqual(facets);
  });
});

describe('the record table in the manifest', () => {
  it('codes each record type and the start of each distinct group in one character', () => {
    const { manifest } = buildIndex(SAMPLE_RECORDS);
    expect(manifest.docs).toHaveLength(SAMPLE_RECORDS.length);
    expect(manifest.groups).toBeUndefined();
    const { types, groups } = decodeDocTable(manifest);
    SAMPLE_RECORDS.forEach((record, id) => {
      expect(SEARCHABLE_ATTRIBUTES[types[id]!] ?? 'content').toBe(record.type === 'content' ? 'content' : `hierarchy.${record.type}`);
      const sameAsPrevious = id > 0 && SAMPLE_RECORDS[id - 1]!.url === record.url;
      expect(groups[id]).toBe(sameAsPrevious ? groups[id - 1] : id === 0 ? 0 : groups[id - 1]! + 1);
    });
  });

  it('lists the groups when records of one group are not consecutive', async () => {
    const records = [SAMPLE_RECORDS[1]!, SAMPLE_RECORDS[2]!, { ...SAMPLE_RECORDS[1]!, objectID: 'again', content: 'leaner again' }];
    const built = buildIndex(records);
    expect(built.manifest.groups).toEqual([0, 1, 0]);
    const engine = new SearchEngine(memorySource(built));
    expect((await engine.search({ query: 'leaner' })).nbHits).toBe(1);
    expect((await engine.search({ query: 'leaner', distinct: false })).nbHits).toBe(2);
  });

  it('groups string and other distinct values apart, each value once', () => {
    const records = [1, '1', 1, 'x', 'x', { a: 1 }, '1', { a: 1 }].map((value, i) => ({ ...SAMPLE_RECORDS[1]!, objectID: `r${i}`, group: value }) as DocRecord);
    expect(buildIndex(records, { attributeForDistinct: 'group' }).manifest.groups).toEqual([0, 1, 0, 2, 2, 3, 1, 3]);
  });
});

describe('postings', () => {
  const built = buildIndex(SAMPLE_RECORDS);
  const entries = [...built.termShards.values()].flatMap((shard) => shard.terms);
  const entry = (term: string): TermEntry => entries.find((candidate) => candidate[0] === term)!;

  it('code the records under a heading as one run', () => {
    // "server" is the page title of /config/server-options: every record of that page, one run.
    const page = SAMPLE_RECORDS.map((record, id) => [record, id] as const).filter(([record]) => record.url_without_anchor === '/config/server-options');
    const lvl1 = entry('server').slice(1).find((field) => (field as number[])[0] === 1) as number[];
    expect(lvl1.slice(1, 3)).toEqual([page[0]![1], page.length]);
    expect(lvl1).toHaveLength(4);
  });

  it('code content as gaps and BM25 factors, one record each', () => {
    const content = entry('proxy').slice(1).find((field) => (field as number[])[0] === CONTENT_FIELD) as number[];
    const ids = SAMPLE_RECORDS.flatMap((record, id) => (/\bproxy\b/i.test(record.content ?? '') ? [id] : []));
    expect((content.length - 1) / 2).toBe(ids.length);
    expect(content[1]).toBe(ids[0]);
    expect(content[2]).toBeGreaterThan(0);
  });

  it('keep terms in order, and shard ranges that cover every term', () => {
    // Small enough for one file under 'auto'…
    expect(built.manifest.terms).toEqual({ keys: [''], from: [''] });
    // …unless a target size is given.
    const forced = buildIndex([...SAMPLE_RECORDS, ...manyPages(60)], { termShardBytes: 2_000 });
    const { keys, from } = forced.manifest.terms;
    expect(keys.length).toBeGreaterThan(3);
    expect(from[0]).toBe('');
    expect([...from].sort()).toEqual(from);
    keys.forEach((key, i) => {
      for (const [term] of forced.termShards.get(key)!.terms) {
        expect(term >= from[i]!).toBe(true);
        if (i + 1 < from.length) expect(term < from[i + 1]!).toBe(true);
      }
    });
  });
});

function manyPages(count: number): DocRecord[] {
  const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet', 'kilo', 'lima', 'mike'];
  return Array.from({ length: count }, (_, i) =>
    pageRecords({
      lvl0: 'Many',
      path: `/many/${i}`,
      title: `${words[i % words.length]} page ${i} token${i}`,
      sections: [{ level: 2, heading: `${words[(i * 7) % words.length]} section`, anchor: 's', paragraphs: [`${words[(i * 3) % words.length]} word${i} text${i * 2}`] }],
    }),
  ).flat();
}

describe('term ranges', () => {
  const records = [...SAMPLE_RECORDS, ...manyPages(60)];
  const single = new SearchEngine(memorySource(buildIndex(records)));

  it('answer as one shard does, fetching the ranges of the query words only', async () => {
    const built = buildIndex(records, { termShardBytes: 2_000 });
    const fetched: string[] = [];
    const ranged = new SearchEngine(counting(memorySource(built), fetched));
    for (const query of ['server prox', 'vite', 'alpha page', 'toke', 'token4', 'environment', 'word1 text', 'ch']) {
      const expected = await single.search({ query, hitsPerPage: 10 });
      const actual = await ranged.search({ query, hitsPerPage: 10 });
      expect({ query, urls: actual.hits.map((hit) => hit.url), nbHits: actual.nbHits }).toEqual({
        query,
        urls: expected.hits.map((hit) => hit.url),
        nbHits: expected.nbHits,
      });
    }
    fetched.length = 0;
    await new SearchEngine(counting(memorySource(built), fetched)).search({ query: 'proxy', hitsPerPage: 0 });
    expect(fetched).toHaveLength(1);
  });

  it('a prefix that spans several ranges loads each of them', async () => {
    const built = buildIndex(records, { termShardBytes: 300 });
    const { from } = built.manifest.terms;
    const spanning = from.filter((term) => term.startsWith('word')).length;
    expect(spanning).toBeGreaterThan(1);
    const fetched: string[] = [];
    const ranged = new SearchEngine(counting(memorySource(built), fetched));
    const response = await ranged.search({ query: 'word', hitsPerPage: 0 });
    expect(response.nbHits).toBe((await single.search({ query: 'word', hitsPerPage: 0 })).nbHits);
    expect(fetched.length).toBeGreaterThanOrEqual(spanning);
  });
});

/**
 * A deterministic site big enough for short prefixes to have more than 40 completions spread over
 * several term ranges: words made of syllables, picked Zipf-like as in prose.
 */
function generatedSite(pages: number): DocRecord[] {
  let state = 7;
  const next = (): number => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 4294967296;
  };
  const syllables = ['ta', 'tra', 'te', 'th', 'to', 'sa', 'se', 'st', 'co', 'con', 'pre', 'pro', 're', 'ma', 'mi', 'ne', 'la', 'li', 'ver', 'ing'];
  const vocabulary = [...new Set(Array.from({ length: 900 }, () => Array.from({ length: 1 + Math.floor(next() * 3) }, () => syllables[Math.floor(next() * syllables.length)]).join('')))];
  const words = (n: number): string => Array.from({ length: n }, () => vocabulary[Math.floor(vocabulary.length * next() ** 2.5)]).join(' ');
  return Array.from({ length: pages }, (_, i) =>
    pageRecords({
      lvl0: ['Guide', 'Config', 'Reference'][i % 3]!,
      path: `/generated/${i}`,
      title: `${words(3)} ${i}`,
      intro: [words(20)],
      sections: Array.from({ length: 4 }, (_, s) => ({ level: s % 2 === 0 ? 2 : 3, heading: words(2), anchor: `s${s}`, paragraphs: [words(25), words(10)] }) as const),
    }),
  ).flat();
}

describe('completions files of short prefixes', () => {
  const records = generatedSite(160);
  const built = buildIndex(records, { termShardBytes: 4_000 });
  const completions = built.manifest.completions!;
  const single = new SearchEngine(memorySource(buildIndex(records, { termShardBytes: Infinity })));
  // The same ranges without the completions files: what the engine reads for longer prefixes.
  const rangesOnly = new SearchEngine(memorySource({ ...built, manifest: { ...built.manifest, completions: undefined } }));
  const comparable = (response: { hits: unknown[]; nbHits: number }): unknown => ({ hits: response.hits, nbHits: response.nbHits });
  /** The completions file holding `prefix`'s list, and the list's place in it. */
  const placeOf = (prefix: string): { key: string; index: number } => {
    let index = completions.prefixes.indexOf(prefix);
    let file = 0;
    while (index >= completions.files[file]!) index -= completions.files[file++]!;
    return { key: completionKey(file), index };
  };
  const fileOf = (prefix: string): string => placeOf(prefix).key;
  const listOf = (prefix: string): TermEntry[] => {
    const { key, index } = placeOf(prefix);
    const file = built.termShards.get(key) as CompletionsFile;
    const start = file.sizes.slice(0, index).reduce((a, b) => a + b, 0);
    return file.terms.slice(start, start + file.sizes[index]!);
  };

  it('exist only when the terms are split into ranges, for every 1- and 2-letter prefix', () => {
    expect(buildIndex(records, { termShardBytes: Infinity }).manifest.completions).toBeUndefined();
    expect(completions).toMatchObject({ prefixLength: 2, size: 40 });
    const expected = new Set<string>();
    for (const shard of built.manifest.terms.keys) for (const [term] of built.termShards.get(shard)!.terms) for (const n of [1, 2]) if (term.length >= n) expected.add(term.slice(0, n));
    expect(completions.prefixes).toEqual([...expected].sort());
    // The site is what the test needs: a prefix over several ranges with more than 40 completions.
    const { from } = built.manifest.terms;
    expect(from.filter((term) => term.startsWith('t')).length).toBeGreaterThan(2);
    const tTerms = built.manifest.terms.keys.flatMap((key) => built.termShards.get(key)!.terms).filter(([term]) => term.startsWith('t'));
    expect(tTerms.length).toBeGreaterThan(40);
    expect(listOf('t')).toHaveLength(40);
    // Lists of consecutive prefixes share a file: every prefix has its place, in order.
    expect(completions.files.reduce((a, b) => a + b, 0)).toBe(completions.prefixes.length);
    completions.files.forEach((count, file) => expect((built.termShards.get(completionKey(file)) as CompletionsFile).sizes).toHaveLength(count));
  });

  it('answer every short prefix exactly as the ranges and a single file do, reading one file', async () => {
    const queries = [...completions.prefixes, 'q', 'zz', '9'].flatMap((prefix) => [prefix, `${completions.prefixes[5]} ${prefix}`]);
    for (const query of queries) {
      const fetched: string[] = [];
      const engine = new SearchEngine(counting(memorySource(built), fetched));
      const params = { query, hitsPerPage: 10, attributesToSnippet: ['content:5'] };
      const actual = await engine.search(params);
      expect({ query, ...(comparable(actual) as object) }).toEqual({ query, ...(comparable(await rangesOnly.search(params)) as object) });
      expect({ query, ...(comparable(actual) as object) }).toEqual({ query, ...(comparable(await single.search(params)) as object) });
      const last = query.split(' ').pop()!;
      const termFiles = fetched.filter((file) => file.startsWith('terms:'));
      const expectedLast = completions.prefixes.includes(last) ? ['terms:' + fileOf(last)] : [];
      // The last word reads its completions file (or nothing: no term starts with it), never a range.
      expect({ query, files: termFiles.filter((file) => file.startsWith('terms:^')) }).toEqual({ query, files: expectedLast });
      if (!query.includes(' ')) expect({ query, files: termFiles }).toEqual({ query, files: expectedLast });
    }
    // ~800 searches on three engines: ~2 s, but over the default 5 s on the shared machine under load.
  }, 30_000);

  it('answer restricted attributes the same; content alone still reads the ranges', async () => {
    for (const restrictSearchableAttributes of [['hierarchy.lvl1', 'content'], ['hierarchy.lvl2'], ['content']]) {
      for (const query of ['t', 'tr', 'st', 'co']) {
        const fetched: string[] = [];
        const params = { query, hitsPerPage: 10, restrictSearchableAttributes };
        const actual = await new SearchEngine(counting(memorySource(built), fetched)).search(params);
        expect(comparable(actual)).toEqual(comparable(await rangesOnly.search(params)));
        expect(comparable(actual)).toEqual(comparable(await single.search(params)));
        expect(fetched.some((file) => file.startsWith('terms:^'))).toBe(!restrictSearchableAttributes.includes('content') || restrictSearchableAttributes.length > 1);
      }
    }
  });

  it('are written to terms/p-<n>.json, a few prefixes a file, much smaller than the ranges a letter spans', () => {
    const files = serializeIndex(built);
    expect(termShardPath(fileOf('t'))).toMatch(/^terms\/p-\d+\.json$/);
    expect(files.has(termShardPath(fileOf('tr')))).toBe(true);
    // Fewer files than prefixes, each of them about COMPLETIONS_FILE_BYTES at most unless one list is longer.
    expect(completions.files.length).toBeLessThan(completions.prefixes.length / 2);
    for (const [file, count] of completions.files.entries()) {
      const text = files.get(termShardPath(completionKey(file)))!;
      if (count > 1) expect(text.length).toBeLessThan(COMPLETIONS_FILE_BYTES + 200);
      expect(JSON.parse(text)).toEqual(built.termShards.get(completionKey(file)));
    }
    const ranges = built.manifest.terms.keys.filter((_, i) => built.manifest.terms.from[i]!.startsWith('t')).map((key) => files.get(termShardPath(key))!.length);
    expect(files.get(termShardPath(fileOf('t')))!.length).toBeLessThan(ranges.reduce((a, b) => a + b, 0) / 2);
  });

  it('name a completions file of another shape instead of answering wrongly', async () => {
    const source = memorySource(built);
    const engine = new SearchEngine({ ...source, termShard: async (key) => (key.startsWith('^') ? ({ terms: [] } as never) : source.termShard(key)) });
    await expect(engine.search({ query: 't' })).rejects.toThrow('a completions file is not in the expected format');
  });
});

describe('the empty query', () => {
  it('fetches no term shard, and only the record shards of the hits shown', async () => {
    const fetched: string[] = [];
    const engine = new SearchEngine(counting(memorySource(buildIndex(SAMPLE_RECORDS, { recordShardSize: 3 })), fetched));
    const response = await engine.search({ query: '', hitsPerPage: 2 });
    expect(response.nbHits).toBe(new Set(SAMPLE_RECORDS.map((record) => record.url)).size);
    expect(response.hits.map((hit) => hit.url)).toEqual(['/guide/', '/guide/#scaffolding']);
    expect(fetched).toEqual(['records:0']);
    fetched.length = 0;
    await engine.search({ query: '', hitsPerPage: 0 });
    expect(fetched).toEqual([]);
  });
});

describe('format versions', () => {
  it('refuses an index written by format version 1, naming the file and what to do', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sitesearch-v1-'));
    await writeIndex(buildIndex(SAMPLE_RECORDS), dir);
    // The shape version 1 wrote: no record table, prefix-keyed terms, field statistics.
    const v1 = { format: 'sitesearch-index', version: 1, recordCount: 3, averageFieldLength: [1, 1, 1, 1, 1, 1, 1, 1], terms: { prefixLength: 0, keys: [''] }, records: { size: 200, shards: 1 } };
    await writeFile(join(dir, 'manifest.json'), JSON.stringify(v1));
    await expect(new SearchEngine(fileSource(dir)).search({ query: 'vite' })).rejects.toThrow(
      `${join(dir, 'manifest.json')} has index format version 1; this version of @sitesearch/local reads version 5. Rebuild the index.`,
    );
  });

  it('refuses a version 2 index too, which has no completions files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sitesearch-v2-'));
    const built = buildIndex(SAMPLE_RECORDS);
    await writeIndex({ ...built, manifest: { ...built.manifest, version: 2 } }, dir);
    await expect(new SearchEngine(fileSource(dir)).search({ query: 'vite' })).rejects.toThrow(
      `${join(dir, 'manifest.json')} has index format version 2; this version of @sitesearch/local reads version 5. Rebuild the index.`,
    );
  });

  it('refuses a version 3 index, which has one completions file per prefix', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sitesearch-v3-'));
    const built = buildIndex(SAMPLE_RECORDS);
    await writeIndex({ ...built, manifest: { ...built.manifest, version: 3 } }, dir);
    await expect(new SearchEngine(fileSource(dir)).search({ query: 'vite' })).rejects.toThrow(
      `${join(dir, 'manifest.json')} has index format version 3; this version of @sitesearch/local reads version 5. Rebuild the index.`,
    );
  });

  it('refuses a version 4 index, whose Chinese and Japanese terms were whole sentences', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sitesearch-v4-'));
    const built = buildIndex(SAMPLE_RECORDS);
    await writeIndex({ ...built, manifest: { ...built.manifest, version: 4 } }, dir);
    await expect(new SearchEngine(fileSource(dir)).search({ query: 'vite' })).rejects.toThrow(
      `${join(dir, 'manifest.json')} has index format version 4; this version of @sitesearch/local reads version 5. Rebuild the index.`,
    );
  });

  it('names a term shard of another shape instead of answering wrongly', async () => {
    const built = buildIndex(SAMPLE_RECORDS);
    const engine = new SearchEngine({ ...memorySource(built), termShard: async () => ({ docs: [], index: [] }) as never });
    await expect(engine.search({ query: 'vite' })).rejects.toThrow('a term shard is not in the expected format');
  });

  it('writes term shards one entry per line', () => {
    const text = serializeIndex(buildIndex(SAMPLE_RECORDS)).get('terms/all.json')!;
    expect(text.split('\n').length).toBeGreaterThan(10);
    expect(JSON.parse(text).terms[0][0]).toBe([...text.matchAll(/^\["([^"]*)"/gm)][0]![1]);
  });
});
