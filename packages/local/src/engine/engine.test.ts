import { describe, expect, it } from 'vitest';
import { SAMPLE_RECORDS, pageRecords } from '../test-support/records.js';
import { buildIndex } from './build.js';
import { SearchEngine } from './engine.js';
import { SearchRequestError } from './errors.js';
import { getAttribute, type IndexSource } from './format.js';
import { memorySource } from './memory-source.js';
import { closeness, proximityWords } from './proximity.js';
import { isStopWord, loadStopWords } from './stopwords.js';

const engine = new SearchEngine(memorySource(buildIndex(SAMPLE_RECORDS)));
const valueAt = (tree: unknown, path: string): string => (getAttribute(tree as Record<string, unknown>, `${path}.value`) as string | undefined) ?? '';
const urls = async (params: Record<string, unknown>): Promise<string[]> => (await engine.search(params)).hits.map((hit) => hit.url);

describe('query', () => {
  it('finds a heading by a word of it, with the provider response shape', async () => {
    const response = await engine.search({ query: 'proxy' }, 'docs');
    expect(response).toMatchObject({ nbHits: 1, page: 0, nbPages: 1, hitsPerPage: 20, query: 'proxy', index: 'docs', exhaustiveNbHits: true });
    expect(response.processingTimeMS).toBeGreaterThanOrEqual(0);
    expect(response.params).toBe('query=proxy');
    expect(response.hits[0]).toMatchObject({ url: '/config/server-options#server-proxy', type: 'lvl2', anchor: 'server-proxy' });
  });

  it('completes the last word as a prefix while typing, but not a finished word', async () => {
    expect(await urls({ query: 'intelli' })).toContain('/config/#config-intellisense');
    expect(await urls({ query: 'intelli ' })).toEqual([]);
  });

  it('completes one or two typed letters from titles and headings only', async () => {
    const hits = (await engine.search({ query: 'se', distinct: false })).hits;
    expect(hits[0]).toMatchObject({ type: 'lvl1', url: '/config/server-options' });
    // "several" or "set" in body text alone does not make a record match two letters.
    expect(hits.every((hit) => JSON.stringify(hit.hierarchy).toLowerCase().includes('se'))).toBe(true);
  });

  it('tolerates one typo from four letters and two from eight', async () => {
    expect(await urls({ query: 'proxx' })).toEqual(['/config/server-options#server-proxy']);
    expect(await urls({ query: 'enviromnent' })).toContain('/config/#environment-variables');
    expect(await urls({ query: 'prt ' })).toEqual([]);
  });

  it('matches camel-case API names by the whole name and by their parts', async () => {
    expect((await urls({ query: 'defineConfig' }))[0]).toBe('/config/#config-intellisense');
    expect(await urls({ query: 'defineConfig', removeWordsIfNoResults: 'none' })).toEqual(['/config/#config-intellisense']);
    // A misremembered API name still finds the records with its parts.
    expect((await urls({ query: 'defineServerConfig' }))[0]).toBe('/config/#config-intellisense');
    // `server.port` holds one of the two words: it only fills the list below the full match.
    expect((await urls({ query: 'strict port' }))[0]).toBe('/config/server-options#server-strictport');
    expect(await urls({ query: 'strict port', removeWordsIfNoResults: 'none' })).toEqual(['/config/server-options#server-strictport']);
  });

  it('does not require the namespace of a dotted API name', async () => {
    // `jest.proxy` as someone coming from another library writes it: the member names the API.
    expect(await urls({ query: 'jest.proxy', removeWordsIfNoResults: 'none' })).toEqual(['/config/server-options#server-proxy']);
    // A namespace the records have still ranks them first.
    expect((await urls({ query: 'server.proxy' }))[0]).toBe('/config/server-options#server-proxy');
    // A sentence's full stop is not a namespace.
    expect(await urls({ query: 'jest. proxy', removeWordsIfNoResults: 'none' })).toEqual([]);
  });

  it('matches words without their accents', async () => {
    expect(await urls({ query: 'demarrage' })).toContain('/fr/guide/');
  });

  it('ranks a page title above its headings and headings above body text', async () => {
    const hits = (await engine.search({ query: 'server', distinct: false })).hits;
    expect(hits[0]).toMatchObject({ type: 'lvl1', url: '/config/server-options' });
    const firstContent = hits.findIndex((hit) => hit.type === 'content');
    const lastHeading = hits.map((hit) => hit.type).lastIndexOf('lvl2');
    expect(firstContent).toBeGreaterThan(lastHeading);
  });

  it('ranks the records with every word first, and fills a short list with records holding some of them', async () => {
    const hits = await urls({ query: 'server port' });
    expect(hits[0]).toBe('/config/server-options#server-port');
    // Fewer than `relaxBelow` records have both words: the list goes on with one of them.
    expect(hits.indexOf('/config/server-options#server-proxy')).toBeGreaterThan(hits.indexOf('/config/server-options#server-port'));
    expect(await urls({ query: 'server port', removeWordsIfNoResults: 'none' })).not.toContain('/config/server-options#server-proxy');
    expect(await urls({ query: 'proxy xylophone' })).toEqual(['/config/server-options#server-proxy']);
  });

  it('returns every record for an empty query', async () => {
    expect((await engine.search({ query: '', distinct: 0 })).nbHits).toBe(SAMPLE_RECORDS.length);
  });
});

describe('page rank', () => {
  // Two pages that match alike, the release post first in the index: only the rank can reorder them.
  const post = pageRecords({ lvl0: 'Blog', path: '/blog/v2', title: 'Version 2', intro: ['Snapshot testing gets inline snapshots.'], sections: [] });
  const guide = pageRecords({ lvl0: 'Guide', path: '/guide/snapshots', title: 'Test guide', intro: ['Snapshot testing gets inline snapshots.'], sections: [] });
  const ranked = async (records: DocRecordLike[]): Promise<string[]> =>
    (await new SearchEngine(memorySource(buildIndex(records))).search({ query: 'inline snapshots' })).hits.map((hit) => hit.url.split('#')[0]!);
  type DocRecordLike = (typeof post)[number];

  it('ranks a page of a lower page_rank below one that matches as well, as the provider breaks ties', async () => {
    expect((await ranked([...post, ...guide]))[0]).toBe('/blog/v2');
    expect((await ranked([...post.map((record) => ({ ...record, page_rank: -1 })), ...guide]))[0]).toBe('/guide/snapshots');
    // Pushed records carry it as the provider's weight.pageRank; a higher rank lifts a page.
    expect((await ranked([...post, ...guide.map((record) => ({ ...record, weight: { pageRank: 1, level: 0, position: 0 } }))]))[0]).toBe('/guide/snapshots');
  });

  it('stores ranks as runs of record ids, and reads a damaged run as rank 0', async () => {
    const built = buildIndex([...post.map((record) => ({ ...record, page_rank: -1 })), ...guide]);
    expect(built.manifest.pageRanks).toEqual([0, post.length, -1]);
    expect(buildIndex([...post, ...guide]).manifest.pageRanks).toBeUndefined();
    built.manifest.pageRanks = [0, post.length, 'x' as never];
    const hits = (await new SearchEngine(memorySource(built)).search({ query: 'inline snapshots' })).hits;
    expect(hits[0]!.url.split('#')[0]).toBe('/blog/v2');
  });

  it('does not let a page rank carry a page that misses the query', async () => {
    const other = pageRecords({ lvl0: 'Guide', path: '/guide/mocking', title: 'Mocking', intro: ['Mock functions with vi.fn.'], sections: [] });
    expect(await ranked([...post, ...other.map((record) => ({ ...record, page_rank: 3 }))])).toEqual(['/blog/v2']);
  });
});

describe('abbreviations', () => {
  // A guide titled with the abbreviation, and pages that use the full words in passing.
  const records = [
    ...pageRecords({
      lvl0: 'Guide',
      path: '/guide/env-and-mode',
      title: 'Env Variables and Modes',
      intro: ['Vite exposes env variables on import.meta.env.'],
      sections: [{ level: 2, heading: 'Modes', anchor: 'modes', paragraphs: ['Builds run in production mode.'] }],
    }),
    ...pageRecords({
      lvl0: 'Config',
      path: '/config/server-options',
      title: 'Server Options',
      sections: [
        { level: 2, heading: 'server.open', anchor: 'server-open', paragraphs: ['BROWSER is one of the environment variables that choose the browser.'] },
        { level: 2, heading: 'server.warmup', anchor: 'server-warmup', paragraphs: ['Warms up files, in prod builds too.'] },
      ],
    }),
    ...pageRecords({
      lvl0: 'Guide',
      path: '/guide/deploy',
      title: 'Deploying',
      sections: [{ level: 2, heading: 'GitHub', anchor: 'github', paragraphs: ['Push the repository; authentication uses a token.'] }],
    }),
  ];
  const abbreviated = new SearchEngine(memorySource(buildIndex(records)));
  const found = async (query: string): Promise<string[]> => (await abbreviated.search({ query })).hits.map((hit) => hit.url);

  it('matches the abbreviation of a full word, and ranks a title that uses it first', async () => {
    const hits = await found('environment variables');
    expect(hits[0]).toBe('/guide/env-and-mode');
    expect(hits).toContain('/config/server-options#server-open');
  });

  it('recognizes a misspelt full word, and the full word of an abbreviation', async () => {
    expect((await found('enviroment variables'))[0]).toBe('/guide/env-and-mode');
    expect(await found('repo ')).toEqual(['/guide/deploy#github']);
  });

  it('ranks the other form below the word typed exactly', async () => {
    expect(await found('production ')).toEqual(['/guide/env-and-mode#modes', '/config/server-options#server-warmup']);
  });

  it('matches the other words of a synonym group: a folder is a directory', async () => {
    const synonyms = new SearchEngine(memorySource(buildIndex(pageRecords({ lvl0: 'Config', path: '/config/build', title: 'Build Options', sections: [{ level: 2, heading: 'build.outDir', anchor: 'outdir', paragraphs: ['The output directory, relative to the project root.'] }] }))));
    expect((await synonyms.search({ query: 'output folder' })).hits[0]?.url).toBe('/config/build#outdir');
  });

  it("matches a command line's flags as its options", async () => {
    const page = pageRecords({ lvl0: 'Config', path: '/config/execargv', title: 'execArgv', intro: ['Node options passed to the worker process.'], sections: [] });
    const flags = new SearchEngine(memorySource(buildIndex(page)));
    // Every word required, so that relaxation does not find the page by "node" alone.
    const strict = async (query: string) => (await flags.search({ query, removeWordsIfNoResults: 'none' })).hits.map((hit) => hit.url);
    expect(await strict('node flags ')).toEqual(['/config/execargv']);
    expect(await strict('node switches ')).toEqual([]);
  });

  it('takes an abbreviation only as typed: a word one letter from it is not it', async () => {
    // "auto" is one typo from "auth", which would stand for "authentication".
    expect(await found('auto ')).toEqual([]);
  });

  it('reads the range of the other form when the index is split into ranges', async () => {
    // One term per range: `env` and `environment` are never in the same file. (A misspelt word is
    // left out: its typo variants are looked for in its own range only, a known limit of ranges.)
    const ranged = new SearchEngine(memorySource(buildIndex(records, { termShardBytes: 1 })));
    for (const query of ['environment variables', 'env variables', 'repo ', 'production ']) {
      expect((await ranged.search({ query })).hits.map((hit) => hit.url)).toEqual(await found(query));
    }
  });
});

describe('query relaxation', () => {
  // One page per record, so that page evidence plays no part here.
  let pages = 0;
  const page = (path: string, text: string) => pageRecords({ lvl0: 'Notes', path, title: `Note ${++pages}`, intro: [text], sections: [] });
  const records = [
    ...page('/all', 'red green blue'),
    ...page('/red-green', 'red green'),
    ...page('/green-blue', 'green blue'),
    ...page('/blue', 'blue'),
    ...page('/red', 'red'),
  ];
  const relaxed = new SearchEngine(memorySource(buildIndex(records)));
  const found = async (params: Record<string, unknown>): Promise<string[]> =>
    (await relaxed.search({ query: 'red green blue', ...params })).hits.map((hit) => hit.url.split('#')[0]!);

  it("'none' keeps every word required, as the provider", async () => {
    expect(await found({ removeWordsIfNoResults: 'none' })).toEqual(['/all']);
  });

  it("'lastWords' and 'firstWords' drop words from one end, one more each step", async () => {
    expect(await found({ removeWordsIfNoResults: 'lastWords' })).toEqual(['/all', '/red-green', '/red']);
    expect(await found({ removeWordsIfNoResults: 'firstWords' })).toEqual(['/all', '/green-blue', '/blue']);
  });

  it("'allOptional' (the default) keeps every record with a word, those with more words first", async () => {
    const hits = await found({});
    expect(hits).toEqual(await found({ removeWordsIfNoResults: 'allOptional' }));
    expect(hits.slice(0, 1)).toEqual(['/all']);
    expect(hits.slice(1, 3).sort()).toEqual(['/green-blue', '/red-green']);
    expect(hits.slice(3).sort()).toEqual(['/blue', '/red']);
  });

  it('relaxes only while all the words find fewer hits than relaxBelow', async () => {
    const strict = new SearchEngine(memorySource(buildIndex(records)), { ranking: { relaxBelow: 1 } });
    expect((await strict.search({ query: 'red green blue' })).hits.map((hit) => hit.url)).toEqual(['/all']);
    expect((await strict.search({ query: 'red green' })).hits.map((hit) => hit.url).sort()).toEqual(['/all', '/red-green']);
  });

  it('spreads relaxed hits over pages: a page titled with one word of the query does not fill the list', async () => {
    // "expectTypeOf passes every test regardless of the types": no record has every word; the API
    // page titled expectTypeOf has a dozen sections, the guide that answers mentions it once.
    const api = pageRecords({
      lvl0: 'API',
      path: '/api/expect-typeof',
      title: 'expectTypeOf',
      intro: ['Checks the type of a value.'],
      sections: Array.from({ length: 12 }, (_, n) => ({ level: 2 as const, heading: `matcher${n}`, anchor: `m${n}`, paragraphs: [`Matcher ${n} of expectTypeOf.`] })),
    });
    const guide = pageRecords({
      lvl0: 'Guide',
      path: '/guide/testing-types',
      title: 'Testing Types',
      intro: [],
      sections: [{ level: 2, heading: 'Run typechecking', anchor: 'run', paragraphs: ['Assertions with expectTypeOf are only checked when typechecking is enabled.'] }],
    });
    const site = new SearchEngine(memorySource(buildIndex([...api, ...guide])));
    const pages = async (params: Record<string, unknown>): Promise<string[]> =>
      [...new Set((await site.search({ query: 'expectTypeOf passes every test regardless of the types', ...params })).hits.map((hit) => hit.url.split('#')[0]!))];
    expect((await pages({})).slice(0, 2).sort()).toEqual(['/api/expect-typeof', '/guide/testing-types']);
    // Without grouping (a caller's raw records, as the local assistant reads them), the order is the engine's own.
    expect(await pages({ distinct: 0 })).toEqual(['/api/expect-typeof']);
  });

  it("makes a word most records have optional from the start, as a stop word, while a rarer word is required", async () => {
    // "vite" is in 30 of 200 records, "proxy" in 14.
    const texts = Array.from({ length: 100 }, (_, n) => (n < 12 ? `Vite proxy note ${n}.` : n < 30 ? `Vite note ${n}.` : `Other note ${n}.`));
    const notes = texts.map((text, n) => pageRecords({ lvl0: 'Notes', path: `/note-${n}`, title: `Note ${n}`, intro: [text], sections: [] })).flat();
    const site = [...notes, ...pageRecords({ lvl0: 'Config', path: '/config/proxy', title: 'Proxy', intro: ['Rules for forwarding requests.'], sections: [] })];
    const search = async (ranking: Record<string, number>): Promise<string[]> =>
      (await new SearchEngine(memorySource(buildIndex(site)), { ranking }).search({ query: 'vite proxy', hitsPerPage: 50 })).hits.map((hit) => hit.url);
    expect(await search({})).toContain('/config/proxy');
    // Twelve records hold both words: without it, the list is full before "vite" may be missing.
    expect(await search({ commonWordShare: 1 })).not.toContain('/config/proxy');
  });

  it('weighs each word of a longer query by its rarity: a rare word in body text beats a common one in a title', async () => {
    // "limit" is in 40 of 42 records (one a page title), "workers" in one paragraph; no record has both.
    const notes = Array.from({ length: 40 }, (_, n) => pageRecords({ lvl0: 'Notes', path: `/note-${n}`, title: `Note ${n}`, intro: [`A limit of ${n}.`], sections: [] })).flat();
    const site = [
      ...notes,
      ...pageRecords({ lvl0: 'Config', path: '/config/limit', title: 'Limit', intro: ['The largest value allowed.'], sections: [] }),
      ...pageRecords({ lvl0: 'Config', path: '/config/pool', title: 'Pool', intro: ['How many workers run the tests.'], sections: [] }),
    ];
    const first = async (ranking: Record<string, number>): Promise<string> =>
      (await new SearchEngine(memorySource(buildIndex(site)), { ranking }).search({ query: 'limit workers' })).hits[0]!.url.split('#')[0]!;
    expect(await first({})).toBe('/config/pool');
    expect(await first({ rarityPower: 0 })).toBe('/config/limit');
  });

  it('never requires optionalWords, and ranks the records that have them higher', async () => {
    expect(await found({ removeWordsIfNoResults: 'none', optionalWords: ['blue'] })).toEqual(['/all', '/red-green']);
    // One string holds several words, as the provider reads it.
    const hits = await found({ removeWordsIfNoResults: 'none', optionalWords: 'green blue' });
    expect(hits[0]).toBe('/all');
    expect(hits.sort()).toEqual(['/all', '/red', '/red-green']);
    // Every word optional: any of them will do.
    expect((await found({ removeWordsIfNoResults: 'none', optionalWords: 'red green blue' })).length).toBe(5);
  });

  it('refuses bad values by name', async () => {
    for (const params of [
      { removeWordsIfNoResults: 'sometimes' },
      { removeWordsIfNoResults: true },
      { optionalWords: 5 },
      { optionalWords: ['red', 1] },
      { ignorePlurals: 'yes' },
      { ignorePlurals: 1 },
      { queryLanguages: ['english'] },
      { queryLanguages: 'en,EN' },
    ]) {
      const name = Object.keys(params)[0]!;
      await expect(relaxed.search({ query: 'red', ...params })).rejects.toThrow(new RegExp(`"${name}"`));
      await expect(relaxed.search({ query: 'red', ...params })).rejects.toBeInstanceOf(SearchRequestError);
    }
  });

  it('stems in the index languages unless ignorePlurals says otherwise', async () => {
    const english = new SearchEngine(memorySource(buildIndex(pageRecords({ lvl0: 'Guide', path: '/guide/', title: 'Installing Vite', sections: [] }), { language: 'en' })));
    const hits = async (params: Record<string, unknown>): Promise<number> => (await english.search({ query: 'installs ', ...params })).hits.length;
    expect(await hits({})).toBe(1);
    expect(await hits({ ignorePlurals: true })).toBe(1);
    expect(await hits({ ignorePlurals: ['en'] })).toBe(1);
    expect(await hits({ ignorePlurals: false })).toBe(0);
    expect(await hits({ ignorePlurals: ['fr'] })).toBe(0);
    expect(await hits({ ignorePlurals: true, queryLanguages: ['de'] })).toBe(0);
  });

  it('finds the other forms of a word wherever the index was cut into ranges', async () => {
    // One term per range: `configure`, `configured`, `configures` and `configuring` each in a file of their own.
    const records = [
      ...pageRecords({ lvl0: 'Guide', path: '/a', title: 'Configured once', sections: [] }),
      ...pageRecords({ lvl0: 'Guide', path: '/b', title: 'Configures the server', sections: [] }),
      ...pageRecords({ lvl0: 'Guide', path: '/c', title: 'Configuring plugins', sections: [] }),
    ];
    for (const termShardBytes of [Infinity, 1]) {
      const engine = new SearchEngine(memorySource(buildIndex(records, { language: 'en', termShardBytes })));
      const urls = (await engine.search({ query: 'configure ' })).hits.map((hit) => hit.url).sort();
      expect(urls, `termShardBytes ${termShardBytes}`).toEqual(['/a', '/b', '/c']);
    }
  });

  it('accepts the provider forms of ignorePlurals and queryLanguages', async () => {
    for (const params of [{ ignorePlurals: true }, { ignorePlurals: 'false' }, { ignorePlurals: ['en', 'fr'] }, { ignorePlurals: true, queryLanguages: ['de'] }, { queryLanguages: 'en,fr' }]) {
      expect((await relaxed.search({ query: 'red', ...params })).hits.length).toBeGreaterThan(0);
    }
  });
});

describe('questions', () => {
  const records = [
    ...pageRecords({
      lvl0: 'Config',
      path: '/config/server',
      title: 'Server Options',
      sections: [
        { level: 2, heading: 'server.proxy', anchor: 'server-proxy', paragraphs: ['Configure custom proxy rules for the dev server.'] },
        { level: 2, heading: 'server.watch', anchor: 'server-watch', paragraphs: ['File system watcher options passed on to chokidar.'] },
      ],
    }),
    ...pageRecords({
      lvl0: 'Guide',
      path: '/guide/faq',
      title: 'Frequently Asked Questions',
      intro: ['This page tells you how to do what you want, and what to do when it is not what you expected.'],
      sections: [
        { level: 2, heading: 'Running tests', anchor: 'running', paragraphs: ['Run tests without watch mode with the run command.', 'Run tests in watch mode by default in a terminal.'] },
      ],
    }),
  ];
  const questions = new SearchEngine(memorySource(buildIndex(records)));
  const found = async (query: string): Promise<string[]> => (await questions.search({ query, distinct: false })).hits.map((hit) => hit.content ?? hit.url);

  it('answers a question by its subject, not by the words every question has', async () => {
    const hits = (await questions.search({ query: 'how do I configure a proxy for what I want?' })).hits;
    expect(hits[0]!.url).toBe('/config/server#server-proxy');
  });

  it('keeps the weight of negations: "without" is part of the question', async () => {
    expect(isStopWord('without')).toBe(false);
    expect(isStopWord('not')).toBe(false);
    expect(isStopWord('how')).toBe(true);
    expect((await found('run tests without watch mode'))[0]).toBe('Run tests without watch mode with the run command.');
    expect((await found('run tests in watch mode'))[0]).toBe('Run tests in watch mode by default in a terminal.');
  });

  it('reads "e.g." and "i.e." as the grammar of a question, not as two words it is about', async () => {
    expect(isStopWord('e')).toBe(true);
    expect(isStopWord('g')).toBe(true);
    const engine = new SearchEngine(
      memorySource(
        buildIndex([
          ...pageRecords({ lvl0: 'API', path: '/api/test', title: 'Test', sections: [{ level: 2, heading: 'test.skipIf', anchor: 'skipif', paragraphs: ['Skip the test when a condition is true.'] }] }),
          ...pageRecords({ lvl0: 'Guide', path: '/guide/debugging', title: 'Debugging', sections: [{ level: 2, heading: 'Inspector, e.g. DevTools', anchor: 'inspector', paragraphs: ['Attach a debugger to a test.'] }] }),
        ]),
      ),
    );
    const hits = (await engine.search({ query: 'skip a test, e.g. on CI' })).hits;
    expect(hits[0]!.url).toBe('/api/test#skipif');
  });

  it('weighs the frame of a pasted error (Error:, the asker\'s file paths) as stop words', async () => {
    const engine = new SearchEngine(
      memorySource(
        buildIndex([
          ...pageRecords({ lvl0: 'Config', path: '/config/server', title: 'Server', sections: [{ level: 2, heading: 'server.fs.allow', anchor: 'fs-allow', paragraphs: ['A request outside of the allow list is refused.'] }] }),
          ...pageRecords({ lvl0: 'Guide', path: '/guide/css', title: 'CSS', sections: [{ level: 2, heading: 'Importing style.css', anchor: 'import', paragraphs: ['Users of a monorepo import style.css from the app folder.'] }] }),
        ]),
      ),
    );
    const first = async (query: string): Promise<string> => (await engine.search({ query })).hits[0]!.url;
    expect(await first('Error: the request "/Users/me/monorepo/app/style.css" is outside of the allow list')).toBe('/config/server#fs-allow');
    // The same words typed as words are what the query is about.
    expect(await first('users monorepo app style.css')).toBe('/guide/css#import');
  });

  it('knows the question words of other languages once loaded, and only those of the query languages when given', async () => {
    await loadStopWords(['de']);
    expect(isStopWord('comment')).toBe(true);
    expect(isStopWord('comment', ['en'])).toBe(false);
    expect(isStopWord('wie', ['de'])).toBe(true);
    expect(isStopWord('如何')).toBe(true);
  });
});

describe('page evidence', () => {
  // Two sections alike, one word each; the guide's other sections hold the query's other words.
  const records = [
    ...pageRecords({
      lvl0: 'Blog',
      path: '/blog/release',
      title: 'Release Notes',
      sections: [{ level: 2, heading: 'Istanbul', anchor: 'istanbul', paragraphs: ['Rounding fixed.'] }],
    }),
    ...pageRecords({
      lvl0: 'Guide',
      path: '/guide/runner',
      title: 'Test Runner',
      sections: [
        { level: 2, heading: 'Istanbul', anchor: 'istanbul', paragraphs: ['An instrumenting provider.'] },
        { level: 2, heading: 'Thresholds', anchor: 'thresholds', paragraphs: ['Fail the run below a percentage.'] },
        { level: 2, heading: 'Reporters', anchor: 'reporters', paragraphs: ['Text, HTML and JSON output.'] },
      ],
    }),
  ];
  const query = { query: 'istanbul thresholds reporters' };

  it('lifts the sections of a page that answers the query together above a like section elsewhere, and keeps hits sections', async () => {
    const hits = (await new SearchEngine(memorySource(buildIndex(records))).search(query)).hits.map((hit) => hit.url);
    expect(hits.indexOf('/guide/runner#istanbul')).toBeLessThan(hits.indexOf('/blog/release#istanbul'));
    // Hits stay sections: each section of the guide is a hit of its own.
    expect(hits.filter((url) => url.startsWith('/guide/runner#'))).toHaveLength(3);
    // Without page evidence the two Istanbul sections tie, and page order puts the blog first.
    const alone = new SearchEngine(memorySource(buildIndex(records)), { ranking: { pageWeight: 0 } });
    const plain = (await alone.search(query)).hits.map((hit) => hit.url);
    expect(plain.indexOf('/blog/release#istanbul')).toBeLessThan(plain.indexOf('/guide/runner#istanbul'));
  });
});

describe('proximity', () => {
  // Same length, same words, same place: only the distance between the words differs.
  const records = pageRecords({
    lvl0: 'Guide',
    path: '/guide/watching',
    title: 'Watching',
    sections: [{ level: 2, heading: 'Notes', anchor: 'notes', paragraphs: ['Watch out, slow machines may fail some tests.', 'Vitest runs tests in watch mode by default.'] }],
  });
  const found = async (ranking: Record<string, number>): Promise<(string | null | undefined)[]> =>
    (await new SearchEngine(memorySource(buildIndex(records)), { ranking }).search({ query: 'watch tests', distinct: false })).hits.filter((hit) => hit.type === 'content').map((hit) => hit.content);

  it('ranks words close together in a record above the same words far apart', async () => {
    expect((await found({}))[0]).toBe('Vitest runs tests in watch mode by default.');
    expect((await found({ proximityWeight: 0 }))[0]).toBe('Watch out, slow machines may fail some tests.');
  });

  it('measures closeness from the text: side by side is 1, apart less, one word 0', () => {
    const matchers = ['watch', 'mode'].map((word) => ({ word, terms: new Set([word]), prefix: false }));
    const words = proximityWords(matchers, [0, 1]);
    expect(closeness('Run in watch mode.', words)).toBe(1);
    expect(closeness('Watch the mode.', words)).toBeCloseTo(2 / 3);
    expect(closeness('Watch it.', words)).toBe(0);
  });
});

describe('pagination', () => {
  it('pages with hitsPerPage and page', async () => {
    const all = await urls({ query: 'server', hitsPerPage: 100, distinct: false });
    const second = await engine.search({ query: 'server', hitsPerPage: 2, page: 1, distinct: false });
    expect(second.hits.map((hit) => hit.url)).toEqual(all.slice(2, 4));
    expect(second).toMatchObject({ page: 1, hitsPerPage: 2, nbHits: all.length, nbPages: Math.ceil(all.length / 2) });
  });

  it('returns no hits past the last page and none with hitsPerPage 0', async () => {
    expect((await engine.search({ query: 'server', page: 50 })).hits).toEqual([]);
    const counted = await engine.search({ query: 'server', hitsPerPage: 0 });
    expect(counted.hits).toEqual([]);
    expect(counted.nbHits).toBeGreaterThan(0);
  });
});

describe('attributesToRetrieve', () => {
  it('returns only the listed attributes, nested ones included, and always objectID', async () => {
    const [hit] = (await engine.search({ query: 'proxy', attributesToRetrieve: ['url', 'hierarchy.lvl1'] })).hits;
    expect(Object.keys(hit!).filter((key) => !key.startsWith('_')).sort()).toEqual(['hierarchy', 'objectID', 'url']);
    expect(hit!.hierarchy).toEqual({ lvl1: 'Server Options' });
  });

  it('supports * with exclusions', async () => {
    const [hit] = (await engine.search({ query: 'proxy', attributesToRetrieve: ['*', '-content', '-language'] })).hits;
    expect(hit).not.toHaveProperty('content');
    expect(hit).not.toHaveProperty('language');
    expect(hit).toHaveProperty('version', '6');
  });
});

describe('highlighting and snippets', () => {
  it('wraps matches in the highlight tags with the provider match levels', async () => {
    const [hit] = (
      await engine.search({ query: 'server prox', highlightPreTag: '<mark>', highlightPostTag: '</mark>', attributesToHighlight: ['hierarchy.lvl1', 'hierarchy.lvl2'] })
    ).hits;
    expect(hit!._highlightResult).toEqual({
      hierarchy: {
        lvl1: { value: '<mark>Server</mark> Options', matchLevel: 'partial', matchedWords: ['server'], fullyHighlighted: false },
        lvl2: { value: '<mark>server</mark>.<mark>proxy</mark>', matchLevel: 'full', matchedWords: ['server', 'prox'], fullyHighlighted: true },
      },
    });
  });

  it('marks the typo-tolerant variant that matched', async () => {
    const [hit] = (await engine.search({ query: 'proxx', attributesToHighlight: ['hierarchy.lvl2'] })).hits;
    expect(valueAt(hit!._highlightResult, 'hierarchy.lvl2')).toBe('server.<em>proxy</em>');
  });

  it('cuts snippets to N words around the match, with the ellipsis text', async () => {
    const response = await engine.search({
      query: 'available',
      attributesToSnippet: ['content:4'],
      snippetEllipsisText: ' [...]',
      distinct: false,
    });
    const hit = response.hits.find((item) => item.url.endsWith('#server-port') && item.type === 'content');
    expect(valueAt(hit!._snippetResult, 'content')).toMatch(/^ \[\.\.\.\].*<em>available<\/em>.* \[\.\.\.\]$/);
    expect(valueAt(hit!._snippetResult, 'content').replace(/ \[\.\.\.\]|<\/?em>/g, '').split(/\s+/).length).toBeLessThanOrEqual(4);
  });

  it('escapes HTML from the record so only our tags are markup', async () => {
    const response = await engine.search({ query: 'escaped', attributesToHighlight: ['content'] });
    const value = valueAt(response.hits[0]!._highlightResult, 'content');
    expect(value).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(value).toContain('<em>escaped</em>');
  });

  it('does not highlight null attributes', async () => {
    const [hit] = (await engine.search({ query: 'proxy', attributesToHighlight: ['*'] })).hits;
    expect((hit!._highlightResult as { hierarchy: Record<string, unknown> }).hierarchy).not.toHaveProperty('lvl4');
    expect(hit!._highlightResult).not.toHaveProperty('content');
  });
});

describe('facetFilters and filters', () => {
  it('ANDs the outer list and ORs the inner lists', async () => {
    const english = await urls({ query: 'vite', facetFilters: ['language:en'], distinct: false });
    expect(english.length).toBeGreaterThan(0);
    expect(english.every((url) => !url.startsWith('/fr/'))).toBe(true);
    const either = await urls({ query: 'create', facetFilters: [['language:fr', 'language:en'], 'version:6'], distinct: false });
    expect(either).toEqual(expect.arrayContaining(['/fr/guide/#creer', '/guide/#scaffolding']));
    expect(await urls({ query: 'create', facetFilters: ['language:fr', 'language:en'] })).toEqual([]);
  });

  it('negates with a leading minus and matches values case-insensitively', async () => {
    const notFrench = await urls({ query: 'create', facetFilters: ['-language:fr'], distinct: false });
    expect(notFrench).toContain('/guide/#scaffolding');
    expect(notFrench).not.toContain('/fr/guide/#creer');
    expect(await urls({ query: 'create', facetFilters: ['language:FR'] })).toEqual(['/fr/guide/#creer']);
  });

  it('filters on array attributes such as docusaurus_tag, and on type', async () => {
    expect(await urls({ query: 'create', facetFilters: ['docusaurus_tag:docs-default-current'] })).toEqual(['/fr/guide/#creer']);
    const headings = (await engine.search({ query: 'server', facetFilters: ['type:lvl2'], distinct: false })).hits;
    expect(headings.length).toBeGreaterThan(0);
    expect(headings.every((hit) => hit.type === 'lvl2')).toBe(true);
  });

  it('evaluates AND, OR, NOT and parentheses in filters', async () => {
    const filtered = await urls({ query: 'vite', filters: '(language:fr OR version:5) AND NOT type:content', distinct: false });
    expect(filtered.sort()).toEqual(['/config/', '/config/#config-intellisense', '/config/#environment-variables']);
    expect(await urls({ query: 'config', filters: 'hierarchy.lvl0:"Config" AND version:5', hitsPerPage: 1 })).toEqual(['/config/#config-intellisense']);
  });

  it('treats an attribute the index does not have as having no value, like the provider', async () => {
    expect(await urls({ query: 'proxy', facetFilters: ['product:none'] })).toEqual([]);
    expect(await urls({ query: 'proxy', facetFilters: ['-product:none'] })).toEqual(['/config/server-options#server-proxy']);
  });
});

describe('restrictSearchableAttributes', () => {
  it('searches only the listed attributes', async () => {
    expect(await urls({ query: 'server', restrictSearchableAttributes: ['content'], distinct: false })).toEqual(
      expect.arrayContaining(['/config/server-options#server-proxy']),
    );
    const titlesOnly = (await engine.search({ query: 'proxy', restrictSearchableAttributes: ['hierarchy.lvl1'] })).hits;
    expect(titlesOnly).toEqual([]);
  });
});

describe('distinct', () => {
  it('keeps one hit per URL by default, N with distinct N, all with false', async () => {
    const one = await engine.search({ query: 'server' });
    const two = await engine.search({ query: 'server', distinct: 2 });
    const all = await engine.search({ query: 'server', distinct: false });
    const perUrl = (hits: { url: string }[]): number => {
      const counts = new Map<string, number>();
      for (const hit of hits) counts.set(hit.url, (counts.get(hit.url) ?? 0) + 1);
      return Math.max(...counts.values());
    };
    expect(perUrl(one.hits)).toBe(1);
    expect(perUrl(two.hits)).toBe(2);
    expect(all.nbHits).toBeGreaterThan(two.nbHits);
    expect(two.nbHits).toBeGreaterThan(one.nbHits);
  });
});

describe('bad requests', () => {
  it.each([
    [{ query: 'x', aroundLatLng: '1,2' }, /unsupported search parameter "aroundLatLng"/],
    [{ query: 42 }, /"query" must be a string, got number 42/],
    [{ hitsPerPage: -1 }, /"hitsPerPage" must be an integer from 0 to 1000/],
    [{ page: 1.5 }, /"page" must be an integer/],
    [{ facetFilters: 'language' }, /expected "attribute:value"/],
    [{ facetFilters: [[1]] }, /"facetFilters" items must be strings/],
    [{ filters: 'language:en AND' }, /"filters": expected a condition/],
    [{ filters: 'views > 3' }, /numeric comparisons/],
    [{ restrictSearchableAttributes: ['url'] }, /"restrictSearchableAttributes" got "url", which is not searchable/],
    [{ distinct: 9 }, /"distinct" must be a boolean or an integer from 0 to 4/],
    [{ attributesToSnippet: ['content:x'] }, /"attributesToSnippet" got "content:x"/],
    ['query=x', /search parameters must be an object, got string/],
  ])('refuses %j', async (params, message) => {
    const error = await engine.search(params).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SearchRequestError);
    expect((error as SearchRequestError).status).toBe(400);
    expect((error as Error).message).toMatch(message);
  });

  it('accepts and ignores analytics switches', async () => {
    expect((await engine.search({ query: 'proxy', clickAnalytics: true, analytics: false })).nbHits).toBe(1);
  });
});

describe('sharded indexes', () => {
  it('answers the same from one-letter shards and fetches only the shards a query needs', async () => {
    const built = buildIndex(SAMPLE_RECORDS, { termPrefixLength: 1, recordShardSize: 3 });
    const fetched: string[] = [];
    const source = memorySource(built);
    const counting: IndexSource = {
      manifest: () => source.manifest(),
      termShard: (key) => (fetched.push(`terms:${key}`), source.termShard(key)),
      recordShard: (shard) => (fetched.push(`records:${shard}`), source.recordShard(shard)),
      facets: () => (fetched.push('facets'), source.facets()),
    };
    const sharded = new SearchEngine(counting);
    const response = await sharded.search({ query: 'server prox', hitsPerPage: 1 });
    expect(response.hits.map((hit) => hit.url)).toEqual(['/config/server-options#server-proxy']);
    const proxyId = SAMPLE_RECORDS.findIndex((record) => record.url === '/config/server-options#server-proxy' && record.type === 'lvl2');
    expect(fetched.sort()).toEqual([`records:${Math.floor(proxyId / 3)}`, 'terms:p', 'terms:s']);
    for (const query of ['vite', 'config', 'strict port', 'enviromnent']) {
      expect((await sharded.search({ query })).hits.map((hit) => hit.url)).toEqual(await urls({ query }));
    }
  });

  it('retries a shard whose fetch failed instead of caching the failure', async () => {
    const source = memorySource(buildIndex(SAMPLE_RECORDS));
    let failures = 1;
    const flaky = new SearchEngine({
      ...source,
      termShard: (key) => (failures-- > 0 ? Promise.reject(new Error('network down')) : source.termShard(key)),
    });
    await expect(flaky.search({ query: 'proxy' })).rejects.toThrow('network down');
    expect((await flaky.search({ query: 'proxy' })).nbHits).toBe(1);
  });
});

describe('ranking only the hits a page needs', () => {
  // 60 pages of 6 sections sharing words with scores of every kind, ties included: far more
  // matches than a page of hits, so only the first of them are put in order.
  const words = ['server', 'options', 'config', 'plugin', 'build', 'test'];
  const records = Array.from({ length: 60 }, (_, p) =>
    pageRecords({
      lvl0: p % 3 === 0 ? 'Guide' : 'API',
      path: `/page-${p}`,
      title: `${words[p % 6]} ${words[(p * 5) % 6]} page ${p}`,
      sections: Array.from({ length: 6 }, (_, s) => ({
        level: 2,
        heading: `${words[(p + s) % 6]} section ${s}`,
        anchor: `s${s}`,
        paragraphs: [`The ${words[(p * s) % 6]} and ${words[(s + 2) % 6]} of ${words[p % 6]}: see server options.`],
      })),
    }),
  ).flat();
  // Proximity reorders each page of hits within itself, by design: off here, pages compare.
  const many = new SearchEngine(memorySource(buildIndex(records)), { ranking: { proximityWeight: 0 } });
  // About 1,100 searches: a second or two on an idle machine; the limit is for a loaded one (CI, two cores).

  it('gives every page of hits as the whole ordered list does, with the same counts', async () => {
    for (const query of ['s', 'server', 'server options', 'config plugin', 'section']) {
      for (const distinct of [0, 1, 2]) {
        const all = await many.search({ query, distinct, hitsPerPage: 1000 });
        expect(all.nbHits, query).toBeGreaterThan(40);
        for (const hitsPerPage of [1, 5, 20]) {
          for (let page = 0; page * hitsPerPage < Math.min(all.nbHits, 60); page++) {
            const one = await many.search({ query, distinct, hitsPerPage, page });
            expect(one.nbHits).toBe(all.nbHits);
            expect(one.nbPages).toBe(Math.ceil(all.nbHits / hitsPerPage));
            expect(one.hits.map((hit) => hit.objectID), `${query} ${distinct} ${hitsPerPage} ${page}`).toEqual(
              all.hits.slice(page * hitsPerPage, (page + 1) * hitsPerPage).map((hit) => hit.objectID),
            );
          }
        }
      }
    }
  }, 30_000);
});
