#!/usr/bin/env node
// `pnpm bench` for @sitesearch/docusaurus: the same Docusaurus site (the Vite docs, classic
// preset) built with each search, served from its static build on 127.0.0.1 and opened in
// Chromium; what Chromium fetched is counted, each file gzipped on its own (-9, as a static host
// serves it; the islands bench counts the same way).
//   - hosted: ours with appId/apiKey next to @docusaurus/theme-search-algolia 3.10; both talk to
//     the loopback server of @sitesearch/local (Chromium's requests to *.algolia.net are routed
//     there by Playwright; the widgets run exactly as shipped);
//   - no account: ours with the local index next to @easyops-cn/docusaurus-search-local, plus how
//     often the expected page is in the top 5 of each one's search box over bench/queries.mjs.
// "Before interaction" = after `load` and network idle; "first result" = every request started
// until the first result of a typed query is visible (opening the search included).
// Never fails on a figure: a row where ours is behind says so.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { indexSite, startServer } from '@sitesearch/local';
import { findChromium } from '../../../scripts/ensure-chromium.mjs';
import { QUERIES } from './queries.mjs';
import { INDEX_NAME, buildVariant, VARIANTS, writeDocs } from './site.mjs';
import { serveBuild } from './serve.mjs';

const PAGE = '/guide/features';
const FIRST_QUERY = 'server proxy';
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const gzip = (body) => gzipSync(body, { level: 9 }).length;

/** How each search is opened and where its results are. */
const UI = {
  sitesearch: {
    open: (page) => page.locator('nav.navbar').getByRole('button', { name: 'Search' }).click(),
    input: (page) => page.getByRole('dialog').getByRole('combobox'),
    result: (page) => page.locator('[role="option"][href]'),
  },
  'theme-search-algolia': {
    open: (page) => page.locator('.DocSearch-Button').click(),
    input: (page) => page.locator('.DocSearch-Input'),
    result: (page) => page.locator('.DocSearch-Hit a[href]'),
  },
  'docusaurus-search-local': {
    open: (page) => page.locator('input.navbar__search-input').click(),
    input: (page) => page.locator('input.navbar__search-input'),
    result: (page) => page.locator('[role="listbox"] [role="option"], [class*="suggestion_"]'),
  },
};
const uiOf = (variant) => UI[variant.startsWith('sitesearch') ? 'sitesearch' : variant];

/** What a request was, for the breakdown: js, css, data (index files, API answers), html, prefetch, other. */
function kindOf(request, contentType, prefetched) {
  const type = request.resourceType();
  const path = new URL(request.url()).pathname;
  // <link rel="prefetch"> of the route chunks of visible links: Docusaurus' own, the same for every
  // search. A worker's script is also of type "other": it is JS, told apart by not being prefetched;
  // a chunk the page runs (type "script") is JS even when a link to this page prefetched it too.
  if (type === 'other' && prefetched.has(request.url())) return 'prefetch';
  if (type === 'script' || /javascript/.test(contentType) || /\.m?js$/.test(path)) return 'js';
  if (type === 'stylesheet' || /text\/css/.test(contentType)) return 'css';
  if (type === 'document') return 'html';
  if (type === 'fetch' || type === 'xhr' || /json|octet-stream/.test(contentType)) return 'data';
  return 'other';
}

/** Records every request of a page in order, for snapshots by phase (Chromium reports its workers' requests on the page too). */
function recordRequests(page) {
  const requests = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}

/** The URLs the page prefetched with <link rel="prefetch"> (Docusaurus keeps them in <head>). */
const prefetchedBy = async (page) =>
  new Set(await page.evaluate(() => [...document.querySelectorAll('link[rel="prefetch"]')].map((link) => link.href)));

/** Gzipped bytes of requests, by kind and by file. */
async function measure(requests, prefetched) {
  const totals = { js: 0, css: 0, data: 0, html: 0, prefetch: 0, other: 0 };
  const files = [];
  for (const request of new Set(requests)) {
    const response = await request.response().catch(() => null);
    if (!response) continue;
    const body = await response.body().catch(() => null);
    if (!body) continue;
    const kind = kindOf(request, response.headers()['content-type'] ?? '', prefetched);
    const bytes = gzip(body);
    totals[kind] += bytes;
    files.push({ url: request.url(), kind, bytes });
  }
  return { totals, files };
}

async function networkIdle(page) {
  await page.waitForLoadState('load');
  await page.waitForLoadState('networkidle');
}

/** Opens the page in a fresh context, then the search, types a query and waits for a result. */
async function firstResult(browser, site, variant, searchServer) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  if (searchServer) await routeToLoopback(page, searchServer);
  const requests = recordRequests(page);
  await page.goto(`${site.url}${PAGE}`);
  await networkIdle(page);
  const before = requests.length;
  const ui = uiOf(variant);
  await ui.open(page);
  await ui.input(page).waitFor({ state: 'visible', timeout: 30_000 });
  await ui.input(page).pressSequentially(FIRST_QUERY, { delay: 30 });
  await ui.result(page).first().waitFor({ state: 'visible', timeout: 30_000 });
  const until = requests.length;
  const prefetched = await prefetchedBy(page);
  const result = { before: await measure(requests.slice(0, before), prefetched), first: await measure(requests.slice(0, until), prefetched) };
  await context.close();
  return result;
}

/** The page with no search: the same site's own bytes, to tell what each search adds. */
async function beforeInteraction(browser, site) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const requests = recordRequests(page);
  await page.goto(`${site.url}${PAGE}`);
  await networkIdle(page);
  const result = { before: await measure(requests, await prefetchedBy(page)) };
  await context.close();
  return result;
}

/** Sends the provider's requests to the loopback server: the same client and hosts as in production. */
async function routeToLoopback(page, searchServer) {
  await page.route(/^https:\/\/[^/]*(algolia\.net|algolianet\.com)\//, async (route) => {
    const original = new URL(route.request().url());
    const response = await route.fetch({ url: `${searchServer.url}${original.pathname}${original.search}` });
    await route.fulfill({ response });
  });
}

/** `/guide/features/#x` → `/guide/features`. */
const pagePath = (url) => new URL(url, 'http://x').pathname.replace(/\.html$/, '').replace(/\/index$/, '').replace(/(.)\/$/, '$1');

/** Top 5 result URLs of ours for each query, read from the modal's result links. */
async function oursTop5(page, query) {
  const input = uiOf('sitesearch').input(page);
  const results = uiOf('sitesearch').result(page);
  await input.fill('');
  await page.waitForFunction(() => document.querySelectorAll('[role="option"][href]').length === 0);
  await input.fill(query);
  await page
    .waitForFunction(() => document.querySelectorAll('[role="option"][href]').length > 0 || document.querySelector('.sitesearch-no-results-screen'), null, { timeout: 10_000 })
    .catch(() => {});
  return (await results.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).slice(0, 5);
}

/**
 * Top 5 of docusaurus-search-local: its suggestions carry no link (autocomplete.js keeps each
 * one's document in memory and navigates on selection), so the results are read from what its
 * search worker answered for the query (in the order the dropdown shows them), once the dropdown
 * has shown them. The Worker is wrapped by an init script to listen to its answers.
 */
async function easyopsTop5(page, query) {
  const input = uiOf('docusaurus-search-local').input(page);
  await page.evaluate(() => (window.__benchReplies.length = 0));
  await input.fill(query);
  await page.waitForFunction(() => window.__benchReplies.length > 0, null, { timeout: 15_000 }).catch(() => {});
  await page.waitForTimeout(200);
  return page.evaluate(() => {
    const last = window.__benchReplies.at(-1) ?? [];
    return last.slice(0, 5).map((result) => `${result.document.u}${result.document.h ?? ''}`);
  });
}

const WORKER_SPY = () => {
  window.__benchReplies = [];
  // Comlink answers over the Worker or, for a proxied object, over a MessagePort it transferred.
  const record = (event) => {
    const value = event.data?.value;
    if (Array.isArray(value) && value.every((item) => item && typeof item === 'object' && 'document' in item)) window.__benchReplies.push(value);
  };
  const listened = new WeakSet();
  for (const Target of [window.Worker, window.MessagePort]) {
    const add = Target.prototype.addEventListener;
    Target.prototype.addEventListener = function (type, listener, options) {
      if (type === 'message' && !listened.has(this)) {
        listened.add(this);
        add.call(this, 'message', record);
      }
      return add.call(this, type, listener, options);
    };
  }
};

async function relevance(browser, site, variant) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  if (variant === 'docusaurus-search-local') await page.addInitScript(WORKER_SPY);
  await page.goto(`${site.url}${PAGE}`);
  await networkIdle(page);
  const ui = uiOf(variant);
  await ui.open(page);
  await ui.input(page).waitFor({ state: 'visible', timeout: 30_000 });
  const misses = [];
  let found = 0;
  for (const { query, page: expected } of QUERIES) {
    const urls = variant === 'docusaurus-search-local' ? await easyopsTop5(page, query) : await oursTop5(page, query);
    if (urls.map(pagePath).includes(expected)) found++;
    else misses.push(`${query} → ${urls.map(pagePath).join(', ') || 'nothing'}`);
  }
  await context.close();
  return { found, misses };
}

// --- build, serve, measure ---------------------------------------------------------------------
console.log(`\n@sitesearch/docusaurus — bench (Vite docs, ${writeDocs()} pages, Docusaurus 3.10.2 classic preset)\n`);
// Every build first, then the servers: a failed build must not leave servers keeping the process alive.
const builds = {};
for (const variant of Object.keys(VARIANTS)) {
  const { outDir, seconds } = buildVariant(variant);
  console.log(`built ${variant}${seconds ? ` in ${seconds.toFixed(0)} s` : ' (reused: inputs unchanged)'}`);
  builds[variant] = outDir;
}
// The hosted index: the bench site's pages, indexed by the indexer of @sitesearch/local, as a
// crawler writes them for the hosted provider: absolute URLs (theme-search-algolia parses each
// hit's URL with `new URL()` and shows nothing otherwise), and the facets its contextual search
// filters on (from its meta tags: language, docusaurus_tag).
const { records } = await indexSite({ dir: builds['theme-search-algolia'], baseUrl: '/', exclude: ['assets'] });
const absolute = (url) => (url ? new URL(url, 'http://127.0.0.1').href : url);
const executablePath = findChromium();
if (!executablePath) throw new Error('No Chromium found: run `node scripts/ensure-chromium.mjs` from the repository root.');
const searchServer = await startServer({
  indexes: {
    [INDEX_NAME]: records.map((record) => ({
      ...record,
      url: absolute(record.url),
      url_without_anchor: absolute(record.url_without_anchor),
      language: record.language ?? 'en',
      docusaurus_tag: record.docusaurus_tag ?? 'docs-default-current',
    })),
  },
});
const sites = {};
const figures = {};
let browser;
try {
  browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  for (const [variant, outDir] of Object.entries(builds)) sites[variant] = await serveBuild(outDir);
  figures['no-search'] = await beforeInteraction(browser, sites['no-search']);
  for (const variant of Object.keys(VARIANTS).filter((name) => name !== 'no-search')) {
    figures[variant] = await firstResult(browser, sites[variant], variant, variant.endsWith('hosted') || variant === 'theme-search-algolia' ? searchServer : undefined);
  }
  for (const variant of ['sitesearch-local', 'docusaurus-search-local']) figures[variant].relevance = await relevance(browser, sites[variant], variant);
} finally {
  await browser?.close();
  await searchServer.close();
  for (const site of Object.values(sites)) await site.close();
}

// --- print -------------------------------------------------------------------------------------
const jsCss = (phase) => phase.totals.js + phase.totals.css;
// Everything but Docusaurus' route prefetches (chunks of other pages, the same with every search).
const all = (phase) => Object.entries(phase.totals).reduce((sum, [kind, bytes]) => (kind === 'prefetch' ? sum : sum + bytes), 0);
const bare = figures['no-search'].before;
const rows = [];
const compare = (label, ours, theirs, format = kb, lowerIsBetter = true) => rows.push({ label, ours, theirs, format, lowerIsBetter });
const hosted = [figures['sitesearch-hosted'], figures['theme-search-algolia']];
const local = [figures['sitesearch-local'], figures['docusaurus-search-local']];
console.log(`\nThe same page with no search: JS ${kb(bare.totals.js)}, JS + CSS ${kb(jsCss(bare))}, everything ${kb(all(bare))} (gzip, each file on its own)`);
rows.push({ section: `Hosted provider: @sitesearch/docusaurus (appId/apiKey) vs @docusaurus/theme-search-algolia 3.10.2, page ${PAGE}` });
compare('JS before interaction', hosted[0].before.totals.js, hosted[1].before.totals.js);
compare('JS + CSS before interaction', jsCss(hosted[0].before), jsCss(hosted[1].before));
compare('  of which the search adds (minus the same site with no search)', jsCss(hosted[0].before) - jsCss(bare), jsCss(hosted[1].before) - jsCss(bare));
compare(`JS at first result ("${FIRST_QUERY}")`, hosted[0].first.totals.js, hosted[1].first.totals.js);
compare('JS + CSS at first result', jsCss(hosted[0].first), jsCss(hosted[1].first));
compare('  of which the search adds (minus the same site with no search)', jsCss(hosted[0].first) - jsCss(bare), jsCss(hosted[1].first) - jsCss(bare));
compare('everything fetched at first result (+ HTML, API answers, images)', all(hosted[0].first), all(hosted[1].first));
compare('  of which search API answers (the typed query, letter by letter)', hosted[0].first.totals.data, hosted[1].first.totals.data);
rows.push({ section: 'No account: @sitesearch/docusaurus (local index) vs @easyops-cn/docusaurus-search-local 0.55' });
compare('JS before interaction', local[0].before.totals.js, local[1].before.totals.js);
compare('JS + CSS before interaction', jsCss(local[0].before), jsCss(local[1].before));
compare('  of which the search adds (minus the same site with no search)', jsCss(local[0].before) - jsCss(bare), jsCss(local[1].before) - jsCss(bare));
compare('everything fetched before interaction', all(local[0].before), all(local[1].before));
compare(`JS + CSS at first result ("${FIRST_QUERY}")`, jsCss(local[0].first), jsCss(local[1].first));
compare('  of which the search adds (minus the same site with no search)', jsCss(local[0].first) - jsCss(bare), jsCss(local[1].first) - jsCss(bare));
compare('everything fetched at first result (+ HTML, index data, images)', all(local[0].first), all(local[1].first));
compare('  of which index data (fetched as the query is typed)', local[0].first.totals.data, local[1].first.totals.data);
compare(`expected page in top 5 (${QUERIES.length} queries)`, local[0].relevance.found, local[1].relevance.found, (n) => `${n}/${QUERIES.length}`, false);

const pad = (text, width) => String(text).padEnd(width);
const width = Math.max(...rows.filter((row) => row.label).map((row) => row.label.length)) + 2;
for (const row of rows) {
  if (row.section) {
    console.log(`\n${row.section}\n${pad('figure', width)}${pad('ours', 12)}${pad('theirs', 12)}ratio (theirs/ours)`);
    continue;
  }
  const ratio = row.ours === 0 ? '—' : `${(row.theirs / row.ours).toFixed(2)}×`;
  const behind = row.lowerIsBetter ? row.ours > row.theirs : row.ours < row.theirs;
  console.log(`${pad(row.label, width)}${pad(row.format(row.ours), 12)}${pad(row.format(row.theirs), 12)}${ratio}${behind ? '   <- ours behind' : ''}`);
}

// Where the bytes go: the files each search added over the same site (first result), largest first.
console.log('\nFiles fetched at first result (gzip), by search:');
for (const [variant, figure] of Object.entries(figures).filter(([, figure]) => figure.first)) {
  const before = new Set(figure.before.files.map((file) => file.url));
  const list = figure.first.files.filter((file) => file.kind === 'js' || file.kind === 'css').sort((a, b) => b.bytes - a.bytes);
  const data = figure.first.files.filter((file) => file.kind === 'data');
  console.log(`  ${variant}: ${Object.entries(figure.first.totals).map(([kind, bytes]) => `${kind} ${kb(bytes)}`).join(', ')}`);
  for (const file of list) console.log(`    ${pad(kb(file.bytes), 10)}${file.kind.padEnd(5)}${pad(before.has(file.url) ? 'up front' : 'on search', 11)}${new URL(file.url).pathname}`);
  if (data.length) console.log(`    ${pad(kb(data.reduce((sum, file) => sum + file.bytes, 0)), 10)}data ${data.length} files (${[...new Set(data.map((file) => new URL(file.url).pathname.replace(/[^/]*$/, '')))].join(', ')})`);
}
for (const variant of ['sitesearch-local', 'docusaurus-search-local']) {
  const { misses } = figures[variant].relevance;
  console.log(`\nMisses of ${variant} (${misses.length}):${misses.map((miss) => `\n  ${miss}`).join('')}`);
}
