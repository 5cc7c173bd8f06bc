/**
 * `pnpm bench` (assistant latency): the local assistant's time to its first text token on the
 * English held-out questions (vite-en and vitest-en), asked the two ways a site asks it:
 *  - over HTTP: the loopback server's agent endpoint (`sitesearch serve`'s engine, in this
 *    process), from sending the request to the first `text-delta` event read off the stream;
 *  - in the browser: Chromium running the bundled assistant over the browser's local search
 *    client, which fetches the built index files from a static server on loopback, from the
 *    call to the first `text-delta` chunk.
 * Each side first answers the dev questions of the same set once (warm-up: the JIT, and in the
 * browser the index files the dev questions fetch); the held-out questions then run once each.
 * Prints p50 / p95 per side; never fails on a figure.
 *
 *   tsx bench/assistant-latency.ts [--no-browser]
 */
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { chromium } from 'playwright-core';
import { buildSiteIndex } from '../src/indexer/build-site.js';
import { findChromium } from '../src/crawl/render.js';
import { DEFAULT_API_KEY, DEFAULT_APP_ID, startServer } from '../src/server/server.js';
import { startStaticServer } from '../src/test-support/static-server.js';
import { retrySocketFailures } from './engines.js';
import { loadSets } from './questions/index.js';
import { isHeldOut } from './questions/types.js';
import { findCorpus, renderCorpusSite } from './render-corpus.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const OUT = join(HERE, '..', '.generated', 'assistant-latency', String(process.pid));
const SETS = [
  { set: 'vite-en', corpus: 'vite', title: 'Vite' },
  { set: 'vitest-en', corpus: 'vitest', title: 'Vitest' },
] as const;
const AGENT_PATH = '/agent-studio/1/agents/bench/completions?stream=true&compatibilityMode=ai-sdk-5';

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Milliseconds from the request to the first text delta of the agent endpoint's stream. */
async function firstTokenOverHttp(url: string, question: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}${AGENT_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-algolia-application-id': DEFAULT_APP_ID, 'x-algolia-api-key': DEFAULT_API_KEY },
    body: JSON.stringify({ id: 'bench', trigger: 'submit-message', messages: [{ id: 'q', role: 'user', parts: [{ type: 'text', text: question }] }] }),
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let first = NaN;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (Number.isNaN(first) && text.includes('"type":"text-delta"')) first = performance.now() - started;
  }
  return first;
}

/** The browser side: the assistant and the local client bundled together, as a site's bundler would. */
async function bundleForBrowser(outdir: string): Promise<void> {
  const entry = join(outdir, 'entry.ts');
  const { writeFile, mkdir } = await import('node:fs/promises');
  await mkdir(outdir, { recursive: true });
  const src = join(HERE, '..', 'src');
  await writeFile(
    entry,
    `import { createLocalAssistant } from ${JSON.stringify(join(src, 'assistant/index.ts'))};
import { createLocalSearchClient } from ${JSON.stringify(join(src, 'client/index.ts'))};
const assistant = createLocalAssistant({ searchClient: createLocalSearchClient({ url: '/sitesearch/' }), indexName: 'docs' });
globalThis.firstToken = async (question) => {
  const started = performance.now();
  for await (const chunk of assistant.answer({ messages: [{ role: 'user', parts: [{ type: 'text', text: question }] }] })) {
    if (chunk.type === 'text-delta') return performance.now() - started;
    if (chunk.type === 'error') throw new Error(chunk.errorText);
  }
  return NaN;
};
`,
  );
  await esbuild({ entryPoints: [entry], bundle: true, minify: true, format: 'esm', platform: 'browser', splitting: true, outdir, logLevel: 'error' });
  await writeFile(join(outdir, 'index.html'), '<!doctype html><meta charset="utf-8"><script type="module" src="entry.js"></script>');
}

async function main(): Promise<void> {
  retrySocketFailures();
  const browserToo = !process.argv.includes('--no-browser');
  const sets = await loadSets();
  console.log(`SiteSearch local assistant latency — Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`);
  console.log('Time to the first text token on the English held-out questions, after the dev questions of the same set as warm-up.');
  const all = { http: [] as number[], browser: [] as number[] };
  const browser = browserToo ? await chromium.launch({ executablePath: findChromium(), args: ['--headless', '--no-sandbox', '--disable-gpu'] }) : null;
  try {
    for (const { set: name, corpus, title } of SETS) {
      const set = sets.find((candidate) => candidate.name === name)!;
      const dev = set.questions.filter((question) => !isHeldOut(question)).map((question) => question.question);
      const heldOut = set.questions.filter(isHeldOut).map((question) => question.question);
      const rendered = await renderCorpusSite(join(findCorpus(), corpus), join(OUT, corpus), title);
      await buildSiteIndex({ dir: rendered.dir, cleanUrls: true, workers: 1 });

      const server = await startServer({ indexes: { docs: join(rendered.dir, 'sitesearch') } });
      const http: number[] = [];
      try {
        for (const question of dev) await firstTokenOverHttp(server.url, question);
        for (const question of heldOut) http.push(await firstTokenOverHttp(server.url, question));
      } finally {
        await server.close();
      }
      all.http.push(...http);
      const row = [`${name} held-out (${heldOut.length})`.padEnd(28), `HTTP p50 ${percentile(http, 50).toFixed(1)} ms / p95 ${percentile(http, 95).toFixed(1)} ms`.padEnd(34)];

      if (browser) {
        await bundleForBrowser(join(rendered.dir, 'bench-assistant'));
        const site = await startStaticServer(rendered.dir);
        const page = await browser.newPage();
        try {
          await page.goto(`${site.url}/bench-assistant/index.html`);
          await page.waitForFunction(() => typeof (globalThis as { firstToken?: unknown }).firstToken === 'function');
          const ask = (question: string): Promise<number> => page.evaluate((q) => (globalThis as unknown as { firstToken(q: string): Promise<number> }).firstToken(q), question);
          for (const question of dev) await ask(question);
          const times: number[] = [];
          for (const question of heldOut) times.push(await ask(question));
          all.browser.push(...times);
          row.push(`browser p50 ${percentile(times, 50).toFixed(1)} ms / p95 ${percentile(times, 95).toFixed(1)} ms`);
        } finally {
          await page.close();
          await site.close();
        }
      }
      console.log(row.join(' '));
    }
    console.log(
      `${`both (${all.http.length})`.padEnd(28)} ${`HTTP p50 ${percentile(all.http, 50).toFixed(1)} ms / p95 ${percentile(all.http, 95).toFixed(1)} ms`.padEnd(34)}` +
        (browser ? ` browser p50 ${percentile(all.browser, 50).toFixed(1)} ms / p95 ${percentile(all.browser, 95).toFixed(1)} ms` : ''),
    );
  } finally {
    await browser?.close();
    await rm(OUT, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`assistant latency: ${(error as Error).stack ?? String(error)}`);
  process.exit(1);
});
