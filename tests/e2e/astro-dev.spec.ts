import { expect, test } from '@playwright/test';
import { startAstro, type AstroServer } from '../support/astro.js';
import { collectErrors } from '../support/servers.js';

/**
 * `astro dev`: there is no build output, so the integration crawls the dev server's own pages on
 * the first search and indexes them. A visitor must never meet a search box that finds nothing.
 */
let dev: AstroServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dev = await startAstro('dev');
});
test.afterAll(async () => {
  await dev?.close();
});

test('search works in astro dev and finds the pages of the site', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = collectErrors(page);
  await page.goto(`${dev.url}/`);
  const button = page.getByRole('button', { name: 'Search docs' });
  await expect(button).toBeVisible();
  // A cold dev server on a busy machine may still be compiling the loader when the button shows:
  // a click before the loader listens does nothing, so click again until the modal opens.
  await expect(async () => {
    if (!(await page.getByRole('dialog').isVisible())) await button.click();
    await expect(page.getByRole('dialog')).toBeVisible({ timeout: 15_000 });
  }).toPass({ timeout: 120_000 });
  await page.keyboard.type('dark theme');
  // The first search waits for the crawl of every page: allow it the time a cold dev server needs.
  // The site turns Ask AI on, so the Ask AI entry comes first: the pages are the options with a link.
  const first = page.locator('[role="option"][href]').first();
  await expect(first).toHaveAttribute('href', /\/demos\/dark\//, { timeout: 60_000 });
  await page.keyboard.press('ArrowDown');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await page.waitForURL('**/demos/dark/**');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demo: dark theme');
  expect(errors, `console errors\n${dev.output()}`).toEqual([]);
});
