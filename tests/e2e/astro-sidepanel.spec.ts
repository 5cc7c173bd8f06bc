import { expect, test, type Page } from '@playwright/test';
import { startAstro, type AstroServer } from '../support/astro.js';
import { seriousAxeViolations } from '../support/askAi.js';
import { holdRequests } from '../support/holdRequests.js';
import { collectErrors, STRICT_CSP } from '../support/servers.js';

/**
 * The Sidepanel on the documentation site as `astro build` made it (the build the other Astro
 * suites use): `sidepanel: true` in site/astro.config.mjs, a `<Sidepanel />` on the Sidepanel
 * reference and its two demos, beside the search modal (hybrid mode). The local assistant answers
 * in the browser from the site's own index: no server but `astro preview`, and every page is
 * served under a strict Content-Security-Policy.
 */
let site: AstroServer;
let errors: string[];
let foreignRequests: string[];

test.beforeAll(async () => {
  site = await startAstro('preview');
});
test.afterAll(async () => {
  await site?.close();
});
test.beforeEach(async ({ page }) => {
  errors = collectErrors(page);
  foreignRequests = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(site.url) && !request.url().startsWith('data:')) foreignRequests.push(request.url());
  });
  await page.route(`${site.url}/**`, async (route) => {
    if (route.request().resourceType() !== 'document') return route.continue();
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': STRICT_CSP } });
  });
});
test.afterEach(() => {
  expect(errors, 'console errors (CSP violations included)').toEqual([]);
  expect(foreignRequests, 'requests leaving the site').toEqual([]);
});

/** A first open fetches the panel's and the chat's chunks: on a loaded 2-core machine that can take more than the default 5 s. */
const FIRST_OPEN = { timeout: 15_000 };
const trigger = (page: Page) => page.locator('[data-sitesearch-sidepanel-button]');
const panel = (page: Page) => page.locator('.sitesearch-sidepanel[role="dialog"]');
const prompt = (page: Page) => panel(page).locator('.sitesearch-chat-textarea');
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const box = async (page: Page, selector: string) => (await page.locator(selector).boundingBox())!;
/** The page's wrapper the inline panel pushes: the child of <body> holding <main> (the site has no app root). */
const WRAPPER = 'body > div:has(> main)';

async function visit(page: Page, path: string) {
  await page.goto(`${site.url}${path}`);
  await expect(trigger(page)).toBeVisible();
}

// Opening by Ctrl+I with keys typed while loading, the cited local answer, axe, Escape and hybrid
// mode: the behaviour suite (behaviour/astro.spec.ts) on /reference/sidepanel/.
test('the trigger is in the server-rendered page, named, with its shortcut', async ({ page }) => {
  const html = await (await page.request.get(`${site.url}/reference/sidepanel/`)).text();
  expect(html).toContain('data-sitesearch-sidepanel-button');
  await visit(page, '/reference/sidepanel/');
  await expect(trigger(page)).toHaveAccessibleName('Ask AI');
  await expect(trigger(page)).toHaveAttribute('aria-keyshortcuts', 'Control+I Meta+I');
  await expect(panel(page)).toHaveCount(0);
});

test('the inline demo pushes the page by the panel width and restores it exactly on close', async ({ page }) => {
  await visit(page, '/demos/sidepanel-inline/');
  const wrapper = page.locator(WRAPPER);
  await expect(wrapper).toHaveCount(1);
  const before = { box: await box(page, WRAPPER), style: await wrapper.getAttribute('style') };
  await trigger(page).click();
  await expect(prompt(page)).toBeFocused(FIRST_OPEN);
  // Polled: the panel slides in, so its box is fractional until the transition ends.
  await expect.poll(async () => {
    const opened = await box(page, '.sitesearch-sidepanel');
    return [Math.round(opened.width), Math.round(opened.x + opened.width)];
  }).toEqual([400, 1280]);
  // The content box ends where the panel starts: pushed, not covered.
  await expect.poll(async () => Math.round((await box(page, WRAPPER)).x + (await box(page, WRAPPER)).width)).toBe(1280 - 400);
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
  await expect.poll(() => box(page, WRAPPER)).toEqual(before.box);
  await expect.poll(() => wrapper.getAttribute('style')).toBe(before.style);
});

test('the left demo: trigger in the bottom left corner, the panel on the left edge', async ({ page }) => {
  await visit(page, '/demos/sidepanel-left/');
  await expect(trigger(page)).toHaveAttribute('data-side', 'left');
  const button = await box(page, '[data-sitesearch-sidepanel-button]');
  expect(button.x + button.width).toBeLessThan(640);
  expect(button.y).toBeGreaterThan(400);
  await page.keyboard.press('Control+i');
  await expect(prompt(page)).toBeFocused(FIRST_OPEN);
  await expect.poll(async () => (await box(page, '.sitesearch-sidepanel')).x).toBeLessThan(40);
  const opened = await box(page, '.sitesearch-sidepanel');
  expect(opened.x + opened.width).toBeLessThan(640);
  await page.keyboard.press('Control+i');
  await expect(panel(page)).toBeHidden();
  await expect(trigger(page)).toBeFocused();
});

test('navigations by the site router keep one working Sidepanel that follows each page', async ({ page }) => {
  await visit(page, '/reference/sidepanel/');
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.keyboard.press('Control+i');
  await expect(prompt(page)).toBeFocused(FIRST_OPEN);
  await page.keyboard.press('Escape');
  const nav = page.getByRole('navigation', { name: 'Documentation' });
  await nav.getByRole('link', { name: 'Sidepanel on the left', exact: true }).click();
  await expect(heading(page)).toHaveText(/on the left/);
  await expect(trigger(page)).toHaveAttribute('data-side', 'left');
  // Two listeners would toggle twice and leave the panel closed.
  await page.keyboard.press('Control+i');
  await expect(prompt(page)).toBeFocused();
  await expect(panel(page)).toHaveCount(1);
  await expect.poll(async () => (await box(page, '.sitesearch-sidepanel')).x).toBeLessThan(40);
  // The panel's stylesheet survived the head swap: it is laid out, not raw HTML.
  expect(await panel(page).evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
  await page.keyboard.press('Escape');
  await nav.getByRole('link', { name: 'Dark theme', exact: true }).click();
  await expect(heading(page)).toHaveText(/dark theme/);
  // A page without <Sidepanel />: no trigger, and the shortcut opens nothing.
  await expect(trigger(page)).toHaveCount(0);
  await page.keyboard.press('Control+i');
  await expect(panel(page).filter({ visible: true })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Sidepanel inline', exact: true }).click();
  await expect(heading(page)).toHaveText(/inline/);
  await trigger(page).click();
  await expect(prompt(page)).toBeFocused();
  await expect.poll(async () => Math.round((await box(page, WRAPPER)).x + (await box(page, WRAPPER)).width)).toBe(1280 - 400);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
});

test('on the dark site (system dark theme) the open panel has no serious axe violations', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await visit(page, '/demos/sidepanel-left/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await trigger(page).click();
  await expect(prompt(page)).toBeFocused(FIRST_OPEN);
  const violations = await seriousAxeViolations(page, '.sitesearch-sidepanel');
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(', ')}`)).toEqual([]);
});

test.describe('Ctrl+I before the loader runs (the early script)', () => {
  /**
   * Holds every module script of the page (the loader, its chunks) back on the network, as
   * astro.spec.ts does for Ctrl+K: the page is painted, the early script (a file of its own that
   * Vite emitted) runs, the islands do not. Returns how to let them load.
   */
  async function holdPageCode(page: Page, path: string): Promise<() => void> {
    const { requested, release } = await holdRequests(page, /\/_astro\/(?!sitesearch-early)[^/]+\.js$/);
    // Not waiting for `load` (nor DOMContentLoaded, which waits for module scripts).
    await page.goto(`${site.url}${path}`, { waitUntil: 'commit' });
    // The early script has run: it keeps its capture on the window until an island takes it.
    // (Not "the search button is shown": where a <Sidepanel /> in the content renders before the
    // layout's <SiteSearch />, the script is linked beside the Sidepanel's trigger.)
    await expect.poll(() => page.evaluate(() => Symbol.for('sitesearch.early') in window), { message: 'the early script runs' }).toBe(true);
    await expect.poll(() => requested.length, { message: 'the page requests its module scripts' }).toBeGreaterThan(0);
    // Whether the keys reached the page's own listeners unhandled (added after the early script's).
    await page.evaluate(() => window.addEventListener('keydown', (event) => event.key === 'i' && ((window as unknown as { iPrevented: boolean }).iPrevented = event.defaultPrevented)));
    return release;
  }
  const islandsRun = (page: Page) => page.evaluate(() => Symbol.for('sitesearch.pageCoordinator') in window);

  /** Ctrl+I and some typing while the page's code is held, the rest as it loads: the panel opens once with all of it. */
  async function openWhileHeld(page: Page, release: () => void): Promise<void> {
    await page.keyboard.press('Control+i');
    await page.keyboard.type('how do I', { delay: 10 });
    // Still before the page's code, and the browser's own Ctrl+I did not run.
    expect(await islandsRun(page)).toBe(false);
    expect(await page.evaluate(() => (window as unknown as { iPrevented?: boolean }).iPrevented)).toBe(true);
    await expect(page.locator('.sitesearch-proxy-input')).toHaveCount(1);
    release();
    await page.keyboard.type(' open it', { delay: 10 });
    await expect(prompt(page)).toBeFocused(FIRST_OPEN);
    await expect(prompt(page)).toHaveValue('how do I open it');
    await expect(panel(page)).toHaveCount(1);
    await expect(page.locator('.sitesearch-proxy-input')).toHaveCount(0);
  }

  test('opens the Sidepanel once it loads, with every key typed since in its prompt, and only once', async ({ page }) => {
    const release = await holdPageCode(page, '/reference/sidepanel/');
    await expect(trigger(page)).toBeVisible();
    await openWhileHeld(page, release);
    await expect(page.getByRole('dialog', { name: /search/i })).toHaveCount(0);
    // The island's listener alone now: one Ctrl+I closes, the next opens again.
    await page.keyboard.press('Control+i');
    await expect(panel(page)).toBeHidden();
    await page.keyboard.press('Control+i');
    await expect(prompt(page)).toBeFocused();
    await expect(panel(page)).toHaveCount(1);
  });

  test('on a page with the Sidepanel and no search button, opens it once with what was typed', async ({ page }) => {
    const release = await holdPageCode(page, '/demos/sidepanel-alone/');
    await expect(page.locator('[data-sitesearch-button]')).toHaveCount(0);
    // The <Sidepanel /> links the early script itself (once), as <SiteSearch /> does.
    expect(await page.locator('script[src*="sitesearch-early"]').count()).toBe(1);
    await openWhileHeld(page, release);
    // Opened once: the island's own Ctrl+I now closes it.
    await page.keyboard.press('Control+i');
    await expect(panel(page)).toBeHidden();
  });

  test('on a page without a Sidepanel, leaves Ctrl+I to the browser', async ({ page }) => {
    const release = await holdPageCode(page, '/');
    await expect(trigger(page)).toHaveCount(0);
    await page.keyboard.press('Control+i');
    expect(await page.evaluate(() => (window as unknown as { iPrevented?: boolean }).iPrevented)).toBe(false);
    await expect(page.locator('.sitesearch-proxy-input')).toHaveCount(0);
    release();
    await expect.poll(() => islandsRun(page)).toBe(true);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
