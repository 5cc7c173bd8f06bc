import { expect, test, type Page } from '@playwright/test';
import { seriousAxeViolations } from '../support/askAi.js';
import { expectShortcutBeforeHydration } from '../support/earlyShortcuts.js';
import { startAstro, starlightDir, type AstroServer } from '../support/astro.js';
import { collectErrors } from '../support/servers.js';

/**
 * The Starlight fixture (tests/fixtures/starlight) with `sitesearchStarlight()`, as `astro build`
 * made it once per run, under `astro preview`, in Chromium: what a Starlight user sees that other
 * sites do not. The modal, the Sidepanel and Ask AI themselves are the behaviour suite's
 * (e2e/behaviour/starlight.spec.ts); the option errors are the plugin's unit tests.
 */
let site: AstroServer;
let errors: string[];

test.beforeAll(async () => {
  site = await startAstro('preview', starlightDir);
});
test.afterAll(async () => {
  await site?.close();
});
test.beforeEach(({ page }) => {
  errors = collectErrors(page);
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
});
test.afterEach(() => {
  expect(errors, 'console errors and failed requests').toEqual([]);
});

const FIRST_OPEN = { timeout: 15_000 };
const searchButton = (page: Page) => page.locator('header [data-sitesearch-button]');
const modal = (page: Page) => page.locator('.sitesearch-modal');
const input = (page: Page) => modal(page).getByRole('combobox');
const resultLinks = (page: Page) => modal(page).locator('[role="option"][href]');
const trigger = (page: Page) => page.locator('[data-sitesearch-sidepanel-button]');
const panel = (page: Page) => page.locator('.sitesearch-sidepanel[role="dialog"]');
const noResults = (page: Page) => modal(page).locator('p', { hasText: 'No results found for' });
/** Starlight's sidebar itself (`nav.sidebar` spans the page on narrow screens). */
const sidebar = (page: Page) => page.locator('#starlight__sidebar');

async function search(page: Page, query: string) {
  await page.keyboard.press('Control+k');
  await expect(input(page)).toBeFocused(FIRST_OPEN);
  await input(page).fill(query);
}

/** The paths of the keyword results once they have settled on `query`. */
async function resultPaths(page: Page): Promise<string[]> {
  await expect(resultLinks(page).first()).toBeVisible(FIRST_OPEN);
  return resultLinks(page).evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
}

test('our button sits in Starlight\'s header in place of its search; Pagefind is gone; the site\'s own Footer override stays', async ({ page }) => {
  const html = await (await page.request.get(`${site.url}/guides/lens/`)).text();
  expect(html).not.toContain('<site-search');
  expect(html).not.toMatch(/pagefind\/pagefind/);
  expect((await page.request.get(`${site.url}/pagefind/pagefind.js`)).status()).toBe(404);
  await page.goto(`${site.url}/guides/lens/`);
  await expect(searchButton(page)).toHaveAccessibleName('Search');
  await expect(searchButton(page)).toHaveAttribute('aria-keyshortcuts', 'Control+K Meta+K');
  await expect(page.locator('.starfix-footer')).toHaveText('Starfix custom footer');
  // Starlight's size: 2.5rem high, a 22rem box on a wide screen, a bare icon on a phone.
  const wide = (await searchButton(page).boundingBox())!;
  expect([Math.round(wide.width), Math.round(wide.height)]).toEqual([352, 40]);
  await page.setViewportSize({ width: 390, height: 800 });
  const narrow = (await searchButton(page).boundingBox())!;
  expect(narrow.width).toBeLessThan(50);
  await expect(searchButton(page).locator('.sitesearch-button-placeholder')).toBeHidden();
});

test('Ctrl+K pressed before the page\'s scripts ran opens the modal with every key typed (the early script in Starlight\'s header)', async ({ page }) => {
  // Every module script held back on the network; the early script is a file of its own.
  await expectShortcutBeforeHydration(page, { url: `${site.url}/guides/lens/`, held: /\/_astro\/(?!sitesearch-early)[^/]+\.js$/, shortcut: 'Control+k', typed: ['len', 's'] });
  const html = await (await page.request.get(`${site.url}/guides/lens/`)).text();
  expect(html.match(/sitesearch-early/g)).toHaveLength(1);
});

test('on a phone, the French modal\'s close button (Fermer, longer than Close) fits inside the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`${site.url}/fr/guides/lens/`);
  await search(page, 'aperture');
  const close = modal(page).locator('.sitesearch-cancel');
  await expect(close).toHaveText('Fermer');
  await expect(close).toBeVisible();
  const box = (await close.boundingBox())!;
  // The search box gives way to the button: before, its input's intrinsic width pushed "Fermer" past the edge.
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await close.evaluate((button) => button.scrollWidth <= button.clientWidth)).toBe(true);
});

test('a page hidden with pagefind: false and text marked data-pagefind-ignore are not found; their neighbours are', async ({ page }) => {
  await page.goto(`${site.url}/`);
  await search(page, 'zeppelin');
  await expect(noResults(page)).toBeVisible(FIRST_OPEN);
  await input(page).fill('quokkabanner');
  await expect(noResults(page)).toBeVisible();
  await input(page).fill('tracking');
  expect(await resultPaths(page)).toContain('/guides/telescope/');
});

test('each locale searches its own pages, in its own words', async ({ page }) => {
  await page.goto(`${site.url}/fr/guides/lens/`);
  await expect(searchButton(page)).toHaveAccessibleName('Rechercher');
  await expect(trigger(page)).toHaveAccessibleName('Demander à l’IA');
  await search(page, 'starfix');
  // askAi is set: the French placeholder says so, as the English one does.
  await expect(input(page)).toHaveAttribute('placeholder', 'Rechercher dans la documentation ou poser une question à l’IA');
  await expect(modal(page).getByText('Naviguer')).toBeVisible();
  const french = await resultPaths(page);
  expect(french.length).toBeGreaterThan(1);
  expect(french.filter((path) => !path.startsWith('/fr/')), 'English pages in a French search').toEqual([]);

  await page.goto(`${site.url}/guides/lens/`);
  await expect(searchButton(page)).toHaveAccessibleName('Search');
  await search(page, 'starfix');
  await expect(modal(page).getByText('Navigate')).toBeVisible();
  const english = await resultPaths(page);
  expect(english.length).toBeGreaterThan(1);
  expect(english.filter((path) => path.startsWith('/fr/')), 'French pages in an English search').toEqual([]);
});

test('Ask AI on a French page: the local assistant answers from French pages only', async ({ page }) => {
  await page.goto(`${site.url}/fr/guides/lens/`);
  await trigger(page).click();
  const prompt = panel(page).locator('.sitesearch-chat-textarea');
  await expect(prompt).toBeFocused(FIRST_OPEN);
  await prompt.fill('Comment régler l’ouverture du télescope ?');
  await page.keyboard.press('Enter');
  await expect(panel(page).locator('.sitesearch-chat-actions')).toHaveCount(1, { timeout: 30_000 });
  const answer = panel(page).locator('.sitesearch-chat-message--assistant').last();
  await expect(answer).toContainText(/ouverture/i);
  const links = await answer.locator('a[href]').evaluateAll((anchors) => anchors.map((anchor) => new URL((anchor as HTMLAnchorElement).href).pathname));
  expect(links.length).toBeGreaterThan(0);
  expect(links.filter((path) => !path.startsWith('/fr/')), 'English pages quoted on a French page').toEqual([]);
});

test('Starlight\'s theme drives the widgets: dark from the first paint, then light and back with its switch', async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) localStorage.setItem('starlight-theme', 'dark');
    sessionStorage.setItem('seeded', '1');
  });
  const colours = () =>
    page.evaluate(() => {
      const read = (selector: string) => {
        const element = document.querySelector(selector);
        return element ? getComputedStyle(element).backgroundColor : null;
      };
      return { theme: document.documentElement.dataset.theme, button: read('header [data-sitesearch-button]'), trigger: read('[data-sitesearch-sidepanel-button]'), modal: read('.sitesearch-modal') };
    });
  // Read before any script of ours has run: the colours come from CSS and Starlight's inline theme script alone.
  await page.goto(`${site.url}/guides/lens/`, { waitUntil: 'commit' });
  await page.waitForSelector('header [data-sitesearch-button]', { state: 'attached' });
  const firstPaint = await colours();
  expect(firstPaint.theme).toBe('dark');
  await page.waitForLoadState('load');
  await search(page, 'lens');
  const dark = await colours();
  expect(dark.button).toBe(firstPaint.button);

  const themeSelect = page.getByRole('banner').getByLabel(/Select theme/);
  await page.keyboard.press('Escape');
  await themeSelect.selectOption('light');
  await search(page, 'lens');
  const light = await colours();
  expect(light.theme).toBe('light');
  for (const part of ['button', 'trigger', 'modal'] as const) expect(light[part], part).not.toBe(dark[part]);

  await page.keyboard.press('Escape');
  await themeSelect.selectOption('dark');
  await search(page, 'lens');
  expect(await colours()).toEqual(dark);
});

test('the Sidepanel and Starlight\'s sidebar share the screen: opposite sides when wide, the panel over the page on a phone', async ({ page }) => {
  await page.goto(`${site.url}/guides/lens/`);
  await trigger(page).click();
  await expect(panel(page)).toBeVisible(FIRST_OPEN);
  const left = (await sidebar(page).boundingBox())!;
  const open = (await panel(page).boundingBox())!;
  expect(open.x, 'the panel starts right of the sidebar').toBeGreaterThanOrEqual(left.x + left.width);
  await expect(sidebar(page)).toBeVisible();
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 390, height: 800 });
  // The trigger keeps clear of Starlight's header (its menu button) on a phone.
  const header = (await page.locator('header.header').boundingBox())!;
  const corner = (await trigger(page).boundingBox())!;
  expect(corner.y).toBeGreaterThan(header.y + header.height);
  await trigger(page).click();
  await expect(panel(page)).toBeVisible();
  // The whole width once its opening transition is over.
  await expect.poll(async () => Math.round((await panel(page).boundingBox())!.width)).toBe(390);
});

test.describe('view transitions: <ClientRouter /> added by a Head override (the fixture\'s /router/ pages)', () => {
  const marked = (page: Page) => page.evaluate(() => (window as unknown as { marker?: number }).marker);
  const modalColour = (page: Page) => modal(page).evaluate((element) => getComputedStyle(element).backgroundColor);

  test('after a navigation the button and the trigger open their widgets on the new page, Ctrl+K toggles once, the theme stays', async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) localStorage.setItem('starlight-theme', 'light');
      sessionStorage.setItem('seeded', '1');
    });
    await page.goto(`${site.url}/router/departure/`);
    // A full page load would drop this marker; the router keeps the window.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await search(page, 'shuttle');
    await expect(resultLinks(page).first()).toBeVisible(FIRST_OPEN);
    const light = await modalColour(page);
    await page.keyboard.press('Escape');

    await page.locator('.sl-markdown-content a', { hasText: 'arrival hall' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Arrival hall');
    expect(await marked(page)).toBe(1);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

    // The new page's button is bound: a click opens the modal, once, in the site's theme.
    await searchButton(page).click();
    await expect(modal(page)).toBeVisible();
    await expect(modal(page)).toHaveCount(1);
    expect(await modalColour(page)).toBe(light);
    await page.keyboard.press('Escape');
    await expect(modal(page)).toBeHidden();
    // Two shortcut listeners would open and close it again.
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('Control+k');
    await expect(modal(page)).toBeVisible();
    await page.keyboard.press('Escape');

    await trigger(page).click();
    await expect(panel(page)).toBeVisible(FIRST_OPEN);
    await expect(panel(page)).toHaveCount(1);
  });

  test('a result opens through the router: the modal closes, the page changes, the window stays', async ({ page }) => {
    await page.goto(`${site.url}/router/arrival/`);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await search(page, 'departure gate');
    await expect(resultLinks(page).first()).toHaveAttribute('href', /\/router\/departure\//, FIRST_OPEN);
    await resultLinks(page).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Departure gate');
    await expect(modal(page)).toBeHidden();
    expect(await marked(page)).toBe(1);
    await page.keyboard.press('Control+k');
    await expect(modal(page)).toBeVisible();
  });
});

for (const theme of ['light', 'dark'] as const) {
  for (const width of [390, 1280]) {
    test(`accessibility (${theme}, ${width} px): the header's button and the modal with results have no serious or critical axe violation`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      // Starlight's own theme switch keeps its choice here; set before its head script reads it.
      await page.addInitScript((chosen) => localStorage.setItem('starlight-theme', chosen), theme);
      await page.goto(`${site.url}/guides/lens/`);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      const violations = async (selector: string) =>
        (await seriousAxeViolations(page, selector)).flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.html}`));
      expect(await violations('header')).toEqual([]);
      await search(page, 'telescope');
      await expect(resultLinks(page).first()).toBeVisible(FIRST_OPEN);
      expect(await violations('.sitesearch-modal')).toEqual([]);
    });
  }
}
