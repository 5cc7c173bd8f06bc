import { expect, test, type Page } from '@playwright/test';
import { indexSite, startServer, type LocalSearchServer } from '@sitesearch/local';
import { seriousAxeViolations } from '../support/askAi.js';
import { expectShortcutBeforeHydration } from '../support/earlyShortcuts.js';
import { collectErrors, routeProviderToLoopback, serveBuiltSite, type StaticServer } from '../support/servers.js';
import { builtVitePress } from '../support/vitepress.js';

/**
 * The VitePress fixture (tests/fixtures/vitepress) with `withSiteSearch()` and the theme of
 * `@sitesearch/vitepress/theme`, built once per run, served as a static host serves it (clean
 * URLs): what a VitePress user sees. The modal itself is the behaviour suites'.
 */
let site: StaticServer;
let errors: string[];

test.beforeAll(async () => {
  test.setTimeout(300_000);
  site = await serveBuiltSite(builtVitePress('local'), { notFoundPage: '404.html' });
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

const FIRST_OPEN = { timeout: 15_000 };
const searchButton = (page: Page) => page.locator('.VPNavBar [data-sitesearch-button]');
const modal = (page: Page) => page.locator('.sitesearch-modal');
const input = (page: Page) => modal(page).getByRole('combobox');
const resultLinks = (page: Page) => modal(page).locator('[role="option"][href]');

test("the button is in the server's HTML, in VitePress's nav bar where its search box sits, and VitePress's own search is gone", async ({ page }) => {
  const html = await (await page.request.get(`${site.url}/guide/getting-started`)).text();
  // Before any script runs: in the HTML as served, in the nav bar's place of VitePress's search box.
  expect(html).toMatch(/<div class="content-body"[^>]*><!--\[--><!--\]--><div class="sitesearch-vitepress search" data-sitesearch-locale="root"[^>]*><button type="button" class="sitesearch-button"[^]*?<\/button><\/div><nav[^>]* class="VPNavBarMenu/);
  expect(html).not.toContain('DocSearch');
  expect(html).not.toContain('local-search');
  expect(html).not.toContain('VPNavBarSearch');
  const assets: string[] = [];
  page.on('response', (response) => void (/\.(js|css)(\?|$)/.test(response.url()) && assets.push(response.url())));
  await page.goto(`${site.url}/guide/getting-started`);
  await expect(searchButton(page)).toBeVisible();
  // The shell's markup is what Vue hydrated: nothing changed, no mismatch.
  expect(await page.locator('.sitesearch-vitepress').evaluate((element) => element.innerHTML)).toBe(/<div class="sitesearch-vitepress[^"]*"[^>]*>([^]*?<\/button>)<\/div>/.exec(html)![1]);
  // Nor is any of VitePress's search code or style on the page (its search box imports DocSearch's stylesheet, always).
  await page.waitForLoadState('networkidle');
  for (const url of assets) expect((await (await page.request.get(url)).text()).match(/DocSearch|VPNavBarSearch|VPLocalSearchBox/)?.[0], url).toBeUndefined();
});

test('Ctrl+K before the page\'s code runs opens the modal with every key typed', async ({ page }) => {
  await expectShortcutBeforeHydration(page, { url: `${site.url}/guide/`, held: /\/assets\/app\.[^/]+\.js$/, shortcut: 'Control+k', typed: ['hot mod', 'ule'] });
});

test('type, results from the local index, Enter lands on the page through the router (no page load); back works; the modal closes', async ({ page }) => {
  await page.goto(`${site.url}/guide/`);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await searchButton(page).click();
  await expect(input(page)).toBeFocused(FIRST_OPEN);
  await input(page).fill('hot module replacement');
  await expect(resultLinks(page).first()).toHaveAttribute('href', /\/guide\/getting-started#hot-module-replacement$/, FIRST_OPEN);
  // The category is the sidebar group of the page.
  await expect(modal(page)).toContainText('Introduction');
  // The Ask AI entry comes first (askAi is on): ArrowDown to the first result.
  await page.keyboard.press('ArrowDown');
  await expect(resultLinks(page).first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/guide\/getting-started#hot-module-replacement$/);
  await expect(page.locator('h1')).toHaveText(/Getting Started/);
  await expect(modal(page)).toBeHidden();
  // The router swapped the page: the window is the same one.
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  await page.goBack();
  await expect(page).toHaveURL(/\/guide\/$/);
  await expect(page.locator('h1')).toHaveText(/What is Fixture/);
});

test("VitePress's dark toggle restyles the open modal; the button wears VitePress's colours", async ({ page }) => {
  await page.goto(`${site.url}/reference/config`);
  await page.evaluate(() => localStorage.setItem('vitepress-theme-appearance', 'light'));
  await page.reload();
  const buttonBackground = () => searchButton(page).evaluate((element) => getComputedStyle(element).backgroundColor);
  const vpBgAlt = () => page.evaluate(() => getComputedStyle(document.querySelector('.VPNavBar')!).getPropertyValue('--vp-c-bg-alt').trim());
  const light = await buttonBackground();
  await searchButton(page).click();
  await expect(input(page)).toBeFocused(FIRST_OPEN);
  const modalBackground = () => page.locator('.sitesearch-modal [role="dialog"], .sitesearch-modal').first().evaluate((element) => {
    const dialog = element.querySelector('[role="dialog"]') ?? element;
    return getComputedStyle(dialog).backgroundColor;
  });
  const lightModal = await modalBackground();
  // VitePress's own switch, as a reader would use it (the modal is open, so from script).
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await expect.poll(modalBackground).not.toBe(lightModal);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // In dark mode too the widget wears the site's colours (VitePress's brand and text colours), not its own dark palette.
  const colours = await page.evaluate(() => {
    const style = getComputedStyle(document.documentElement);
    const read = (name: string) => style.getPropertyValue(name).trim();
    return { accent: [read('--sitesearch-primary-color'), read('--vp-c-brand-1')], text: [read('--sitesearch-text-color'), read('--vp-c-text-1')] };
  });
  expect(colours.accent[0]).toBe(colours.accent[1]);
  expect(colours.text[0]).toBe(colours.text[1]);
  await page.keyboard.press('Escape');
  expect(await buttonBackground()).not.toBe(light);
  expect(await vpBgAlt()).not.toBe('');
});

test("the open modal wears VitePress's surfaces: its backdrop, background, soft surface, divider, muted text and brand-tinted active row, light and dark", async ({ page }, testInfo) => {
  await page.goto(`${site.url}/guide/`);
  for (const appearance of ['light', 'dark']) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate((value) => localStorage.setItem('vitepress-theme-appearance', value), appearance);
    await page.reload();
    await searchButton(page).click();
    await expect(input(page)).toBeFocused(FIRST_OPEN);
    await input(page).fill('module');
    await expect(resultLinks(page).first()).toBeVisible(FIRST_OPEN);
    // The Ask AI entry comes first: ArrowDown makes the first result the active row.
    await page.keyboard.press('ArrowDown');
    await expect(resultLinks(page).first()).toHaveAttribute('aria-selected', 'true');
    // Each surface as drawn, against VitePress's variable as the browser resolves it on the same page.
    const seen = await page.evaluate(() => {
      const resolved = (variable: string, property: 'backgroundColor' | 'color' | 'borderTopColor') => {
        const probe = document.body.appendChild(document.createElement('div'));
        probe.style.cssText = `background-color: var(${variable}); color: var(${variable}); border-top: 1px solid var(${variable})`;
        const value = getComputedStyle(probe)[property];
        probe.remove();
        return value;
      };
      const drawn = (selector: string, property: 'backgroundColor' | 'color' | 'borderTopColor') => getComputedStyle(document.querySelector(selector)!)[property];
      return {
        backdrop: [drawn('.sitesearch-container', 'backgroundColor'), resolved('--vp-backdrop-bg-color', 'backgroundColor')],
        modal: [drawn('.sitesearch-modal', 'backgroundColor'), resolved('--vp-c-bg', 'backgroundColor')],
        footer: [drawn('.sitesearch-footer', 'backgroundColor'), resolved('--vp-c-bg-soft', 'backgroundColor')],
        footerBorder: [drawn('.sitesearch-footer', 'borderTopColor'), resolved('--vp-c-divider', 'borderTopColor')],
        footerText: [drawn('.sitesearch-footer', 'color'), resolved('--vp-c-text-2', 'color')],
        hit: [drawn('.sitesearch-hit-row:not(:has(.sitesearch-hit--active))', 'backgroundColor'), resolved('--vp-c-bg-soft', 'backgroundColor')],
        activeRow: [drawn('.sitesearch-hit-row:has(.sitesearch-hit--active)', 'backgroundColor'), resolved('--vp-c-brand-soft', 'backgroundColor')],
        activeTitle: [drawn('.sitesearch-hit--active .sitesearch-hit-title', 'color'), resolved('--vp-c-brand-1', 'color')],
      };
    });
    for (const [surface, [ours, vitepress]] of Object.entries(seen)) expect(ours, `${surface} (${appearance})`).toBe(vitepress);
    await page.screenshot({ path: testInfo.outputPath(`modal-1280-${appearance}.png`) });
    await page.setViewportSize({ width: 390, height: 800 });
    await page.screenshot({ path: testInfo.outputPath(`modal-390-${appearance}.png`) });
    await page.keyboard.press('Escape');
  }
});

for (const appearance of ['light', 'dark']) {
  test(`axe: the button and the open modal with results have no serious violations (${appearance})`, async ({ page }) => {
    // axe takes its time on a loaded 2-core machine (no figure asserted).
    test.setTimeout(120_000);
    await page.goto(`${site.url}/guide/`);
    await page.evaluate((value) => localStorage.setItem('vitepress-theme-appearance', value), appearance);
    await page.reload();
    expect(await seriousAxeViolations(page, '.sitesearch-vitepress')).toEqual([]);
    await searchButton(page).click();
    await expect(input(page)).toBeFocused(FIRST_OPEN);
    await input(page).fill('module');
    await expect(resultLinks(page).first()).toBeVisible(FIRST_OPEN);
    expect(await seriousAxeViolations(page, '.sitesearch-modal')).toEqual([]);
  });
}

test('390 px: no sideways scroll, the button is an icon in the nav bar and opens the modal', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${site.url}/guide/getting-started`);
  await expect(searchButton(page)).toBeVisible();
  await searchButton(page).click();
  await expect(input(page)).toBeFocused(FIRST_OPEN);
  await input(page).fill('alias');
  await expect(resultLinks(page).first()).toBeVisible(FIRST_OPEN);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test.describe('the drop-in: a site with VitePress\'s algolia provider config', () => {
  let hosted: StaticServer;
  let provider: LocalSearchServer;
  test.beforeAll(async () => {
    // Built by build-packages.mjs before the suites; a build here (a spec run alone) takes a minute.
    test.setTimeout(300_000);
    const dir = builtVitePress('docsearch');
    hosted = await serveBuiltSite(dir, { notFoundPage: '404.html' });
    // The DocSearch scraper's records: absolute URLs, and `lang` from <html lang>, which VitePress's provider filters on.
    const { records } = await indexSite({ dir, baseUrl: `${hosted.url}/`, cleanUrls: true, exclude: ['assets'], selectors: { content: ['.vp-doc'] } });
    provider = await startServer({ indexes: { fixture: records } });
  });
  test.afterAll(async () => {
    await hosted?.close();
    await provider?.close();
  });

  test('searches the provider named by themeConfig.search.options, filtered by lang as VitePress does; no local index is built', async ({ page }) => {
    await routeProviderToLoopback(page, provider);
    const bodies: string[] = [];
    page.on('request', (request) => {
      if (/algolia\.net|algolianet\.com/.test(request.url()) && request.method() === 'POST') bodies.push(request.postData() ?? '');
    });
    expect((await page.request.get(`${hosted.url}/sitesearch/manifest.json`)).status()).toBe(404);
    const scripts: string[] = [];
    page.on('response', (response) => void (response.request().resourceType() === 'script' && scripts.push(response.url())));
    await page.goto(`${hosted.url}/guide/`);
    await searchButton(page).click();
    await expect(input(page)).toBeFocused(FIRST_OPEN);
    await input(page).fill('server port');
    await expect(resultLinks(page).first()).toHaveAttribute('href', /\/reference\/config#server-port$/, FIRST_OPEN);
    expect(bodies.some((body) => body.includes('"fixture"') && body.includes('lang:en-US'))).toBe(true);
    // Nor is the local index's client shipped: none of the page's scripts so far fetches a manifest.
    for (const url of scripts) expect((await (await page.request.get(url)).text()).includes('manifest.json'), url).toBe(false);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/reference\/config#server-port$/);
  });
});
