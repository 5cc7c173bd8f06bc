/**
 * `tsx bench/analytics.ts`: the cost of `serve --analytics`.
 *
 * 1. The report (`sitesearch analytics --json`, built CLI, its own process) over a generated
 *    log of 1,000,000 settled searches (with click events for some and assistant questions),
 *    written by the log writer itself (so rotated as the server rotates it): wall time and
 *    CPU time and peak RSS, measured by /usr/bin/time. Target: under 10 s and 300 MB.
 * 2. Search latency with recording on and off, same run: two `sitesearch serve` on the Vite
 *    docs index, one with --analytics, queried in alternating rounds by one keep-alive client
 *    sending the widget's request typed letter by letter with clickAnalytics and a user token.
 *    Target: no measurable difference at p95.
 * Prints figures; never fails on one. SITESEARCH_BENCH_SEARCHES changes the log's size.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { IncomingMessage } from 'node:http';
import { AnalyticsLog } from '../src/analytics/log.js';
import { AnalyticsRecorder } from '../src/analytics/recorder.js';
import { SearchEngine } from '../src/engine/engine.js';
import { fileSource } from '../src/indexer/write-index.js';
import { buildSiteIndex } from '../src/indexer/build-site.js';
import { WIDGET_PARAMS } from './engines.js';
import { VITE_QUERIES } from './queries.js';
import { findCorpus, renderCorpusSite } from './render-corpus.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const OUT = join(HERE, '..', '.generated', 'analytics');
const BUILT_CLI = join(HERE, '..', 'dist', 'cli.js');
const CLI = join(HERE, '..', 'src', 'cli.ts');
const SEARCHES = Number(process.env.SITESEARCH_BENCH_SEARCHES ?? 1_000_000);
const ROUNDS = 6;
const SECONDS_PER_ROUND = Number(process.env.SITESEARCH_BENCH_SECONDS ?? 2);
const AUTH = { 'x-algolia-application-id': 'SITESEARCH', 'x-algolia-api-key': 'sitesearch-local-search-key' };
const TYPED = VITE_QUERIES.flatMap(({ query }) => Array.from({ length: query.length }, (_, i) => query.slice(0, i + 1)));

/** A small deterministic generator: the same log every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

async function generateLog(dir: string, searches: number): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const next = random(32);
  // 20,000 distinct queries, the frequent ones far more frequent (Zipf-like), and 50,000 readers.
  const words = VITE_QUERIES.flatMap(({ query }) => query.split(/\s+/));
  const queries = Array.from({ length: 20_000 }, (_, i) => (i < VITE_QUERIES.length ? VITE_QUERIES[i]!.query : `${words[i % words.length]} ${words[(i * 7) % words.length]} ${i}`));
  const hex = (): string => Math.floor(next() * 2 ** 32).toString(16).padStart(8, '0');
  const start = Date.parse('2026-10-01T00:00:00Z');
  const log = new AnalyticsLog({ dir, onProblem: (message) => console.error(message) });
  for (let i = 0; i < searches; i++) {
    const time = new Date(start + Math.floor((i / searches) * 30 * 86_400_000)).toISOString();
    const query = queries[Math.floor(queries.length * next() ** 3)]!;
    const userToken = `anonymous-${Math.floor(next() * 50_000)}`;
    const tracked = next() < 0.6;
    const queryID = tracked ? hex() + hex() + hex() + hex() : undefined;
    const nbHits = next() < 0.1 ? 0 : 1 + Math.floor(next() * 40);
    log.append({ type: 'search', time, index: 'docs', query, nbHits, userToken, ...(queryID ? { queryID } : {}) });
    if (queryID && nbHits > 0 && next() < 0.4) {
      const position = 1 + Math.floor(next() ** 2 * Math.min(nbHits, 20));
      const objectID = `/guide/page-${Math.floor(next() * 500)}#${position}`;
      log.append({ type: 'event', time, eventType: 'click', eventName: 'Item Selected', index: 'docs', userToken, queryID, objectIDs: [objectID], positions: [position], urls: [objectID.replace('#', '#section-')] });
    }
    if (i % 50 === 0) log.append({ type: 'question', time, index: 'docs', question: `How do I ${query}?`, answered: next() < 0.7 });
    if (i % 10_000 === 0) await log.flush();
  }
  await log.close();
}

async function folderBytes(dir: string): Promise<{ files: number; bytes: number }> {
  const names = await readdir(dir);
  const sizes = await Promise.all(names.map(async (name) => (await stat(join(dir, name))).size));
  return { files: names.length, bytes: sizes.reduce((a, b) => a + b, 0) };
}

async function reportBench(): Promise<void> {
  const dir = join(OUT, `log-${SEARCHES}`);
  if (!existsSync(join(dir, 'analytics.jsonl'))) {
    const began = performance.now();
    await generateLog(dir, SEARCHES);
    console.log(`Generated the log in ${((performance.now() - began) / 1000).toFixed(1)} s`);
  }
  const { files, bytes } = await folderBytes(dir);
  if (!existsSync(BUILT_CLI)) throw new Error(`bench: ${BUILT_CLI} is missing; run pnpm --filter @sitesearch/local build first`);
  console.log(`\nReport over ${SEARCHES.toLocaleString('en')} searches (${files} files, ${(bytes / 1024 / 1024).toFixed(0)} MB) — Node ${process.version}, ${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}`);
  for (let run = 1; run <= 3; run++) {
    const { stderr } = await promisify(execFile)('/usr/bin/time', ['-f', '%e %U %S %M', process.execPath, BUILT_CLI, 'analytics', OUT, '--analytics-dir', dir, '--json'], { maxBuffer: 64 * 1024 * 1024 });
    const [seconds, user, system, kb] = stderr.trim().split('\n').pop()!.split(' ').map(Number) as [number, number, number, number];
    // On a shared machine the wall time is mostly waiting for a core: the CPU time is the report's own.
    console.log(`  run ${run}: ${seconds.toFixed(2)} s wall, ${(user + system).toFixed(2)} s CPU, peak RSS ${(kb / 1024).toFixed(0)} MB   (targets: 10 s, 300 MB; load ${loadavg()[0]!.toFixed(1)})`);
  }
}

function post(agent: Agent, url: URL, path: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: url.hostname, port: url.port, method: 'POST', path, agent, headers: { ...AUTH, 'content-type': 'text/plain', 'content-length': String(Buffer.byteLength(body)) } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end(body);
  });
}

async function startServe(siteDir: string, args: string[]): Promise<{ child: ChildProcess; url: URL }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'serve', siteDir, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<URL>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match && output.includes('Press Ctrl+C')) resolve(new URL(match[1]!));
    });
    child.once('exit', (code) => reject(new Error(`sitesearch serve exited with ${code}: ${output}`)));
  });
  return { child, url };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function latencyBench(): Promise<void> {
  const siteDir = join(OUT, 'vite');
  if (!existsSync(join(siteDir, 'sitesearch', 'manifest.json'))) {
    await renderCorpusSite(join(findCorpus(), 'vite'), siteDir, 'Vite');
    await buildSiteIndex({ dir: siteDir, cleanUrls: true });
  }
  const logDir = join(OUT, 'latency-log');
  await rm(logDir, { recursive: true, force: true });
  const off = await startServe(siteDir, []);
  // SITESEARCH_BENCH_AA=1: both servers without --analytics, to see the noise of the comparison itself.
  const on = await startServe(siteDir, process.env.SITESEARCH_BENCH_AA ? [] : ['--analytics', '--analytics-dir', logDir]);
  const latencies = { off: [] as number[], on: [] as number[] };
  let reader = 0;
  try {
    const agents = { off: new Agent({ keepAlive: true, maxSockets: 1 }), on: new Agent({ keepAlive: true, maxSockets: 1 }) };
    const send = async (side: 'off' | 'on', i: number): Promise<number> => {
      // A new reader every query typed: the settle window has many readers pending, as on a busy site.
      if (i % 12 === 0) reader++;
      const body = JSON.stringify({ requests: [{ indexName: 'docs', query: TYPED[i % TYPED.length], clickAnalytics: true, userToken: `anonymous-${reader}`, ...WIDGET_PARAMS }] });
      const began = performance.now();
      const status = await post(agents[side], side === 'on' ? on.url : off.url, '/1/indexes/*/queries', body);
      if (status !== 200) throw new Error(`search answered ${status}`);
      return performance.now() - began;
    };
    // Untimed warm-up of both: every typed query once.
    for (let i = 0; i < TYPED.length; i++) for (const side of ['off', 'on'] as const) await send(side, i);
    let i = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const side of round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
        const deadline = performance.now() + SECONDS_PER_ROUND * 1000;
        while (performance.now() < deadline) latencies[side].push(await send(side, i++));
      }
    }
  } finally {
    off.child.kill('SIGTERM');
    on.child.kill('SIGTERM');
  }
  console.log(`\nSearch latency, one keep-alive client, ${ROUNDS} alternating rounds of ${SECONDS_PER_ROUND} s per server (Vite docs, widget request with clickAnalytics)`);
  for (const side of ['off', 'on'] as const) {
    const sorted = latencies[side].sort((a, b) => a - b);
    console.log(`  --analytics ${side.padEnd(3)}  ${String(sorted.length).padStart(6)} searches  p50 ${percentile(sorted, 50).toFixed(2)} ms  p95 ${percentile(sorted, 95).toFixed(2)} ms  p99 ${percentile(sorted, 99).toFixed(2)} ms`);
  }
}

/** What recording adds to one search, in-process: `recordSearch` timed against the engine's search of the same queries. */
async function recordCostBench(): Promise<void> {
  const siteDir = join(OUT, 'vite');
  const engine = new SearchEngine(fileSource(join(siteDir, 'sitesearch')));
  await engine.warm();
  const answers = [];
  for (const query of TYPED) answers.push({ query, result: await engine.search({ ...WIDGET_PARAMS, query }, 'docs') });
  const began = performance.now();
  for (const { query } of answers) await engine.search({ ...WIDGET_PARAMS, query }, 'docs');
  const searchMs = (performance.now() - began) / answers.length;
  const logDir = join(OUT, 'record-cost-log');
  await rm(logDir, { recursive: true, force: true });
  const recorder = new AnalyticsRecorder({ dir: logDir });
  const request = { headers: {}, socket: { remoteAddress: '127.0.0.1' } } as unknown as IncomingMessage;
  const calls = 200_000;
  const start = performance.now();
  for (let i = 0; i < calls; i++) {
    const { query, result } = answers[i % answers.length]!;
    recorder.recordSearch(request, 'docs', { query, clickAnalytics: true, userToken: `anonymous-${Math.floor(i / 12)}` }, { ...result, queryID: 'f'.repeat(32) });
    if (i % 1000 === 999) await new Promise((resolve) => setImmediate(resolve));
  }
  const recordUs = ((performance.now() - start) / calls) * 1000;
  await recorder.close();
  console.log(`\nRecording one search in-process: ${recordUs.toFixed(1)} µs (settling, URLs of its ${WIDGET_PARAMS.hitsPerPage} hits, the log line), against ${(searchMs * 1000).toFixed(0)} µs for the engine's search of the same queries (${((recordUs / (searchMs * 1000)) * 100).toFixed(1)}%)`);
}

if (!process.env.SITESEARCH_BENCH_LATENCY_ONLY) await reportBench();
await latencyBench();
await recordCostBench();
