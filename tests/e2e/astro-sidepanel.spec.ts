import { expect, test, type Page } from '@playwright/test';
import { startAstro, type AstroServer } from '../support/astro.js';
import { seriousAxeViolations } from '../support/askAi.js';
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

const QUESTION = 'How do I turn off the keyboard shortcuts?';
/** A first open fetches the panel's and the chat's chunks: on a loaded 2-core machine that can take more than the default 5 s. */
const FIRST_OPEN = { timeout: 15_000 };
const trigger = (page: Page) => page.locator('[data-sitesearch-sidepanel-button]');
const panel = (page: Page) => page.locator('.sitesearch-sidepanel[role="dialog"]');
const prompt = (page: Page) => panel(page).locator('.sitesearch-chat-textarea');
const finishedAnswers = (page: Page) => panel(page).locator('.sitesearch-chat-actions');
const modal = (page: Page) => page.locator('.sitesearch-modal');
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const box = async (page: Page, selector: string) => (await page.locator(selector).boundingBox())!;
/** The page's wrapper the inline panel pushes: the child of <body> holding <main> (the site has no app root). */
const WRAPPER = 'body > div:has(> main)';

async function visit(page: Page, path: string) {
  await page.goto(`${site.url}${path}`);
  await expect(trigger(page)).toBeVisible();
}

/** Waits for the answer of the local assistant and checks it cites this site's pages. */
async function expectCitedAnswer(page: Page) {
  await expect(finishedAnswers(page)).toHaveCount(1, { timeout: 15_000 });
  const answer = panel(page).locator('.sitesearch-chat-message--assistant').last();
  await expect(answer).toContainText('keyboardShortcuts');
  const links = await answer.locator('a[href]').evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) expect(new URL(link).origin).toBe(site.url);
  await expect(answer.locator('.sitesearch-chat-sources a.sitesearch-chat-source').first()).toHaveAttribute('href', /^\//);
}

test('the trigger is in the page; Ctrl+I opens with the keys typed meanwhile; a question gets a cited local answer; axe-clean', async ({ page }) => {
  // The local assistant's first answer loads its index and chunks, then axe runs twice over the panel.
  test.slow();
  const html = await (await page.request.get(`${site.url}/reference/sidepanel/`)).text();
  expect(html).toContain('data-sitesearch-sidepanel-button');
  await visit(page, '/reference/sidepanel/');
  await expect(trigger(page)).toHaveAccessibleName('Ask AI');
  await expect(trigger(page)).toHaveAttribute('aria-keyshortcuts', 'Control+I Meta+I');
  await expect(panel(page)).toHaveCount(0);
  await page.keyboard.press('Control+i');
  await page.keyboard.type(QUESTION, { delay: 5 });
  await expect(prompt(page)).toHaveValue(QUESTION, FIRST_OPEN);
  await expect(prompt(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panel(page).locator('.sitesearch-chat-message--user')).toHaveText([QUESTION]);
  await expectCitedAnswer(page);
  const violations = await seriousAxeViolations(page, '.sitesearch-sidepanel');
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(', ')}`)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
  await expect(trigger(page)).toBeFocused();
});

test('hybrid at 1280px: a question asked in the modal continues in the panel, and the modal lists that conversation', async ({ page }) => {
  await visit(page, '/reference/sidepanel/');
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox').fill(QUESTION);
  const entry = page.getByRole('option').first();
  await expect(entry).toContainText(`Ask AI: ${QUESTION}`);
  await expect(entry).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(modal(page)).toHaveCount(0);
  await expect(panel(page)).toBeVisible(FIRST_OPEN);
  await expect(panel(page).locator('.sitesearch-chat-message--user')).toHaveText([QUESTION]);
  await expectCitedAnswer(page);
  // One stored list of conversations: the modal's start screen shows the panel's.
  await page.keyboard.press('Control+k');
  await expect(panel(page)).toBeHidden();
  await expect(page.locator('.sitesearch-section-title').first()).toHaveText('Recent conversations');
  await expect(page.getByRole('row').filter({ hasText: QUESTION })).toHaveCount(1);
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
