import { conversationKeyFor, chooseChatBackend, resolveSidepanelOptions, resolveSiteSearchOptions } from '@sitesearch/islands/core';
import { describe, expect, it } from 'vitest';
import sitesearch from './index.js';
import { clientConfig, shellConfig, validateIntegrationOptions } from './options.js';
import { prepareSidepanelPage } from './page-options.js';
import { looksLikeSelector } from './sidepanel.js';

/**
 * `sidepanel` through `sitesearch({ … })`: checked when the Astro config loads, completed from
 * `askAi` and the local index, and resolved in the browser to the same backend (and the same
 * stored conversations) as the modal's Ask AI.
 */
const localClient = { search: async () => ({ results: [] }) };

/** What the Sidepanel's chunk does with the config in the browser, minus the DOM. */
const sidepanelInBrowser = (config: ReturnType<typeof clientConfig>) =>
  resolveSidepanelOptions(config.localIndexUrl ? { ...config.sidepanel, searchClient: localClient } : config.sidepanel, 'integration');
const modalAskAiInBrowser = (config: ReturnType<typeof clientConfig>) =>
  resolveSiteSearchOptions({ ...config.options, ...(config.localIndexUrl ? { searchClient: localClient } : {}) }, 'integration').askAi!;

describe('sidepanel with the local index (no credentials)', () => {
  it('true: the local assistant over the local index, sharing the modal\'s conversations', () => {
    const validated = validateIntegrationOptions({ askAi: 'sitesearch-docs', sidepanel: true });
    const config = clientConfig(validated, '/');
    expect(config.sidepanel).toEqual({ assistantId: 'sitesearch-docs', indexName: 'docs' });
    const sidepanel = sidepanelInBrowser(config);
    expect(chooseChatBackend(sidepanel)).toBe('local');
    expect(conversationKeyFor(sidepanel)).toBe(conversationKeyFor(modalAskAiInBrowser(config)));
    expect(shellConfig(validated).sidepanel).toEqual({ keyboardShortcuts: { 'Ctrl/Cmd+I': true }, variant: 'floating', preconnect: [] });
  });

  it('without askAi: the local assistant named "local" over the first index', () => {
    const config = clientConfig(validateIntegrationOptions({ indices: ['guides', 'api'], sidepanel: {} }), '/');
    expect(config.sidepanel).toEqual({ assistantId: 'local', indexName: 'guides' });
    expect(chooseChatBackend(sidepanelInBrowser(config))).toBe('local');
  });

  it('follows askAi\'s index and search parameters; its own options win', () => {
    const validated = validateIntegrationOptions({
      indices: ['guides', 'api'],
      askAi: { assistantId: 'a', indexName: 'api', searchParameters: { facetFilters: ['language:en'] } },
      sidepanel: { side: 'left', variant: 'inline', width: 400, pushTarget: 'main', keyboardShortcuts: { 'Ctrl/Cmd+I': false } },
    });
    const config = clientConfig(validated, '/');
    expect(config.sidepanel).toEqual({
      assistantId: 'a',
      indexName: 'api',
      searchParameters: { facetFilters: ['language:en'] },
      side: 'left',
      variant: 'inline',
      width: 400,
      pushTarget: 'main',
      keyboardShortcuts: { 'Ctrl/Cmd+I': false },
    });
    expect(sidepanelInBrowser(config)).toMatchObject({ side: 'left', variant: 'inline', width: '400px', pushTarget: 'main', keyboardShortcuts: { 'Ctrl/Cmd+I': false } });
    expect(shellConfig(validated).sidepanel).toMatchObject({ keyboardShortcuts: { 'Ctrl/Cmd+I': false }, variant: 'inline' });
    expect(conversationKeyFor(sidepanelInBrowser(config))).toBe(conversationKeyFor(modalAskAiInBrowser(config)));
  });

  it('adds its translations to the top-level ones', () => {
    const config = clientConfig(
      validateIntegrationOptions({ translations: { button: { buttonText: 'Chercher' } }, sidepanel: { translations: { sidepanel: { buttonText: 'Demander' } } } }),
      '/',
    );
    expect(config.sidepanel?.translations).toEqual({ button: { buttonText: 'Chercher' }, sidepanel: { buttonText: 'Demander' } });
  });

  it('its own baseUrl means the hosted protocols there, preconnected', () => {
    const validated = validateIntegrationOptions({ sidepanel: { baseUrl: 'http://127.0.0.1:8787/' } });
    expect(chooseChatBackend(validated.sidepanel!.resolved)).toBe('assistant');
    expect(shellConfig(validated).sidepanel?.preconnect).toEqual(['http://127.0.0.1:8787']);
  });

  it('is absent without the option', () => {
    const validated = validateIntegrationOptions({});
    expect(validated.sidepanel).toBeUndefined();
    expect(clientConfig(validated, '/').sidepanel).toBeNull();
    expect(shellConfig(validated).sidepanel).toBeNull();
  });
});

describe('sidepanel with credentials', () => {
  it('talks to askAi\'s assistant with its credentials and backend', () => {
    const validated = validateIntegrationOptions({ appId: 'APP', apiKey: 'key', indices: ['docs'], askAi: { assistantId: 'agent-1', agentStudio: true, searchParameters: { docs: { filters: 'v:2' } } }, sidepanel: true });
    expect(validated.sidepanel!.options).toEqual({ appId: 'APP', apiKey: 'key', assistantId: 'agent-1', agentStudio: true, searchParameters: { docs: { filters: 'v:2' } }, indexName: 'docs' });
    expect(chooseChatBackend(validated.sidepanel!.resolved)).toBe('agent');
    expect(shellConfig(validated).sidepanel?.preconnect).toEqual(['https://app.algolia.net']);
    const config = clientConfig(validated, '/');
    expect(conversationKeyFor(sidepanelInBrowser(config))).toBe(conversationKeyFor(modalAskAiInBrowser(config)));
  });

  it('takes agentId and indices (agentStudio), and does not mix its backend with askAi\'s', () => {
    const validated = validateIntegrationOptions({
      appId: 'APP',
      apiKey: 'key',
      indices: ['docs'],
      askAi: { assistantId: 'a', searchParameters: { facetFilters: ['language:en'] } },
      sidepanel: { agentId: 'agent-2', agentStudio: true, indices: ['docs', 'blog'] },
    });
    expect(validated.sidepanel!.options).toEqual({ appId: 'APP', apiKey: 'key', agentId: 'agent-2', agentStudio: true, indices: ['docs', 'blog'], indexName: 'docs' });
    expect(validated.sidepanel!.resolved).toMatchObject({ assistantId: 'agent-2', indices: ['docs', 'blog'] });
  });

  it('needs an assistant ID when askAi names none', () => {
    expect(() => sitesearch({ appId: 'APP', apiKey: 'key', indices: ['docs'], sidepanel: true })).toThrow(
      /^sitesearch \(in the Astro config, integrations: \[sitesearch\(\{ … \}\)\]\): option "sidepanel\.assistantId" \(or its later name "sidepanel\.agentId"\) is required\.$/,
    );
  });
});

describe('sidepanel errors name sidepanel.<option> and the Astro config', () => {
  it.each([
    [{ side: 'top' }, 'option "sidepanel.side" must be one of "right", "left"; received the string "top".'],
    [{ width: -1 }, 'option "sidepanel.width" must be a number of pixels (> 0)'],
    [{ theme: 'auto' }, 'option "sidepanel.theme" must be one of "light", "dark"; received the string "auto".'],
    [{ appId: 'APP' }, 'option "sidepanel.apiKey" is required with "sidepanel.appId"'],
    [{ assistantId: 'a', agentId: 'b' }, 'options "sidepanel.assistantId" and "sidepanel.agentId" name the same thing'],
    [{ indices: ['docs'] }, 'option "sidepanel.indices" is only for the agent backend'],
    [{ baseUrl: '/askai' }, 'option "sidepanel.baseUrl" must be an absolute http(s) URL'],
    [{ pushTarget: 'main[' }, 'option "sidepanel.pushTarget" is not a valid CSS selector: "main[".'],
    [{ sid: 'left' }, 'unknown option "sidepanel.sid" (the integration). Did you mean "sidepanel.side"?'],
    [{ container: '#x' }, 'option "sidepanel.container" is only for the JavaScript function'],
    [{ translations: { sidepanel: { titleTxt: 'x' } } }, 'unknown option "sidepanel.translations.sidepanel.titleTxt" (a translation key). Did you mean "titleText"?'],
    [{ searchClient: {} }, 'option "sidepanel.searchClient" cannot be set here'],
    [{ width: Number.NaN }, 'option "sidepanel.width" must be a finite number'],
    [{ pushTarget: { id: 'main' } }, 'option "sidepanel.pushTarget" must be a CSS selector here'],
  ])('%j', (sidepanel, message) => {
    expect(() => sitesearch({ askAi: 'a', sidepanel: sidepanel as never })).toThrow(`sitesearch (in the Astro config, integrations: [sitesearch({ … })]): ${message}`);
  });

  it('takes only true or an object', () => {
    expect(() => sitesearch({ sidepanel: 'yes' as never })).toThrow(/option "sidepanel" must be true or an object of Sidepanel options/);
  });
});

describe('<Sidepanel /> props', () => {
  const config = clientConfig(validateIntegrationOptions({ askAi: 'a', sidepanel: { side: 'left' } }), '/');

  it('draws the trigger from the config when the page adds nothing', () => {
    expect(prepareSidepanelPage(config, {})).toEqual({
      optionsAttribute: undefined,
      button: { buttonText: 'Ask AI', buttonAriaLabel: 'Ask AI', side: 'left', showShortcutHint: true },
    });
  });

  it('lets a page replace options, carrying the complete options to the browser', () => {
    const page = prepareSidepanelPage(config, { options: { side: 'right', keyboardShortcuts: { 'Ctrl/Cmd+I': false }, translations: { sidepanel: { buttonText: 'Ask' } } } });
    expect(page.button).toEqual({ buttonText: 'Ask', buttonAriaLabel: 'Ask AI', side: 'right', showShortcutHint: false });
    expect(JSON.parse(page.optionsAttribute!)).toEqual({ assistantId: 'a', indexName: 'docs', side: 'right', keyboardShortcuts: { 'Ctrl/Cmd+I': false }, translations: { sidepanel: { buttonText: 'Ask' } } });
    // A page naming its assistant by the later name replaces the config's assistantId.
    expect(JSON.parse(prepareSidepanelPage(config, { options: { agentId: 'other' } }).optionsAttribute!)).toMatchObject({ agentId: 'other' });
    expect(JSON.parse(prepareSidepanelPage(config, { options: { agentId: 'other' } }).optionsAttribute!)).not.toHaveProperty('assistantId');
  });

  it('names the prop in its errors', () => {
    expect(() => prepareSidepanelPage(config, { options: { variant: 'modal' } as never })).toThrow(
      'sitesearch (in the "options" prop of <Sidepanel /> (@sitesearch/astro/components)): option "sidepanel.variant" must be one of "floating", "inline"',
    );
  });

  it('needs the integration\'s sidepanel option', () => {
    expect(() => prepareSidepanelPage(clientConfig(validateIntegrationOptions({}), '/'), {})).toThrow(/<Sidepanel \/> needs the "sidepanel" option/);
  });
});

describe('looksLikeSelector (config time, no DOM)', () => {
  it.each(['main', '#content > .page', 'div[data-x="a]b"]', 'main:not(.wide)', '.a, .b', 'a\\[b'])('accepts %s', (selector) => {
    expect(looksLikeSelector(selector)).toBe(true);
  });
  it.each(['main[', 'div)', ':not(.a', '> main', 'main,', 'a { color: red }', '[x="y]', ''])('refuses %s', (selector) => {
    expect(looksLikeSelector(selector)).toBe(false);
  });
});
