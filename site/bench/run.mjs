#!/usr/bin/env node
// pnpm bench (site): bytes a visitor's browser loads for search on the site's home page, in
// Chromium, before any interaction and after opening the search and seeing the first result.
// Baseline, measured in the same run on the same page: @astrojs/starlight-docsearch's approach,
// where @docsearch/js 4.7 is bundled into a module script that runs on page load. Both search
// the same local index (ours in the browser; DocSearch through the provider's API, answered by
// the loopback server). Sizes are gzip (level 6) of each response body, as a static host serves
// them. Never fails on a figure.
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { DEFAULT_API_KEY, DEFAULT_APP_ID, startServer } from '@sitesearch/local';

const siteDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(siteDir, 'dist');
const QUERY = 'dark theme';
if (!existsSync(join(dist, 'index.html'))) throw new Error('site/dist is missing: run `astro build` in site/ first (pnpm bench does).');

// The baseline's client script, bundled and minified as Vite would bundle starlight-docsearch's
// <script> (a static `import docsearch from '@docsearch/js'` that calls docsearch() on load).
const docsearchBundle = (
  await build({
    stdin: {
      contents: `import docsearch from '@docsearch/js';
docsearch({ container: '#docsearch', appId: ${JSON.stringify(DEFAULT_APP_ID)}, apiKey: ${JSON.stringify(DEFAULT_API_KEY)}, indexName: 'docs' });`,
      resolveDir: siteDir,
      loader: 'js',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2020',
    write: false,
    logLevel: 'error',
  })
).outputFiles[0].text;

// The same home page, with our loader and button swapped for DocSearch's container and script.
const home = readFileSync(join(dist, 'index.html'), 'utf8');
const ourLoader = home.match(/<script type="module" src="(\/_astro\/page\.[^"]+\.js)"><\/script>/);
const ourButton = home.match(/<span class="sitesearch-astro"[^>]*>[\s\S]*?<\/button><\/span>/);
if (!ourLoader || !ourButton) throw new Error('bench: the home page has no SiteSearch loader or button to swap; did the build change?');
const baselineHome = home
  .replace(ourLoader[0], '<script type="module" src="/bench/docsearch.js"></script>')
  .replace(ourButton[0], '<div id="docsearch"></div>');

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml' };
const server = createServer(async (request, response) => {
  const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
  if (path === '/bench/docsearch.js') return response.writeHead(200, { 'Content-Type': TYPES['.js'] }).end(docsearchBundle);
  if (path === '/bench/docsearch/') return response.writeHead(200, { 'Content-Type': TYPES['.html'] }).end(baselineHome);
  const relative = normalize(path.endsWith('/') ? `${path}index.html` : path).replace(/^[/\\]+/, '');
  const file = join(dist, relative);
  const info = file.startsWith(dist + sep) ? await stat(file).catch(() => null) : null;
  if (!info?.isFile()) return response.writeHead(404).end('not found');
  response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' });
  createReadStream(file).pipe(response);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;
// DocSearch queries the provider's API: the loopback server answers it from the same index.
const provider = await startServer({ indexes: { docs: join(dist, 'sitesearch') } });

const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });

/** Loads a page, then opens the search, types the query and waits for the first result. */
async function measure(url, { input, hit }) {
  const page = await browser.newPage();
  await page.route(/^https:\/\/[^/]*(algolia\.net|algolianet\.com)\//, async (route) => {
    const original = new URL(route.request().url());
    const response = await route.fetch({ url: `${provider.url}${original.pathname}${original.search}` });
    await route.fulfill({ response });
  });
  const log = [];
  const bodies = [];
  let phase = 'before';
  page.on('response', (response) => {
    const entry = { phase, url: response.url(), type: response.request().resourceType(), gzip: 0 };
    log.push(entry);
    bodies.push(
      response.body().then(
        (body) => (entry.gzip = gzipSync(body).length),
        () => {}, // Redirects and preflights have no body.
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(300);
  phase = 'after';
  await page.getByRole('button', { name: /search/i }).first().click();
  await page.locator(input).first().waitFor();
  await page.keyboard.type(QUERY);
  await page.locator(hit).first().waitFor();
  await page.waitForLoadState('networkidle');
  await Promise.all(bodies);
  await page.close();
  const sum = (when, types) => log.filter((entry) => entry.phase === when && types.includes(entry.type)).reduce((total, entry) => total + entry.gzip, 0);
  const siteJs = log.filter((entry) => entry.type === 'script' && /ClientRouter/.test(entry.url)).reduce((total, entry) => total + entry.gzip, 0);
  return {
    jsBefore: sum('before', ['script']),
    searchJsBefore: sum('before', ['script']) - siteJs,
    jsAfter: sum('after', ['script']),
    dataAfter: sum('after', ['fetch', 'xhr']),
    cssBefore: sum('before', ['stylesheet']),
    cssAfter: sum('after', ['stylesheet']),
    siteJs,
  };
}

const ours = await measure(`${origin}/`, { input: '[role="dialog"] [role="combobox"]', hit: '[role="dialog"] [role="option"]' });
const theirs = await measure(`${origin}/bench/docsearch/`, { input: '.DocSearch-Input', hit: '.DocSearch-Hit' });
await browser.close();
await provider.close();
server.close();

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const rows = [
  ['JS before any interaction (whole page)', ours.jsBefore, theirs.jsBefore],
  ['  of which search code (page minus the Astro router)', ours.searchJsBefore, theirs.searchJsBefore],
  ['JS added by opening + first result', ours.jsAfter, theirs.jsAfter],
  ['JS total once the first result shows', ours.jsBefore + ours.jsAfter, theirs.jsBefore + theirs.jsAfter],
  ['search data for the first result (index / API)', ours.dataAfter, theirs.dataAfter],
  ['CSS before / added after', `${kb(ours.cssBefore)} / ${kb(ours.cssAfter)}`, `${kb(theirs.cssBefore)} / ${kb(theirs.cssAfter)} (no DocSearch CSS loaded)`],
];
console.log(`\nSiteSearch docs site, home page — Chromium, gzip sizes, query "${QUERY}", ${new Date().toISOString().slice(0, 10)}`);
console.log(`Astro router (<ClientRouter />, same in both): ${kb(ours.siteJs)}`);
console.log(`${'metric'.padEnd(56)}${'@sitesearch/astro'.padEnd(22)}starlight-docsearch approach (@docsearch/js 4.7.0 on load)`);
for (const [name, a, b] of rows) console.log(`${name.padEnd(56)}${(typeof a === 'number' ? kb(a) : a).padEnd(22)}${typeof b === 'number' ? kb(b) : b}`);
