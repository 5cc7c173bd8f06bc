import { expect, test, type Page } from '@playwright/test';
import type { LocalSearchServer } from '@sitesearch/local';
import { seriousAxeViolations, startAskAiServer, SUGGESTED_QUESTIONS, XSS_QUESTION } from '../support/askAi.js';
import { holdRequests } from '../support/holdRequests.js';
import { axeViolations, buildFixtureIndex, collectErrors, routeProviderToLoopback, startStaticServer, type StaticServer } from '../support/servers.js';

/**
 * Ask AI in the search modal, through the CDN page, against the loopback server's chat endpoints
 * with the real transports (`askAi.baseUrl`), and with the local assistant in the browser.
 */
let site: StaticServer;
let server: LocalSearchServer;
let errors: string[];
let expectedErrors: RegExp[];

test.beforeAll(async () => {
  [site, server] = await Promise.all([startStaticServer(), startAskAiServer(), buildFixtureIndex()]);
});
test.afterAll(async () => {
  await Promise.all([site.close(), server.close()]);
});
test.beforeEach(async ({ page }) => {
  server.setFaults(null);
  server.setChatFaults(null);
  server.clearChatRequests();
  expectedErrors = [];
  errors = collectErrors(page);
  await routeProviderToLoopback(page, server);
});
test.afterEach(() => {
  expect(errors.filter((error) => !expectedErrors.some((pattern) => pattern.test(error))), 'console errors').toEqual([]);
});

const open = async (page: Page, params: Record<string, string> = {}) => {
  const query = new URLSearchParams({ chat: server.url, ...params });
  if (params.chat === '') query.delete('chat');
  await page.goto(`${site.url}/fixtures/askai/index.html?${query}`);
  await expect(page.locator('[data-sitesearch-button]')).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog')).toBeVisible();
};
const combobox = (page: Page) => page.getByRole('combobox');
const prompt = (page: Page) => page.locator('.sitesearch-chat-textarea');
const askAiEntry = (page: Page) => page.getByRole('option').first();
const answers = (page: Page) => page.locator('.sitesearch-chat-message--assistant');

/** Types a question in the search box and chooses the Ask AI entry with Enter. */
async function ask(page: Page, question: string) {
  await combobox(page).fill(question);
  await expect(askAiEntry(page)).toContainText(question);
  await page.keyboard.press('Enter');
  await expect(prompt(page)).toBeFocused();
}

const finishedAnswer = (page: Page) => page.locator('.sitesearch-chat-actions').last();
const userMessages = (page: Page) => page.locator('.sitesearch-chat-message--user');
const chatBodies = () => server.chatRequests.filter((request) => request.endpoint === 'chat' || request.endpoint === 'agent').map((request) => request.body as { messages: Array<{ role: string; parts: Array<{ type: string }> }>; suggestedQuestionId?: string });
const FAILED_REQUEST = /Failed to load resource|ERR_CONNECTION|ERR_INCOMPLETE_CHUNKED_ENCODING|net::/;

test.describe('the Ask AI entry and the chat', () => {
  test('the chat’s styles load with the chat (a stylesheet next to the loader, under style-src \'self\'), and the chat never shows unstyled', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname);
    });
    // A slow stylesheet: the chat must wait for it rather than show without it.
    await page.route('**/sitesearch-chat.css', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    // The local assistant answers in the page, so the strict policy's connect-src 'self' holds.
    await open(page, { chat: '', csp: 'strict' });
    await expect(page.locator('.sitesearch-dropdown')).toBeVisible();
    expect(stylesheets.filter((path) => path.includes('chat'))).toEqual([]);
    // The Ask AI entry, active as soon as there is a query, fetches the chat and its styles once the results show.
    await combobox(page).fill('server port');
    await expect(page.getByRole('option', { name: /server\.port/ }).first()).toBeVisible();
    // Records how the prompt looked the moment it was first drawn.
    await page.evaluate(() => {
      const observer = new MutationObserver(() => {
        const prompt = document.querySelector('.sitesearch-chat-prompt');
        if (!prompt) return;
        (window as unknown as { __firstPrompt: string }).__firstPrompt = getComputedStyle(prompt).display;
        observer.disconnect();
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    await page.keyboard.press('Enter');
    await expect(prompt(page)).toBeFocused();
    expect(await page.evaluate(() => (window as unknown as { __firstPrompt?: string }).__firstPrompt)).toBe('flex');
    expect(stylesheets).toEqual(expect.arrayContaining(['/cdn/sitesearch-modal.css', '/cdn/sitesearch-chat.css']));
    await expect(page.locator('link[rel="stylesheet"][href$="/cdn/sitesearch-chat.css"]')).toHaveCount(1);
    expect(violations).toEqual([]);
  });

  test('nothing of the chat is fetched before the first results show; it is fetched after them, before the entry is chosen', async ({ page }) => {
    const CHAT = /\/cdn\/sitesearch-(askAiChunk-|chat\.css|(assistant|agent|local)Transport-)/;
    const chat: string[] = [];
    page.on('request', (request) => {
      if (CHAT.test(request.url())) chat.push(new URL(request.url()).pathname);
    });
    // The provider's answer is held back until the test lets it through.
    const { release } = await holdRequests(page, /^https:\/\/[^/]*(algolia\.net|algolianet\.com)\//);
    await open(page);
    await combobox(page).fill('server port');
    await expect(askAiEntry(page)).toHaveAttribute('aria-selected', 'true');
    // Long enough for a prefetch on the entry's activation (the behaviour this test rules out) to go out.
    await page.waitForTimeout(1000);
    expect(chat).toEqual([]);
    release();
    await expect(page.getByRole('option', { name: /server\.port/ }).first()).toBeVisible();
    await expect.poll(() => chat.some((path) => path.includes('askAiChunk-')), { message: chat.join(', ') }).toBe(true);
    await expect.poll(() => chat.some((path) => path.endsWith('/sitesearch-chat.css'))).toBe(true);
  });

  test('the entry is the first option; choosing it opens the chat and sends the query; the answer streams with its search and sources', async ({ page }) => {
    await open(page);
    await expect(combobox(page)).toHaveAttribute('placeholder', 'Search docs or ask AI a question');
    await expect(combobox(page)).toHaveAttribute('enterkeyhint', 'search');
    await combobox(page).fill('server port');
    const entry = askAiEntry(page);
    await expect(entry).toHaveText(/Ask AI: server port/);
    await expect(entry).toHaveAttribute('aria-selected', 'true');
    await expect(combobox(page)).toHaveAttribute('aria-activedescendant', (await entry.getAttribute('id'))!);
    await expect(page.locator('.sitesearch-footer')).toContainText('Submit question');
    // Keyword results follow the entry.
    await expect(page.getByRole('option', { name: /server\.port/ }).first()).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(prompt(page)).toBeFocused();
    await expect(prompt(page)).toHaveAttribute('enterkeyhint', 'enter');
    await expect(userMessages(page)).toHaveText(['server port']);
    const answer = answers(page).last();
    await expect(answer.locator('.sitesearch-tool-call')).toContainText('Searched for');
    await expect(finishedAnswer(page)).toBeVisible({ timeout: 15_000 });
    await expect(answer.locator('.sitesearch-chat-sources')).toContainText('Related sources');
    await expect(answer.locator('a.sitesearch-chat-source').first()).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(prompt(page)).toHaveAttribute('placeholder', 'Ask another question...');
    await expect(page.locator('.sitesearch-footer')).toContainText('Back to search');
    expect(chatBodies()[0]?.messages.at(-1)).toMatchObject({ role: 'user', parts: [{ type: 'text', text: 'server port' }] });
    // A follow-up from the prompt: Enter sends, Shift+Enter adds a line.
    await prompt(page).pressSequentially('and the');
    await page.keyboard.press('Shift+Enter');
    await prompt(page).pressSequentially('host?');
    await expect(prompt(page)).toHaveValue('and the\nhost?');
    await page.keyboard.press('Enter');
    await expect(userMessages(page)).toHaveCount(2);
    await expect(userMessages(page).last()).toHaveText('and the\nhost?');
    await expect(finishedAnswer(page)).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('.sitesearch-chat-actions')).toHaveCount(2);
  });

  test('a click on the entry asks too; on the no-results screen the entry invites a question', async ({ page }) => {
    await open(page);
    await combobox(page).fill('qwzxqwzx');
    await expect(page.locator('.sitesearch-screen-title')).toHaveText('No results found for "qwzxqwzx"');
    await expect(askAiEntry(page)).toHaveText(/Nothing in the docs\? Ask AI: qwzxqwzx/);
    await askAiEntry(page).click();
    await expect(userMessages(page)).toHaveText(['qwzxqwzx']);
    await expect(answers(page).last()).not.toBeEmpty({ timeout: 15_000 });
  });

  test('a searched query in the tool-call line runs that keyword search', async ({ page }) => {
    await open(page);
    await ask(page, 'How do I change the server port?');
    await expect(finishedAnswer(page)).toBeVisible({ timeout: 15_000 });
    const query = page.locator('button.sitesearch-tool-query').first();
    const text = (await query.textContent())!.replace(/^"|"$/g, '');
    await query.click();
    await expect(combobox(page)).toHaveValue(text);
    await expect(combobox(page)).toBeFocused();
    await expect(page.getByRole('option').nth(1)).toBeVisible();
    // Back in the chat, the conversation is still there.
    await page.keyboard.press('Enter');
    await expect(userMessages(page).first()).toHaveText('How do I change the server port?');
  });

  test('back to keyword search keeps the query; Escape closes from the chat and focus returns to the button', async ({ page }) => {
    await open(page);
    await ask(page, 'plugins');
    await prompt(page).pressSequentially('a/b');
    await expect(prompt(page)).toHaveValue('a/b');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('button', { name: 'Back to keyword search' }).click();
    await expect(combobox(page)).toHaveValue('plugins');
    await expect(combobox(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(prompt(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Search' })).toBeFocused();
    await page.keyboard.press('Control+k');
    await expect(combobox(page)).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
  });

  test('an explicit placeholder option wins on every screen', async ({ page }) => {
    await open(page, { placeholder: 'Find anything' });
    await expect(combobox(page)).toHaveAttribute('placeholder', 'Find anything');
    await ask(page, 'plugins');
    await expect(prompt(page)).toHaveAttribute('placeholder', 'Find anything');
  });
});

test.describe('backends', () => {
  test('assistant: like posts {appId, messageId, thumbs}, with the id of the question answered', async ({ page }) => {
    await open(page);
    await ask(page, 'server port');
    await expect(finishedAnswer(page)).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Like', exact: true }).click();
    await expect(page.getByText('Thanks for your feedback!')).toBeVisible();
    const feedback = server.chatRequests.find((request) => request.endpoint === 'feedback');
    const question = chatBodies()[0]!.messages.at(-1) as unknown as { id: string };
    expect(feedback?.body).toEqual({ appId: 'SITESEARCH', messageId: question.id, thumbs: 1 });
    expect(feedback?.status).toBe(200);
  });

  test('agent: no feedback buttons; a follow-up after data-suggestions succeeds and sends no data-* parts back', async ({ page }) => {
    await open(page, { backend: 'agent' });
    await ask(page, 'How do I write a plugin?');
    await expect(finishedAnswer(page)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Like', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Dislike' })).toHaveCount(0);
    const suggestion = page.locator('.sitesearch-chat-suggestions .sitesearch-chat-suggestion').first();
    await expect(suggestion).toBeVisible();
    await suggestion.click();
    await expect(page.locator('.sitesearch-chat-actions')).toHaveCount(2, { timeout: 15_000 });
    const agent = server.chatRequests.filter((request) => request.endpoint === 'agent');
    expect(agent.map((request) => request.status)).toEqual([200, 200]);
    const parts = chatBodies()[1]!.messages.flatMap((message) => message.parts.map((part) => part.type));
    expect(parts.filter((type) => type.startsWith('data-'))).toEqual([]);
    expect(server.chatRequests.some((request) => request.endpoint === 'token' || request.endpoint === 'feedback')).toBe(false);
  });

  test('local assistant: answers from the local index in the browser, with no server and no credentials', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await open(page, { chat: '' });
    await ask(page, 'How do I change the server port?');
    await expect(finishedAnswer(page)).toBeVisible({ timeout: 15_000 });
    await expect(answers(page).last()).toContainText(/port/i);
    // It quotes the docs rather than writing with AI, and the disclaimer says so.
    await expect(page.locator('.sitesearch-chat-disclaimer')).toHaveText('Answers quote these docs, found by search; they are not written by AI and can miss. Check the linked pages.');
    expect(server.chatRequests).toEqual([]);
    expect(requested.some((path) => path.startsWith('/built/local-index/'))).toBe(true);
    // The local assistant is a chunk of its own, fetched by the chat on the first question.
    expect(requested.some((path) => /sitesearch-assistant-/.test(path))).toBe(true);
  });
});

test.describe('faults', () => {
  const faults: Array<[string, Parameters<LocalSearchServer['setChatFaults']>[0], RegExp]> = [
    ['a refused token (401)', { tokenStatus: 401, message: 'Token refused for this assistant' }, /Token refused for this assistant/],
    ['a failed chat request (500)', { chatStatus: 500, message: 'The assistant is down' }, /The assistant is down/],
    ['an error chunk mid-answer', { errorAfterChunks: 4, message: 'The model failed' }, /The model failed/],
    ['a connection cut mid-answer', { cutAfterChunks: 4 }, /./],
  ];
  for (const [name, fault, message] of faults) {
    test(`${name}: a readable error, the conversation kept, and retry works`, async ({ page }) => {
      expectedErrors.push(FAILED_REQUEST);
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await open(page);
      server.setChatFaults(fault);
      await ask(page, 'server port');
      const alert = page.locator('.sitesearch-chat-error');
      await expect(alert).toBeVisible({ timeout: 15_000 });
      await expect(alert.locator('.sitesearch-chat-error-text')).toHaveText(message);
      await expect(alert).not.toContainText('{"');
      await expect(userMessages(page)).toHaveText(['server port']);
      expect(pageErrors).toEqual([]);
      server.setChatFaults(null);
      await alert.getByRole('button', { name: 'Try again' }).click();
      await expect(finishedAnswer(page)).toBeVisible({ timeout: 15_000 });
      await expect(page.locator('.sitesearch-chat-error')).toHaveCount(0);
      await expect(userMessages(page)).toHaveText(['server port']);
    });
  }

  test('an error the server did not word shows its sentence from translations (modal.askAiErrors)', async ({ page }) => {
    expectedErrors.push(FAILED_REQUEST);
    await open(page, { texts: 'custom' });
    server.setChatFaults({ cutAfterChunks: 4 });
    await combobox(page).fill('server port');
    await expect(askAiEntry(page)).toHaveText(/AI ask: server port/);
    await page.keyboard.press('Enter');
    const alert = page.locator('.sitesearch-chat-error');
    await expect(alert.locator('.sitesearch-chat-error-text')).toHaveText('AI cut off', { timeout: 15_000 });
    await expect(alert.getByRole('button', { name: 'AI retry' })).toBeVisible();
  });

  test('stop on a slow stream: "Answering..." while it streams, "Stop answering" stops it, then "You stopped this response"', async ({ page }) => {
    await open(page);
    server.setChatFaults({ chunkDelayMs: 400 });
    await ask(page, 'server port');
    await expect(prompt(page)).toHaveAttribute('placeholder', 'Answering...');
    await expect(page.getByRole('button', { name: 'Stop answering' })).toHaveAttribute('title', 'Stop answering');
    await page.getByRole('button', { name: 'Stop answering' }).click();
    await expect(page.getByText('You stopped this response')).toBeVisible();
    await expect(prompt(page)).toHaveAttribute('placeholder', 'Ask another question...');
    await expect(page.locator('.sitesearch-chat-actions')).toHaveCount(0);
  });
});

test.describe('screens', () => {
  test('new conversation with suggested questions; choosing one sends it with its id', async ({ page }) => {
    await open(page, { suggested: '1' });
    await ask(page, 'plugins');
    await expect(finishedAnswer(page)).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Start a new conversation' }).click();
    await expect(page.getByText('How can I help you today?')).toBeVisible();
    await expect(prompt(page)).toHaveAttribute('placeholder', 'Ask a question');
    const suggested = page.locator('.sitesearch-chat-suggested .sitesearch-chat-suggestion');
    await expect(suggested).toHaveText(SUGGESTED_QUESTIONS);
    expect(await axeViolations(page, '.sitesearch-modal')).toEqual([]);
    await suggested.first().click();
    await expect(userMessages(page)).toHaveText([SUGGESTED_QUESTIONS[0]!]);
    await expect(finishedAnswer(page)).toBeVisible({ timeout: 15_000 });
    expect(chatBodies().at(-1)?.suggestedQuestionId).toEqual(expect.any(String));
  });

  test('conversations across a reload: recent on the start screen, reopened whole, listed in the history, removed', async ({ page }) => {
    await open(page);
    await ask(page, 'How do I change the server port?');
    await expect(finishedAnswer(page)).toBeVisible({ timeout: 15_000 });
    await page.reload();
    await page.keyboard.press('Control+k');
    const recent = page.getByRole('row').filter({ hasText: 'How do I change the server port?' });
    await expect(page.locator('.sitesearch-section-title').first()).toHaveText('Recent conversations');
    await expect(recent).toHaveCount(1);
    expect(await axeViolations(page, '.sitesearch-modal')).toEqual([]);
    await page.keyboard.press('Enter');
    await expect(userMessages(page)).toHaveText(['How do I change the server port?']);
    await expect(answers(page).last().locator('.sitesearch-chat-sources')).toBeVisible();
    await page.getByRole('button', { name: 'Conversation history' }).click();
    await expect(page.locator('.sitesearch-conversations-title')).toHaveText('My conversation history');
    await expect(page.locator('.sitesearch-conversation-open')).toHaveCount(1);
    expect(await axeViolations(page, '.sitesearch-modal')).toEqual([]);
    await page.getByRole('button', { name: 'Back to keyword search' }).click();
    await combobox(page).fill('');
    await page.getByRole('button', { name: 'Remove this conversation from history' }).click();
    await expect(page.getByText('Recent conversations')).toHaveCount(0);
    await page.reload();
    await page.keyboard.press('Control+k');
    await expect(page.getByText('No recent searches')).toBeVisible();
  });

  test('Markdown XSS payloads in an answer: no script, image, frame or javascript: link reaches the DOM', async ({ page }) => {
    await open(page);
    await ask(page, XSS_QUESTION);
    const answer = answers(page).last();
    await expect(answer).toContainText('Here are payloads:', { timeout: 15_000 });
    await expect(finishedAnswer(page)).toBeVisible();
    await expect(answer.locator('script, img, iframe, [onerror]')).toHaveCount(0);
    const hrefs = await answer.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs.every((href) => href !== null && /^https?:/.test(href))).toBe(true);
    await expect(answer.getByRole('link', { name: 'safe' }).first()).toHaveAttribute('href', 'https://example.com/docs');
    await page.waitForTimeout(100);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });

  test('every Ask AI text comes from translations', async ({ page }) => {
    await open(page, { texts: 'custom' });
    await expect(combobox(page)).toHaveAttribute('placeholder', 'KW placeholder');
    await combobox(page).fill('qwzxqwzx');
    await expect(askAiEntry(page)).toHaveText(/AI nothing: qwzxqwzx/);
    await combobox(page).fill('server port');
    await expect(askAiEntry(page)).toHaveText(/AI ask: server port/);
    await expect(page.locator('.sitesearch-footer')).toContainText('AI submit');
    server.setChatFaults({ chunkDelayMs: 150 });
    await page.keyboard.press('Enter');
    await expect(prompt(page)).toHaveAttribute('enterkeyhint', 'send');
    await expect(prompt(page)).toHaveAttribute('placeholder', 'AI streaming');
    await expect(page.getByText(/AI thinking|AI pre tool|AI during tool/).first()).toBeVisible();
    await expect(finishedAnswer(page)).toBeVisible({ timeout: 20_000 });
    server.setChatFaults(null);
    const modal = page.locator('.sitesearch-modal');
    await expect(prompt(page)).toHaveAttribute('placeholder', 'AI placeholder');
    await expect(modal).toContainText('AI searched');
    await expect(modal).toContainText('AI sources');
    await expect(modal).toContainText('AI disclaimer');
    await expect(modal).toContainText('AI back to search');
    await expect(modal).toContainText('AI submit');
    await expect(page.getByRole('button', { name: 'AI like' })).toHaveAttribute('title', 'AI like');
    await expect(page.getByRole('button', { name: 'AI dislike' })).toBeVisible();
    // The copy button shows copyButtonText, with copyButtonTitle as its tooltip.
    await expect(page.getByRole('button', { name: 'AI copy', exact: true })).toHaveAttribute('title', 'AI copy title');
    await page.getByRole('button', { name: 'AI copy', exact: true }).click();
    await expect(page.getByRole('button', { name: 'AI copied' })).toBeVisible();
    await page.getByRole('button', { name: 'AI like' }).click();
    await expect(modal).toContainText('AI thanks');
    await expect(page.getByRole('button', { name: 'KW back label' })).toHaveAttribute('title', 'KW back');
    await page.getByRole('button', { name: 'AI history' }).click();
    await expect(page.locator('.sitesearch-conversations-title')).toHaveText('AI history title');
    await expect(page.getByRole('button', { name: 'AI remove' })).toBeVisible();
    await page.getByRole('button', { name: 'AI new conversation' }).click();
    await expect(modal).toContainText('AI welcome');
    await expect(modal).toContainText('AI description');
    await expect(prompt(page)).toHaveAttribute('placeholder', 'AI new placeholder');
    server.setChatFaults({ chunkDelayMs: 400 });
    await prompt(page).fill('server port');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'AI stop' }).click();
    await expect(modal).toContainText('AI stopped');
    await page.getByRole('button', { name: 'KW back label' }).click();
    await combobox(page).fill('');
    await expect(page.locator('.sitesearch-section-title').first()).toHaveText('AI recent');
    await expect(page.getByRole('button', { name: 'AI remove' }).first()).toBeVisible();
  });
});

test.describe('accessibility', () => {
  for (const theme of ['light', 'dark']) {
    test(`axe-clean (${theme}): scrolling results, the entry, a streamed answer, an error, the history`, async ({ page }) => {
      // Six axe runs on two shared cores.
      test.setTimeout(120_000);
      expectedErrors.push(FAILED_REQUEST);
      await page.setViewportSize({ width: 900, height: 520 });
      await open(page, theme === 'dark' ? { theme: 'dark' } : {});
      // Enough results to scroll the results region.
      await combobox(page).fill('config');
      await expect(page.getByRole('option').nth(6)).toBeVisible();
      expect(await page.locator('.sitesearch-dropdown').evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
      expect(await axeViolations(page, '.sitesearch-modal')).toEqual([]);
      await page.keyboard.press('Enter');
      await expect(finishedAnswer(page)).toBeVisible({ timeout: 15_000 });
      expect(await seriousAxeViolations(page, '.sitesearch-modal')).toEqual([]);
      server.setChatFaults({ chatStatus: 500, message: 'The assistant is down' });
      await prompt(page).fill('again');
      await page.keyboard.press('Enter');
      await expect(page.locator('.sitesearch-chat-error')).toBeVisible({ timeout: 15_000 });
      expect(await seriousAxeViolations(page, '.sitesearch-modal')).toEqual([]);
      // Slow enough that the answer is still streaming after the check.
      server.setChatFaults({ chunkDelayMs: 1500 });
      await page.locator('.sitesearch-chat-error').getByRole('button').click();
      await expect(prompt(page)).toHaveAttribute('placeholder', 'Answering...');
      expect(await seriousAxeViolations(page, '.sitesearch-modal')).toEqual([]);
      await page.getByRole('button', { name: 'Stop answering' }).click();
      await page.getByRole('button', { name: 'Conversation history' }).click();
      expect(await seriousAxeViolations(page, '.sitesearch-modal')).toEqual([]);
    });
  }
});
