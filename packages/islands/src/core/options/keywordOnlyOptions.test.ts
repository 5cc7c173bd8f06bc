import { describe, expect, it } from 'vitest';
import { KEYWORD_TRANSLATIONS } from '../keywordTranslations.js';
import { resolveModalOptions } from './keywordOnlyOptions.js';
import { resolveSiteSearchOptions } from './siteSearchOptions.js';

const options = (extra: Record<string, unknown> = {}) => ({ appId: 'APP', apiKey: 'KEY', indices: ['docs'], ...extra });

describe('resolveModalOptions (the integrations\' widget chunk)', () => {
  it('without askAi: at once, as resolveSiteSearchOptions resolves, with the keyword search\'s texts', () => {
    const resolved = resolveModalOptions(options({ translations: { modal: { footer: { closeText: 'Fermer' } } } }), 'integration');
    expect(resolved).not.toBeInstanceOf(Promise);
    const full = resolveSiteSearchOptions(options({ translations: { modal: { footer: { closeText: 'Fermer' } } } }), 'integration');
    expect({ ...resolved, translations: undefined }).toEqual({ ...full, translations: undefined });
    expect((resolved as typeof full).translations.modal.footer).toEqual(full.translations.modal.footer);
    expect((resolved as typeof full).translations.modal.searchBox).toEqual(KEYWORD_TRANSLATIONS.modal.searchBox);
    expect((resolved as typeof full).askAi).toBeUndefined();
  });

  it('with askAi, or a text of the chat: once the chat\'s rules load, exactly what resolveSiteSearchOptions gives', async () => {
    for (const extra of [{ askAi: 'assistant-1' }, { translations: { modal: { askAiScreen: { thinkingText: 'Je réfléchis' } } } }]) {
      const resolved = resolveModalOptions(options(extra), 'integration');
      expect(resolved).toBeInstanceOf(Promise);
      expect(await resolved).toEqual(resolveSiteSearchOptions(options(extra), 'integration'));
    }
  });

  it('reports the same errors: the option checks at once, the askAi ones as the rejection', async () => {
    expect(() => resolveModalOptions(options({ maxResultsPerGroup: 0 }), 'integration')).toThrowError('option "maxResultsPerGroup" must be a whole number of 1 or more');
    await expect(resolveModalOptions(options({ askAi: { assistantID: 'x' } }), 'integration')).rejects.toThrowError('unknown option "askAi.assistantID"');
    await expect(resolveModalOptions(options({ translations: { modal: { serachBox: {} } } }), 'integration')).rejects.toThrowError('Did you mean "searchBox"?');
  });

  it('with insights: once its rule loads, what resolveSiteSearchOptions gives; a bad value is the rejection, naming insights', async () => {
    expect(resolveModalOptions(options({ insights: false }), 'integration')).not.toBeInstanceOf(Promise);
    for (const extra of [{ insights: true }, { insights: { userToken: 'user-42', host: 'https://stats.example.com/' } }, { insights: true, askAi: 'assistant-1' }]) {
      const resolved = resolveModalOptions(options(extra), 'integration');
      expect(resolved).toBeInstanceOf(Promise);
      // The texts aside: without askAi, the keyword search's alone (the first test).
      expect({ ...(await resolved), translations: undefined }).toEqual({ ...resolveSiteSearchOptions(options(extra), 'integration'), translations: undefined });
    }
    expect((await resolveModalOptions(options({ insights: true }), 'integration')).insights).toEqual({ host: 'https://insights.algolia.io', userToken: undefined, useCookie: false });
    await expect(resolveModalOptions(options({ insights: { useCookie: 'yes' } }), 'integration')).rejects.toThrowError(/^sitesearch: option "insights" must be a boolean or /);
    await expect(resolveModalOptions(options({ insights: 0 }), 'integration')).rejects.toThrowError('option "insights"');
  });
});
