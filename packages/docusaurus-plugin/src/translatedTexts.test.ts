import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_TRANSLATIONS, resolveTranslations } from '@sitesearch/islands/core';
import { mergeObjects } from '@sitesearch/islands/ssg';
import { codeTranslations } from '../test-support/Translate.js';
import { defaultCodeTranslations, shippedTranslations } from './codeTranslations.js';
import { chatTexts, keywordTexts, sidepanelTexts } from './theme/translatedTexts.js';

const fixtureDir = fileURLToPath(new URL('../../../tests/fixtures/docusaurus', import.meta.url));
const allTexts = () => mergeObjects(mergeObjects(keywordTexts(), chatTexts()), sidepanelTexts()) as Record<string, unknown>;

/** Every leaf of a table, by its key path. */
function leaves(node: unknown, path = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  if (typeof node !== 'object' || node === null) return found.set(path, node);
  for (const [key, value] of Object.entries(node)) for (const [leaf, text] of leaves(value, path ? `${path}.${key}` : key)) found.set(leaf, text);
  return found;
}

/** The ids the theme's code translates (what `docusaurus write-translations` lists). */
const themeIds = (files = ['theme/translatedTexts.ts', 'theme/SearchBar/buttonOptions.ts', 'theme/Sidepanel/triggerOptions.ts']): string[] =>
  files.flatMap((file) =>
    [...readFileSync(new URL(`./${file}`, import.meta.url), 'utf8').matchAll(/\bid: '([^']+)'/g)].map((match) => match[1]!),
  );

afterEach(() => {
  for (const id of Object.keys(codeTranslations)) delete codeTranslations[id];
});

describe('the modal and Sidepanel texts through Docusaurus i18n', () => {
  it('untranslated (English), every text is the widget default, and the placeholders are left to their rules', () => {
    const english = leaves(DEFAULT_TRANSLATIONS);
    const texts = leaves(allTexts());
    for (const [key, text] of texts) expect(text, key).toBe(english.get(key));
    // Every text but the attribute values, the functions and what the button and the trigger translate where they render.
    const elsewhere = /^(button\.|sidepanel\.button|modal\.searchBox\.enterKeyHint|modal\.askAiScreen\.aggregated)/;
    expect([...english.keys()].filter((key) => !texts.has(key) && !elsewhere.test(key))).toEqual([]);
    expect(['placeholderText', 'placeholderTextWithAskAi', 'placeholderTextAskAi'].map((key) => texts.get(`modal.searchBox.${key}`))).toEqual([undefined, undefined, undefined]);
  });

  it('in French: the shipped texts of theme-search-algolia and the theme own, valid translations for the widgets', async () => {
    Object.assign(codeTranslations, await defaultCodeTranslations('fr', fixtureDir));
    const texts = allTexts() as Parameters<typeof resolveTranslations>[1];
    expect(() => resolveTranslations('sitesearch', texts)).not.toThrow();
    const table = leaves(texts);
    expect(table.get('modal.searchBox.placeholderText')).toBe('Rechercher des docs');
    expect(table.get('modal.searchBox.placeholderTextWithAskAi')).toBe('Rechercher des docs ou poser une question à l’IA');
    expect(table.get('modal.noResultsScreen.noResultsText')).toBe('Aucun résultat pour');
    expect(table.get('modal.footer.navigateText')).toBe('naviguer');
    expect(table.get('sidepanel.titleText')).toBe('Demander à l’IA');
    // Nothing left in English.
    const english = leaves(DEFAULT_TRANSLATIONS);
    expect([...table].filter(([key, text]) => text !== undefined && text === english.get(key)).map(([key]) => key)).toEqual([]);
  });

  it('the older placeholder id still counts when the newer one is not translated', () => {
    codeTranslations['theme.SearchModal.placeholder'] = 'Dokumentation durchsuchen';
    expect(leaves(keywordTexts()).get('modal.searchBox.placeholderText')).toBe('Dokumentation durchsuchen');
    codeTranslations['theme.SearchModal.searchBox.placeholderText'] = 'Docs durchsuchen';
    expect(leaves(keywordTexts()).get('modal.searchBox.placeholderText')).toBe('Docs durchsuchen');
  });

  it('every id is theme-search-algolia’s or has the theme’s French', () => {
    const require = createRequire(join(fixtureDir, 'package.json'));
    const classic = dirname(require.resolve('@docusaurus/preset-classic/package.json'));
    const base = createRequire(join(classic, 'package.json'));
    const translationsDir = dirname(createRequire(base.resolve('@docusaurus/theme-classic/package.json')).resolve('@docusaurus/theme-translations/package.json'));
    const algolia = JSON.parse(readFileSync(join(translationsDir, 'locales/base/theme-search-algolia.json'), 'utf8')) as Record<string, string>;
    const french = shippedTranslations('fr');
    expect(themeIds().filter((id) => !(id in algolia) && !(id in french))).toEqual([]);
  });
});

describe('defaultCodeTranslations', () => {
  it('theme-search-algolia’s shipped texts for the locale (from the site’s Docusaurus), the theme’s own on top', async () => {
    const french = await defaultCodeTranslations('fr', fixtureDir);
    expect(french['theme.SearchModal.noResultsScreen.noResultsText']).toBe('Aucun résultat pour');
    expect(french['theme.SearchBar.seeAll']).toBe('Voir {count} résultat|Voir les {count} résultats');
    expect(french['theme.Sidepanel.buttonText']).toBe('Demander à l’IA');
    expect((await defaultCodeTranslations('de', fixtureDir))['theme.SearchModal.searchBox.placeholderText']).toBe('Dokumentation durchsuchen');
    expect(await defaultCodeTranslations('en', fixtureDir)).toEqual({});
  });

  it('no text for an id the theme does not translate (write-translations would warn about it)', async () => {
    const used = new Set(themeIds(['theme/translatedTexts.ts', 'theme/SearchBar/buttonOptions.ts', 'theme/Sidepanel/triggerOptions.ts', 'theme/SearchPage/index.tsx', 'theme/SearchPage/SeeAllResults.tsx']));
    for (const locale of ['fr', 'de', 'ja']) expect(Object.keys(await defaultCodeTranslations(locale, fixtureDir)).filter((id) => !used.has(id)), locale).toEqual([]);
  });
});
