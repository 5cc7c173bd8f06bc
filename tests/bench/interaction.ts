/**
 * Interaction bench: a plain page with the SiteSearch CDN files, next to the same page with
 * @docsearch/js 4.7, both searching the same loopback server through the real lite client, in
 * Chromium. Prints the scripts and stylesheets loaded before any interaction and after the first
 * result (gzip -9 of each file the page loaded, as a compressing server sends them, next to the
 * budgets; and as this uncompressed loopback server sent them), and the time from Ctrl+K to a
 * focused input and from the last key to the first result (medians of N runs). Never fails on a
 * figure.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { findChromium } from '../../scripts/ensure-chromium.mjs';
import { repoRoot, routeProviderToLoopback, startSearchServer, startStaticServer } from '../support/servers.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const docsearchDir = join(repoRoot, 'packages/islands/node_modules/@docsearch');
const out = join(repoRoot, 'tests/.fixtures/docsearch');
mkdirSync(out, { recursive: true });
copyFileSync(join(docsearchDir, 'js/dist/umd/index.js'), join(out, 'docsearch.js'));
copyFileSync(join(docsearchDir, 'css/dist/style.css'), join(out, 'style.css'));

const [site, search] = await Promise.all([startStaticServer(), startSearchServer()]);
const browser = await chromium.launch({
  executablePath: findChromium(),
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

interface Sample {
  bytesBefore: number;
  bytesAfter: number;
  gzipBefore: number;
  gzipAfter: number;
  /** Paths of the scripts and stylesheets loaded once the first result showed. */
  filesAfter: string[];
  openMs: number;
  resultMs: number;
}

/**
 * The widget's scripts and stylesheets the page received: their URLs, and their bytes as sent on
 * the wire. The fixture pages' own files (under /fixtures/: page styles, init scripts) are left out.
 */
async function transferred(page: Page): Promise<{ urls: string[]; bytes: number }> {
  const entries = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => /\.(js|css)(\?|$)/.test(entry.name) && !new URL(entry.name).pathname.startsWith('/fixtures/'))
      .map((entry) => [entry.name, (entry as PerformanceResourceTiming).encodedBodySize] as const),
  );
  return { urls: entries.map(([url]) => url), bytes: entries.reduce((sum, [, size]) => sum + size, 0) };
}

const gzipSizes = new Map<string, number>();
/** gzip -9 size of each file, summed: what a compressing server sends (the loopback server does not compress). */
async function gzipped(urls: string[]): Promise<number> {
  let sum = 0;
  for (const url of new Set(urls)) {
    if (!gzipSizes.has(url)) gzipSizes.set(url, gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length);
    sum += gzipSizes.get(url)!;
  }
  return sum;
}

async function measure(url: string, inputSelector: string, resultSelector: string): Promise<Sample> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await routeProviderToLoopback(page, search);
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(200);
  const before = await transferred(page);
  const openMs = await page.evaluate(async (selector) => {
    const start = performance.now();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', code: 'KeyK', ctrlKey: true, bubbles: true, cancelable: true }));
    for (;;) {
      const input = document.querySelector(selector);
      if (input && document.activeElement === input) return performance.now() - start;
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  }, inputSelector);
  // A first query warms the connection and the widget; the timed one shares no prefix with it.
  await page.keyboard.type('plugin api');
  await page.waitForFunction((selector) => [...document.querySelectorAll(selector)].some((node) => /Plugin API/.test(node.textContent ?? '')), resultSelector);
  const resultMs = await page.evaluate(async (selector) => {
    const start = performance.now();
    const input = document.activeElement as HTMLInputElement;
    input.value = 'server port';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    for (;;) {
      const hit = [...document.querySelectorAll(selector)].find((node) => /server\.port/.test(node.textContent ?? ''));
      if (hit) return performance.now() - start;
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  }, resultSelector);
  const after = await transferred(page);
  await context.close();
  return {
    bytesBefore: before.bytes,
    bytesAfter: after.bytes,
    gzipBefore: await gzipped(before.urls),
    gzipAfter: await gzipped(after.urls),
    filesAfter: after.urls.map((url) => new URL(url).pathname),
    openMs,
    resultMs,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
async function runs(url: string, input: string, result: string) {
  const samples: Sample[] = [];
  for (let i = 0; i < RUNS; i++) samples.push(await measure(url, input, result));
  return {
    bytesBefore: median(samples.map((s) => s.bytesBefore)),
    bytesAfter: median(samples.map((s) => s.bytesAfter)),
    gzipBefore: median(samples.map((s) => s.gzipBefore)),
    gzipAfter: median(samples.map((s) => s.gzipAfter)),
    filesAfter: samples[0]!.filesAfter,
    openMs: median(samples.map((s) => s.openMs)),
    resultMs: median(samples.map((s) => s.resultMs)),
  };
}

try {
  const ours = await runs(`${site.url}/fixtures/cdn/index.html`, '.sitesearch-input', '[role="option"]');
  const theirs = await runs(`${site.url}/fixtures/docsearch/index.html`, '.DocSearch-Input', '.DocSearch-Hit');
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const budget = (bytes: number, limit: number) => `${bytes <= limit ? 'within' : 'OVER'} ${kb(limit)}`;
  const rows: Array<[string, string, string, string]> = [
    ['widget JS + CSS before any interaction (gzip -9 of each file loaded)', kb(ours.gzipBefore), budget(ours.gzipBefore, 8 * 1024), kb(theirs.gzipBefore)],
    ['widget JS + CSS after opening and the first result (gzip -9)', kb(ours.gzipAfter), budget(ours.gzipAfter, 28 * 1024), kb(theirs.gzipAfter)],
    ['widget JS + CSS before any interaction (uncompressed, as sent here)', kb(ours.bytesBefore), '', kb(theirs.bytesBefore)],
    ['widget JS + CSS after the first result (uncompressed)', kb(ours.bytesAfter), '', kb(theirs.bytesAfter)],
    ['Ctrl+K → input focused (first open, includes loading the widget)', ms(ours.openMs), '', ms(theirs.openMs)],
    ['new query → its first result shown (loopback server)', ms(ours.resultMs), '', ms(theirs.resultMs)],
  ];
  console.log(`\nInteraction bench in Chromium, median of ${RUNS} runs (static files and search on 127.0.0.1, no compression)\n`);
  console.log(`${'what'.padEnd(70)}${'SiteSearch'.padEnd(14)}${'budget'.padEnd(16)}@docsearch/js 4.7`);
  for (const [label, a, limit, b] of rows) console.log(`${label.padEnd(70)}${a.padEnd(14)}${limit.padEnd(16)}${b}`);
  console.log(`\nSiteSearch files after the first result: ${ours.filesAfter.join(', ')}`);
} finally {
  await browser.close();
  await Promise.all([site.close(), search.close()]);
}
