import { expect, test, type Page } from '@playwright/test';
import { useBuiltDocusaurusSite } from '../support/docusaurus.js';

/**
 * Contextual search on the Docusaurus fixture (docs `current` at the root and a `1.x` snapshot
 * under /1.x/, locales `en` and `fr`, a one-post blog; no credentials, so one local index per
 * locale): a search shows the results of the page's docs version and locale, as
 * theme-search-algolia's `contextualSearch` does. With `contextualSearch: false` no filter is
 * sent: the unit tests of the filter builder (packages/docusaurus-plugin/src/contextual.test.ts)
 * cover it, since here it would cost another Docusaurus build.
 */
const site = useBuiltDocusaurusSite();

const searchButton = (page: Page) => page.locator('nav.navbar').getByRole('button', { name: /search|chercher/i });
const results = (page: Page) => page.locator('[role="option"][href]');
const status = (page: Page) => page.locator('.sitesearch-modal [role="status"]').first();
const colorModeToggle = (page: Page) => page.locator('nav.navbar button[class*="toggleButton"]');

/** Opens a page and waits for React to hydrate it (the classic theme enables its colour-mode button then). */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(`${site.url}${path}`);
  await expect(searchButton(page)).toBeVisible();
  await expect(colorModeToggle(page)).toBeEnabled();
}

/** Searches from the modal and returns the hrefs of the results once they show. */
async function search(page: Page, query: string): Promise<string[]> {
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('combobox').fill(query);
  // The screen reader's count is announced once the hits of this very query are on screen (in
  // the page's language: "12 results", "12 résultats").
  await expect(status(page)).toHaveText(/^\d+ (results?|résultats?)$/, { timeout: 15_000 });
  return results(page).evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
}

test('every page carries its locale and version in meta tags, and each locale has its own index', async ({ request }) => {
  const meta = async (path: string) => {
    const html = await (await request.get(`${site.url}${path}`)).text();
    return Object.fromEntries([...html.matchAll(/<meta[^>]*name="docsearch:(\w+)" content="([^"]*)"/g)].map((match) => [match[1], match[2]]));
  };
  expect(await meta('/1.x/guide/build')).toMatchObject({ language: 'en', version: '1.x', docusaurus_tag: 'docs-default-1.x' });
  expect(await meta('/guide/build')).toMatchObject({ language: 'en', version: 'current', docusaurus_tag: 'docs-default-current' });
  expect(await meta('/fr/guide/build')).toMatchObject({ language: 'fr', docusaurus_tag: 'docs-default-current' });
  expect(await meta('/blog/release-notes')).toMatchObject({ language: 'en', docusaurus_tag: 'default' });
  for (const path of ['/sitesearch/manifest.json', '/fr/sitesearch/manifest.json']) expect((await request.get(`${site.url}${path}`)).ok(), path).toBe(true);
});

test('on a page of version 1.x, only 1.x pages are found', async ({ page }) => {
  await visit(page, '/1.x/guide/build');
  const hrefs = await search(page, 'Building for Production');
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) expect(href).toMatch(/^\/1\.x\//);
  // An option only the 1.x snapshot documents is found from here (and not from a current page, below).
  await page.getByRole('combobox').fill('rollupInputOptions');
  await expect(status(page)).toHaveText(/^\d+ results?$/, { timeout: 15_000 });
  await expect(results(page).first()).toHaveAttribute('href', /^\/1\.x\/guide\/build/);
});

test('on a page of the current version, no 1.x page is found', async ({ page }) => {
  await visit(page, '/guide/');
  const hrefs = await search(page, 'Building for Production');
  expect(hrefs.some((href) => href.startsWith('/guide/build')), hrefs.join(', ')).toBe(true);
  for (const href of hrefs) expect(href).not.toMatch(/^\/(1\.x|fr)\//);
  // A phrase only the 1.x snapshot has finds nothing from here.
  await page.getByRole('combobox').fill('rollupInputOptions');
  await expect(status(page)).toHaveText('No results found for "rollupInputOptions"', { timeout: 15_000 });
  await expect(results(page)).toHaveCount(0);
});

test('on a French page, the French index answers with French pages only', async ({ page }) => {
  const frenchIndex = page.waitForRequest((request) => new URL(request.url()).pathname.startsWith('/fr/sitesearch/'));
  await visit(page, '/fr/guide/');
  const hrefs = await search(page, 'production');
  await frenchIndex;
  for (const href of hrefs) expect(href).toMatch(/^\/fr\//);
  await expect(results(page).filter({ hasText: 'Construire pour la production' }).first()).toBeVisible();
  // The English site finds no French page.
  await visit(page, '/guide/');
  const english = await search(page, 'production');
  for (const href of english) expect(href).not.toMatch(/^\/fr\//);
});

test('the blog is searchable from the docs and from the blog', async ({ page }) => {
  for (const path of ['/guide/', '/blog/release-notes']) {
    await visit(page, path);
    const hrefs = await search(page, 'quarterly changelog');
    expect(hrefs.some((href) => href.startsWith('/blog/release-notes')), `from ${path}: ${hrefs.join(', ')}`).toBe(true);
    await page.keyboard.press('Escape');
  }
});

test('moving to another version through the router changes what the search finds', async ({ page }) => {
  await visit(page, '/guide/build');
  // The classic theme's version menu: a client-side navigation to the same page in 1.x.
  await page.locator('nav.navbar').getByRole('button', { name: '2.x' }).hover();
  await page.locator('nav.navbar .dropdown__menu').getByRole('link', { name: '1.x' }).click();
  await page.waitForURL(`${site.url}/1.x/guide/build`);
  const hrefs = await search(page, 'Building for Production');
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) expect(href).toMatch(/^\/1\.x\//);
});
