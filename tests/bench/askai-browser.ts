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
 * overhead shows; and, as a check, whether both cite the same links.
 *
 * Then the Ask AI entry of the search box, as a visitor meets it (issue #31): in a new page each
 * time, a question typed in the search box; the code and CSS fetched until its first keyword
 * result shows (the CDN files by name, each gzipped -9 as the size bench counts them, so the
 * chat's share is seen), then, after a second of reading, Enter on the entry (active first) and
 * the time to the first answer text. With `--baseline-cdn <folder>` (another build of
 * packages/islands/dist/cdn, e.g. the previous commit's), the same steps run against it, taking
 * turns with ours, and both are printed; `--entry-only` prints these alone. Never fails on a figure.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
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

// `--baseline-cdn <folder>`: a CDN build to measure the Ask AI entry against, served at /cdn-baseline/.
const baselineArg = process.argv.indexOf('--baseline-cdn');
const BASELINE_CDN = baselineArg > 0 && process.argv[baselineArg + 1] ? resolve(process.argv[baselineArg + 1]!) : undefined;
const OUR_CDN = join(repoRoot, 'packages/islands/dist/cdn');
// `--entry-only`: the Ask AI entry's figures alone (the assistant's are left out);
// `--entry-questions N`: the entry asks the first N bench questions (default: all).
const ENTRY_ONLY = process.argv.includes('--entry-only');
const entryQuestionsArg = process.argv.indexOf('--entry-questions');
const ENTRY_QUESTIONS = entryQuestionsArg > 0 ? Number(process.argv[entryQuestionsArg + 1]) : Infinity;
const TYPES: Record<string, string> = { '.json': 'application/json', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

/** A file of `dir` by its path under `prefix`, as text (the index is JSON files, the CDN build JS and CSS). */
function fileUnder(dir: string, relativePath: string): { status: number; type: string; body: string } {
  const relative = normalize(decodeURIComponent(relativePath));
  const file = join(dir, relative);
  if (relative.startsWith('..') || !file.startsWith(dir + sep)) return { status: 404, type: 'text/plain', body: 'not found' };
  try {
    return { status: 200, type: TYPES[extname(file)] ?? 'application/octet-stream', body: readFileSync(file, 'utf8') };
  } catch {
    return { status: 404, type: 'text/plain', body: 'not found' };
  }
}

/** The bench pages (/bench/ with our CDN build, /bench-baseline/ with the baseline's), the index under /index/, the baseline build under /cdn-baseline/. */
function indexFile(path: string): { status: number; type: string; body: string } | undefined {
  if (path === '/bench/') return { status: 200, type: 'text/html; charset=utf-8', body: PAGE };
  if (path === '/bench-baseline/') return { status: 200, type: 'text/html; charset=utf-8', body: PAGE.replaceAll('/cdn/', '/cdn-baseline/') };
  if (path === '/bench/init.js') return { status: 200, type: 'text/javascript; charset=utf-8', body: INIT };
  if (BASELINE_CDN && path.startsWith('/cdn-baseline/')) return fileUnder(BASELINE_CDN, path.slice('/cdn-baseline/'.length));
  if (!path.startsWith('/index/')) return undefined;
  return fileUnder(INDEX_DIR, path.slice('/index/'.length));
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

/**
 * Runs in the page before the search box is typed in: `window.__firstResult` resolves with the
 * time of the first keyword result in the DOM and the CDN files (code and CSS) fetched until then;
 * `window.__entryAnswer` then resolves with the time from Enter in the search box to the first
 * answer text. A string, as ARM is.
 */
const ARM_ENTRY = `window.__firstResult = new Promise((resolve) => {
  const observer = new MutationObserver(() => {
    // A hit is a link (the option itself, or a link inside a custom one); the Ask AI entry is not.
    if (!document.querySelector('.sitesearch-list [role="option"][href], .sitesearch-list [role="option"] a[href]')) return;
    observer.disconnect();
    const at = performance.now();
    const files = performance.getEntriesByType('resource').filter((entry) => entry.startTime <= at && entry.name.includes('/cdn')).map((entry) => new URL(entry.name).pathname.split('/').pop());
    resolve({ at, files });
  });
  observer.observe(document.body, { childList: true, subtree: true });
  setTimeout(() => resolve({ at: -1, files: [] }), 20000);
});
window.__entryAnswer = new Promise((resolve) => {
  let start = -1;
  let chatFetched = false;
  const input = () => document.querySelector('input.sitesearch-input');
  window.addEventListener('keydown', function onKey(event) {
    if (event.key !== 'Enter' || event.target !== input()) return;
    start = performance.now();
    chatFetched = performance.getEntriesByType('resource').some((entry) => entry.name.includes('askAiChunk-'));
    window.removeEventListener('keydown', onKey, true);
  }, true);
  const observer = new MutationObserver(() => {
    if (start < 0) return;
    const markdown = document.querySelector('.sitesearch-chat-message--assistant .sitesearch-markdown');
    const error = document.querySelector('.sitesearch-chat-error');
    if (error || (markdown && markdown.textContent.trim() !== '')) {
      observer.disconnect();
      resolve(error ? { firstMs: -1, chatFetched, error: error.textContent || 'error' } : { firstMs: performance.now() - start, chatFetched });
    }
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  setTimeout(() => resolve({ firstMs: -1, error: 'no answer text within 30 s' }), 30000);
}); undefined`;

interface EntrySample {
  /** The CDN files fetched until the first keyword result showed, each gzipped -9, added up. */
  bytes: number;
  /** Their names. */
  files: string[];
  /** Whether the chat's chunk had been fetched when Enter was pressed. */
  chatFetched?: boolean;
  /** Enter on the Ask AI entry → first answer text. */
  firstMs: number;
  error?: string;
}

/** A CDN folder's files gzipped -9, by name, for `entryInBrowser`'s byte counts. */
function gzipSizes(dir: string): Map<string, number> {
  return new Map(readdirSync(dir).map((name) => [name, gzipSync(readFileSync(join(dir, name)), { level: 9 }).length]));
}

/** The Ask AI entry in a new page: bytes until the first keyword result, then Enter on the entry → first answer text. */
async function entryInBrowser(browser: Browser, pageUrl: string, sizes: Map<string, number>, question: string): Promise<EntrySample> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(pageUrl, { waitUntil: 'load' });
    await page.locator('[data-sitesearch-button]').waitFor();
    await page.evaluate(ARM_ENTRY);
    await page.keyboard.press('Control+k');
    const combobox = page.getByRole('combobox');
    await combobox.waitFor();
    await combobox.fill(question);
    const { at, files } = (await page.evaluate('window.__firstResult')) as { at: number; files: string[] };
    if (at < 0) return { bytes: 0, files: [], firstMs: -1, error: 'no keyword result within 20 s' };
    const unique = [...new Set(files)];
    const bytes = unique.reduce((sum, name) => sum + (sizes.get(name) ?? 0), 0);
    // A visitor reads the results before choosing the entry (active first): Enter asks it.
    await page.waitForTimeout(1000);
    await page.keyboard.press('Enter');
    const answer = (await page.evaluate('window.__entryAnswer')) as { firstMs: number; chatFetched: boolean; error?: string };
    return { bytes, files: unique, ...answer };
  } finally {
    await context.close();
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const p = (values: number[]) => [ms(percentile(values, 50)), ms(percentile(values, 95))];
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
    if (!ENTRY_ONLY) {
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
    }

    // The Ask AI entry of the search box, ours and the baseline build's taking turns.
    const builds = [{ name: 'ours (dist/cdn)', url: `${site.url}/bench/`, sizes: gzipSizes(OUR_CDN), samples: [] as EntrySample[] }];
    if (BASELINE_CDN) builds.push({ name: `baseline (${BASELINE_CDN})`, url: `${site.url}/bench-baseline/`, sizes: gzipSizes(BASELINE_CDN), samples: [] });
    const entryQuestions = questions.slice(0, ENTRY_QUESTIONS);
    for (const question of entryQuestions) for (const build of builds) build.samples.push(await entryInBrowser(browser, build.url, build.sizes, question));
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    console.log(`\nThe Ask AI entry, ${entryQuestions.length} Vite questions, each in a new page: typed in the search box; Enter on the entry a second after the first result`);
    console.log('(code and CSS until the first keyword result: the CDN files fetched by then, each gzipped -9; Enter → first answer text, p50 and p95)\n');
    row('build', 'code+CSS p50', 'answer p50', 'answer p95', 'chat fetched before Enter');
    for (const build of builds) {
      const answered = build.samples.filter((sample) => !sample.error && sample.firstMs >= 0).map((sample) => sample.firstMs);
      const failed = build.samples.filter((sample) => sample.error).map((sample) => sample.error);
      if (failed.length > 0) console.log(`  ${build.name}: ${failed.length} without an answer (${[...new Set(failed)].join('; ')})`);
      const prefetched = build.samples.filter((sample) => sample.chatFetched).length;
      row(`${build.name} (${answered.length}/${build.samples.length} answered)`, kb(percentile(build.samples.map((sample) => sample.bytes), 50)), ...p(answered), `${prefetched}/${build.samples.length}`);
    }
    if (builds.length === 2) {
      const [ours, baseline] = builds as [(typeof builds)[0], (typeof builds)[0]];
      const fetched = (build: typeof ours) => new Set(build.samples.flatMap((sample) => sample.files.map((name) => name.replace(/-[\w-]{8}\.(js|css)$/, '.$1'))));
      const onlyBaseline = [...fetched(baseline)].filter((name) => !fetched(ours).has(name));
      const onlyOurs = [...fetched(ours)].filter((name) => !fetched(baseline).has(name));
      console.log(`\nbefore the first result, fetched by the baseline only: ${onlyBaseline.sort().join(', ') || 'none'}; by ours only: ${onlyOurs.sort().join(', ') || 'none'} (hashes left out)`);
    }
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
