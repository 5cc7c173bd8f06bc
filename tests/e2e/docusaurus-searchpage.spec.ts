import { expect, test, type Page } from '@playwright/test';
import { useBuiltDocusaurusSite } from '../support/docusaurus.js';

/**
 * The search page of @sitesearch/docusaurus (theme component SearchPage, at /search?q=) on the
 * Docusaurus fixture site (the shared build: local index, no credentials), in Chromium.
 */
const site = useBuiltDocusaurusSite();
// Its accessibility (navbar included, both themes, 1280 and 390 px) is checked with the version
// select and the locale links in docusaurus-searchpage-versions.spec.ts.

const main = (page: Page) => page.getByRole('main');
const input = (page: Page) => main(page).getByRole('searchbox', { name: 'Search' });
const results = (page: Page) => main(page).getByRole('listitem');
const status = (page: Page) => main(page).getByRole('status');
const colorModeToggle = (page: Page) => page.getByRole('button', { name: /dark mode|system mode|light mode/i });
const FIRST_SEARCH = { timeout: 15_000 };

/**
 * Opens the search page once React has hydrated it: the input takes the focus then (autoFocus
 * runs on hydration), and a query's results are only ever rendered in the browser.
 */
async function visit(page: Page, query?: string): Promise<void> {
  await page.goto(`${site.url}/search${query === undefined ? '' : `?q=${encodeURIComponent(query)}`}`);
  await expect(input(page)).toBeFocused(FIRST_SEARCH);
  if (query !== undefined) await expect(results(page).first()).toBeVisible(FIRST_SEARCH);
}

/** The "N results" count the live region says. */
async function announcedCount(page: Page): Promise<number> {
  await expect(status(page)).toHaveText(/^\d+ results$/, FIRST_SEARCH);
  return Number((await status(page).textContent())!.split(' ')[0]);
}

test('the page is server-rendered at /search, titled, and kept out of search engines', async ({ request }) => {
  const response = await request.get(`${site.url}/search`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('Search the documentation');
  expect(html).toMatch(/<meta[^>]+name="robots"[^>]+content="noindex, follow"/);
  expect(html).toMatch(/<input[^>]+type="search"[^>]+name="q"/);
});

test('/search?q= shows the results of the query: title, breadcrumb and highlighted words, linked through the router', async ({ page }) => {
  await visit(page, 'environment variables');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for "environment variables"');
  await expect(page).toHaveTitle(/^Search results for "environment variables" \| /);
  await expect(input(page)).toHaveValue('environment variables');
  expect(await announcedCount(page)).toBeGreaterThan(0);
  const first = results(page).first();
  await expect(first.getByRole('heading', { level: 2 }).getByRole('link')).toHaveAttribute('href', /^\/guide\//);
  await expect(main(page).locator('mark').first()).toHaveText(/^(env|environment|variables?)/i);
  await expect(results(page).filter({ hasText: 'Env Variables and Modes' }).first()).toBeVisible();

  // A result opens through the router: the window (and this marker) stays.
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  const link = first.getByRole('heading').getByRole('link');
  const href = (await link.getAttribute('href'))!;
  await link.click();
  await page.waitForURL((url) => `${url.pathname}${url.hash}` === href);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
});

test('typing updates the results and the URL, without adding history entries', async ({ page }) => {
  await visit(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search the documentation');
  await expect(input(page)).toBeFocused();
  const historyLength = await page.evaluate(() => history.length);

  await input(page).pressSequentially('server.proxy');
  await expect(page).toHaveURL(/\/search\?q=server\.proxy$/);
  await expect(results(page).filter({ hasText: /server\.proxy/ }).first()).toBeVisible(FIRST_SEARCH);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for "server.proxy"');

  await input(page).fill('troubleshooting');
  await expect(page).toHaveURL(/\/search\?q=troubleshooting$/);
  await expect(results(page).first()).toContainText(/troubleshooting/i);
  await expect(results(page).filter({ hasText: /server\.proxy/ })).toHaveCount(0);
  expect(await page.evaluate(() => history.length)).toBe(historyLength);

  // A reload keeps the search: it is in the URL.
  await page.reload();
  await expect(input(page)).toHaveValue('troubleshooting');
  await expect(results(page).first()).toContainText(/troubleshooting/i, FIRST_SEARCH);

  await input(page).fill('');
  await expect(page).toHaveURL(/\/search$/);
  await expect(results(page)).toHaveCount(0);
  await expect(status(page)).toHaveText('');
});

test('scrolling to the end of the list loads the next results, until every one is listed', async ({ page }) => {
  await visit(page, 'vite');
  const total = await announcedCount(page);
  // The query must span several pages of 20 for this test to mean anything.
  expect(total).toBeGreaterThan(40);
  await expect(results(page)).toHaveCount(20);
  await results(page).last().scrollIntoViewIfNeeded();
  await expect(results(page)).toHaveCount(40);
  for (let listed = 40; listed < total; listed = Math.min(listed + 20, total)) {
    await results(page).last().scrollIntoViewIfNeeded();
    await expect(results(page)).toHaveCount(Math.min(listed + 20, total));
  }
  // All there: nothing more to load, and the count did not change.
  await expect(main(page).getByRole('button', { name: 'Show more results' })).toHaveCount(0);
  expect(await announcedCount(page)).toBe(total);
});

test('"See all N results" in the modal opens the search page with the query and its N results', async ({ page }) => {
  await page.goto(`${site.url}/guide/`);
  await expect(colorModeToggle(page)).toBeEnabled();
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog')).toBeVisible(FIRST_SEARCH);
  // One input event, so the footer counts this query's hits (not a prefix's on the way).
  await page.getByRole('combobox').fill('vite');
  const seeAll = page.getByRole('dialog').getByRole('link', { name: /^See all [1-9]\d* results$/ });
  await expect(seeAll).toBeVisible(FIRST_SEARCH);
  const count = Number((await seeAll.textContent())!.match(/\d+/)![0]);
  await seeAll.click();
  await page.waitForURL(/\/search\?q=vite$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(input(page)).toHaveValue('vite');
  expect(await announcedCount(page)).toBe(count);
  // Through the router: no page load.
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
});

test('markup in a hit is shown as text: a page titled with an <img onerror> adds no element and runs nothing', async ({ page }) => {
  await visit(page, 'quokka');
  const result = results(page).filter({ hasText: 'quokka titles' }).first();
  await expect(result).toBeVisible(FIRST_SEARCH);
  await expect(result.getByRole('heading')).toHaveText('Escaping <img src=x onerror=window.__sitesearchInjected=1> in quokka titles');
  await expect(main(page).locator('img')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __sitesearchInjected?: unknown }).__sitesearchInjected)).toBeUndefined();
});
