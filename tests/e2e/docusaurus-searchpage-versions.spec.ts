import { expect, test, type Page } from '@playwright/test';
import { useBuiltDocusaurusSite } from '../support/docusaurus.js';
import { axeViolations } from '../support/servers.js';

/**
 * The search page's docs versions and locales (issue #11) on the Docusaurus fixture (docs 2.x
 * at the root and 1.x under /1.x/, locales en and fr, each with its own local index), in
 * Chromium: the version select, kept in the URL; the other locale's search page; French texts.
 */
const site = useBuiltDocusaurusSite();

const main = (page: Page) => page.getByRole('main');
const results = (page: Page) => main(page).getByRole('listitem');
const resultLinks = (page: Page) => results(page).getByRole('heading').getByRole('link');
const status = (page: Page) => main(page).getByRole('status');
const FIRST_SEARCH = { timeout: 15_000 };

/** Opens a search page once hydrated (the input takes the focus then). */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(`${site.url}${path}`);
  await expect(main(page).getByRole('searchbox')).toBeFocused(FIRST_SEARCH);
}

/** The paths of the listed results, once some are listed. */
async function resultPaths(page: Page): Promise<string[]> {
  await expect(resultLinks(page).first()).toBeVisible(FIRST_SEARCH);
  return (await resultLinks(page).evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))).map((href) => href.split('#')[0]!);
}

test('the version select: the latest by default, another version by picking it, kept in the URL across reload and Back', async ({ page }) => {
  // A 1.x-only option: nothing in the latest docs.
  await visit(page, '/search?q=rollupInputOptions');
  const version = main(page).getByRole('combobox', { name: 'Version' });
  await expect(version).toHaveValue('current');
  await expect(version.locator('option:checked')).toHaveText('2.x');
  await expect(status(page)).toHaveText('Nothing matches these words', FIRST_SEARCH);

  await version.selectOption({ label: '1.x' });
  await expect(page).toHaveURL(/\/search\?q=rollupInputOptions&version=1\.x$/);
  expect(await resultPaths(page)).toEqual(expect.arrayContaining(['/1.x/guide/build/']));
  for (const path of await resultPaths(page)) expect(path).toMatch(/^\/1\.x\//);

  await page.reload();
  await expect(main(page).getByRole('combobox', { name: 'Version' })).toHaveValue('1.x');
  for (const path of await resultPaths(page)) expect(path).toMatch(/^\/1\.x\//);

  // Typing keeps the version in the URL.
  await main(page).getByRole('searchbox').fill('production');
  await expect(page).toHaveURL(/\/search\?q=production&version=1\.x$/);
  await expect(results(page).filter({ hasText: 'Building for Production' }).first()).toBeVisible(FIRST_SEARCH);
  for (const path of await resultPaths(page)) expect(path).toMatch(/^\/1\.x\//);

  // Picking was a history entry: Back returns to the latest version's (empty) results.
  await page.goBack();
  await expect(page).toHaveURL(/\/search\?q=rollupInputOptions$/);
  await expect(main(page).getByRole('combobox', { name: 'Version' })).toHaveValue('current');
  await expect(status(page)).toHaveText('Nothing matches these words', FIRST_SEARCH);
  await page.goForward();
  await expect(main(page).getByRole('combobox', { name: 'Version' })).toHaveValue('1.x');
});

test('"All versions" lists both versions\' pages, each result naming its version', async ({ page }) => {
  await visit(page, '/search?q=Building%20for%20Production&version=all');
  await expect(main(page).getByRole('combobox', { name: 'Version' })).toHaveValue('all');
  await expect(main(page).getByRole('combobox', { name: 'Version' }).locator('option:checked')).toHaveText('All versions');
  const paths = await resultPaths(page);
  expect(paths).toEqual(expect.arrayContaining(['/guide/build/', '/1.x/guide/build/']));
  const latest = results(page).filter({ has: page.locator('a[href^="/guide/build"]') }).first();
  const older = results(page).filter({ has: page.locator('a[href^="/1.x/guide/build"]') }).first();
  await expect(latest.getByText('2.x', { exact: true })).toBeVisible();
  await expect(older.getByText('1.x', { exact: true })).toBeVisible();

  // One version again: the results say no version (there is only one).
  await main(page).getByRole('combobox', { name: 'Version' }).selectOption('1.x');
  await expect(page).toHaveURL(/version=1\.x$/);
  await expect(results(page).locator('a[href^="/guide/build"]')).toHaveCount(0);
  await expect(results(page).first().getByText('1.x', { exact: true })).toHaveCount(0);
});

test('"See all N results" from a 1.x page opens the search page on 1.x with the same N', async ({ page }) => {
  await page.goto(`${site.url}/1.x/guide/`);
  await expect(page.getByRole('button', { name: /dark mode|system mode|light mode/i })).toBeEnabled();
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog')).toBeVisible(FIRST_SEARCH);
  await page.getByRole('combobox').fill('vite');
  const seeAll = page.getByRole('dialog').getByRole('link', { name: /^See all [1-9]\d* results$/ });
  await expect(seeAll).toBeVisible(FIRST_SEARCH);
  const count = (await seeAll.textContent())!.match(/\d+/)![0];
  await seeAll.click();
  await page.waitForURL(/\/search\?q=vite&version=1\.x$/);
  await expect(main(page).getByRole('combobox', { name: 'Version' })).toHaveValue('1.x');
  await expect(status(page)).toHaveText(`${count} results`, FIRST_SEARCH);
});

test('without a version in the URL, the page starts on the version the reader chose in the docs', async ({ page }) => {
  // Where the classic theme's version dropdown keeps the reader's choice.
  await page.addInitScript(() => localStorage.setItem('docs-preferred-version-default', '1.x'));
  await visit(page, '/search?q=rollupInputOptions');
  await expect(main(page).getByRole('combobox', { name: 'Version' })).toHaveValue('1.x');
  expect(await resultPaths(page)).toEqual(expect.arrayContaining(['/1.x/guide/build/']));

  // "See all" from a page of the latest docs opens the page on the latest, not on the preference,
  // and says so in the URL.
  await page.goto(`${site.url}/guide/`);
  await expect(page.getByRole('button', { name: /dark mode|system mode|light mode/i })).toBeEnabled();
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox').fill('vite');
  const seeAll = page.getByRole('dialog').getByRole('link', { name: /^See all [1-9]\d* results$/ });
  await expect(seeAll).toBeVisible(FIRST_SEARCH);
  const count = (await seeAll.textContent())!.match(/\d+/)![0];
  await seeAll.click();
  await page.waitForURL(/\/search\?q=vite&version=current$/);
  await expect(main(page).getByRole('combobox', { name: 'Version' })).toHaveValue('current');
  await expect(status(page)).toHaveText(`${count} results`, FIRST_SEARCH);
});

test('the French locale: French texts and French results, and a link to the same search in English (and back)', async ({ page }) => {
  await visit(page, '/fr/search');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rechercher dans la documentation');
  await expect(page).toHaveTitle(/^Rechercher dans la documentation \| /);
  const input = main(page).getByRole('searchbox', { name: 'Rechercher' });
  await expect(input).toHaveAttribute('placeholder', 'Saisissez les mots à trouver dans la documentation');

  await input.fill('construire');
  await expect(page).toHaveURL(/\/fr\/search\?q=construire$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Résultats de recherche pour « construire »');
  await expect(status(page)).toHaveText(/^(Un résultat|\d+ résultats)$/, FIRST_SEARCH);
  // The French build's pages, in French.
  await expect(results(page).filter({ hasText: 'Construire pour la production' }).first()).toBeVisible(FIRST_SEARCH);
  for (const path of await resultPaths(page)) expect(path).toMatch(/^\/fr\//);

  const version = main(page).getByRole('combobox', { name: 'Version' });
  await expect(version.locator('option', { hasText: 'Toutes les versions' })).toHaveCount(1);
  await version.selectOption('all');
  await expect(page).toHaveURL(/\/fr\/search\?q=construire&version=all$/);

  await input.fill('zzzqqq');
  await expect(status(page)).toHaveText('Aucun résultat pour ces mots', FIRST_SEARCH);
  await input.fill('production');
  await expect(status(page)).toHaveText(/^(Un résultat|\d+ résultats)$/, FIRST_SEARCH);

  // The same search in English: a full page load of the English build, its index, its texts.
  const english = main(page).getByRole('link', { name: 'English' });
  await expect(main(page).getByText('Rechercher dans une autre langue :')).toBeVisible();
  await expect(english).toHaveAttribute('href', '/search?q=production&version=all');
  await english.click();
  await page.waitForURL(/\/search\?q=production&version=all$/);
  expect(new URL(page.url()).pathname).toBe('/search');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for "production"');
  await expect(main(page).getByRole('combobox', { name: 'Version' })).toHaveValue('all');
  for (const path of await resultPaths(page)) expect(path).not.toMatch(/^\/fr\//);
  await expect(main(page).getByRole('link', { name: 'Français' })).toHaveAttribute('href', '/fr/search?q=production&version=all');
  await expect(main(page).getByRole('link', { name: 'Français' })).toHaveAttribute('lang', 'fr');
  // The navbar's locale dropdown goes to the same search too.
  await expect(page.getByRole('navigation', { name: 'Main' }).locator('a[lang="fr"]').first()).toHaveAttribute('href', '/fr/search?q=production&version=all');
});

test('"See all N results" on the French locale: in French, to the French search page with the same N', async ({ page }) => {
  await page.goto(`${site.url}/fr/guide/`);
  await expect(page.getByRole('button', { name: /mode sombre|mode clair|mode système|dark mode|light mode/i })).toBeEnabled();
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog')).toBeVisible(FIRST_SEARCH);
  await page.getByRole('combobox').fill('production');
  const seeAll = page.getByRole('dialog').getByRole('link', { name: /^Voir (les )?[1-9]\d* résultats?$/ });
  await expect(seeAll).toBeVisible(FIRST_SEARCH);
  const count = Number((await seeAll.textContent())!.match(/\d+/)![0]);
  await expect(seeAll).toHaveText(count === 1 ? 'Voir 1 résultat' : `Voir les ${count} résultats`);
  await seeAll.click();
  await page.waitForURL(/\/fr\/search\?q=production$/);
  await expect(status(page)).toHaveText(count === 1 ? 'Un résultat' : `${count} résultats`, FIRST_SEARCH);
});

// The search page (navbar included) with the version select, the locale links and the version
// tags, in both themes: one page per test, so a slow machine never runs four axe passes in one.
const A11Y_PAGES = [
  [1280, '/search?q=build&version=all'],
  [390, '/fr/search?q=production&version=all'],
  [1280, '/fr/search?q=construire'],
  [390, '/search?q=build&version=1.x'],
] as const;
for (const theme of ['light', 'dark'] as const) {
  for (const [width, path] of A11Y_PAGES) {
    test(`accessibility (${theme}, ${width} px): ${path} has no serious or critical axe violation`, async ({ page }, testInfo) => {
      await page.addInitScript((mode) => localStorage.setItem('theme', mode), theme);
      await page.setViewportSize({ width, height: 900 });
      await visit(page, path);
      await expect(resultLinks(page).first()).toBeVisible(FIRST_SEARCH);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      const serious = (await axeViolations(page)).filter((violation) => 'impact' in violation && (violation.impact === 'serious' || violation.impact === 'critical'));
      expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`)).toEqual([]);
      await testInfo.attach(`search page ${path} ${width}px ${theme}`, { body: await page.screenshot(), contentType: 'image/png' });
    });
  }
}
