/**
 * `tsx bench/server-load.ts`: the loopback server (`sitesearch serve`, in its own process) under
 * 1, 16 and 128 concurrent keep-alive clients, each sending the widget's search request for
 * queries typed letter by letter, for a bounded time per level. Prints searches per second and
 * latency percentiles, next to the same searches run in-process on the engine (no HTTP) as the
 * baseline, and chat answers (agent endpoint) per second. Never fails on a figure.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SearchEngine } from '../src/engine/engine.js';
import { buildSiteIndex } from '../src/indexer/build-site.js';
import { fileSource } from '../src/indexer/write-index.js';
import { WIDGET_PARAMS } from './engines.js';
import { VITE_QUERIES } from './queries.js';
import { findCorpus, renderCorpusSite } from './render-corpus.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const OUT = join(HERE, '..', '.generated', 'server-load');
const CLI = join(HERE, '..', 'src', 'cli.ts');
const SECONDS_PER_LEVEL = Number(process.env.SITESEARCH_BENCH_SECONDS ?? 3);
const SEARCH_LEVELS = [1, 16, 128];
const CHAT_LEVELS = [1, 16];
const AUTH = { 'x-algolia-application-id': 'SITESEARCH', 'x-algolia-api-key': 'sitesearch-local-search-key' };
const QUESTIONS = ['How do I configure the dev server proxy?', 'How do I use environment variables in Vite?', 'What does build.target do?', 'How do I create a plugin?'];

/** Every prefix of every relevance query: what typing them sends. */
const TYPED = VITE_QUERIES.flatMap(({ query }) => Array.from({ length: query.length }, (_, i) => query.slice(0, i + 1)));

interface LevelResult {
  clients: number;
  requests: number;
  failures: number;
  seconds: number;
  latencies: number[];
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function post(agent: Agent, url: URL, path: string, body: string, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: url.hostname, port: url.port, method: 'POST', path, agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** `clients` loops, each sending its next request as soon as the last one is answered, until the time is up. */
async function runLevel(clients: number, send: (i: number) => Promise<boolean>, seconds = SECONDS_PER_LEVEL): Promise<LevelResult> {
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const start = performance.now();
  const deadline = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const i = next++;
        const began = performance.now();
        const ok = await send(i).catch(() => false);
        latencies.push(performance.now() - began);
        if (!ok) failures++;
      }
    }),
  );
  return { clients, requests: latencies.length, failures, seconds: (performance.now() - start) / 1000, latencies: latencies.sort((a, b) => a - b) };
}

function row(label: string, result: LevelResult, unit: string): void {
  const rate = result.requests / result.seconds;
  const ms = (value: number): string => `${value < 10 ? value.toFixed(2) : value.toFixed(0)} ms`;
  console.log(
    `${label.padEnd(34)} ${`${rate.toFixed(0)} ${unit}/s`.padEnd(16)} p50 ${ms(percentile(result.latencies, 50)).padEnd(10)} p95 ${ms(percentile(result.latencies, 95)).padEnd(10)} ` +
      `(${result.requests} in ${result.seconds.toFixed(1)} s${result.failures ? `, ${result.failures} FAILED` : ''})`,
  );
}

async function startServe(siteDir: string): Promise<{ child: ChildProcess; url: URL }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'serve', siteDir, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<URL>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve(new URL(match[1]!));
    });
    child.once('exit', (code) => reject(new Error(`sitesearch serve exited with ${code}: ${output}`)));
  });
  return { child, url };
}

async function main(): Promise<void> {
  let corpus: string;
  try {
    corpus = findCorpus();
  } catch (error) {
    console.error(`bench: ${(error as Error).message}`);
    process.exitCode = 1;
    return;
  }
  const siteDir = join(OUT, 'vite');
  if (!existsSync(join(siteDir, 'sitesearch', 'manifest.json'))) {
    await renderCorpusSite(join(corpus, 'vite'), siteDir, 'Vite');
    await buildSiteIndex({ dir: siteDir, cleanUrls: true });
  }
  console.log(`\nLoopback server load — Node ${process.version}, ${SECONDS_PER_LEVEL} s per level, Vite docs index, widget search requests typed letter by letter`);
  console.log(`(server in its own process via \`sitesearch serve\`; clients in this one; ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)} at start)\n`);

  // Baseline: the same searches on the engine in this process, one at a time, no HTTP.
  const engine = new SearchEngine(fileSource(join(siteDir, 'sitesearch')));
  await engine.warm();
  const searchEngine = async (i: number): Promise<boolean> => (await engine.search({ ...WIDGET_PARAMS, query: TYPED[i % TYPED.length] }, 'docs'), true);
  // Every query once, untimed: shards loaded and code compiled, as in the server after its warm-up.
  for (let i = 0; i < TYPED.length; i++) await searchEngine(i);
  row('engine in-process (baseline)', await runLevel(1, searchEngine), 'searches');

  const { child, url } = await startServe(siteDir);
  try {
    const search = (agent: Agent) => async (i: number): Promise<boolean> => {
      const body = JSON.stringify({ requests: [{ indexName: 'docs', query: TYPED[i % TYPED.length], ...WIDGET_PARAMS }] });
      const { status, text } = await post(agent, url, '/1/indexes/*/queries', body, { ...AUTH, 'content-type': 'text/plain' });
      return status === 200 && text.startsWith('{"results":[');
    };
    // Untimed warm-up of the server: every typed query once, over 4 connections.
    const warmAgent = new Agent({ keepAlive: true, maxSockets: 4 });
    await Promise.all(Array.from({ length: 4 }, async (_, c) => {
      for (let i = c; i < TYPED.length; i += 4) await search(warmAgent)(i);
    }));
    warmAgent.destroy();
    for (const clients of SEARCH_LEVELS) {
      const agent = new Agent({ keepAlive: true, maxSockets: clients });
      const result = await runLevel(clients, search(agent));
      agent.destroy();
      row(`HTTP search, ${clients} client${clients > 1 ? 's' : ''}`, result, 'searches');
    }
    for (const clients of CHAT_LEVELS) {
      const agent = new Agent({ keepAlive: true, maxSockets: clients });
      const result = await runLevel(clients, async (i) => {
        const body = JSON.stringify({ id: `c${i}`, trigger: 'submit-message', messages: [{ id: `u${i}`, role: 'user', parts: [{ type: 'text', text: QUESTIONS[i % QUESTIONS.length] }] }] });
        const { status, text } = await post(agent, url, '/agent-studio/1/agents/bench/completions?stream=true&compatibilityMode=ai-sdk-5', body, { ...AUTH, 'content-type': 'application/json' });
        return status === 200 && text.endsWith('data: [DONE]\n\n');
      });
      agent.destroy();
      row(`HTTP chat answer, ${clients} client${clients > 1 ? 's' : ''}`, result, 'answers');
    }
  } finally {
    child.kill('SIGTERM');
  }
}

await main();
