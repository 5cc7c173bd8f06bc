import { describe, expect, it } from 'vitest';
import { answerLanguage, ENGLISH_ANSWER_TEXTS, loadAnswerTexts } from './answerTexts.js';
import { TRANSLATED_ANSWER_TEXTS } from './translatedAnswerTexts.js';

const ANSWER_TEXTS = { en: ENGLISH_ANSWER_TEXTS, ...TRANSLATED_ANSWER_TEXTS };

describe('answerLanguage', () => {
  it.each([
    ['How do I change the port of the dev server?', 'en'],
    ['server.proxy', 'en'],
    ['vi.mock factory', 'en'],
    // One word of another language does not make the question that language's.
    ['How do I set the base of my déploiement?', 'en'],
    ['Comment configurer le proxy du serveur de développement ?', 'fr'],
    ["Pourquoi est-ce que j'ai une erreur avec vi.mock ?", 'fr'],
    ['Wie kann ich den Port des Dev-Servers ändern?', 'de'],
    ['¿Cómo cambio el puerto del servidor de desarrollo?', 'es'],
    ['如何配置 server.proxy？', 'zh'],
    ['模拟函数', 'zh'],
    ['破壊的変更', 'zh'],
    ['開発サーバーのポートを変更するには？', 'ja'],
    ['vi.mock の使い方', 'ja'],
    // No table for Korean: English.
    ['개발 서버 포트를 어떻게 바꾸나요?', 'en'],
    ['', 'en'],
  ])('%s → %s', (question, language) => {
    expect(answerLanguage(question)).toBe(language);
  });
});

it('reads a question of Han characters alone as Japanese when the docs that answer it are', () => {
  expect(answerLanguage('破壊的変更', 'Vite 6 の破壊的変更は移行ガイドにまとめられています。')).toBe('ja');
  expect(answerLanguage('模拟函数', 'vi.fn() 创建一个模拟函数。')).toBe('zh');
  expect(answerLanguage('How do I mock?', 'モック関数を作成します。')).toBe('en');
});

describe('the texts of each language', () => {
  it('put the link, and the name in code, into every line, and end lines with the language\'s own colon and full stop', () => {
    const link = '[Server Options](/config/server-options)';
    for (const [language, texts] of Object.entries(ANSWER_TEXTS)) {
      const lines = [texts.answerIn(link), texts.errorIn(link), texts.closest(link, false), texts.closest(link, true), texts.seeAlso(link)];
      for (const verb of ['set', 'use', 'pass', 'enable', 'run', 'call'] as const) lines.push(texts.act(verb, '`server.port`', link));
      for (const line of lines) expect(line, `${language}: ${line}`).toContain(link);
      for (const line of lines.slice(5)) expect(line, `${language}: ${line}`).toContain('`server.port`');
      // German has one verb for "use" and "call" (Verwenden): "Rufen Sie … auf" splits around the name.
      expect(new Set(lines).size, `${language}: every line differs`).toBe(lines.length - (language === 'de' ? 1 : 0));
      expect([texts.colon, texts.stop], language).toEqual(language === 'zh' || language === 'ja' ? ['：', '。'] : language === 'fr' ? [' :', '.'] : [':', '.']);
    }
  });
});

describe('loadAnswerTexts', () => {
  it("gives English at once, each other language's texts from their chunk, and English for a language without a table", async () => {
    expect(await loadAnswerTexts(undefined)).toBe(ENGLISH_ANSWER_TEXTS);
    expect(await loadAnswerTexts('en')).toBe(ENGLISH_ANSWER_TEXTS);
    for (const language of ['fr', 'de', 'es', 'zh', 'ja']) expect(await loadAnswerTexts(language), language).toBe(TRANSLATED_ANSWER_TEXTS[language]);
    expect(await loadAnswerTexts('ko')).toBe(ENGLISH_ANSWER_TEXTS);
  });
});
