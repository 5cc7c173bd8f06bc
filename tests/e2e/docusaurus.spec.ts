import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { fixtureDir, useBuiltDocusaurusSite } from '../support/docusaurus.js';
import { expectShortcutBeforeHydration, expectSidepanelShortcutBeforeHydration } from '../support/earlyShortcuts.js';

/**
 * The Docusaurus fixture site (classic preset + @sitesearch/docusaurus, no credentials: the local
 * index written by postBuild), built once and served statically, in Chromium.
 */
const site = useBuiltDocusaurusSite();

const navbar = (page: Page) => page.locator('nav.navbar');
const searchButton = (page: Page) => navbar(page).getByRole('button', { name: 'Search' });
const dialog = (page: Page) => page.getByRole('dialog');
const results = (page: Page) => page.locator('[role="option"][href]');

const colorModeToggle = (page: Page) => page.getByRole('button', { name: /dark mode|system mode|light mode/i });

/**
 * Opens a page and waits for React to hydrate it (the classic theme enables its colour-mode
 * button then): the React components listen for shortcuts from hydration on.
 */
async function visit(page: Page, path = '/'): Promise<void> {
  await page.goto(`${site.url}${path}`);
  await expect(searchButton(page)).toBeVisible();
  await expect(colorModeToggle(page)).toBeEnabled();
}

// Opening, searching, the Sidepanel's answer and hybrid mode are the behaviour suite's
// (behaviour/docusaurus.spec.ts); this file keeps what only the Docusaurus theme does.
test('the search button (in the navbar) and the Sidepanel trigger are in the server-rendered HTML', async ({ request }) => {
  const html = await (await request.get(`${site.url}/guide/`)).text();
  const nav = html.slice(html.indexOf('<nav'), html.indexOf('</nav>'));
  expect(nav).toContain('sitesearch-button');
  expect(nav).toMatch(/aria-label="Search/);
  expect(html).toContain('data-sitesearch-sidepanel-button');
  // The local index is part of the build.
  expect((await request.get(`${site.url}/sitesearch/manifest.json`)).ok()).toBe(true);
});

test('Enter opens the result through the Docusaurus router, without a page load', async ({ page }) => {
  await visit(page);
  // A full page load would drop this marker; the router keeps the window.
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.keyboard.press('Control+k');
  await expect(dialog(page)).toBeVisible({ timeout: 15_000 });
  await page.keyboard.type('server.proxy');
  const first = results(page).first();
  await expect(first).toBeVisible({ timeout: 15_000 });
  const href = (await first.getAttribute('href'))!;
  // The Ask AI entry comes first (askAi is on): ArrowDown until the first result is active.
  await page.keyboard.press('ArrowDown');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => `${url.pathname}${url.hash}` === href);
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Server Options');
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
});

test('Ctrl+K pressed before React hydrates opens the modal with every key typed (the early script in the head)', async ({ page, request }) => {
  // Linked as a file of the site, not inline: `script-src 'self'` allows it.
  const html = await (await request.get(`${site.url}/guide/`)).text();
  expect(html).toMatch(/<script src="\/sitesearch-early\.js\?v=[0-9a-f]{8}"><\/script>/);
  // The site's main bundle (React, the theme, the SearchBar's island) held back on the network.
  await expectShortcutBeforeHydration(page, { url: `${site.url}/guide/`, held: /\/assets\/js\/main\.[0-9a-f]+\.js$/, shortcut: 'Control+k', typed: ['server', '.proxy'] });
});

test('Ctrl+I pressed before React hydrates opens the Sidepanel with every key typed (the early script in the head)', async ({ page }) => {
  // The main bundle (React, the theme, both islands) held back: the page shows the server-rendered trigger.
  await expectSidepanelShortcutBeforeHydration(page, { url: `${site.url}/guide/`, held: /\/assets\/js\/main\.[0-9a-f]+\.js$/, typed: ['how do I', ' proxy'] });
});

test('a wrapped SearchBar (swizzle --wrap) passes a function option to the modal: the fixture\'s getMissingResultsUrl', async ({ page }) => {
  // tests/fixtures/docusaurus/src/theme/SearchBar wraps the theme's SearchBar with it.
  await visit(page, '/guide/');
  await page.keyboard.press('Control+k');
  await expect(dialog(page)).toBeVisible({ timeout: 15_000 });
  await page.getByRole('combobox').fill('qqxyzzy');
  const report = dialog(page).getByRole('link', { name: 'Let us know.' });
  await expect(report).toHaveAttribute('href', 'https://github.com/example/docs/issues/new?title=qqxyzzy', { timeout: 15_000 });
});

test('dark mode: the classic theme switch turns the modal dark', async ({ page }) => {
  await visit(page);
  const lightBackground = await searchButton(page).evaluate((element) => getComputedStyle(element).backgroundColor);
  await colorModeToggle(page).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.keyboard.press('Control+k');
  await expect(dialog(page)).toBeVisible({ timeout: 15_000 });
  const modal = page.locator('.sitesearch-modal').first();
  const background = await modal.evaluate((element) => getComputedStyle(element).backgroundColor);
  // A dark surface: every channel well below mid-grey.
  const channels = background.match(/\d+/g)!.slice(0, 3).map(Number);
  expect(Math.max(...channels), `modal background ${background}`).toBeLessThan(80);
  expect(await searchButton(page).evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(lightBackground);
});

test('offers the site as a search engine: <link rel="search"> to opensearch.xml, which opens the search page with the query', async ({ page, request }) => {
  await page.goto(`${site.url}/guide/`);
  const link = page.locator('head link[rel="search"]');
  await expect(link).toHaveAttribute('type', 'application/opensearchdescription+xml');
  await expect(link).toHaveAttribute('title', 'SiteSearch Docusaurus fixture');
  const href = await link.getAttribute('href');
  expect(href).toBe('/opensearch.xml');
  const response = await request.get(`${site.url}${href}`);
  expect(response.ok()).toBe(true);
  const xml = await response.text();
  expect(xml).toContain('<ShortName>SiteSearch Docusaurus fixture</ShortName>');
  // siteConfig.url + baseUrl + searchPagePath ('search' by default).
  expect(xml).toContain('<Url type="text/html" method="get" template="http://127.0.0.1/search?q={searchTerms}"/>');
});

test('a wrong themeConfig.sitesearch stops `docusaurus build` with the option named, and nothing is built', async () => {
  test.slow();
  const outDir = mkdtempSync(join(tmpdir(), 'sitesearch-docusaurus-bad-'));
  try {
    const run = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = execFile('pnpm', ['exec', 'docusaurus', 'build', '--out-dir', outDir], {
        cwd: fixtureDir,
        env: { ...process.env, DOCUSAURUS_TELEMETRY_DISABLED: '1', SITESEARCH_FIXTURE_CONFIG: JSON.stringify({ contextualSearch: 'yes' }) },
      });
      let output = '';
      child.stdout!.on('data', (chunk) => (output += chunk));
      child.stderr!.on('data', (chunk) => (output += chunk));
      child.on('exit', (code) => resolve({ code, output }));
    });
    expect(run.code).not.toBe(0);
    expect(run.output).toContain('sitesearch (themeConfig.sitesearch in docusaurus.config): "sitesearch.contextualSearch" must be a boolean');
    expect(existsSync(join(outDir, 'index.html'))).toBe(false);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
});
