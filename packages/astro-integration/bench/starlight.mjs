#!/usr/bin/env node
// pnpm bench (@sitesearch/astro): the Starlight plugin, with its local index and with the hosted
// provider, beside Starlight's own search (Pagefind, its default) and @astrojs/starlight-docsearch
// 0.6, on the same content: the Vite docs (the shared corpus), copied into four throwaway Starlight
// projects under bench/.work/ (not committed) and built with `astro build`. The fair pairs are the
// two static indexes (ours-local, Pagefind) and the two hosted clients (ours-hosted,
// starlight-docsearch). In Chromium, for a page of the site:
//   - bytes before interaction: every JS and CSS response of a page load, gzip (level 6) of each
//     body, as a compressing static host sends them;
//   - bytes until the first result: open the search, type a query, wait for the first result;
//     the JS, CSS and search data (index files, Pagefind fragments, API answers) that took, plus
//     any search data fetched before the interaction (a prefetch), so nothing is left out;
//   - MRR@5 on the Vite query set of @sitesearch/local (packages/local/bench/queries.ts), by page:
//     Starlight's heading ids differ from VitePress', so the expected sections' anchors don't apply.
// starlight-docsearch and ours-hosted search the hosted provider (the same appId, apiKey and index
// name): Playwright routes both's requests to the same loopback server of @sitesearch/local, over
// our local index of the same pages. starlight-docsearch's relevance is therefore our engine's, not
// the provider's, and is not printed; ours-hosted's is the local column's (same engine, same index,
// same query), printed as such. Never fails on a figure.
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { DEFAULT_API_KEY, DEFAULT_APP_ID, startServer } from '@sitesearch/local';
import { findChromium } from '../../../scripts/ensure-chromium.mjs';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = join(packageDir, '../..');
const corpus = join(repoRoot, '../shared/corpus/vite');
const work = join(packageDir, 'bench/.work');
const PAGE = '/guide/';
const QUERY = 'server port';
if (!existsSync(corpus)) throw new Error(`the Vite docs corpus is missing: expected ${corpus}`);

// The query set is TypeScript: this script runs under tsx (`pnpm bench`), which imports it as is.
const { VITE_QUERIES } = await import('../../local/bench/queries.ts');

/** VitePress Markdown → Starlight Markdown: the h1 becomes the title; Vue blocks, containers, images and `{#id}` go. */
function toStarlight(markdown, file) {
  let text = markdown.replace(/^---\n[\s\S]*?\n---\n/, '');
  text = text.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<style[\s\S]*?<\/style>/g, '');
  const h1 = text.match(/^# (.+)$/m);
  const title = (h1?.[1] ?? file.replace(/\.md$/, '')).replace(/\s*\{#[^}]*\}\s*$/, '').replace(/<[^>]*>/g, '').trim() || 'Vite';
  if (h1) text = text.replace(h1[0], '');
  let fenced = false;
  const lines = text.split('\n').flatMap((line) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) return [line];
    if (/^\s*:::/.test(line)) return [];
    if (/^#{2,6} /.test(line)) return [line.replace(/\s*\{#[^}]*\}\s*$/, '').replace(/<[^>]*>/g, '')];
    // The corpus has no images: Astro would stop at the first missing one.
    return [line.replace(/!\[[^\]]*\]\([^)]*\)/g, '')];
  });
  return `---\ntitle: ${JSON.stringify(title)}\n---\n${lines.join('\n')}`;
}

function copyCorpus(from, to) {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    const path = join(from, name);
    if (statSync(path).isDirectory()) copyCorpus(path, join(to, name));
    else if (name.endsWith('.md')) writeFileSync(join(to, name), toStarlight(readFileSync(path, 'utf8'), name));
  }
}

const VARIANTS = {
  ours: { imports: "import sitesearchStarlight from '@sitesearch/astro/starlight';", plugins: 'sitesearchStarlight()' },
  hosted: {
    imports: "import sitesearchStarlight from '@sitesearch/astro/starlight';",
    plugins: `sitesearchStarlight(${JSON.stringify({ appId: DEFAULT_APP_ID, apiKey: DEFAULT_API_KEY, indices: ['docs'] })})`,
  },
  pagefind: { imports: '', plugins: '' },
  docsearch: {
    imports: "import starlightDocSearch from '@astrojs/starlight-docsearch';",
    plugins: `starlightDocSearch(${JSON.stringify({ appId: DEFAULT_APP_ID, apiKey: DEFAULT_API_KEY, indexName: 'docs' })})`,
  },
};

/** Writes and builds one Starlight project; returns its dist folder. */
function buildVariant(name) {
  const dir = join(work, name);
  rmSync(dir, { recursive: true, force: true });
  copyCorpus(corpus, join(dir, 'src/content/docs'));
  // `@sitesearch/astro` is this package; astro, Starlight and starlight-docsearch resolve from its node_modules.
  mkdirSync(join(dir, 'node_modules/@sitesearch'), { recursive: true });
  symlinkSync(relative(join(dir, 'node_modules/@sitesearch'), packageDir), join(dir, 'node_modules/@sitesearch/astro'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `bench-starlight-${name}`, private: true, type: 'module' }));
  writeFileSync(
    join(dir, 'src/content.config.ts'),
    "import { defineCollection } from 'astro:content';\nimport { docsLoader } from '@astrojs/starlight/loaders';\nimport { docsSchema } from '@astrojs/starlight/schema';\nexport const collections = { docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }) };\n",
  );
  const { imports, plugins } = VARIANTS[name];
  writeFileSync(
    join(dir, 'astro.config.mjs'),
    `import { defineConfig, passthroughImageService } from 'astro/config';
import starlight from '@astrojs/starlight';
${imports}
export default defineConfig({
  site: 'http://127.0.0.1',
  image: { service: passthroughImageService() },
  devToolbar: { enabled: false },
  integrations: [starlight({ title: 'Vite', sidebar: [{ label: 'Guide', autogenerate: { directory: 'guide' } }, { label: 'Config', autogenerate: { directory: 'config' } }], plugins: [${plugins}] })],
});
`,
  );
  const started = Date.now();
  execFileSync(process.execPath, [join(packageDir, 'node_modules/astro/astro.js'), 'build', '--silent'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  console.log(`built the ${name} site in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return join(dir, 'dist');
}

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.wasm': 'application/wasm' };
async function serve(dist) {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = join(dist, normalize(path.endsWith('/') ? `${path}index.html` : path).replace(/^[/\\]+/, ''));
    if (!file.startsWith(dist + sep) || !existsSync(file) || !statSync(file).isFile()) return response.writeHead(404).end('not found');
    response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' });
    createReadStream(file).pipe(response);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** The search box and the first result of each variant's UI. */
const UI = {
  ours: { open: '.sitesearch-button', input: '[role="dialog"] [role="combobox"]', hit: '[role="dialog"] [role="option"]' },
  hosted: { open: '.sitesearch-button', input: '[role="dialog"] [role="combobox"]', hit: '[role="dialog"] [role="option"]' },
  pagefind: { open: 'site-search button[data-open-modal]', input: '#starlight__search input', hit: '.pagefind-ui__result' },
  docsearch: { open: '.DocSearch-Button', input: '.DocSearch-Input', hit: '.DocSearch-Hit' },
};

async function bytes(browser, url, ui, provider) {
  const page = await browser.newPage();
  if (provider) {
    await page.route(/^https:\/\/[^/]*(algolia\.net|algolianet\.com)\//, async (route) => {
      const original = new URL(route.request().url());
      // A request still in flight when the page closes (one per keystroke) is dropped.
      await route.fetch({ url: `${provider.url}${original.pathname}${original.search}` }).then((response) => route.fulfill({ response }), () => {});
    });
  }
  const log = [];
  const bodies = [];
  let phase = 'before';
  page.on('response', (response) => {
    const entry = { phase, type: response.request().resourceType(), url: response.url(), gzip: 0 };
    log.push(entry);
    // Redirects and preflights have no body.
    bodies.push(response.body().then((body) => (entry.gzip = gzipSync(body).length), () => {}));
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(300);
  phase = 'after';
  await page.locator(ui.open).first().click();
  await page.locator(ui.input).first().waitFor();
  await page.keyboard.type(QUERY);
  await page.locator(ui.hit).first().waitFor();
  // What arrived once the first result showed; later keystrokes' answers are not counted.
  phase = 'later';
  await Promise.all(bodies);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.close();
  const sum = (when, types) => log.filter((entry) => entry.phase === when && types.includes(entry.type)).reduce((total, entry) => total + entry.gzip, 0);
  const code = ['script', 'stylesheet'];
  const data = ['fetch', 'xhr', 'other'];
  // Search data fetched before the interaction (a prefetch) counts until the first result too; not
  // 'other' then, which is the favicon and the like on a page load.
  const prefetched = log.filter((entry) => entry.phase === 'before' && ['fetch', 'xhr'].includes(entry.type));
  for (const entry of prefetched) console.log(`  fetched before any interaction (counted until the first result): ${entry.url} ${entry.gzip} B gzip`);
  // BENCH_VERBOSE=1: every counted response until the first result, to see what each variant loads.
  if (process.env.BENCH_VERBOSE) for (const entry of log.filter((e) => e.phase !== 'later')) console.log(`  ${url} ${entry.phase} ${entry.type} ${entry.gzip} B ${entry.url}`);
  const beforeData = prefetched.reduce((total, entry) => total + entry.gzip, 0);
  return { before: sum('before', code), afterCode: sum('after', code), afterData: beforeData + sum('after', data) };
}

/** MRR@5 by page over a list of result URLs per query. */
function mrr(lists) {
  const pagePath = (url) => new URL(url, 'http://x').pathname.replace(/\/$/, '') || '/';
  let reciprocal = 0;
  lists.forEach((urls, i) => {
    const pages = [...new Set(urls.map(pagePath))];
    const rank = pages.slice(0, 5).indexOf(VITE_QUERIES[i].page.replace(/\/$/, '') || '/');
    if (rank >= 0) reciprocal += 1 / (rank + 1);
  });
  return reciprocal / lists.length;
}

const dists = Object.fromEntries(Object.keys(VARIANTS).map((name) => [name, buildVariant(name)]));
const servers = Object.fromEntries(await Promise.all(Object.entries(dists).map(async ([name, dist]) => [name, await serve(dist)])));
const provider = await startServer({ indexes: { docs: join(dists.ours, 'sitesearch') } });
const browser = await chromium.launch({ executablePath: findChromium(), args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
try {
  const figures = {};
  for (const name of Object.keys(VARIANTS)) figures[name] = await bytes(browser, `${servers[name].url}${PAGE}`, UI[name], name === 'docsearch' || name === 'hosted' ? provider : undefined);

  // Ours: the widget's query, answered by the same engine over the same index as in the browser.
  const ourLists = [];
  for (const { query } of VITE_QUERIES) {
    const response = await fetch(`${provider.url}/1/indexes/*/queries`, {
      method: 'POST',
      headers: { 'x-algolia-application-id': DEFAULT_APP_ID, 'x-algolia-api-key': DEFAULT_API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ requests: [{ indexName: 'docs', query, hitsPerPage: 20 }] }),
    });
    ourLists.push((await response.json()).results[0].hits.map((hit) => hit.url));
  }
  // Pagefind: its own browser API on the Starlight-built index, as Starlight's UI lists pages.
  const page = await browser.newPage();
  await page.goto(`${servers.pagefind.url}${PAGE}`);
  const pagefindLists = await page.evaluate(async (queries) => {
    const pagefind = await import('/pagefind/pagefind.js');
    const lists = [];
    for (const query of queries) {
      const search = await pagefind.search(query);
      lists.push(await Promise.all(search.results.slice(0, 5).map(async (result) => (await result.data()).url)));
    }
    return lists;
  }, VITE_QUERIES.map((q) => q.query));
  await page.close();

  const kb = (value) => `${(value / 1024).toFixed(1)} KB`;
  const rows = [
    ['JS + CSS before any interaction (page load)', ...Object.values(figures).map((f) => kb(f.before))],
    ['JS + CSS added by open + query + first result', ...Object.values(figures).map((f) => kb(f.afterCode))],
    ['search data until the first result (index / API)', ...Object.values(figures).map((f) => kb(f.afterData))],
    ['total until the first result', ...Object.values(figures).map((f) => kb(f.before + f.afterCode + f.afterData))],
    [`MRR@5 by page (${VITE_QUERIES.length} Vite queries)`, mrr(ourLists).toFixed(3), `${mrr(ourLists).toFixed(3)} (same engine)`, mrr(pagefindLists).toFixed(3), "n/a (provider's ranking)"],
  ];
  const pages = readdirSync(corpus, { recursive: true }).filter((name) => String(name).endsWith('.md')).length;
  console.log(`\nStarlight 0.37 with the Vite docs (${pages} pages), page ${PAGE}, query "${QUERY}" — Chromium, gzip -6 of each response`);
  console.log(`${'metric'.padEnd(52)}${'ours, local index'.padEnd(22)}${'ours, hosted'.padEnd(22)}${'Pagefind (default)'.padEnd(22)}starlight-docsearch 0.6 (@docsearch/js 3)`);
  for (const [label, ...cells] of rows) console.log(`${label.padEnd(52)}${cells[0].padEnd(22)}${cells[1].padEnd(22)}${cells[2].padEnd(22)}${cells[3]}`);
} finally {
  await browser.close();
  await provider.close();
  await Promise.all(Object.values(servers).map((server) => server.close()));
}
