import { expect, test, type Page, type Request } from '@playwright/test';
import { startAstro, type AstroServer } from '../support/astro.js';
import { expectShortcutBeforeHydration } from '../support/earlyShortcuts.js';
import { axeViolations, collectErrors, STRICT_CSP } from '../support/servers.js';

/**
 * The documentation site built with @sitesearch/astro (`astro build`, local index) and served
 * by `astro preview`, in Chromium. Everything here is what a visitor does and sees.
 */
let site: AstroServer;
let errors: string[];

test.beforeAll(async () => {
  site = await startAstro('preview');
});
test.afterAll(async () => {
  await site?.close();
});
test.beforeEach(({ page }) => {
  errors = collectErrors(page);
});
test.afterEach(() => {
  expect(errors, 'console errors').toEqual([]);
});

const dialog = (page: Page) => page.getByRole('dialog');
const input = (page: Page) => page.getByRole('combobox');
const options = (page: Page) => page.getByRole('option');
/**
 * The keyword results: the site turns Ask AI on, so the first option is the Ask AI entry (no
 * href) and the results follow it; ArrowDown moves from the entry to the first result.
 */
const results = (page: Page) => page.locator('[role="option"][href]');
const searchButton = (page: Page) => page.getByRole('button', { name: 'Search' });

/** Requests for the widget chunk and the index: none may happen before someone interacts. */
function watchWidgetRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (/\/_astro\/(widget|modal)[.-]/.test(path) || path.startsWith('/sitesearch/')) seen.push(request);
  });
  return seen;
}

const visit = async (page: Page, path = '/') => {
  await page.goto(`${site.url}${path}`);
  await expect(searchButton(page)).toBeVisible();
};

test.describe('the search button and the loader', () => {
  test('the button is server-rendered with the configured text, and the widget loads on intent, not before', async ({ page }) => {
    const widgetRequests = watchWidgetRequests(page);
    const response = await page.request.get(`${site.url}/`);
    const html = await response.text();
    // The SSR shell: the button is in the HTML as served, with the text from the Astro config.
    expect(html).toContain('data-sitesearch-button');
    expect(html).toContain('Search docs</span>');
    await visit(page);
    await expect(searchButton(page)).toHaveAttribute('aria-keyshortcuts', 'Control+K Meta+K');
    await page.waitForLoadState('networkidle');
    expect(widgetRequests.map((request) => request.url())).toEqual([]);
    await searchButton(page).hover();
    await expect.poll(() => widgetRequests.some((request) => /\/_astro\/widget/.test(request.url()))).toBe(true);
    await expect(dialog(page)).toBeHidden();
  });
});

test.describe('shortcuts before the loader runs', () => {
  test('Ctrl+K pressed before the page\'s scripts ran opens the modal with every key typed (the early script, strict CSP)', async ({ page }) => {
    await page.route(`${site.url}/**`, async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': STRICT_CSP } });
    });
    // Every module script of the page (the loader and its chunks) held back on the network; the
    // early script is a file of its own that Vite emitted, linked before the button.
    await expectShortcutBeforeHydration(page, { url: `${site.url}/`, held: /\/_astro\/(?!sitesearch-early)[^/]+\.js$/, shortcut: 'Control+k', typed: ['dark', ' theme'] });
  });

  test('a page with both modal shortcuts off links no early script', async ({ request }) => {
    const html = await (await request.get(`${site.url}/demos/shortcuts-off/`)).text();
    expect(html).toContain('data-sitesearch-button');
    expect(html).not.toContain('sitesearch-early');
    expect(await (await request.get(`${site.url}/`)).text()).toMatch(/<script src="\/_astro\/sitesearch-early\.[\w-]+\.js"><\/script>/);
  });
});

test.describe('searching this site', () => {
  test('the index holds this site\'s own pages, built by astro build', async ({ page }) => {
    const manifest = await page.request.get(`${site.url}/sitesearch/manifest.json`);
    expect(manifest.ok()).toBe(true);
    await visit(page);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('Ctrl K anywhere');
    await expect(results(page).first()).toHaveAttribute('href', /^\/(#.*)?$/);
  });
});

test.describe('view transitions (<ClientRouter />)', () => {
  /** Follows an in-site link the way a visitor does and waits for the router to swap the page. */
  const follow = async (page: Page, name: string, heading: RegExp) => {
    await page.getByRole('navigation', { name: 'Documentation' }).getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  };

  test('one working widget across navigations: no reload, one portal, one set of shortcut listeners', async ({ page }) => {
    await visit(page, '/demos/dark/');
    // A full page load would drop this marker; the router keeps the window.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.keyboard.press('Control+k');
    await expect(dialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    for (const [name, heading] of [
      ['Custom hitComponent', /custom hitComponent/],
      ['Dark theme', /dark theme/],
      ['Several indices', /several indices/],
    ] as const) {
      await follow(page, name, heading);
    }
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    // Two listeners would toggle twice and leave the modal closed.
    await page.keyboard.press('Control+k');
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page)).toHaveCount(1);
    await expect(page.locator('.sitesearch-astro-portal')).toHaveCount(1);
    await page.keyboard.type('translations');
    await expect(options(page).first()).toBeVisible();
    // The widget's stylesheet survived the head swaps: the modal is laid out, not raw HTML.
    expect(await dialog(page).evaluate((element) => getComputedStyle(element).position)).not.toBe('static');
  });

  test('the modal closes when a navigation starts, and opening a result navigates with the router', async ({ page }) => {
    await visit(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.keyboard.press('Control+k');
    await page.keyboard.type('dark theme');
    await expect(results(page).first()).toHaveAttribute('href', /\/demos\/dark\//);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/demos/dark/**');
    await expect(dialog(page)).toBeHidden();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/first build/);
    await page.keyboard.press('Control+k');
    await expect(dialog(page)).toBeVisible();
  });

  test('a click on a result navigates with the router too, and the modal is gone on the new page', async ({ page }) => {
    await visit(page, '/quick-start/react/');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await searchButton(page).click();
    await page.keyboard.type('Sidepanel');
    const result = page.locator('[role="option"][href^="/reference/sidepanel/"]').first();
    await result.click();
    await page.waitForURL('**/reference/sidepanel/**');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sidepanel');
    await expect(dialog(page)).toBeHidden();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });

  test('page options follow the page: shortcuts off on one page, back on after navigating away', async ({ page }) => {
    await visit(page);
    await follow(page, 'Shortcuts off', /every shortcut off/);
    await expect(page.locator('.sitesearch-button-keys')).toHaveCount(0);
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('Control+k');
    await page.keyboard.press('/');
    await expect(dialog(page)).toBeHidden();
    await searchButton(page).click();
    await expect(dialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await follow(page, 'Dark theme', /dark theme/);
    await page.keyboard.press('Control+k');
    await expect(dialog(page)).toBeVisible();
  });
});

test.describe('demo pages', () => {
  test('several indices: one group per index, in the order of indices', async ({ page }) => {
    await visit(page, '/demos/indices/');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('options');
    await expect(results(page).first()).toBeVisible();
    const hrefs = await results(page).evaluateAll((items) => items.map((item) => item.getAttribute('href') ?? ''));
    const firstReference = hrefs.findIndex((href) => href.startsWith('/reference/'));
    expect(hrefs[0]).toMatch(/^\/quick-start\//);
    expect(firstReference).toBeGreaterThan(0);
    expect(hrefs.slice(firstReference).every((href) => href.startsWith('/reference/'))).toBe(true);
  });

  test('custom hitComponent: results are the template\'s cards, with text from the hit and no injected markup', async ({ page }) => {
    await visit(page, '/demos/hit-component/');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('dark theme');
    const card = page.locator('a.demo-hit').first();
    await expect(card).toBeVisible();
    await expect(card.locator('.demo-hit-badge')).toHaveText('Demos');
    await expect(card).toHaveAttribute('role', 'option');
  });

  for (const path of ['/demos/indices/', '/demos/hit-component/', '/demos/dark/', '/demos/shortcuts-off/']) {
    test(`no axe-core violations on ${path} with the modal open and results shown`, async ({ page }) => {
      await visit(page, path);
      await searchButton(page).click();
      await page.keyboard.type('search');
      await expect(options(page).first()).toBeVisible();
      const violations = await axeViolations(page);
      expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
});

test('the built site searches under a strict Content-Security-Policy, across view transitions', async ({ page }) => {
  // The policy is added to every HTML response, as a host would send it.
  // (Pages the router fetches for a view transition take the policy of the document they join.)
  await page.route(`${site.url}/**`, async (route) => {
    if (route.request().resourceType() !== 'document') return route.continue();
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': STRICT_CSP } });
  });
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto(`${site.url}/`);
  expect(response?.headers()['content-security-policy']).toBe(STRICT_CSP);
  await searchButton(page).click();
  await page.keyboard.type('dark theme');
  await expect(results(page).first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toBeHidden();
  await page.keyboard.press('Control+k');
  await page.keyboard.type('translations');
  await expect(options(page).first()).toBeVisible();
  expect(violations).toEqual([]);
});
