import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { buildSiteIndex } from '@sitesearch/local';
import { buildFixtureIndex, collectErrors, repoRoot, startStaticServer, type StaticServer } from '../support/servers.js';

/**
 * Language-aware analysis in a real browser: the CDN entry's local index client on a Japanese
 * site (words inside sentences are found and highlighted), and the chunks it loads for it.
 */
let site: StaticServer;
let errors: string[];

test.beforeAll(async () => {
  [site] = await Promise.all([
    startStaticServer(),
    buildFixtureIndex(),
    buildSiteIndex({ dir: join(repoRoot, 'tests/fixtures/pages-ja'), baseUrl: '/fixtures/pages-ja/', outDir: join(repoRoot, 'tests/.fixtures/local-index-ja') }),
    buildSiteIndex({ dir: join(repoRoot, 'tests/fixtures/pages-en-fr'), baseUrl: '/fixtures/pages-en-fr/', outDir: join(repoRoot, 'tests/.fixtures/local-index-en-fr') }),
  ]);
});
test.afterAll(() => site.close());
test.beforeEach(async ({ page }) => {
  errors = collectErrors(page);
  // Chromium asks for /favicon.ico, which the fixture server does not have (a logged 404).
  await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
});
test.afterEach(() => {
  expect(errors, 'console errors').toEqual([]);
});

const loadedChunks = (requested: string[]): string[] =>
  requested.filter((path) => /\/cdn\/sitesearch-local-/.test(path)).map((path) => path.replace(/^.*\/sitesearch-local-(\w+)-[\w-]+\.js$/, '$1'));

test('a word from the middle of a Japanese sentence is found and highlighted', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto(`${site.url}/fixtures/cdn/index.html?scenario=local-ja`);
  await expect(page.locator('[data-sitesearch-button]')).toBeVisible();
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox').fill('インストール');
  const option = page.getByRole('option').first();
  await expect(option).toContainText('パッケージをインストールするには');
  await expect(option).toHaveAttribute('href', /^\/fixtures\/pages-ja\/guide\.html#setup$/);
  // Exactly the segmented word is marked, not the sentence around it.
  await expect(option.locator('mark')).toHaveText(['インストール']);
  // The segmenter and the stop words beside English (Japanese particles) are loaded for this
  // index; Japanese has no stemmer to load.
  expect(loadedChunks(requested).sort()).toEqual(['segment', 'stopword']);

  // Voiced kana stay voiced: バグ finds the bug page (folding made it ハク before).
  await page.getByRole('combobox').fill('バグ');
  await expect(page.getByRole('option').first()).toHaveAttribute('href', /bugs\.html/);
});

test('an English index loads the English stemmer and neither the segmenter nor other stop words; stemmed forms match', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto(`${site.url}/fixtures/cdn/index.html?scenario=local`);
  await expect(page.locator('[data-sitesearch-button]')).toBeVisible();
  await page.keyboard.press('Control+k');
  // The fixture's heading is "Installing": "installs" shares its stem.
  await page.getByRole('combobox').fill('installs ');
  await expect(page.getByRole('option').first()).toContainText('Installing');
  expect(loadedChunks(requested)).toEqual(['en']);
});

test.describe('an index of two languages (English and French) loads the stemmer of the query\'s language only', () => {
  const search = async (page: import('@playwright/test').Page, params: string, query: string) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${site.url}/fixtures/cdn/index.html?scenario=local-en-fr&${params}`);
    await expect(page.locator('[data-sitesearch-button]')).toBeVisible();
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox').fill(query);
    return requested;
  };
  const stemmers = (requested: string[]) => loadedChunks(requested).filter((chunk) => chunk === 'en' || chunk === 'fr');

  test('an English page: the English stemmer, not the French one; stemmed forms match', async ({ page }) => {
    const requested = await search(page, 'lang=en', 'configures ');
    await expect(page.getByRole('option', { name: /Configuring the server/ }).first()).toBeVisible();
    expect(stemmers(requested)).toEqual(['en']);
  });

  test('a French page: the French stemmer, not the English one', async ({ page }) => {
    const requested = await search(page, 'lang=fr', 'configurez ');
    await expect(page.getByRole('option', { name: /Configurer le serveur/ }).first()).toBeVisible();
    expect(stemmers(requested)).toEqual(['fr']);
  });

  test('a search filtered to French (the locale\'s facet) from an English page: the French stemmer only', async ({ page }) => {
    const requested = await search(page, 'lang=en&facet=language:fr', 'configurez ');
    await expect(page.getByRole('option').first()).toContainText('Configurer le serveur');
    expect(stemmers(requested)).toEqual(['fr']);
  });
});
