/**
 * Index layout (how big the term ranges and record shards are): what a visitor fetches, and how
 * many files a build writes, for each layout asked, on the rendered Vite and Vitest docs. Not part
 * of `pnpm bench`: a tool for choosing `DEFAULT_TERM_SHARD_BYTES` and `DEFAULT_RECORD_SHARD_SIZE`
 * in `src/engine/build.ts`, whose comment records what it printed.
 *
 *   tsx bench/layout.ts [--layout 20000x48]… (term range characters x records per shard;
 *                       default: the defaults, 40000x32 and 40000x64, 98d9492's)
 *
 * Per site and layout, averaged over the queries, index data fetched (gzip, as a static host
 * serves JSON; the client's own bytes are the same in every layout) by a fresh client:
 *  - the first result of each keyword query of bench/queries.ts (the widget's 20 hits);
 *  - that query typed letter by letter, each keystroke's search awaited (a visitor typing);
 *  - the same for the evaluation sets' questions (the first 60 of the site's sets).
 * Every search goes through the real client over HTTP from a loopback static server.
 */
import { readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { createLocalSearchClient } from '../src/client/index.js';
import { buildSiteIndex } from '../src/indexer/build-site.js';
import { startStaticServer, type StaticServer } from '../src/test-support/static-server.js';
import { WIDGET_PARAMS } from './engines.js';
import { VITE_QUERIES, VITEST_QUERIES } from './queries.js';
import { loadSets } from './questions/index.js';
import { findCorpus, renderCorpusSite } from './render-corpus.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const OUT = join(HERE, '..', '.generated', 'layout', String(process.pid));
const QUESTIONS_PER_SITE = 60;

interface Layout {
  termShardBytes: number | undefined;
  recordShardSize: number | undefined;
  label: string;
}

function readLayouts(): Layout[] {
  const { values } = parseArgs({ options: { layout: { type: 'string', multiple: true } } });
  const asked = values.layout ?? [];
  if (asked.length === 0) {
    return [
      { termShardBytes: undefined, recordShardSize: undefined, label: 'defaults' },
      { termShardBytes: 40_000, recordShardSize: 32, label: '40000x32' },
      { termShardBytes: 40_000, recordShardSize: 64, label: '40000x64 (98d9492)' },
    ];
  }
  return asked.map((text) => {
    const match = /^(\d+)x(\d+)$/.exec(text);
    if (!match) throw new Error(`--layout must be <term range characters>x<records per shard>, e.g. 20000x48; got "${text}"`);
    return { termShardBytes: Number(match[1]), recordShardSize: Number(match[2]), label: text };
  });
}

/** Index data a fresh client fetches for each query (typed: each of its prefixes, in turn), averaged. */
async function fetched(server: StaticServer, root: string, queries: readonly string[], typed: boolean): Promise<string> {
  const gzipped = new Map<string, number>();
  let bytes = 0;
  let files = 0;
  for (const query of queries) {
    server.reset();
    const client = createLocalSearchClient({ url: `${server.url}/` });
    const steps = typed ? [...query].map((_, i) => query.slice(0, i + 1)).filter((prefix) => !prefix.endsWith(' ')) : [query];
    for (const step of steps) await client.search({ requests: [{ indexName: 'docs', query: step, ...WIDGET_PARAMS }] });
    for (const file of server.served) {
      let size = gzipped.get(file.path);
      if (size === undefined) gzipped.set(file.path, (size = gzipSync(await readFile(join(root, file.path))).length));
      bytes += size;
    }
    files += server.served.length;
  }
  return `${(bytes / queries.length / 1024).toFixed(1)} KB (${(files / queries.length).toFixed(1)} files)`;
}

const layouts = readLayouts();
const corpus = findCorpus();
const sets = await loadSets();
const SITES = [
  { name: 'vite', title: 'Vite', keywords: VITE_QUERIES.map((query) => query.query) },
  { name: 'vitest', title: 'Vitest', keywords: [...VITEST_QUERIES] },
] as const;
console.log('Index layouts: index data fetched per query by a fresh client (gzip, average), and the files a build writes');
try {
  for (const site of SITES) {
    const dir = join(OUT, 'rendered', site.name);
    await renderCorpusSite(join(corpus, site.name), dir, site.title);
    const questions = sets.filter((set) => set.corpus === site.name).flatMap((set) => set.questions.map((question) => question.question)).slice(0, QUESTIONS_PER_SITE);
    console.log(`\n## ${site.name}: ${site.keywords.length} keyword queries, ${questions.length} questions`);
    console.log(`${'layout'.padEnd(20)} ${'files'.padEnd(6)} ${'keyword, first result'.padEnd(24)} ${'keyword, typed'.padEnd(24)} question, typed`);
    for (const layout of layouts) {
      const outDir = join(OUT, 'index', site.name, layout.label.replace(/\W+/g, '-'));
      const options = { ...(layout.termShardBytes ? { termShardBytes: layout.termShardBytes } : {}), ...(layout.recordShardSize ? { recordShardSize: layout.recordShardSize } : {}) };
      const report = await buildSiteIndex({ dir, outDir, cleanUrls: true, workers: 1, ...options });
      const server = await startStaticServer(outDir);
      try {
        const first = await fetched(server, outDir, site.keywords, false);
        const typed = await fetched(server, outDir, site.keywords, true);
        const asked = await fetched(server, outDir, questions, true);
        console.log(`${layout.label.padEnd(20)} ${String(report.files).padEnd(6)} ${first.padEnd(24)} ${typed.padEnd(24)} ${asked}`);
      } finally {
        await server.close();
      }
    }
  }
} finally {
  await rm(OUT, { recursive: true, force: true });
}
