/**
 * `pnpm bench`: SiteSearch's local index against Pagefind and default MiniSearch on the same
 * pages, in the same run. Prints each figure next to its baseline; never fails on a figure.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build as esbuild } from 'esbuild';
import MiniSearch from 'minisearch';
import { createLocalSearchClient } from '../src/client/index.js';
import { SearchEngine } from '../src/engine/engine.js';
import { indexSite } from '../src/indexer/site.js';
import { fileSource } from '../src/indexer/write-index.js';
import type { DocRecord } from '../src/records.js';
import { startStaticServer } from '../src/test-support/static-server.js';
import { loadPagefind, pagefindHits, retrySocketFailures, WIDGET_PARAMS } from './engines.js';
import { VITE_QUERIES, VITEST_QUERIES, type RelevanceQuery } from './queries.js';
import { findCorpus, renderCorpusSite } from './render-corpus.js';
import { parseUrl } from './scoring.js';
import { writeSyntheticSite } from './synthetic-site.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const OUT = join(HERE, '..', '.generated', 'bench');
const SYNTHETIC_PAGES = Number(process.env.SITESEARCH_BENCH_PAGES ?? 10_000);
/** Threads of our indexer (default: one per core, as in real use), passed as `--workers`. */
const BENCH_WORKERS = process.env.SITESEARCH_BENCH_WORKERS ? Number(process.env.SITESEARCH_BENCH_WORKERS) : undefined;
/** Timed builds per tool and site (after one untimed warm-up each); the synthetic site gets `SCALE_RUNS`. */
const RUNS = Number(process.env.SITESEARCH_BENCH_RUNS ?? 5);
const SCALE_RUNS = Number(process.env.SITESEARCH_BENCH_SCALE_RUNS ?? 3);
/**
 * `SITESEARCH_BENCH_INDEXER_ONLY=1`: only what the indexer's work shows in (build times, memory,
 * files, relevance of the index built); the query latency and bytes-fetched sections are left out.
 */
const INDEXER_ONLY = process.env.SITESEARCH_BENCH_INDEXER_ONLY === '1';
const CLI = join(HERE, '..', 'dist', 'cli.js');
const PAGEFIND_LIB = dirname(fileURLToPath(import.meta.resolve('pagefind')));
// The loopback fetch retry (see engines.ts): both search clients go through it.
retrySocketFailures();

// ---------------------------------------------------------------- printing

const rows: string[] = [];
function heading(text: string): void {
  console.log(`\n## ${text}`);
}
function row(metric: string, ours: string, ...baselines: string[]): void {
  const line = `${metric.padEnd(44)} ${ours.padEnd(22)} ${baselines.map((b) => b.padEnd(22)).join(' ')}`;
  rows.push(line);
  console.log(line);
}
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number): string => `${value < 10 ? value.toFixed(2) : value.toFixed(0)} ms`;

// ---------------------------------------------------------------- helpers

async function folderBytes(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function typingPrefixes(queries: string[]): string[] {
  return queries.flatMap((query) => Array.from({ length: query.length }, (_, i) => query.slice(0, i + 1)));
}

function matches(url: string, expected: RelevanceQuery): boolean {
  const { page, anchor } = parseUrl(url);
  const wanted = expected.page.length > 1 ? expected.page.replace(/\/$/, '') : expected.page;
  return page === wanted && (!expected.anchor || anchor === expected.anchor);
}

function relevance(lists: string[][], queries: RelevanceQuery[]): { mrr: number; success1: number } {
  let reciprocal = 0;
  let first = 0;
  lists.forEach((urls, i) => {
    const rank = urls.slice(0, 5).findIndex((url) => matches(url, queries[i]!));
    if (rank >= 0) reciprocal += 1 / (rank + 1);
    if (rank === 0) first++;
  });
  return { mrr: reciprocal / queries.length, success1: first / queries.length };
}

interface ProcessSample {
  /** High-water mark of resident memory (VmHWM), MB. */
  peakRssMB: number;
  /** User + system CPU time, ms. */
  cpuMs: number;
}

/** VmHWM and CPU time of `pid` and its descendants, from Linux's /proc (empty where there is none). */
function sampleTree(pid: number, into: Map<number, ProcessSample>): void {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 per second on Linux).
    const cpuMs = (Number(stat[11]) + Number(stat[12])) * 10;
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    into.set(pid, { peakRssMB: Math.max(into.get(pid)?.peakRssMB ?? 0, kb / 1024), cpuMs: Math.max(into.get(pid)?.cpuMs ?? 0, cpuMs) });
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      for (const child of readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean)) sampleTree(Number(child), into);
    }
  } catch {
    // A process that exits between two reads: its last sample stands.
  }
}

interface TimedRun {
  ms: number;
  stdout: string;
  /** Largest VmHWM of the processes of the command (sampled every 20 ms), null without /proc. */
  peakRssMB: number | null;
  /** CPU time of all its processes (their last samples: up to 20 ms short each), null without /proc. */
  cpuMs: number | null;
}

/**
 * One command, timed from spawn to exit by this process, the same way for both tools; its
 * processes' peak memory and CPU time sampled from /proc meanwhile.
 */
function timeCommand(command: string, args: string[]): Promise<TimedRun> {
  return new Promise((resolve, reject) => {
    const samples = new Map<number, ProcessSample>();
    const started = performance.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setInterval(() => child.pid !== undefined && sampleTree(child.pid, samples), 20);
    child.on('error', reject);
    child.on('exit', (code) => {
      const ms = performance.now() - started;
      clearInterval(timer);
      if (code !== 0) return reject(new Error(`${command} ${args.join(' ')} exited with ${code}: ${stderr.trim()}`));
      const values = [...samples.values()];
      resolve({
        ms,
        stdout,
        peakRssMB: values.length > 0 ? Math.max(...values.map((sample) => sample.peakRssMB)) : null,
        cpuMs: values.length > 0 ? values.reduce((sum, sample) => sum + sample.cpuMs, 0) : null,
      });
    });
  });
}

/**
 * The commands timed: ours, Pagefind's npm CLI (what `npx pagefind` runs: a Node wrapper that
 * runs the binary), its binary alone; and with `SITESEARCH_BENCH_BASELINE_CLI=<cli.js>` (an
 * earlier build of ours, for before/after figures) that one too, in the same turns.
 */
type Tool = 'ours' | 'pagefind' | 'pagefind binary' | 'baseline';
const BASELINE_CLI = process.env.SITESEARCH_BENCH_BASELINE_CLI;
/** Run order: the baseline first, so that the index left for the later sections is ours. */
const TOOLS: Tool[] = [...(BASELINE_CLI ? (['baseline'] as const) : []), 'ours', 'pagefind', 'pagefind binary'];
/** Column order of the tables. */
const COLUMNS: Tool[] = ['ours', 'pagefind', 'pagefind binary', ...(BASELINE_CLI ? (['baseline'] as const) : [])];

async function commandOf(tool: Tool, siteDir: string): Promise<[string, string[]]> {
  if (tool === 'ours' || tool === 'baseline') {
    return [process.execPath, [tool === 'ours' ? CLI : BASELINE_CLI!, 'index', siteDir, '--clean-urls', ...(BENCH_WORKERS ? ['--workers', String(BENCH_WORKERS)] : [])]];
  }
  if (tool === 'pagefind') return [process.execPath, [join(PAGEFIND_LIB, 'runner', 'bin.cjs'), '--site', siteDir]];
  const { resolveBinaryPath } = (await import(pathToFileURL(join(PAGEFIND_LIB, 'resolveBinary.js')).href)) as { resolveBinaryPath(names: string[]): string };
  return [resolveBinaryPath(['pagefind_extended', 'pagefind']), ['--site', siteDir]];
}

interface BuildFigures {
  ms: number[];
  peakRssMB: number | null;
  cpuMs: number | null;
  /** What the last run printed. */
  stdout: string;
}

/** The folder each tool writes its index to, removed (untimed) before each of its runs. */
const OUTPUT: Record<Tool, string> = { ours: 'sitesearch', pagefind: 'pagefind', 'pagefind binary': 'pagefind', baseline: 'sitesearch' };

/**
 * Each tool builds the index of `siteDir` `runs` times, as whole commands, in turn (ours,
 * Pagefind, Pagefind's binary, ours, …) so that a change in the machine's load hits all alike.
 * Before each run the tool's index is removed (untimed): every build starts from a site without
 * one, as on CI. One untimed warm-up run each first (pages and binaries in the page cache).
 * Both indexes stay for the sections that search them.
 */
async function timeBuilds(siteDir: string, runs: number): Promise<Record<Tool, BuildFigures>> {
  const figures = Object.fromEntries(TOOLS.map((tool) => [tool, { ms: [], peakRssMB: null, cpuMs: null, stdout: '' }])) as unknown as Record<Tool, BuildFigures>;
  const cpu: Record<Tool, number[]> = { ours: [], pagefind: [], 'pagefind binary': [], baseline: [] };
  for (let run = 0; run <= runs; run++) {
    for (const tool of TOOLS) {
      await rm(join(siteDir, OUTPUT[tool]), { recursive: true, force: true });
      const [command, args] = await commandOf(tool, siteDir);
      const timed = await timeCommand(command, args);
      figures[tool].stdout = timed.stdout;
      if (run === 0) continue;
      figures[tool].ms.push(timed.ms);
      if (timed.peakRssMB !== null) figures[tool].peakRssMB = Math.max(figures[tool].peakRssMB ?? 0, timed.peakRssMB);
      if (timed.cpuMs !== null) cpu[tool].push(timed.cpuMs);
    }
  }
  for (const tool of TOOLS) figures[tool].cpuMs = cpu[tool].length > 0 ? median(cpu[tool]) : null;
  return figures;
}

/** Pages, records and files of our last build, from what the CLI printed, and its gzipped bytes. */
async function ourIndex(siteDir: string, stdout: string): Promise<{ pages: number; records: number; files: number; bytes: number; gzipBytes: number }> {
  const indexed = /Indexed (\d+) pages into (\d+) records/.exec(stdout);
  if (!indexed) throw new Error(`unexpected output of sitesearch index: ${stdout}`);
  const dir = join(siteDir, 'sitesearch');
  const { files, bytes } = await folderBytes(dir);
  let gzipBytes = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) gzipBytes += gzipSync(await readFile(join(entry.parentPath, entry.name))).length;
  }
  return { pages: Number(indexed[1]), records: Number(indexed[2]), files, bytes, gzipBytes };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** `median (min–max)` of a tool's build times. */
function times(figures: BuildFigures): string {
  return `${ms(median(figures.ms))} (${ms(Math.min(...figures.ms))}–${ms(Math.max(...figures.ms))})`;
}

/** Source files newer than the built CLI: the bench times `dist`, so it says when that is not the code in `src`. */
function staleSources(): string[] {
  const built = statSync(CLI, { throwIfNoEntry: false })?.mtimeMs;
  if (built === undefined) throw new Error(`${CLI} is missing: run \`pnpm -C packages/local build\` first (the bench times the built CLI)`);
  const src = join(HERE, '..', 'src');
  return readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts') && statSync(join(src, path)).mtimeMs > built);
}

const peakRss = (mb: number | null): string => (mb === null ? 'not measured (no /proc)' : `${mb.toFixed(0)} MB`);
const cpuTime = (value: number | null): string => (value === null ? 'not measured (no /proc)' : ms(value));

function gzipOf(served: { path: string }[], root: string): Promise<number> {
  return Promise.all(served.map(async (file) => gzipSync(await readFile(join(root, file.path))).length)).then((sizes) => sizes.reduce((a, b) => a + b, 0));
}

async function bytesBeforeFirstResult(siteDir: string, query: string, pagefindJsGzip: number): Promise<{ ours: string; pagefind: string }> {
  const server = await startStaticServer(siteDir);
  try {
    const client = createLocalSearchClient({ url: `${server.url}/sitesearch/` });
    await client.search({ requests: [{ indexName: 'docs', query, ...WIDGET_PARAMS, hitsPerPage: 5 }] });
    const oursRaw = server.served.reduce((sum, file) => sum + file.bytes, 0);
    const oursGzip = await gzipOf(server.served, siteDir);
    const oursFiles = server.served.length;
    server.reset();
    const module = await loadPagefind(server, siteDir, `first-${query}`);
    await pagefindHits(module, query);
    // Pagefind's files are compressed on disk, so served bytes are wire bytes; add its loader script.
    const pagefindBytes = server.served.reduce((sum, file) => sum + file.bytes, 0) + pagefindJsGzip;
    return {
      ours: `${kb(oursGzip)} gz (${kb(oursRaw)} raw, ${oursFiles} files)`,
      pagefind: `${kb(pagefindBytes)} (${server.served.length + 1} files)`,
    };
  } finally {
    await server.close();
  }
}

/**
 * A query typed letter by letter with no pause, every keystroke's search superseding the last, as
 * in the modal: index data (gzip) fetched until the last answer, with each superseded search's
 * signal aborted (what the modal does) or not (every search fetches the records of its hits).
 */
async function typedBytes(siteDir: string, query: string, abort: boolean): Promise<string> {
  const server = await startStaticServer(siteDir);
  try {
    const client = createLocalSearchClient({ url: `${server.url}/sitesearch/` });
    let previous: AbortController | undefined;
    const searches = typingPrefixes([query]).map((prefix) => {
      previous?.abort();
      previous = new AbortController();
      const requestOptions = abort ? { signal: previous.signal } : undefined;
      // An aborted search rejects with an AbortError: the modal drops it, and so does this.
      return client.search({ requests: [{ indexName: 'docs', query: prefix, ...WIDGET_PARAMS }] }, requestOptions).catch(() => undefined);
    });
    await Promise.all(searches);
    const records = server.served.filter((file) => file.path.includes('/records/'));
    return `${kb(await gzipOf(server.served, siteDir))} gz (${server.served.length} files; records ${kb(await gzipOf(records, siteDir))}, ${records.length})`;
  } finally {
    await server.close();
  }
}

/**
 * What the first keystrokes of a visitor cost: `t`, then `tr`, on a fresh client (ours: index
 * data, gzip; Pagefind: wire bytes plus its loader, as above), and `tr` typed after `t`.
 */
async function keystrokeBytes(siteDir: string, pagefindJsGzip: number): Promise<{ label: string; ours: string; pagefind: string }[]> {
  const server = await startStaticServer(siteDir);
  const rows: { label: string; ours: string; pagefind: string }[] = [];
  const ours = async (queries: string[]): Promise<string> => {
    const client = createLocalSearchClient({ url: `${server.url}/sitesearch/` });
    for (const [i, query] of queries.entries()) {
      if (i === queries.length - 1) server.reset();
      await client.search({ requests: [{ indexName: 'docs', query, ...WIDGET_PARAMS, hitsPerPage: 5 }] });
    }
    const gzip = await gzipOf(server.served, siteDir);
    const terms = server.served.filter((file) => file.path.includes('/terms/'));
    return `${kb(gzip)} gz (${server.served.length} files; terms ${kb(await gzipOf(terms, siteDir))}, ${terms.length})`;
  };
  const theirs = async (queries: string[], fresh: string): Promise<string> => {
    server.reset();
    const module = await loadPagefind(server, siteDir, fresh);
    for (const [i, query] of queries.entries()) {
      if (i === queries.length - 1) server.reset();
      await pagefindHits(module, query);
    }
    const loader = queries.length === 1 ? pagefindJsGzip : 0;
    return `${kb(server.served.reduce((sum, file) => sum + file.bytes, 0) + loader)} (${server.served.length + (loader ? 1 : 0)} files)`;
  };
  try {
    for (const queries of [['t'], ['tr'], ['t', 'tr']]) {
      const label = queries.length === 1 ? `"${queries[0]}", fresh` : `"tr" after "t"`;
      rows.push({ label, ours: await ours(queries), pagefind: await theirs(queries, `keys-${queries.join('-')}-${Math.random()}`) });
    }
  } finally {
    await server.close();
  }
  return rows;
}

async function latency(run: (query: string) => Promise<unknown>, queries: string[]): Promise<{ p50: number; p95: number }> {
  for (const query of queries) await run(query);
  const times: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (const query of queries) {
      const started = performance.now();
      await run(query);
      times.push(performance.now() - started);
    }
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

function defaultMiniSearch(records: DocRecord[]): MiniSearch {
  const fields = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6', 'content'];
  const miniSearch = new MiniSearch({ fields, storeFields: ['url'] });
  miniSearch.addAll(records.map((record, id) => ({ id, url: record.url, content: record.content ?? '', ...record.hierarchy })));
  return miniSearch;
}

// ---------------------------------------------------------------- the run

async function main(): Promise<void> {
  let corpus: string;
  try {
    corpus = findCorpus();
  } catch (error) {
    console.error(`bench: ${(error as Error).message}`);
    process.exitCode = 1;
    return;
  }
  console.log(`SiteSearch local index bench — Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`);
  console.log('Columns: metric, @sitesearch/local, then the baseline(s) named in each section.');
  console.log(`Cores: ${availableParallelism()}; indexer threads: ${BENCH_WORKERS ?? 'one per core'}; load average ${loadavg()[0]!.toFixed(1)} (times are wall clock: compare within a run)`);

  // Split as a site's bundler splits it: each language's stemmer is a chunk of its own, loaded
  // only for an index in that language (an English site loads the client and `en`).
  const clientBundle = await esbuild({
    entryPoints: { client: join(HERE, '../src/client/index.ts') },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    splitting: true,
    outdir: '/bench-client',
    chunkNames: '[name]',
    write: false,
  });
  const chunkGzip = (name: string): number => gzipSync(clientBundle.outputFiles.find((file) => file.path.endsWith(`/${name}.js`))!.contents).length;
  const clientGzip = chunkGzip('client');
  const stemmerGzip = Object.fromEntries(['en', 'fr', 'de', 'es', 'pt', 'it', 'nl', 'ru'].map((language) => [language, chunkGzip(language)]));

  const stale = staleSources();
  if (stale.length > 0) console.log(`NOTE: src is newer than dist (${stale.slice(0, 3).join(', ')}${stale.length > 3 ? ', …' : ''}): build times are of dist; run \`pnpm -C packages/local build\` first`);
  console.log(
    `Build times: whole commands, timed from spawn to exit, the index removed before each run (untimed), one warm-up run then ${RUNS} runs of each (${SCALE_RUNS} on the synthetic site) in turn; median (min–max).\n` +
      '  local = node dist/cli.js index <dir> --clean-urls; Pagefind = its npm CLI (`npx pagefind --site <dir>`: a Node wrapper that runs the binary); binary = the Pagefind binary alone.\n' +
      '  Peak memory: the largest VmHWM among the processes of the command; CPU: user + system time of all of them (median), both sampled from /proc every 20 ms.',
  );

  const sites: Record<string, { dir: string; pages: number; pagefindJsGzip: number }> = {};
  heading(`Index build (same rendered pages)                  local                  Pagefind               Pagefind binary${BASELINE_CLI ? '        local (baseline)' : ''}`);
  for (const [name, title] of [
    ['vite', 'Vite'],
    ['vitest', 'Vitest'],
  ] as const) {
    const rendered = await renderCorpusSite(join(corpus, name), join(OUT, name), title);
    const built = await timeBuilds(rendered.dir, RUNS);
    const ours = await ourIndex(rendered.dir, built.ours.stdout);
    const pf = await folderBytes(join(rendered.dir, 'pagefind'));
    const pagefindJsGzip = gzipSync(await readFile(join(rendered.dir, 'pagefind', 'pagefind.js'))).length;
    sites[name] = { dir: rendered.dir, pages: rendered.pages, pagefindJsGzip };
    row(`${title}: pages / records`, `${ours.pages} / ${ours.records}`, `${rendered.pages} pages`);
    row(`${title}: build time`, ...COLUMNS.map((tool) => times(built[tool])) as [string, ...string[]]);
    row(`${title}: build CPU time (user + sys)`, ...COLUMNS.map((tool) => cpuTime(built[tool].cpuMs)) as [string, ...string[]]);
    row(`${title}: peak memory (RSS)`, ...COLUMNS.map((tool) => peakRss(built[tool].peakRssMB)) as [string, ...string[]]);
    row(`${title}: bytes written (files)`, `${kb(ours.bytes)} (${ours.files})`, `${kb(pf.bytes)} (${pf.files})`);
    row(`${title}: bytes written, gzipped JSON`, kb(ours.gzipBytes), 'n/a (stored compressed)');
  }

  heading('Relevance on the Vite docs (MRR@5, success@1)      local                  Pagefind               MiniSearch defaults');
  const vite = sites.vite!;
  const viteRecords = (await indexSite({ dir: vite.dir, cleanUrls: true })).records;
  const known = new Set(viteRecords.map((record) => record.url));
  const knownPages = new Set(viteRecords.map((record) => parseUrl(record.url).page));
  for (const query of VITE_QUERIES) {
    const target = query.anchor ? `${query.page}#${query.anchor}` : query.page;
    if (query.anchor ? !known.has(target) : !knownPages.has(query.page)) console.log(`  note: expected ${target} for "${query.query}" is not in the rendered site`);
  }
  const engine = new SearchEngine(fileSource(join(vite.dir, 'sitesearch')));
  const oursLists: string[][] = [];
  for (const query of VITE_QUERIES) oursLists.push((await engine.search({ query: query.query, hitsPerPage: 5 })).hits.map((hit) => hit.url));
  const miniSearch = defaultMiniSearch(viteRecords);
  const miniLists = VITE_QUERIES.map((query) => miniSearch.search(query.query).slice(0, 5).map((result) => String(result.url)));
  const viteServer = await startStaticServer(vite.dir);
  const pagefindVite = await loadPagefind(viteServer, vite.dir, 'relevance');
  const pagefindLists: string[][] = [];
  for (const query of VITE_QUERIES) pagefindLists.push(await pagefindHits(pagefindVite, query.query));
  const scores = [oursLists, pagefindLists, miniLists].map((lists) => relevance(lists, VITE_QUERIES));
  row(`MRR@5 (${VITE_QUERIES.length} queries)`, ...scores.map((score) => score.mrr.toFixed(3)) as [string, ...string[]]);
  row('success@1', ...scores.map((score) => `${(score.success1 * 100).toFixed(0)} %`) as [string, ...string[]]);
  for (const kind of ['words', 'api', 'typo', 'partial'] as const) {
    const picked = VITE_QUERIES.map((query, i) => [query, i] as const).filter(([query]) => query.kind === kind);
    const subset = picked.map(([query]) => query);
    const perEngine = [oursLists, pagefindLists, miniLists].map((lists) => relevance(picked.map(([, i]) => lists[i]!), subset));
    row(`  MRR@5, ${kind} (${subset.length})`, ...perEngine.map((score) => score.mrr.toFixed(3)) as [string, ...string[]]);
  }
  const misses = VITE_QUERIES.filter((query, i) => !oursLists[i]!.slice(0, 5).some((url) => matches(url, query)));
  if (misses.length > 0) console.log(`  local misses in top 5: ${misses.map((query) => `"${query.query}"`).join(', ')}`);

  await viteServer.close();
  if (!INDEXER_ONLY) await querySections(sites, vite, clientGzip, stemmerGzip);
  await scaleSection(viteRecords, sites);
  console.log(`\nGenerated sites and indexes: ${relative(process.cwd(), OUT)}`);
}

/** Query latency and the bytes a first search fetches, on the Vite and Vitest docs. */
async function querySections(
  sites: Record<string, { dir: string; pages: number; pagefindJsGzip: number }>,
  vite: { dir: string; pagefindJsGzip: number },
  clientGzip: number,
  stemmerGzip: Record<string, number>,
): Promise<void> {
  const viteServer = await startStaticServer(vite.dir);
  heading('Query latency in Node, warm (typed letter by letter) local                 Pagefind');
  for (const [name, queries] of [
    ['vite', VITE_QUERIES.map((query) => query.query)],
    ['vitest', VITEST_QUERIES],
  ] as const) {
    const site = sites[name]!;
    const server = name === 'vite' ? viteServer : await startStaticServer(site.dir);
    const siteEngine = new SearchEngine(fileSource(join(site.dir, 'sitesearch')));
    const prefixes = typingPrefixes([...queries]);
    const ours = await latency((query) => siteEngine.search({ query, ...WIDGET_PARAMS }), prefixes);
    const module = await loadPagefind(server, site.dir, `latency-${name}`);
    const theirs = await latency((query) => pagefindHits(module, query), prefixes);
    row(`${name}: p50 / p95 (${prefixes.length} searches x3)`, `${ms(ours.p50)} / ${ms(ours.p95)}`, `${ms(theirs.p50)} / ${ms(theirs.p95)}`);
    if (server !== viteServer) await server.close();
  }
  await viteServer.close();

  heading('Bytes fetched before the first result               local                  Pagefind');
  row('client code (minified, gzip)', kb(clientGzip), `${kb(vite.pagefindJsGzip)} + wasm`);
  row('  + stemmer chunk of an English index', `${kb(clientGzip + stemmerGzip.en!)} (en ${kb(stemmerGzip.en!)})`, '');
  row('  stemmer chunks, gzip each', Object.entries(stemmerGzip).map(([language, bytes]) => `${language} ${kb(bytes)}`).join(', '), '');
  const viteBytes = await bytesBeforeFirstResult(vite.dir, 'server proxy', vite.pagefindJsGzip);
  row('vite, "server proxy" (index data)', viteBytes.ours, viteBytes.pagefind);
  const vitestBytes = await bytesBeforeFirstResult(sites.vitest!.dir, 'mock', sites.vitest!.pagefindJsGzip);
  row('vitest, "mock" (index data)', vitestBytes.ours, vitestBytes.pagefind);
  row('vite, "server port" typed, no pause (20 hits)', await typedBytes(vite.dir, 'server port', true), '');
  row('  the same, superseded searches not aborted', await typedBytes(vite.dir, 'server port', false), '');
}

/** The synthetic site: build time and memory as the site grows, then (unless indexer-only) what its first searches fetch. */
async function scaleSection(viteRecords: DocRecord[], sites: Record<string, { dir: string; pagefindJsGzip: number }>): Promise<void> {
  heading(`Scale: synthetic site of ${SYNTHETIC_PAGES} pages                local                  Pagefind               Pagefind binary${BASELINE_CLI ? '        local (baseline)' : ''}`);
  const vocabulary = [...new Set(viteRecords.flatMap((record) => (record.content ?? '').toLowerCase().match(/[a-z]{3,}/g) ?? []))];
  const syntheticDir = join(OUT, 'synthetic');
  await writeSyntheticSite(syntheticDir, SYNTHETIC_PAGES, vocabulary);
  const scaleBuilt = await timeBuilds(syntheticDir, SCALE_RUNS);
  const scale = await ourIndex(syntheticDir, scaleBuilt.ours.stdout);
  const pfScale = await folderBytes(join(syntheticDir, 'pagefind'));
  row('records', String(scale.records), '');
  row('build time', ...COLUMNS.map((tool) => times(scaleBuilt[tool])) as [string, ...string[]]);
  row('build CPU time (user + sys)', ...COLUMNS.map((tool) => cpuTime(scaleBuilt[tool].cpuMs)) as [string, ...string[]]);
  row('peak memory (RSS)', ...COLUMNS.map((tool) => peakRss(scaleBuilt[tool].peakRssMB)) as [string, ...string[]]);
  row('bytes written (files)', `${kb(scale.bytes)} (${scale.files})`, `${kb(pfScale.bytes)} (${pfScale.files})`);
  // Pagefind stores its files compressed; this is ours as a static host would serve them.
  row('bytes written, gzipped JSON', kb(scale.gzipBytes), 'n/a (stored compressed)');
  const pagefindJsGzip = gzipSync(await readFile(join(syntheticDir, 'pagefind', 'pagefind.js'))).length;
  const scaleBytes = await bytesBeforeFirstResult(syntheticDir, vocabulary[40] ?? 'server', pagefindJsGzip);
  row(`bytes before first result ("${vocabulary[40]}")`, scaleBytes.ours, scaleBytes.pagefind);
  if (INDEXER_ONLY) return;

  heading('First keystrokes: bytes fetched (5 hits)          local                  Pagefind');
  for (const [name, dir, jsGzip] of [
    ['vitest', sites.vitest!.dir, sites.vitest!.pagefindJsGzip],
    [`${SYNTHETIC_PAGES} pages`, syntheticDir, pagefindJsGzip],
  ] as const) {
    for (const keystroke of await keystrokeBytes(dir, jsGzip)) row(`${name}: ${keystroke.label}`, keystroke.ours, keystroke.pagefind);
  }
}

main().catch((error: unknown) => {
  console.error(`bench: ${(error as Error).stack ?? String(error)}`);
  // Its static servers would keep the process (and `pnpm bench`) waiting forever.
  process.exit(1);
});
