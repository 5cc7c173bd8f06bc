/**
 * `pnpm bench` (client cost): what the browser client of the local index costs an English site,
 * against a baseline (issue #20's "no cost elsewhere": bytes until the first result at most 2 KB
 * gzip more than commit 98d9492, query p95 within 10 %).
 *
 *   tsx bench/client-cost.ts [--baseline <packages/local of a built checkout>] [--rounds 20]
 *   (or SITESEARCH_BENCH_BASELINE=<that folder>; e.g. `git worktree add /tmp/base 98d9492`,
 *   `pnpm install --offline && pnpm -C packages/local build` there)
 *
 * Each side's client is bundled as a site's bundler would (esbuild, minified, ESM, split: each
 * lazily imported module is a chunk of its own) and run from the bundle; each side's CLI
 * (`dist/cli.js`) indexes the same rendered Vite and Vitest docs. Printed per side:
 *  - bytes until the first result, gzip: the client chunk, every lazy chunk the first search
 *    loaded (the English stemmer, …; each chunk records itself as it runs), the index files it
 *    fetched (manifest, term shards, records), and the whole index;
 *  - whether the answers (20 hits with highlights and snippets) of every bench query and each of
 *    its prefixes are the same on both sides: against a commit before a change that must not
 *    change results, none may differ; against 98d9492 many do, by design (ranking moved since);
 *  - warm query latency (the same searches, the index already fetched): the two clients run
 *    alternately, query by query, for `--rounds` rounds, so a machine's load falls on both alike;
 *    median and p95 of all timings, and the p95 over the queries of each one's median time (the
 *    code's, without a GC pause or a busy core that happened to fall on one timing).
 * With no baseline, the figures recorded for 98d9492 are printed beside ours, bytes only.
 */
import { execFileSync } from 'node:child_process';
import { cp, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build as esbuild } from 'esbuild';
import { startStaticServer, type StaticServer } from '../src/test-support/static-server.js';
import { retrySocketFailures, WIDGET_PARAMS } from './engines.js';
import { VITE_QUERIES, VITEST_QUERIES } from './queries.js';
import { findCorpus, renderCorpusSite } from './render-corpus.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const OUT = join(HERE, '..', '.generated', 'client-cost', String(process.pid));
retrySocketFailures();

/**
 * The baseline's figures, measured with this script at 98d9492 (issue #20's "today": its client
 * bundled here, its CLI indexing the same pages), for runs without `--baseline`. Latency has none:
 * only timings taken in the same run, on the same machine, compare.
 */
const RECORDED: { commit: string; client: number; sites: Record<string, { lazy: number; index: number; files: number; whole: { raw: number; gzip: number; files: number } }> } = {
  commit: '98d9492',
  client: 10613,
  sites: {
    vite: { lazy: 0, index: 44930, files: 7, whole: { raw: 981152, gzip: 360016, files: 71 } },
    vitest: { lazy: 0, index: 28921, files: 5, whole: { raw: 2128992, gzip: 766787, files: 175 } },
  },
};

const SITES = [
  { name: 'vite', title: 'Vite', first: 'server proxy', queries: VITE_QUERIES.map((query) => query.query) },
  { name: 'vitest', title: 'Vitest', first: 'mock', queries: [...VITEST_QUERIES] },
] as const;

type Client = { search(request: { requests: Record<string, unknown>[] }): Promise<{ results: Array<{ hits: Array<{ url: string }>; processingTimeMS: number }> }> };
type CreateClient = (options: { url: string }) => Client;

interface Side {
  label: string;
  /** The package folder: `src/client/index.ts` is bundled, `dist/cli.js` indexes. */
  root: string;
  create: CreateClient;
  /** Gzip bytes of each output chunk of the bundle, by file name. */
  chunks: Map<string, number>;
  /** Chunk files loaded so far (each chunk records itself as it runs). */
  loaded: Set<string>;
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number): string => `${value.toFixed(2)} ms`;
const plusKb = (bytes: number): string => `${bytes >= 0 ? '+' : '−'}${kb(Math.abs(bytes))}`;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function typingPrefixes(queries: readonly string[]): string[] {
  return queries.flatMap((query) => Array.from({ length: query.length }, (_, i) => query.slice(0, i + 1)));
}

/** Bundles a side's client twice: once to measure (as shipped), once to run (each chunk records itself when loaded). */
async function bundle(label: string, root: string, tag: string): Promise<Side> {
  const options = {
    entryPoints: { client: join(root, 'src/client/index.ts') },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    splitting: true,
    chunkNames: '[name]',
    absWorkingDir: root,
    logLevel: 'error',
  } as const;
  const measured = await esbuild({ ...options, outdir: '/bench-client', write: false });
  const chunks = new Map(measured.outputFiles.map((file) => [file.path.replace(/^.*\//, ''), gzipSync(file.contents).length]));
  // A bundle per site, so that each site's first search loads its lazy chunks afresh, as a page would.
  const outdir = join(OUT, 'bundle', label, tag);
  const key = `__clientCost_${label}_${tag}`;
  await esbuild({ ...options, outdir, footer: { js: `(globalThis.${key}??=new Set).add(import.meta.url.replace(/^.*\\//,""));` } });
  const module = (await import(pathToFileURL(join(outdir, 'client.js')).href)) as { createLocalSearchClient: CreateClient };
  const loaded = (globalThis as unknown as Record<string, Set<string>>)[key]!;
  return { label, root, create: module.createLocalSearchClient, chunks, loaded };
}

async function folderGzip(dir: string): Promise<{ raw: number; gzip: number; files: number }> {
  let raw = 0;
  let gzip = 0;
  let files = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const bytes = await readFile(join(entry.parentPath, entry.name));
    raw += bytes.length;
    gzip += gzipSync(bytes).length;
    files++;
  }
  return { raw, gzip, files };
}

const search = (client: Client, query: string, hitsPerPage = WIDGET_PARAMS.hitsPerPage) =>
  client.search({ requests: [{ indexName: 'docs', query, ...WIDGET_PARAMS, hitsPerPage }] });

interface SiteRun {
  side: Side;
  server: StaticServer;
  dir: string;
  index: { raw: number; gzip: number; files: number };
  first: { lazy: number; lazyNames: string[]; index: number; files: number };
}

/** Indexes the site with the side's CLI, then asks the first query on a fresh client. */
async function openSite(side: Side, rendered: string, site: (typeof SITES)[number]): Promise<SiteRun> {
  const dir = join(OUT, 'sites', side.label, site.name);
  await cp(rendered, dir, { recursive: true });
  execFileSync(process.execPath, [join(side.root, 'dist/cli.js'), 'index', dir, '--clean-urls', '--workers', '1'], { stdio: 'ignore' });
  const index = await folderGzip(join(dir, 'sitesearch'));
  const server = await startStaticServer(dir);
  await search(side.create({ url: `${server.url}/sitesearch/` }), site.first, 5);
  const lazyNames = [...side.loaded].filter((name) => name !== 'client.js');
  let indexGzip = 0;
  for (const file of server.served) {
    const gzip = gzipSync(await readFile(join(dir, file.path))).length;
    if (process.env.BENCH_VERBOSE) console.log(`  ${side.label} ${site.name}: ${file.path} ${gzip} B gz`);
    indexGzip += gzip;
  }
  const first = { lazy: lazyNames.reduce((sum, name) => sum + side.chunks.get(name)!, 0), lazyNames, index: indexGzip, files: server.served.length };
  server.reset();
  return { side, server, dir, index, first };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { baseline: { type: 'string' }, rounds: { type: 'string' } } });
  const rounds = Number(values.rounds ?? 20);
  const baseline = values.baseline ?? process.env.SITESEARCH_BENCH_BASELINE;
  const roots: [string, string][] = [['now', resolve(HERE, '..')]];
  if (baseline) roots.push(['baseline', resolve(baseline)]);
  console.log(`Client cost of an English site — Node ${process.version}${baseline ? `; baseline ${baseline}` : `; baseline figures recorded at ${RECORDED.commit}`}`);
  const corpus = findCorpus();
  for (const site of SITES) {
    const rendered = await renderCorpusSite(join(corpus, site.name), join(OUT, 'rendered', site.name), site.title);
    const runs: SiteRun[] = [];
    for (const [label, root] of roots) runs.push(await openSite(await bundle(label, root, site.name), rendered.dir, site));
    try {
      console.log(`\n## ${site.name}: bytes until the first result of '${site.first}' (gzip)`);
      const lines: string[] = [];
      for (const run of runs) {
        const lazy = run.first.lazy;
        const client = run.side.chunks.get('client.js')!;
        const total = client + lazy + run.first.index;
        lines.push(
          `${run.side.label.padEnd(9)} client ${kb(client)} + lazy ${kb(lazy)} (${run.first.lazyNames.join(', ') || 'none'}) + index data ${kb(run.first.index)} (${run.first.files} files) = ${kb(total)}; whole index ${kb(run.index.gzip)} gz (${kb(run.index.raw)} raw, ${run.index.files} files)`,
        );
      }
      console.log(lines.join('\n'));
      const totals = runs.map((run) => run.side.chunks.get('client.js')! + run.first.lazy + run.first.index);
      if (runs.length === 1) {
        const recorded = RECORDED.sites[site.name]!;
        const total = RECORDED.client + recorded.lazy + recorded.index;
        console.log(
          `${RECORDED.commit.padEnd(9)} client ${kb(RECORDED.client)} + lazy ${kb(recorded.lazy)} + index data ${kb(recorded.index)} (${recorded.files} files) = ${kb(total)}; whole index ${kb(recorded.whole.gzip)} gz (${kb(recorded.whole.raw)} raw, ${recorded.whole.files} files) (recorded)`,
        );
        totals.push(total);
      }
      console.log(`now − ${runs[1]?.side.label ?? RECORDED.commit}: ${plusKb(totals[0]! - totals[1]!)} (issue #20's budget against ${RECORDED.commit}: +2.0 KB)`);

      // The same answers for every query and each prefix: hits with their highlights and snippets.
      const queries = [...site.queries, ...typingPrefixes(site.queries)];
      const clients = runs.map((run) => run.side.create({ url: `${run.server.url}/sitesearch/` }));
      const answers = await Promise.all(clients.map(async (client) => Promise.all(queries.map(async (query) => JSON.stringify((({ processingTimeMS, ...answer }) => answer)((await search(client, query)).results[0]!))))));
      if (clients.length === 2) {
        const differing = queries.filter((_, i) => answers[0]![i] !== answers[1]![i]);
        console.log(`answers (${WIDGET_PARAMS.hitsPerPage} hits with highlights and snippets, nbHits, nbPages…) differing from the baseline's: ${differing.length} of ${queries.length} searches${differing.length ? ` (${differing.slice(0, 6).join(' | ')}…)` : ''}`);
      }

      // Warm latency: each query through each client in turn (which goes first alternates), rounds
      // after rounds. The p95 of all timings catches a GC pause or a busy core as much as the code;
      // the p95 over the queries of each one's median time is the code's.
      const times = clients.map(() => queries.map(() => [] as number[]));
      for (let round = 0; round < rounds; round++) {
        for (const [q, query] of queries.entries()) {
          for (let c = 0; c < clients.length; c++) {
            const i = (round + q) % 2 === 0 ? c : clients.length - 1 - c;
            const started = performance.now();
            await search(clients[i]!, query);
            times[i]![q]!.push(performance.now() - started);
          }
        }
      }
      const figures = times.map((perQuery) => {
        const all = perQuery.flat();
        const medians = perQuery.map((values) => percentile(values, 50));
        return { median: percentile(all, 50), p95: percentile(all, 95), p95OfMedians: percentile(medians, 95) };
      });
      console.log(`warm latency, ${queries.length} searches × ${rounds} rounds, clients alternating:`);
      for (const [i, run] of runs.entries()) {
        const { median, p95, p95OfMedians } = figures[i]!;
        console.log(`${run.side.label.padEnd(9)} median ${ms(median)}, p95 ${ms(p95)}; p95 of the queries' medians ${ms(p95OfMedians)}`);
      }
      if (runs.length === 2) {
        const ratio = (key: keyof (typeof figures)[number]): string => `×${(figures[0]![key] / figures[1]![key]).toFixed(2)}`;
        console.log(`now / baseline: median ${ratio('median')}, p95 ${ratio('p95')}, p95 of medians ${ratio('p95OfMedians')} (budget: p95 ×1.10)`);
      }
    } finally {
      for (const run of runs) await run.server.close();
    }
  }
  await rm(OUT, { recursive: true, force: true });
}

await mkdir(OUT, { recursive: true });
await main();
