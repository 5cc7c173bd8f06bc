import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { NOT_FOUND_TEXT } from '@sitesearch/local/assistant';
import { useLocalAssistantPages } from '../support/askAi.js';

/**
 * Bad input in the browser (issue #33): the questions the loopback server's tests send over HTTP
 * (a question of 2,000 characters, one of only stop words, one in a script the index does not
 * hold, a pasted stack trace of 200 lines), asked of the local assistant in the page. Each gets a
 * finished answer or the assistant's "couldn't find anything" answer, never the error screen; the
 * user's message is shown as typed and stays inside the chat; the prompt takes the next question.
 * Screenshots of the stack trace exchange (390 and 1280 px, light and dark) go to test-results/.
 */
const site = useLocalAssistantPages();

const filler = 'I have been trying for a long time and I really wonder what I should do now. ';
const LONG = `${filler.repeat(40)}How do I change the server port?`.slice(-2000);
const STOP_WORDS = 'What is it that they would have been doing then?';
const OTHER_SCRIPT = 'كيف يمكنني تغيير منفذ الخادم؟';
const TRACE = [
  'Error: Port 5173 is already in use',
  ...Array.from({ length: 199 }, (_, i) => `    at Server.listen (/home/me/app/node_modules/vite/dist/dep-${i}.js:${i}:17)`),
].join('\n');

type Expected = 'answer' | 'not found';

/**
 * Pastes `question` into the chat prompt in `scope`, sends it and waits for the answer to finish.
 * The prompt holds it whole (its maxlength, 32,000 characters, leaves room for a long trace).
 */
async function ask(scope: Locator, question: string, expected: Expected): Promise<void> {
  const prompt = scope.locator('.sitesearch-chat-textarea');
  await prompt.focus();
  await scope.page().keyboard.insertText(question);
  const sent = await prompt.inputValue();
  expect(sent).toBe(question);
  const answers = scope.locator('.sitesearch-chat-message--assistant');
  const before = await answers.count();
  await prompt.press('Enter');
  await expectExchange(scope, sent, before, expected);
}

/** The last exchange in `scope`: the user's message as sent, then a finished answer of the expected kind; no error screen; the prompt empty and usable. */
async function expectExchange(scope: Locator, sent: string, answersBefore: number, expected: Expected): Promise<void> {
  const answers = scope.locator('.sitesearch-chat-message--assistant');
  await expect(answers).toHaveCount(answersBefore + 1, { timeout: 15_000 });
  const answer = answers.last();
  await expect(answer.locator('.sitesearch-chat-actions')).toBeVisible({ timeout: 15_000 });
  if (expected === 'not found') await expect(answer).toContainText(NOT_FOUND_TEXT);
  if (expected === 'answer') await expect(answer).not.toContainText(NOT_FOUND_TEXT);
  await expect(scope.locator('.sitesearch-chat-error')).toHaveCount(0);
  // Shown as typed, every character and line break (text, not Markdown), less the blanks around it.
  expect(await scope.locator('.sitesearch-chat-question').last().evaluate((element) => (element as HTMLElement).innerText)).toBe(sent.trim());
  const prompt = scope.locator('.sitesearch-chat-textarea');
  await expect(prompt).toBeEditable();
  await expect(prompt).toHaveValue('');
}

/** Each user message lies within the chat's width, and the chat within the viewport: long text wraps instead of widening the layout. */
async function expectMessagesWithinChat(page: Page, scope: Locator): Promise<void> {
  const log = await scope.locator('.sitesearch-chat-log').boundingBox();
  const viewport = page.viewportSize()!;
  expect(log!.x).toBeGreaterThanOrEqual(0);
  expect(log!.x + log!.width).toBeLessThanOrEqual(viewport.width + 0.5);
  for (const box of await scope.locator('.sitesearch-chat-message--user').evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect))) {
    expect(box.x).toBeGreaterThanOrEqual(log!.x - 0.5);
    expect(box.x + box.width).toBeLessThanOrEqual(log!.x + log!.width + 0.5);
  }
  // Nothing scrolls sideways: neither the page nor the chat.
  expect(await scope.locator('.sitesearch-chat-log').evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/** The exchange of `question` at 390 and 1280 px, light and dark (the theme is the page's data-theme). */
async function screenshots(page: Page, question: Locator, testInfo: TestInfo, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    for (const theme of ['light', 'dark']) {
      await page.setViewportSize({ width, height: 800 });
      await page.evaluate((dark) => (dark ? document.documentElement.setAttribute('data-theme', 'dark') : document.documentElement.removeAttribute('data-theme')), theme === 'dark');
      // The end of the question and its answer.
      await question.evaluate((element) => (element.nextElementSibling ?? element).scrollIntoView({ block: 'end' }));
      await page.screenshot({ path: testInfo.outputPath(`${name}-${width}-${theme}.png`) });
    }
  }
}

test('the search modal answers or declines each bad question, and shows it as typed (390 px)', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`${site.url}/fixtures/askai/index.html`);
  await expect(page.locator('[data-sitesearch-button]')).toBeVisible();
  await page.keyboard.press('Control+k');
  // The first question from the search box (its "Ask AI" row), the others from the chat's prompt.
  await page.getByRole('combobox').fill(STOP_WORDS);
  await expect(page.getByRole('option').first()).toContainText(STOP_WORDS);
  await page.keyboard.press('Enter');
  const modal = page.locator('.sitesearch-modal');
  await expectExchange(modal, STOP_WORDS, 0, 'not found');
  await ask(modal, OTHER_SCRIPT, 'not found');
  // Set right to left, as Arabic reads (its question mark at the left end).
  expect(await modal.locator('.sitesearch-chat-question').last().evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
  await ask(modal, LONG, 'answer');
  // Sent whole, the trace is answered from its error line.
  await ask(modal, TRACE, 'answer');
  await expectMessagesWithinChat(page, modal);
  await screenshots(page, modal.locator('.sitesearch-chat-message--user').last(), testInfo, 'modal-trace');
});

test('the Sidepanel answers a pasted stack trace of 200 lines, and answers a question of 2,000 characters (390 px)', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`${site.url}/fixtures/sidepanel/index.html`);
  const trigger = page.locator('[data-sitesearch-sidepanel-button]');
  await expect(trigger).toBeVisible();
  await trigger.click();
  const panel = page.getByRole('dialog', { name: 'Ask AI' });
  await expect(panel).toBeVisible({ timeout: 15_000 });
  await ask(panel, TRACE, 'answer');
  await ask(panel, LONG, 'answer');
  await expectMessagesWithinChat(page, panel);
  await screenshots(page, panel.locator('.sitesearch-chat-message--user').first(), testInfo, 'sidepanel-trace');
});
