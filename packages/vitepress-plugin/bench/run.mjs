#!/usr/bin/env node
// `pnpm bench` for @sitesearch/vitepress: the Vite docs as a VitePress 1.6 site (bench/site.mjs),
// built four ways and opened in Chromium from a static server on 127.0.0.1; every file Chromium
// fetched is counted gzipped on its own (-9, as a static host serves it), as the Docusaurus bench does.
//   - hosted: ours (themeConfig.search.provider 'algolia' read by withSiteSearch) vs VitePress's own
//     algolia provider (DocSearch); both talk to the loopback server of @sitesearch/local (Chromium's
//     requests to *.algolia.net are routed there; the widgets run exactly as shipped);
//   - local: ours (local index at buildEnd) vs VitePress's local provider (MiniSearch), plus MRR@5 by
//     page of each one's search box over the package query sets (vite-en eval set + VITE_QUERIES).
// "Before interaction" = after `load` and network idle; "first result" = every request from page
// load until the first result of the typed query is visible. Never fails on a figure.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { indexSite, startServer } from '@sitesearch/local';
import { findChromium } from '../../../scripts/ensure-chromium.mjs';
import { serveBuild } from '../../docusaurus-plugin/bench/serve.mjs';
import { viteEn } from '../../local/bench/questions/vite-en.ts';
import { VITE_QUERIES } from '../../local/bench/queries.ts';
import { INDEX_NAME, VARIANTS, buildVariant, repoRoot, writeDocs } from './site.mjs';

// Playwright comes from tests/ and tsx (run by package.json's bench script, for the query sets
// written in TypeScript) from packages/local, rather than new dependencies of this package.
const { chromium } = createRequire(join(repoRoot, 'tests/package.json'))('@playwright/test');
const QUERIES = [...viteEn.questions.map((q) => ({ query: q.question, pages: q.pages })), ...VITE_QUERIES.map((q) => ({ query: q.query, pages: [q.page] }))];

const PAGE = '/guide/features';
const FIRST_QUERY = 'server proxy';
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const gzip = (body) => gzipSync(body, { level: 9 }).length;

const ours = {
  open: (page) => page.locator('.VPNavBar').getByRole('button', { name: /search/i }).first().click(),
  input: (page) => page.getByRole('dialog').getByRole('combobox'),
  results: '[role="option"][href]',
};
const UI = {
  'sitesearch-local': ours,
  'sitesearch-hosted': ours,
  'vitepress-local': { open: (page) => page.locator('#local-search button').click(), input: (page) => page.locator('.VPLocalSearchBox input.search-input'), results: '.VPLocalSearchBox .results a.result[href]' },
  'vitepress-algolia': { open: (page) => page.locator('.DocSearch-Button').click(), input: (page) => page.locator('.DocSearch-Input'), results: '.DocSearch-Hit a[href]' },
};

/** JS, CSS, data (JSON, index files, API answers) or other, by the request and its answer. */
function kindOf(request, contentType) {
  const type = request.resourceType();
  const path = new URL(request.url()).pathname;
  if (type === 'script' || /javascript/.test(contentType) || /\.m?js$/.test(path)) return 'js';
  if (type === 'stylesheet' || /text\/css/.test(contentType)) return 'css';
  if (type === 'document') return 'html';
  if (type === 'fetch' || type === 'xhr' || /json|octet-stream/.test(contentType)) return 'data';
  return 'other';
}

async function measure(requests) {
  const totals = { js: 0, css: 0, data: 0, html: 0, other: 0 };
  for (const request of new Set(requests)) {
    const response = await request.response().catch(() => null);
    const body = response && (await response.body().catch(() => null));
    if (!body) continue;
    totals[kindOf(request, response.headers()['content-type'] ?? '')] += gzip(body);
  }
  return totals;
}

async function routeToLoopback(page, searchServer) {
  await page.route(/^https:\/\/[^/]*(algolia\.net|algolianet\.com)\//, async (route) => {
    const original = new URL(route.request().url());
    await route.fulfill({ response: await route.fetch({ url: `${searchServer.url}${original.pathname}${original.search}` }) });
  });
}

async function openPage(browser, site, variant, searchServer) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  if (variant.endsWith('hosted') || variant.endsWith('algolia')) await routeToLoopback(page, searchServer);
  const requests = [];
  page.on('request', (request) => requests.push(request));
  await page.goto(`${site.url}${PAGE}`);
  await page.waitForLoadState('networkidle');
  return { context, page, requests };
}

async function firstResult(browser, site, variant, searchServer) {
  const { context, page, requests } = await openPage(browser, site, variant, searchServer);
  const before = requests.length;
  const ui = UI[variant];
  await ui.open(page);
  await ui.input(page).waitFor({ state: 'visible', timeout: 30_000 });
  await ui.input(page).pressSequentially(FIRST_QUERY, { delay: 30 });
  await page.locator(ui.results).first().waitFor({ state: 'visible', timeout: 30_000 });
  const until = requests.length;
  const result = { before: await measure(requests.slice(0, before)), first: await measure(requests.slice(0, until)) };
  await context.close();
  return result;
}

/** `/guide/features.html#x` → `/guide/features`. */
const pagePath = (url) => new URL(url, 'http://x').pathname.replace(/\.html$/, '').replace(/\/index$/, '/').replace(/(.)\/$/, '$1');

/** MRR@5 by page: 1/rank of the first expected page among the first five distinct result pages. */
async function mrr(browser, site, variant) {
  const { context, page } = await openPage(browser, site, variant);
  const ui = UI[variant];
  await ui.open(page);
  await ui.input(page).waitFor({ state: 'visible', timeout: 30_000 });
  let sum = 0;
  let top5 = 0;
  for (const { query, pages } of QUERIES) {
    await ui.input(page).fill(query);
    // Both boxes debounce and search off the main thread's timing: wait until the list settles.
    let last = '';
    let hrefs = [];
    for (let tries = 0; tries < 20; tries++) {
      await page.waitForTimeout(150);
      hrefs = await page.locator(ui.results).evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      const now = hrefs.join('|');
      if (now === last && tries >= 2) break;
      last = now;
    }
    const ranked = [...new Set(hrefs.map(pagePath))].slice(0, 5);
    const rank = ranked.findIndex((path) => pages.includes(path));
    if (rank >= 0) {
      sum += 1 / (rank + 1);
      top5++;
    }
  }
  await context.close();
  return { mrr: sum / QUERIES.length, top5 };
}

console.log(`\n@sitesearch/vitepress — bench (Vite docs, ${writeDocs()} pages, VitePress 1.6.4 default theme)\n`);
const builds = {};
for (const variant of Object.keys(VARIANTS)) {
  builds[variant] = buildVariant(variant);
  console.log(`${variant}: vitepress build ${builds[variant].seconds.toFixed(1)} s${builds[variant].reused ? ' (build reused: inputs unchanged; time of that build)' : ''}`);
}
// The hosted index: the built pages as the DocSearch scraper gives them (absolute URLs: VitePress's
// DocSearch parses each hit's URL; lang from <html lang>, which VitePress's provider filters on).
const { records } = await indexSite({ dir: builds['vitepress-algolia'].outDir, baseUrl: '/', exclude: ['assets'] });
const absolute = (url) => (url ? new URL(url, 'http://127.0.0.1').href : url);
const searchServer = await startServer({ indexes: { [INDEX_NAME]: records.map((r) => ({ ...r, url: absolute(r.url), url_without_anchor: absolute(r.url_without_anchor) })) } });
const sites = {};
const figures = {};
let browser;
try {
  browser = await chromium.launch({ executablePath: findChromium(), args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic'] });
  for (const [variant, { outDir }] of Object.entries(builds)) sites[variant] = await serveBuild(outDir);
  for (const variant of Object.keys(VARIANTS)) {
    try {
      figures[variant] = await firstResult(browser, sites[variant], variant, searchServer);
    } catch (error) {
      console.log(`${variant}: no first result (${error.message.split('\n')[0]})`);
    }
  }
  for (const variant of ['sitesearch-local', 'vitepress-local']) {
    try {
      figures[variant].relevance = await mrr(browser, sites[variant], variant);
    } catch (error) {
      console.log(`${variant}: relevance not measured (${error.message.split('\n')[0]})`);
    }
  }
} finally {
  await browser?.close();
  await searchServer.close();
  for (const site of Object.values(sites)) await site.close();
}

const jsCss = (t) => t.js + t.css;
const firstBytes = (t) => t.js + t.css + t.data;
const rows = [];
const row = (label, a, b, format, lowerIsBetter, target) => {
  if (a === undefined || b === undefined) return rows.push(`${label.padEnd(48)}not measured`);
  const met = lowerIsBetter ? a < b : a >= b;
  rows.push(`${label.padEnd(48)}${format(a).padEnd(12)}${format(b).padEnd(12)}${target ? (met ? 'target met' : 'target NOT met') : ''}`);
};
for (const [ourName, peer, title] of [
  ['sitesearch-local', 'vitepress-local', 'Local: ours (local index) vs VitePress local (MiniSearch)'],
  ['sitesearch-hosted', 'vitepress-algolia', 'Hosted: ours vs VitePress algolia (DocSearch), both on the loopback server'],
]) {
  const [a, b] = [figures[ourName], figures[peer]];
  rows.push('', title, `${'figure (gzip)'.padEnd(48)}${'ours'.padEnd(12)}${'theirs'.padEnd(12)}`);
  row('JS + CSS before interaction', a && jsCss(a.before), b && jsCss(b.before), kb, true, true);
  row(`JS+CSS+data until first result ("${FIRST_QUERY}")`, a && firstBytes(a.first), b && firstBytes(b.first), kb, true, true);
  row('  of which data (index, JSON, API answers)', a?.first.data, b?.first.data, kb, true, false);
  if (ourName === 'sitesearch-local') {
    row(`MRR@5 by page (${QUERIES.length} queries)`, a?.relevance?.mrr, b?.relevance?.mrr, (n) => n.toFixed(3), false, true);
    row('  expected page in top 5', a?.relevance?.top5, b?.relevance?.top5, (n) => `${n}/${QUERIES.length}`, false, false);
    const [oursBuild, theirBuild] = [builds[ourName].seconds, builds[peer].seconds];
    rows.push(`${'vitepress build (s), whole site'.padEnd(48)}${oursBuild.toFixed(1).padEnd(12)}${theirBuild.toFixed(1).padEnd(12)}${oursBuild <= 2 * theirBuild ? 'target met' : 'target NOT met'} (within 2×: ${(oursBuild / theirBuild).toFixed(2)}×)`);
  }
}
console.log(rows.join('\n'));
