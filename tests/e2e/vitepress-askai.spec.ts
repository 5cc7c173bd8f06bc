import { expect, test, type Page } from '@playwright/test';
import { seriousAxeViolations } from '../support/askAi.js';
import { expectSidepanelShortcutBeforeHydration } from '../support/earlyShortcuts.js';
import { collectErrors, serveBuiltSite, type StaticServer } from '../support/servers.js';
import { builtVitePress } from '../support/vitepress.js';

/**
 * Ask AI, the Sidepanel and the French locale of the VitePress fixture (tests/fixtures/vitepress,
 * `askAi` + `sidepanel: true`, no credentials: the local assistant over the local index), built
 * once per run and served as a static host serves it.
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
const ANSWERED = { timeout: 30_000 };
const searchButton = (page: Page) => page.locator('.VPNavBar [data-sitesearch-button]');
const trigger = (page: Page) => page.locator('[data-sitesearch-sidepanel-button]');
const modal = (page: Page) => page.locator('.sitesearch-modal');
const panel = (page: Page) => page.locator('.sitesearch-sidepanel[role="dialog"]');
const input = (page: Page) => modal(page).getByRole('combobox');
const resultPaths = (page: Page) => modal(page).locator('[role="option"][href]').evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
/** The pages an answer cites (its links), once it has finished. */
async function citedPaths(scope: ReturnType<Page['locator']>): Promise<string[]> {
  await expect(scope.locator('.sitesearch-chat-actions')).toHaveCount(1, ANSWERED);
  const answer = scope.locator('.sitesearch-chat-message--assistant').last();
  return answer.locator('a[href]').evaluateAll((anchors) => anchors.map((anchor) => new URL((anchor as HTMLAnchorElement).href).pathname));
}

test("the Sidepanel's trigger is in the server's HTML, in VitePress's layout, with its Ctrl/Cmd+I hint", async ({ page }) => {
  const html = await (await page.request.get(`${site.url}/guide/getting-started`)).text();
  expect(html).toMatch(/<div class="sitesearch-vitepress-sidepanel"><button type="button" class="sitesearch-sidepanel-button" data-sitesearch-sidepanel-button="" data-side="right" aria-label="Ask AI"[^>]*aria-keyshortcuts="Control\+I Meta\+I">/);
  await page.goto(`${site.url}/guide/getting-started`);
  await expect(trigger(page)).toBeVisible();
  await expect(trigger(page)).toHaveAccessibleName('Ask AI');
});

test('Ctrl+I before the page\'s code runs opens the Sidepanel with every key typed', async ({ page }) => {
  await expectSidepanelShortcutBeforeHydration(page, { url: `${site.url}/guide/`, held: /\/assets\/app\.[^/]+\.js$/, typed: ['hot mod', 'ule'] });
});

test('Ask AI in the modal (390 px: the modal keeps the chat): the local assistant answers, citing a page of the site', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${site.url}/guide/`);
  await page.locator('.VPNavBar [data-sitesearch-button]').click();
  await expect(input(page)).toBeFocused(FIRST_OPEN);
  await input(page).fill('How does hot module replacement keep state?');
  const entry = modal(page).getByRole('option').first();
  await expect(entry).toHaveText(/Ask AI: How does hot module replacement keep state\?/);
  await page.keyboard.press('Enter');
  await expect(modal(page).locator('.sitesearch-chat-message--user').last()).toHaveText('How does hot module replacement keep state?');
  const cited = await citedPaths(modal(page));
  expect(cited).toContain('/guide/getting-started');
  expect(cited.filter((path) => path.startsWith('/fr/')), 'French pages quoted on an English page').toEqual([]);
  await expect(panel(page)).toHaveCount(0);
});

test('the Sidepanel: its trigger opens it, the local assistant answers citing a page; axe clean', async ({ page }) => {
  await page.goto(`${site.url}/reference/config`);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await trigger(page).click();
  const prompt = panel(page).locator('.sitesearch-chat-textarea');
  await expect(prompt).toBeFocused(FIRST_OPEN);
  expect(await seriousAxeViolations(page, '.sitesearch-sidepanel')).toEqual([]);
  await prompt.fill('How does hot module replacement keep state?');
  await page.keyboard.press('Enter');
  const cited = await citedPaths(panel(page));
  expect(cited).toContain('/guide/getting-started');
  expect(cited.filter((path) => path.startsWith('/fr/')), 'French pages quoted on an English page').toEqual([]);
});

test("the open Sidepanel wears VitePress's colours, light and dark, at 390 and 1280 px", async ({ page }, testInfo) => {
  for (const appearance of ['light', 'dark']) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${site.url}/reference/config`);
    await page.evaluate((value) => localStorage.setItem('vitepress-theme-appearance', value), appearance);
    await page.reload();
    await trigger(page).click();
    await expect(panel(page).locator('.sitesearch-chat-textarea')).toBeFocused(FIRST_OPEN);
    // Each colour as drawn, against VitePress's variable as the browser resolves it on the same page.
    const seen = await page.evaluate(() => {
      const resolved = (variable: string, property: 'backgroundColor' | 'color') => {
        const probe = document.body.appendChild(document.createElement('div'));
        probe.style.cssText = `background-color: var(${variable}); color: var(${variable})`;
        const value = getComputedStyle(probe)[property];
        probe.remove();
        return value;
      };
      const panel = document.querySelector('.sitesearch-sidepanel[role="dialog"]')!;
      const style = getComputedStyle(panel);
      return {
        background: [style.backgroundColor, resolved('--vp-c-bg', 'backgroundColor')],
        text: [style.color, resolved('--vp-c-text-1', 'color')],
        accent: [getComputedStyle(panel).getPropertyValue('--sitesearch-primary-color').trim(), getComputedStyle(document.documentElement).getPropertyValue('--vp-c-brand-1').trim()],
      };
    });
    for (const [what, [ours, vitepress]] of Object.entries(seen)) expect(ours, `${what} (${appearance})`).toBe(vitepress);
    // Once its slide-in (and, at 390 px, its width's transition) has ended.
    const settled = () => page.waitForFunction(() => document.getAnimations().length === 0);
    await settled();
    await page.screenshot({ path: testInfo.outputPath(`sidepanel-1280-${appearance}.png`) });
    await page.setViewportSize({ width: 390, height: 800 });
    await settled();
    await page.screenshot({ path: testInfo.outputPath(`sidepanel-390-${appearance}.png`) });
  }
});

test('hybrid (1280 px): a question asked in the modal continues in the Sidepanel', async ({ page }) => {
  await page.goto(`${site.url}/guide/`);
  await searchButton(page).click();
  await expect(input(page)).toBeFocused(FIRST_OPEN);
  await input(page).fill('How does hot module replacement keep state?');
  await expect(modal(page).getByRole('option').first()).toHaveText(/Ask AI:/);
  await page.keyboard.press('Enter');
  await expect(panel(page)).toBeVisible(FIRST_OPEN);
  await expect(modal(page)).toBeHidden();
  expect(await citedPaths(panel(page))).toContain('/guide/getting-started');
});

test('the French locale: its labels, and a search of its own pages only', async ({ page }) => {
  await page.goto(`${site.url}/fr/guide/`);
  await expect(searchButton(page)).toHaveAccessibleName('Rechercher');
  await expect(trigger(page)).toHaveAccessibleName('Demander à l’IA');
  await searchButton(page).click();
  await expect(input(page)).toBeFocused(FIRST_OPEN);
  await expect(input(page)).toHaveAttribute('placeholder', 'Rechercher dans la documentation ou poser une question à l’IA');
  await input(page).fill('module');
  await expect(modal(page).locator('[role="option"][href]').first()).toBeVisible(FIRST_OPEN);
  await expect(modal(page).getByText('Naviguer')).toBeVisible();
  const french = await resultPaths(page);
  expect(french).toContain('/fr/guide/demarrage');
  expect(french.filter((path) => !path.startsWith('/fr/')), 'English pages in a French search').toEqual([]);
  await page.keyboard.press('Escape');

  // Back on an English page through VitePress's language menu: English labels, English pages.
  await page.goto(`${site.url}/guide/`);
  await expect(searchButton(page)).toHaveAccessibleName('Search');
  await searchButton(page).click();
  await input(page).fill('module');
  await expect(modal(page).locator('[role="option"][href]').first()).toBeVisible(FIRST_OPEN);
  const english = await resultPaths(page);
  expect(english).toContain('/guide/getting-started');
  expect(english.filter((path) => path.startsWith('/fr/')), 'French pages in an English search').toEqual([]);
});

test('the Sidepanel on a French page: the local assistant quotes French pages only', async ({ page }) => {
  await page.goto(`${site.url}/fr/guide/`);
  await trigger(page).click();
  const prompt = panel(page).locator('.sitesearch-chat-textarea');
  await expect(prompt).toBeFocused(FIRST_OPEN);
  await prompt.fill('Comment fonctionne le remplacement de module à chaud ?');
  await page.keyboard.press('Enter');
  const cited = await citedPaths(panel(page));
  expect(cited).toContain('/fr/guide/demarrage');
  expect(cited.filter((path) => !path.startsWith('/fr/')), 'English pages quoted on a French page').toEqual([]);
});
