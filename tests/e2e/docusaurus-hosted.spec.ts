import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page, type Request } from '@playwright/test';
import { indexSite, startServer, type LocalSearchServer, type StartServerOptions } from '@sitesearch/local';
import { hostedBuildDir, useBuiltDocusaurusSite } from '../support/docusaurus.js';
import { repoRoot, routeProviderToLoopback } from '../support/servers.js';

/**
 * The Docusaurus fixture as a site moving over from theme-search-algolia: its `themeConfig.algolia`
 * (appId, apiKey, indexName) and no `sitesearch`, so the theme reads the drop-in config and the
 * widget searches the hosted provider with the real lite client. The provider is the loopback
 * server, holding the site's pages as a crawler writes them: absolute URLs on the site's `url`
 * (http://127.0.0.1, no port, while the build is served on another port, as a preview deploy
 * is) and the `language` / `docusaurus_tag` facets of the pages' meta tags. The config keeps
 * theme-search-algolia's `insights: true`: the provider's Insights host is routed to the same
 * server, which records with `--analytics`.
 */
const site = useBuiltDocusaurusSite('hosted');
const INDEX = 'docusaurus-fixture';
let provider: LocalSearchServer;
let indexes: StartServerOptions['indexes'];

test.beforeAll(async () => {
  const { records } = await indexSite({ dir: hostedBuildDir, baseUrl: '/', exclude: ['assets', 'search'] });
  const absolute = (url: string | undefined) => (url ? new URL(url, 'http://127.0.0.1').href : url);
  indexes = { [INDEX]: records.map((record) => ({ ...record, url: absolute(record.url)!, url_without_anchor: absolute(record.url_without_anchor as string | undefined) })) };
  provider = await startServer({ indexes });
});
test.afterAll(async () => {
  await provider?.close();
});
test.beforeEach(async ({ page }) => {
  await routeProviderToLoopback(page, provider);
  await routeInsightsTo(page, provider);
});

/** The Insights API's host to the loopback server: each event request, as the browser sent it, reaches the server. */
async function routeInsightsTo(page: Page, server: LocalSearchServer): Promise<void> {
  await page.route('https://insights.algolia.io/**', async (route) => {
    const original = new URL(route.request().url());
    await route.fulfill({ response: await route.fetch({ url: `${server.url}${original.pathname}${original.search}` }) });
  });
}

const searchButton = (page: Page) => page.locator('nav.navbar').getByRole('button', { name: 'Search' });
const results = (page: Page) => page.locator('[role="option"][href]');
const status = (page: Page) => page.locator('.sitesearch-modal [role="status"]').first();
const colorModeToggle = (page: Page) => page.locator('nav.navbar button[class*="toggleButton"]');
const providerQueries = (request: Request) => /algolia\.net|algolianet\.com/.test(request.url()) && request.method() === 'POST';

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(`${site.url}${path}`);
  await expect(searchButton(page)).toBeVisible();
  await expect(colorModeToggle(page)).toBeEnabled();
}

/** Searches from the modal; returns the hrefs of the results and the provider request of the query. */
async function search(page: Page, query: string): Promise<{ hrefs: string[]; body: { requests: Array<Record<string, unknown>> } }> {
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog')).toBeVisible({ timeout: 15_000 });
  const sent = page.waitForRequest((request) => providerQueries(request) && (request.postData() ?? '').includes(JSON.stringify(query).slice(1, -1)));
  await page.getByRole('combobox').fill(query);
  const body = (await sent).postDataJSON();
  await expect(status(page)).toHaveText(/^\d+ results?$/, { timeout: 15_000 });
  return { hrefs: await results(page).evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? '')), body };
}

test('the build reads the algolia config: no local index is written, and the page names no index file', async ({ request }) => {
  expect(existsSync(join(hostedBuildDir, 'sitesearch'))).toBe(false);
  const html = await (await request.get(`${site.url}/guide/`)).text();
  expect(html).not.toContain('/sitesearch/manifest.json');
});

test('searches the provider with the contextual filters of the page, and results open through the router on this host', async ({ page }) => {
  await visit(page, '/guide/');
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  const { hrefs, body } = await search(page, 'server.proxy');
  const [first] = body.requests;
  expect(first).toMatchObject({ indexName: INDEX });
  // theme-search-algolia's contextual search: the locale, and the docs version of the page or any non-docs page.
  expect(JSON.stringify(first!.facetFilters ?? first!.params)).toContain('language:en');
  expect(JSON.stringify(first!.facetFilters ?? first!.params)).toContain('docusaurus_tag:docs-default-current');
  // The records' absolute URLs (the site's `url`) become paths of this host, as theme-search-algolia makes them.
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) expect(href).toMatch(/^\/(?!1\.x\/)/);
  const target = results(page).filter({ hasText: 'Server Options' }).first();
  const href = (await target.getAttribute('href'))!;
  await target.click();
  await page.waitForURL((url) => url.origin === new URL(site.url).origin && `${url.pathname}${url.hash}` === href);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Server Options');
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
});

test('on a page of version 1.x, the provider is asked for 1.x pages only', async ({ page }) => {
  await visit(page, '/1.x/guide/build');
  const { hrefs, body } = await search(page, 'Building for Production');
  expect(JSON.stringify(body.requests[0])).toContain('docusaurus_tag:docs-default-1.x');
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) expect(href).toMatch(/^\/1\.x\//);
});

test('the search page lists the provider\'s results for ?q=, as paths of this host', async ({ page }) => {
  await page.goto(`${site.url}/search?q=${encodeURIComponent('server proxy')}`);
  const links = page.getByRole('main').getByRole('listitem').getByRole('heading', { level: 2 }).getByRole('link');
  await expect(links.first()).toBeVisible({ timeout: 15_000 });
  for (const href of await links.evaluateAll((all) => all.map((link) => link.getAttribute('href') ?? ''))) expect(href).toMatch(/^\//);
});

test('algolia.insights: true — the third hit opened is one click in the server\'s log with its search\'s queryID and position 3, and sitesearch analytics reports it', async ({ page }) => {
  // A server of its own, as `sitesearch serve <root> --analytics` starts it, so the other tests' clicks stay out of its log.
  const analyticsRoot = await mkdtemp(join(tmpdir(), 'sitesearch-docusaurus-insights-'));
  const collector = await startServer({ indexes, analytics: { dir: join(analyticsRoot, 'sitesearch', 'analytics') } });
  await routeProviderToLoopback(page, collector);
  await routeInsightsTo(page, collector);
  const queryIDs: string[] = [];
  page.on('response', async (response) => {
    if (!providerQueries(response.request())) return;
    const body = (await response.json().catch(() => undefined)) as { results?: Array<{ query: string; queryID?: string }> } | undefined;
    for (const result of body?.results ?? []) if (result.query === 'server' && result.queryID) queryIDs.push(result.queryID);
  });
  await visit(page, '/guide/');
  const { body } = await search(page, 'server');
  expect(body.requests[0]).toMatchObject({ clickAnalytics: true });
  const third = results(page).nth(2);
  const href = (await third.getAttribute('href'))!;
  await third.click();
  await page.waitForURL((url) => `${url.pathname}${url.hash}` === href);

  const clicks = async () => {
    await collector.flushAnalytics();
    const log = await readFile(join(analyticsRoot, 'sitesearch', 'analytics', 'analytics.jsonl'), 'utf8').catch(() => '');
    return log.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.type === 'event' && line.eventType === 'click');
  };
  await expect.poll(async () => (await clicks()).length).toBe(1);
  const [click] = await clicks();
  expect(click).toMatchObject({ eventName: 'Item Selected', index: INDEX, queryID: queryIDs.at(-1), positions: [3], userToken: expect.stringMatching(/^anonymous-/) });
  expect(queryIDs.at(-1)).toMatch(/^[0-9a-f]{32}$/);

  const { stdout } = await promisify(execFile)(process.execPath, [join(repoRoot, 'packages/local/dist/cli.js'), 'analytics', analyticsRoot, '--json']);
  expect(JSON.parse(stdout).searches).toMatchObject({ clickCount: 1, averageClickPosition: 3 });
  await collector.close();
  await rm(analyticsRoot, { recursive: true, force: true });
});
