import { expect, test } from '@playwright/test';
import type { LocalSearchServer } from '@sitesearch/local';
import { startAskAiServer } from '../support/askAi.js';
import { buildFixtureIndex, collectErrors, routeProviderToLoopback, startStaticServer, type StaticServer } from '../support/servers.js';

/**
 * Hybrid mode when the Sidepanel's code cannot load (a deploy that lost a chunk, a flaky
 * network): a question asked in the modal must not be lost. The modal stays open and answers it
 * itself; the next question tries the panel again. CDN page, 1280 px, the loopback assistant.
 */
let site: StaticServer;
let server: LocalSearchServer;

test.beforeAll(async () => {
  [site, server] = await Promise.all([startStaticServer(), startAskAiServer(), buildFixtureIndex()]);
});
test.afterAll(async () => {
  await Promise.all([site.close(), server.close()]);
});

test("the panel's chunk fails during a hand-off: the modal keeps the question and answers it", async ({ page }) => {
  const errors = collectErrors(page);
  await routeProviderToLoopback(page, server);
  server.clearChatRequests();
  // Only the first request for the panel's file fails; later ones are served.
  let failures = 0;
  await page.route(/\/sitesearch-sidepanel\.js$/, (route) => (failures++ === 0 ? route.abort('failed') : route.continue()));
  await page.goto(`${site.url}/fixtures/sidepanel/index.html?${new URLSearchParams({ chat: server.url, modal: '1' })}`);
  await expect(page.locator('[data-sitesearch-sidepanel-button]')).toBeVisible();

  await page.keyboard.press('Control+k');
  const combobox = page.getByRole('combobox');
  await combobox.fill('How do I change the server port?');
  await expect(page.getByRole('option').first()).toContainText('How do I change the server port?');
  await page.keyboard.press('Enter');

  // The modal answers in its own Ask AI screen, once; the panel stays closed.
  const modal = page.locator('.sitesearch-modal');
  await expect(modal.locator('.sitesearch-chat-message--user')).toHaveText(['How do I change the server port?']);
  await expect(modal.locator('.sitesearch-chat-actions')).toHaveCount(1, { timeout: 15_000 });
  await expect(page.getByRole('dialog', { name: 'Ask AI' })).toHaveCount(0);
  expect(server.chatRequests.filter((request) => request.endpoint === 'chat')).toHaveLength(1);
  expect(errors.some((error) => /the Sidepanel could not be loaded; the modal answers instead/.test(error))).toBe(true);
  expect(errors.filter((error) => !/the Sidepanel could not be loaded|Failed to load resource|dynamically imported module/.test(error))).toEqual([]);

  // The next question tries the panel again: its code loads now, and the follow-up continues the
  // modal's conversation there (the panel shows both questions; the backend gets the whole thread).
  const modalPrompt = modal.locator('.sitesearch-chat-textarea');
  await modalPrompt.fill('And the host?');
  await page.keyboard.press('Enter');
  await expect(modal).toHaveCount(0);
  const panel = page.getByRole('dialog', { name: 'Ask AI' });
  await expect(panel.locator('.sitesearch-chat-message--user')).toHaveText(['How do I change the server port?', 'And the host?']);
  await expect(panel.locator('.sitesearch-chat-actions')).toHaveCount(2, { timeout: 15_000 });
  const chats = server.chatRequests.filter((request) => request.endpoint === 'chat');
  expect(chats).toHaveLength(2);
  expect((chats[1]!.body as { messages: unknown[] }).messages).toHaveLength(3);
});
