import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startVitePressDev, vitepressFixtureDir } from '../support/vitepress.js';

/**
 * `vitepress dev` of the fixture: VitePress renders pages in the browser there, so the plugin
 * indexes the site's Markdown (rendered by VitePress's own renderer) in memory, and again after
 * a page is edited.
 */
const PAGE = join(vitepressFixtureDir, 'docs/reference/config.md');
let dev: Awaited<ReturnType<typeof startVitePressDev>>;
let original: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  original = readFileSync(PAGE, 'utf8');
  dev = await startVitePressDev();
});
test.afterAll(async () => {
  writeFileSync(PAGE, original);
  await dev?.close();
});

const modal = (page: Page) => page.locator('.sitesearch-modal');
const resultLinks = (page: Page) => modal(page).locator('[role="option"][href]');

async function search(page: Page, query: string): Promise<void> {
  await page.goto(`${dev.url}/guide/`);
  await page.locator('.VPNavBar [data-sitesearch-button]').click();
  await expect(modal(page).getByRole('combobox')).toBeFocused({ timeout: 30_000 });
  await modal(page).getByRole('combobox').fill(query);
}

test('the dev server searches its own pages, and a page edited meanwhile is found by its new words', async ({ page }) => {
  test.setTimeout(120_000);
  await search(page, 'scaffolds');
  await expect(resultLinks(page).first()).toHaveAttribute('href', /\/guide\/getting-started\.html#scaffolding-a-project$/, { timeout: 30_000 });

  writeFileSync(PAGE, `${original}\n## Zanzibar\n\nThe zanzibar option is new.\n`);
  await expect.poll(async () => (await (await page.request.get(`${dev.url}/sitesearch/manifest.json`)).json()).recordCount, { timeout: 30_000 }).toBeGreaterThan(20);
  await search(page, 'zanzibar');
  await expect(resultLinks(page).first()).toHaveAttribute('href', /\/reference\/config\.html#zanzibar$/, { timeout: 30_000 });
});
