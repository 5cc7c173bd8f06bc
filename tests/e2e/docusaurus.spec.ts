import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { fixtureDir, useBuiltDocusaurusSite } from '../support/docusaurus.js';

/**
 * The Docusaurus fixture site (classic preset + @sitesearch/docusaurus, no credentials: the local
 * index written by postBuild), built once and served statically, in Chromium.
 */
const site = useBuiltDocusaurusSite();

const navbar = (page: Page) => page.locator('nav.navbar');
const searchButton = (page: Page) => navbar(page).getByRole('button', { name: 'Search' });
const dialog = (page: Page) => page.getByRole('dialog');
const results = (page: Page) => page.locator('[role="option"][href]');

const colorModeToggle = (page: Page) => page.getByRole('button', { name: /dark mode|system mode|light mode/i });

/**
 * Opens a page and waits for React to hydrate it (the classic theme enables its colour-mode
 * button then): the React components listen for shortcuts from hydration on.
 */
async function visit(page: Page, path = '/'): Promise<void> {
  await page.goto(`${site.url}${path}`);
  await expect(searchButton(page)).toBeVisible();
  await expect(colorModeToggle(page)).toBeEnabled();
}

test('the search button is in the navbar of the server-rendered HTML', async ({ request }) => {
  const html = await (await request.get(`${site.url}/guide/`)).text();
  const nav = html.slice(html.indexOf('<nav'), html.indexOf('</nav>'));
  expect(nav).toContain('sitesearch-button');
  expect(nav).toMatch(/aria-label="Search/);
  // The local index is part of the build.
  expect((await request.get(`${site.url}/sitesearch/manifest.json`)).ok()).toBe(true);
});

test('Ctrl+K opens the modal and a query shows results from the local index', async ({ page }) => {
  await visit(page);
  await page.keyboard.press('Control+k');
  await expect(dialog(page)).toBeVisible({ timeout: 15_000 });
  await page.keyboard.type('environment variables');
  await expect(results(page).first()).toBeVisible({ timeout: 15_000 });
  await expect(results(page).filter({ hasText: /Env Variables and Modes/ }).first()).toBeVisible();
  await expect(results(page).first()).toHaveAttribute('href', /^\/guide\//);
});

test('Enter opens the result through the Docusaurus router, without a page load', async ({ page }) => {
  await visit(page);
  // A full page load would drop this marker; the router keeps the window.
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.keyboard.press('Control+k');
  await expect(dialog(page)).toBeVisible({ timeout: 15_000 });
  await page.keyboard.type('server.proxy');
  const first = results(page).first();
  await expect(first).toBeVisible({ timeout: 15_000 });
  const href = (await first.getAttribute('href'))!;
  // The Ask AI entry comes first (askAi is on): ArrowDown until the first result is active.
  await page.keyboard.press('ArrowDown');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => `${url.pathname}${url.hash}` === href);
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Server Options');
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
});

test('dark mode: the classic theme switch turns the modal dark', async ({ page }) => {
  await visit(page);
  const lightBackground = await searchButton(page).evaluate((element) => getComputedStyle(element).backgroundColor);
  await colorModeToggle(page).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.keyboard.press('Control+k');
  await expect(dialog(page)).toBeVisible({ timeout: 15_000 });
  const modal = page.locator('.sitesearch-modal').first();
  const background = await modal.evaluate((element) => getComputedStyle(element).backgroundColor);
  // A dark surface: every channel well below mid-grey.
  const channels = background.match(/\d+/g)!.slice(0, 3).map(Number);
  expect(Math.max(...channels), `modal background ${background}`).toBeLessThan(80);
  expect(await searchButton(page).evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(lightBackground);
});

const QUESTION = 'How do I proxy API requests from the dev server?';
const FIRST_OPEN = { timeout: 15_000 };
const trigger = (page: Page) => page.locator('[data-sitesearch-sidepanel-button]');
const panel = (page: Page) => page.locator('.sitesearch-sidepanel[role="dialog"]');

/** Waits for the local assistant's answer and checks it cites this site's pages. */
async function expectCitedAnswer(page: Page) {
  await expect(panel(page).locator('.sitesearch-chat-actions')).toHaveCount(1, { timeout: 15_000 });
  const answer = panel(page).locator('.sitesearch-chat-message--assistant').last();
  await expect(answer).toContainText(/proxy/i);
  const links = await answer.locator('a[href]').evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) expect(new URL(link).origin).toBe(site.url);
}

test('the Sidepanel: its trigger is on every page, and Ctrl+I asks the local assistant, which cites the pages', async ({ page }) => {
  test.slow();
  const html = await (await page.request.get(`${site.url}/guide/build`)).text();
  expect(html).toContain('data-sitesearch-sidepanel-button');
  await visit(page, '/guide/');
  await expect(trigger(page)).toHaveAccessibleName('Ask AI');
  await page.keyboard.press('Control+i');
  const prompt = panel(page).locator('.sitesearch-chat-textarea');
  await expect(prompt).toBeFocused(FIRST_OPEN);
  await prompt.fill(QUESTION);
  await page.keyboard.press('Enter');
  await expect(panel(page).locator('.sitesearch-chat-message--user')).toHaveText([QUESTION]);
  await expectCitedAnswer(page);
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
});

test("hybrid: a question asked in the modal continues in the Sidepanel, and the modal lists that conversation", async ({ page }) => {
  test.slow();
  await visit(page, '/guide/');
  await page.keyboard.press('Control+k');
  await expect(dialog(page)).toBeVisible(FIRST_OPEN);
  await page.getByRole('combobox').fill(QUESTION);
  const entry = page.getByRole('option').first();
  await expect(entry).toContainText(`Ask AI: ${QUESTION}`);
  await page.keyboard.press('Enter');
  await expect(panel(page)).toBeVisible(FIRST_OPEN);
  await expect(page.locator('.sitesearch-modal')).toHaveCount(0);
  await expect(panel(page).locator('.sitesearch-chat-message--user')).toHaveText([QUESTION]);
  await expectCitedAnswer(page);
  await page.keyboard.press('Control+k');
  await expect(panel(page)).toBeHidden();
  await expect(page.locator('.sitesearch-section-title').first()).toHaveText('Recent conversations');
  await expect(page.getByRole('row').filter({ hasText: QUESTION })).toHaveCount(1);
});

test('a wrong themeConfig.sitesearch stops `docusaurus build` with the option named, and nothing is built', async () => {
  test.slow();
  const outDir = mkdtempSync(join(tmpdir(), 'sitesearch-docusaurus-bad-'));
  try {
    const run = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = execFile('pnpm', ['exec', 'docusaurus', 'build', '--out-dir', outDir], {
        cwd: fixtureDir,
        env: { ...process.env, DOCUSAURUS_TELEMETRY_DISABLED: '1', SITESEARCH_FIXTURE_CONFIG: JSON.stringify({ contextualSearch: 'yes' }) },
      });
      let output = '';
      child.stdout!.on('data', (chunk) => (output += chunk));
      child.stderr!.on('data', (chunk) => (output += chunk));
      child.on('exit', (code) => resolve({ code, output }));
    });
    expect(run.code).not.toBe(0);
    expect(run.output).toContain('sitesearch (themeConfig.sitesearch in docusaurus.config): "sitesearch.contextualSearch" must be a boolean');
    expect(existsSync(join(outDir, 'index.html'))).toBe(false);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
});
