import { expect, test, type Locator } from '@playwright/test';
import { useLocalAssistantPages } from '../support/askAi.js';

/**
 * The local assistant's own words (its lead, "See also", the "not in the docs" answer) are in the
 * language the reader asked in; the quotes stay the docs' own. In the browser, through the CDN
 * build: an English question never fetches the other languages' texts, a French or Chinese one
 * fetches them once, as a chunk of their own.
 */
const site = useLocalAssistantPages();

/** Sends `question` from the chat prompt in `scope` and returns the text of its finished answer. */
async function answerTo(scope: Locator, question: string): Promise<string> {
  const answers = scope.locator('.sitesearch-chat-message--assistant');
  const before = await answers.count();
  const prompt = scope.locator('.sitesearch-chat-textarea');
  await prompt.fill(question);
  await prompt.press('Enter');
  await expect(answers).toHaveCount(before + 1, { timeout: 15_000 });
  await expect(answers.last().locator('.sitesearch-chat-actions')).toBeVisible({ timeout: 15_000 });
  return (await answers.last().locator('.sitesearch-markdown').first().innerText()).trim();
}

test("the local assistant answers in the question's language, fetching the other languages' words only for such a question", async ({ page }) => {
  const translations: string[] = [];
  page.on('request', (request) => void (/translatedAnswerTexts/.test(request.url()) && translations.push(request.url())));
  await page.goto(`${site.url}/fixtures/askai/index.html`);
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox').fill('How do I proxy API requests in the dev server?');
  await expect(page.getByRole('option').first()).toContainText('How do I proxy API requests');
  await page.keyboard.press('Enter');
  const modal = page.locator('.sitesearch-modal');
  const answers = modal.locator('.sitesearch-chat-message--assistant');
  await expect(answers.last().locator('.sitesearch-chat-actions')).toBeVisible({ timeout: 15_000 });
  expect((await answers.last().locator('.sitesearch-markdown').first().innerText()).trim()).toMatch(/^(?:The answer is in|The most relevant passage is in|Set|Use) /);
  expect(translations, 'fetched for an English question').toEqual([]);

  // The fixture's docs are English: a French question is answered from them in French…
  const french = await answerTo(modal, 'Comment changer le server.port ?');
  expect(french).toMatch(/^(?:(?:Définissez|Utilisez) `?server\.port`?, comme l'explique|La réponse se trouve dans|Le passage le plus pertinent se trouve dans) .*server\.port/);
  // …and one they do not cover is declined in French (a French answer from French docs is docusaurus-i18n.spec.ts').
  expect(await answerTo(modal, 'Où acheter du pain au levain ?')).toMatch(/^Je n'ai rien trouvé à ce sujet dans la documentation\./);
  const chinese = await answerTo(modal, '哪里可以买到酸面包？');
  expect(chinese).toMatch(/^文档中没有找到与此相关的内容/);
  expect(translations, 'one chunk, fetched once').toHaveLength(1);
  await expect(modal.locator('.sitesearch-chat-error')).toHaveCount(0);
});
