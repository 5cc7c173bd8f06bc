/**
 * Ask AI in the browser bench: the local assistant's time to first token in Chromium, through the
 * CDN build, over the Vite docs corpus indexed with the local indexer (`sitesearch.localIndex`, no
 * account, no server but a static one on 127.0.0.1). After one warm-up question (it loads the
 * chat, the assistant chunk and the index shards that question needs), each Vite bench question is
 * asked in a new conversation ("Start a new conversation", the question typed in the chat prompt,
 * Enter). In the page, `performance.now()` at the Enter keydown (capture phase, before the chat's
 * own handler) and a MutationObserver give the time to the first answer text in the DOM (the
 * answer's `.sitesearch-markdown` with text) and to the finished answer (its actions row). Every
 * question is asked twice: the first time it may fetch index shards no earlier question needed
 * (what a visitor's question costs), the second time everything is in memory. Beside it, the same
 * questions to `createLocalAssistant` in Node over the same built index (engine and memory source,
 * as packages/local/bench/assistant.ts does), taking turns with the browser, so the browser's
 * overhead shows; and, as a check, whether both cite the same links. Never fails on a figure.
 */
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { findChromium } from '../../scripts/ensure-chromium.mjs';
import { createLocalAssistant } from '../../packages/local/src/assistant/index.js';
import { buildIndex } from '../../packages/local/src/engine/build.js';
import { SearchEngine } from '../../packages/local/src/engine/engine.js';
import { memorySource } from '../../packages/local/src/engine/memory-source.js';
import { indexSite } from '../../packages/local/src/indexer/site.js';
import { writeIndex } from '../../packages/local/src/indexer/write-index.js';
import { VITE_QUESTIONS } from '../../packages/local/bench/assistant-questions.js';
import { askAssistant, engineClient } from '../../packages/local/bench/engines.js';
import { findCorpus, renderCorpusSite } from '../../packages/local/bench/render-corpus.js';
import { repoRoot, startStaticServer } from '../support/servers.js';

const AIM_MS = 50;
const WARM_UP = 'How do I get started with a new project?';
// One folder per run: two shells may run `pnpm bench` at once.
const OUT = join(repoRoot, 'tests/.fixtures/askai-browser-bench', String(process.pid));
const SITE_DIR = join(OUT, 'site');
const INDEX_DIR = join(OUT, 'index');

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Ask AI browser bench</title>
<link rel="stylesheet" href="/cdn/sitesearch.css">
<script src="/cdn/sitesearch.js"></script>
<script src="/bench/init.js" defer></script>
</head>
<body><header><div id="search"></div></header><main><h1>Vite docs (bench)</h1></main></body>
</html>`;
// The local case of tests/fixtures/askai/options.js: no appId/apiKey, the local index, the local assistant.
const INIT = `window.__sitesearch = window.sitesearch({
  container: '#search',
  indices: ['docs'],
  searchClient: window.sitesearch.localIndex('/index/'),
  askAi: { assistantId: 'local-assistant' },
});`;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** The index files under /index/, as text (the index is JSON files). */
function indexFile(path: string): { status: number; type: string; body: string } | undefined {
  if (path === '/bench/') return { status: 200, type: 'text/html; charset=utf-8', body: PAGE };
  if (path === '/bench/init.js') return { status: 200, type: 'text/javascript; charset=utf-8', body: INIT };
  if (!path.startsWith('/index/')) return undefined;
  const relative = normalize(decodeURIComponent(path.slice('/index/'.length)));
  const file = join(INDEX_DIR, relative);
  if (relative.startsWith('..') || !file.startsWith(INDEX_DIR + sep)) return { status: 404, type: 'text/plain', body: 'not found' };
  try {
    return { status: 200, type: extname(file) === '.json' ? 'application/json' : 'application/octet-stream', body: readFileSync(file, 'utf8') };
  } catch {
    return { status: 404, type: 'text/plain', body: 'not found' };
  }
}

/**
 * Runs in the page before Enter: `window.__bench` resolves with the times once the answer is
 * finished. A string, not a function: tsx's transform would add helpers the page does not have.
 */
const ARM = `window.__bench = new Promise((resolve) => {
  let start = -1;
  let firstMs = -1;
  const textarea = document.querySelector('.sitesearch-chat-textarea');
  function onKey(event) {
    if (event.key !== 'Enter' || event.target !== textarea) return;
    start = performance.now();
    window.removeEventListener('keydown', onKey, true);
  }
  window.addEventListener('keydown', onKey, true);
  const observer = new MutationObserver(() => {
    if (start < 0) return;
    const now = performance.now();
    const answers = document.querySelectorAll('.sitesearch-chat-message--assistant');
    const answer = answers[answers.length - 1];
    const markdown = answer && answer.querySelector('.sitesearch-markdown');
    if (firstMs < 0 && markdown && markdown.textContent.trim() !== '') firstMs = now - start;
    const error = document.querySelector('.sitesearch-chat-error');
    if (error || (firstMs >= 0 && answer.querySelector('.sitesearch-chat-actions'))) {
      observer.disconnect();
      // Bare URLs the Markdown renderer turned into links (text = address) are not citations.
      const links = answer ? [...answer.querySelectorAll('.sitesearch-markdown a[href]')].filter((link) => link.textContent !== link.getAttribute('href')).map((link) => link.getAttribute('href')) : [];
      resolve(error ? { firstMs, doneMs: now - start, links, error: error.textContent || 'error' } : { firstMs, doneMs: now - start, links });
    }
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
}); undefined`;

interface BrowserSample {
  firstMs: number;
  doneMs: number;
  /** The answer's Markdown links, in order (its cited sources), without autolinked bare URLs. */
  links: string[];
  error?: string;
}

/** Asks `question` in a new conversation; times taken in the page. */
async function askInBrowser(page: Page, question: string): Promise<BrowserSample> {
  await page.locator('button.sitesearch-ask-ai-action[title="Start a new conversation"]').click();
  await page.waitForFunction("document.querySelectorAll('.sitesearch-chat-message').length === 0");
  const prompt = page.locator('.sitesearch-chat-textarea');
  await prompt.fill(question);
  await page.evaluate(ARM);
  await prompt.press('Enter');
  return page.evaluate('window.__bench') as Promise<BrowserSample>;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const row = (label: string, ...values: string[]) => console.log(`${label.padEnd(66)}${values.map((value) => value.padEnd(14)).join('')}`);

async function main(): Promise<void> {
  const buildStarted = performance.now();
  const rendered = await renderCorpusSite(join(findCorpus(), 'vite'), SITE_DIR, 'Vite');
  const { records } = await indexSite({ dir: rendered.dir, cleanUrls: true });
  const built = buildIndex(records);
  const written = await writeIndex(built, INDEX_DIR);
  const buildMs = performance.now() - buildStarted;
  const questions = VITE_QUESTIONS.map((entry) => entry.question);

  // Node: the assistant over the engine, the same built index in memory.
  const engine = new SearchEngine(memorySource(built));
  await engine.warm();
  const assistant = createLocalAssistant({ searchClient: engineClient(engine), indexName: 'docs' });
  const nodeLinks: string[][] = [];
  const nodeFirstToken = async (question: string): Promise<number> => {
    const { text, firstTokenMs } = await askAssistant(assistant, question);
    nodeLinks.push([...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!));
    return firstTokenMs;
  };
  await nodeFirstToken(WARM_UP);
  nodeLinks.length = 0;

  const site = await startStaticServer(indexFile);
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const pageErrors: string[] = [];
  let indexRequests = 0;
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/index/')) indexRequests++;
    });
    await page.goto(`${site.url}/bench/`, { waitUntil: 'load' });
    await page.locator('[data-sitesearch-button]').waitFor();
    // Warm-up: the Ask AI entry of the search box, as a visitor starts a chat.
    await page.keyboard.press('Control+k');
    const combobox = page.getByRole('combobox');
    await combobox.waitFor();
    await combobox.fill(WARM_UP);
    await page.getByRole('option').first().filter({ hasText: WARM_UP }).waitFor();
    await page.keyboard.press('Enter');
    await page.locator('.sitesearch-chat-actions').waitFor({ timeout: 30_000 });
    const afterWarmUp = indexRequests;

    // Node and the browser take turns, question by question, so a change in the load of the
    // machine weighs on both. Twice each: the first ask of a question may need index shards (and,
    // in both, postings the engine decodes the first time a query needs them); the second does not.
    const nodeFirst: number[] = [];
    const first: BrowserSample[] = [];
    for (const question of questions) {
      nodeFirst.push(await nodeFirstToken(question));
      first.push(await askInBrowser(page, question));
    }
    const afterFirstPass = indexRequests;
    const nodeAgain: number[] = [];
    const again: BrowserSample[] = [];
    for (const question of questions) {
      nodeAgain.push(await nodeFirstToken(question));
      again.push(await askInBrowser(page, question));
    }
    await context.close();

    const errors = [...first, ...again].filter((sample) => sample.error || sample.firstMs < 0);
    const ok = (samples: BrowserSample[]) => samples.filter((sample) => !sample.error && sample.firstMs >= 0);
    const p = (values: number[]) => [ms(percentile(values, 50)), ms(percentile(values, 95))];
    const aim = (value: number) => `${value <= AIM_MS ? 'within' : 'OVER'} ${AIM_MS} ms`;
    const firstPass = ok(first);
    const secondPass = ok(again);
    const firstTtft = firstPass.map((sample) => sample.firstMs);
    const secondTtft = secondPass.map((sample) => sample.firstMs);

    console.log(
      `\nAsk AI in the browser: the local assistant in Chromium (CDN build, sitesearch.localIndex), ${questions.length} Vite questions, each in a new conversation`,
    );
    console.log(
      `(Vite docs: ${rendered.pages} pages, ${records.length} records, index ${written.files} files / ${(written.bytes / 1024).toFixed(0)} KB on 127.0.0.1, uncompressed; built in ${(buildMs / 1000).toFixed(1)} s; ` +
        `after one warm-up question, which fetched ${afterWarmUp} index files)\n`,
    );
    row('what', 'p50', 'p95', 'aim (p50)');
    row(`Enter → first answer text in the DOM, first ask (${firstPass.length} answers)`, ...p(firstTtft), aim(percentile(firstTtft, 50)));
    row(`Enter → first answer text in the DOM, asked again (${secondPass.length})`, ...p(secondTtft), aim(percentile(secondTtft, 50)));
    row('Enter → answer finished (actions shown), first ask', ...p(firstPass.map((sample) => sample.doneMs)));
    row('Enter → answer finished (actions shown), asked again', ...p(secondPass.map((sample) => sample.doneMs)));
    row(`first text token in Node, same index in memory, first ask (${nodeFirst.length})`, ...p(nodeFirst));
    row('first text token in Node, asked again', ...p(nodeAgain));
    row('browser − Node, first answer text, first ask (p50 / p95)', ms(percentile(firstTtft, 50) - percentile(nodeFirst, 50)), ms(percentile(firstTtft, 95) - percentile(nodeFirst, 95)));
    row('browser − Node, first answer text, asked again (p50 / p95)', ms(percentile(secondTtft, 50) - percentile(nodeAgain, 50)), ms(percentile(secondTtft, 95) - percentile(nodeAgain, 95)));
    console.log(
      `\nIndex files fetched during the first asks: ${afterFirstPass - afterWarmUp}; during the second: ${indexRequests - afterFirstPass}. ` +
        `Questions over the aim at first ask: ${firstTtft.filter((value) => value > AIM_MS).length}/${firstTtft.length}.`,
    );
    // A check that the browser answered as Node did: the same Markdown links, in the same order.
    const differ = questions.flatMap((question, index) =>
      JSON.stringify(first[index]!.links) === JSON.stringify(nodeLinks[index]) ? [] : [`"${question}": browser ${first[index]!.links.join(' ')} | Node ${nodeLinks[index]!.join(' ')}`],
    );
    console.log(`Browser answers citing the same links as Node's, in order: ${questions.length - differ.length}/${questions.length}.`);
    if (differ.length > 0) console.log(`  differ:\n    ${differ.join('\n    ')}`);
    if (errors.length > 0) console.log(`Answers with an error or no text: ${errors.length} (${errors.map((sample) => sample.error ?? 'no text').join('; ')})`);
    if (pageErrors.length > 0) console.log(`Page errors: ${pageErrors.join('; ')}`);
  } finally {
    await browser.close();
    await site.close();
    await rm(OUT, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`askai-browser bench: ${(error as Error).stack ?? String(error)}`);
  process.exitCode = 1;
});
