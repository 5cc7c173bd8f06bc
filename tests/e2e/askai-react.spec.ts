import { expect, test, type Page } from '@playwright/test';
import type { LocalSearchServer } from '@sitesearch/local';
import { buildAskAiReactPage, readPackageStylesheet, seriousAxeViolations, startAskAiServer } from '../support/askAi.js';
import { collectErrors, routeProviderToLoopback, startStaticServer, type StaticServer } from '../support/servers.js';

/**
 * Ask AI through `<SiteSearch askAi={…} />` (the React entry, the chat compiled against React),
 * against the loopback server's chat endpoints with the real transports.
 */
let site: StaticServer;
let server: LocalSearchServer;
let errors: string[];

test.beforeAll(async () => {
  const html = await buildAskAiReactPage();
  const css = readPackageStylesheet();
  const pages: Record<string, { status: number; type: string; body: string }> = {
    '/askai-react/': { status: 200, type: 'text/html; charset=utf-8', body: html },
    '/askai-react/sitesearch.css': { status: 200, type: 'text/css; charset=utf-8', body: css },
  };
  [site, server] = await Promise.all([
    startStaticServer((path) => pages[path]),
    startAskAiServer(),
  ]);
});
test.afterAll(async () => {
  await Promise.all([site.close(), server.close()]);
});
test.beforeEach(async ({ page }) => {
  server.setChatFaults(null);
  server.clearChatRequests();
  errors = collectErrors(page);
  await routeProviderToLoopback(page, server);
});
test.afterEach(() => {
  expect(errors, 'console errors').toEqual([]);
});

const open = async (page: Page, params: Record<string, string> = {}) => {
  await page.goto(`${site.url}/askai-react/?${new URLSearchParams({ chat: server.url, ...params })}`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('combobox')).toBeFocused();
};
const prompt = (page: Page) => page.locator('.sitesearch-chat-textarea');
const finishedAnswer = (page: Page) => page.locator('.sitesearch-chat-actions').last();

test('asks from the entry, streams the answer, posts feedback, runs a searched query, closes with Escape', async ({ page }) => {
  await open(page);
  await page.keyboard.type('server port');
  await expect(page.getByRole('option').first()).toHaveText(/Ask AI: server port/);
  await page.keyboard.press('Enter');
  await expect(prompt(page)).toBeFocused();
  await expect(finishedAnswer(page)).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.sitesearch-chat-sources')).toContainText('Related sources');
  await page.getByRole('button', { name: 'Dislike', exact: true }).click();
  await expect(page.getByText('Thanks for your feedback!')).toBeVisible();
  expect(server.chatRequests.find((request) => request.endpoint === 'feedback')?.body).toMatchObject({ appId: 'SITESEARCH', thumbs: 0 });
  const query = page.locator('button.sitesearch-tool-query').first();
  const text = (await query.textContent())!.replace(/^"|"$/g, '');
  await query.click();
  await expect(page.getByRole('combobox')).toHaveValue(text);
  await page.keyboard.press('Enter');
  await expect(prompt(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Search' })).toBeFocused();
});

test('agent backend: no feedback buttons, a follow-up succeeds', async ({ page }) => {
  await open(page, { backend: 'agent' });
  await page.keyboard.type('How do I write a plugin?');
  await page.keyboard.press('Enter');
  await expect(finishedAnswer(page)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Like', exact: true })).toHaveCount(0);
  await prompt(page).fill('and the hooks?');
  await page.keyboard.press('Enter');
  await expect(page.locator('.sitesearch-chat-actions')).toHaveCount(2, { timeout: 15_000 });
  expect(server.chatRequests.filter((request) => request.endpoint === 'agent').map((request) => request.status)).toEqual([200, 200]);
});

for (const theme of ['light', 'dark']) {
  test(`axe-clean Ask AI screen (${theme})`, async ({ page }) => {
    await open(page, theme === 'dark' ? { theme: 'dark' } : {});
    await page.keyboard.type('server port');
    await expect(page.getByRole('option').first()).toBeVisible();
    expect(await seriousAxeViolations(page, '.sitesearch-modal')).toEqual([]);
    await page.keyboard.press('Enter');
    await expect(finishedAnswer(page)).toBeVisible({ timeout: 15_000 });
    expect(await seriousAxeViolations(page, '.sitesearch-modal')).toEqual([]);
  });
}
