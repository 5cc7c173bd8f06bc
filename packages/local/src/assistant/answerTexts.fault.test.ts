import { expect, it, vi } from 'vitest';

// The other languages' chunk cannot be fetched (a network fault in the browser): the answer is in English, never an error.
vi.mock('./translatedAnswerTexts.js', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

it("answers in English when the other languages' texts cannot be loaded", async () => {
  const { ENGLISH_ANSWER_TEXTS, loadAnswerTexts } = await import('./answerTexts.js');
  await expect(loadAnswerTexts('fr')).resolves.toBe(ENGLISH_ANSWER_TEXTS);
  await expect(loadAnswerTexts('zh')).resolves.toBe(ENGLISH_ANSWER_TEXTS);
});
