import { describe, expect, it } from 'vitest';
import { DEFAULT_TRANSLATIONS } from '../core/translations.js';
import { KEYWORD_TRANSLATIONS } from '../core/keywordTranslations.js';
import { checkSiteSearchOptions, completeSiteSearchOptions, resolveSiteSearchOptions } from '../core/options/siteSearchOptions.js';
import { keywordOnlyRules, needsChatOptionRules } from '../core/options/keywordOnlyOptions.js';
import { completeCdnOptions } from './cdnOptions.js';

const early = (options: Record<string, unknown>) => ({ given: { appId: 'APP', apiKey: 'KEY', indices: ['docs'], ...options }, container: document.body, environment: window });

describe('completeCdnOptions (in sitesearch-modal.js)', () => {
  it('completes the options at once when askAi is not set: the Ask AI checks are not needed', () => {
    const resolved = completeCdnOptions(early({}));
    expect(resolved).not.toBeInstanceOf(Promise);
    expect(resolved).toMatchObject({ askAi: undefined, placeholder: 'Search docs', container: document.body, translations: { button: { buttonText: 'Search' } } });
  });

  it('imports the Ask AI checks when askAi is set, and reports their errors', async () => {
    await expect(completeCdnOptions(early({ askAi: 'assistant-1' }))).resolves.toMatchObject({ askAi: { assistantId: 'assistant-1', indexName: 'docs' } });
    await expect(completeCdnOptions(early({ askAi: { assistantID: 'x' } }))).rejects.toThrowError('unknown option "askAi.assistantID"');
  });

  it("imports the chat's texts with the Ask AI checks: with askAi, or for a chat text given without it, and reports any key's typo", async () => {
    await expect(completeCdnOptions(early({ askAi: 'assistant-1' }))).resolves.toMatchObject({ translations: DEFAULT_TRANSLATIONS });
    const chatText = completeCdnOptions(early({ translations: { modal: { askAiScreen: { thinkingText: 'Je réfléchis' } } } }));
    expect(chatText).toBeInstanceOf(Promise);
    await expect(chatText).resolves.toMatchObject({ translations: { modal: { askAiScreen: { thinkingText: 'Je réfléchis', copyButtonText: 'Copy' }, footer: DEFAULT_TRANSLATIONS.modal.footer } } });
    await expect(completeCdnOptions(early({ translations: { modal: { serachBox: {} } } }))).rejects.toThrowError('unknown option "translations.modal.serachBox" (a translation key). Did you mean "searchBox"?');
    // Keyword texts alone: resolved at once, with the keyword search's defaults.
    expect(completeCdnOptions(early({ translations: { modal: { footer: { closeText: 'Fermer' } } } }))).toMatchObject({ translations: { modal: { footer: { closeText: 'Fermer', selectText: 'Select' } } } });
  });

  it('runs the rules the loader left out: value ranges, index entries, unknown names with a suggestion', () => {
    expect(() => completeCdnOptions(early({ maxResultsPerGroup: 0 }))).toThrowError('option "maxResultsPerGroup" must be a whole number of 1 or more');
    expect(() => completeCdnOptions(early({ indices: [5] }))).toThrowError('option "indices[0]"');
    expect(() => completeCdnOptions(early({ maxResultPerGroup: 5 }))).toThrowError('Did you mean "maxResultsPerGroup"?');
  });

  it('the chat rules are needed for askAi and for any translation key outside the keyword texts', () => {
    expect(needsChatOptionRules({})).toBe(false);
    expect(needsChatOptionRules({ translations: { button: { buttonText: 'Chercher' }, modal: { searchBox: { placeholderText: 'x' }, footer: { closeText: 'Fermer' } } } })).toBe(false);
    // A value of the wrong shape is the keyword resolver's to refuse.
    expect(needsChatOptionRules({ translations: 'fr' })).toBe(false);
    expect(needsChatOptionRules({ askAi: 'a1' })).toBe(true);
    expect(needsChatOptionRules({ translations: { modal: { askAiScreen: { thinkingText: 'Je réfléchis' } } } })).toBe(true);
    expect(needsChatOptionRules({ translations: { sidepanel: { buttonText: 'IA' } } })).toBe(true);
    // A typo: the full texts report it with its path.
    expect(needsChatOptionRules({ translations: { modal: { searchBox: { placeholderTxt: 'x' } } } })).toBe(true);
  });

  it('with the CDN\'s keyword-only rules, the translations are the keyword texts with the overrides', () => {
    const options = { appId: 'APP', apiKey: 'KEY', indices: ['docs'], translations: { modal: { footer: { closeText: 'Fermer' } } } };
    const resolved = completeSiteSearchOptions(checkSiteSearchOptions(options, 'react'), keywordOnlyRules);
    expect(resolved.askAi).toBeUndefined();
    expect(resolved.translations.modal.footer.closeText).toBe('Fermer');
    expect(resolved.translations.modal.searchBox).toEqual(DEFAULT_TRANSLATIONS.modal.searchBox);
    expect(resolved.translations).toEqual({ ...KEYWORD_TRANSLATIONS, modal: { ...KEYWORD_TRANSLATIONS.modal, footer: { ...KEYWORD_TRANSLATIONS.modal.footer, closeText: 'Fermer' } } });
    // Everything else is what the full resolver gives.
    const { translations, ...rest } = resolved;
    const { translations: full, ...fullRest } = resolveSiteSearchOptions(options, 'react');
    expect(rest).toEqual(fullRest);
    expect(full.modal.askAiScreen).toEqual(DEFAULT_TRANSLATIONS.modal.askAiScreen);
  });
});
