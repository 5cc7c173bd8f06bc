import { beforeEach, describe, expect, it } from 'vitest';
import { chooseChatBackend, conversationKeyFor, type ChatBackendOptions } from '../chat/backend.js';
import { DEFAULT_TRANSLATIONS } from '../translations.js';
import { resolveSiteSearchOptions } from './siteSearchOptions.js';
import { resolveCssWidth, resolveSidepanelOptions, type ResolvedSidepanelOptions } from './sidepanelOptions.js';
import type { SearchClientLike } from './types.js';

const required = { appId: 'APP', apiKey: 'KEY', assistantId: 'assistant', indexName: 'docs' };
const react = (options: Record<string, unknown> = {}) => resolveSidepanelOptions({ ...required, ...options }, 'react');

describe('resolveSidepanelOptions', () => {
  beforeEach(() => {
    document.body.innerHTML = '<div id="panel"></div><div id="panel2"></div>';
  });

  it('applies every default of the spec', () => {
    expect(react()).toMatchObject({
      ...required,
      agentStudio: false,
      searchParameters: undefined,
      variant: 'floating',
      side: 'right',
      width: '360px',
      expandedWidth: '580px',
      suggestedQuestions: false,
      keyboardShortcuts: { 'Ctrl/Cmd+I': true },
      theme: 'light',
      themeGiven: false,
      container: undefined,
      portalContainer: undefined,
    });
  });

  it('says whether the theme was given: light given is not the same as nothing given (the panel then follows the page)', () => {
    expect(react({ theme: 'light' })).toMatchObject({ theme: 'light', themeGiven: true });
    expect(react({ theme: undefined })).toMatchObject({ theme: 'light', themeGiven: false });
  });

  it('turns number widths into px and keeps CSS widths', () => {
    expect(react({ width: 400, expandedWidth: 'min(90vw, 48rem)' })).toMatchObject({ width: '400px', expandedWidth: 'min(90vw, 48rem)' });
    expect(react({ width: '30vw' }).width).toBe('30vw');
  });

  it('takes every documented value', () => {
    expect(
      react({ variant: 'inline', side: 'left', theme: 'dark', suggestedQuestions: true, keyboardShortcuts: { 'Ctrl/Cmd+I': false }, agentStudio: true, searchParameters: { docs: { filters: 'a:b' } } }),
    ).toMatchObject({ variant: 'inline', side: 'left', theme: 'dark', themeGiven: true, suggestedQuestions: true, keyboardShortcuts: { 'Ctrl/Cmd+I': false }, agentStudio: true });
  });

  it('resolves the container in the JavaScript entry, first match wins', () => {
    expect(resolveSidepanelOptions({ ...required, container: 'div' }, 'js').container?.id).toBe('panel');
    expect(() => resolveSidepanelOptions({ ...required }, 'js')).toThrowError('sidepanel: option "container" is required');
    expect(() => resolveSidepanelOptions({ ...required, container: '#nope' }, 'js')).toThrowError('sidepanel: option "container": no element matches the selector "#nope".');
  });

  it.each([
    [{ appId: undefined }, 'sidepanel: option "appId" is required with "apiKey" (or give neither, for the local assistant).'],
    [{ apiKey: undefined }, 'sidepanel: option "apiKey" is required with "appId": use a search-only API key (or give neither, for the local assistant).'],
    [{ appId: '' }, 'sidepanel: option "appId" must be a non-empty string; received the string "".'],
    [{ assistantId: undefined }, 'sidepanel: option "assistantId" (or its later name "agentId") is required.'],
    [{ agentId: 'other' }, 'sidepanel: options "assistantId" and "agentId" name the same thing (agentId is its later name) but differ: "assistant" and "other". Keep one.'],
    [{ assistantId: undefined, agentId: 7 }, 'sidepanel: option "agentId" must be a non-empty string; received the number 7.'],
    [{ indexName: undefined }, 'sidepanel: option "indexName" is required (only the agent backend, "agentStudio: true", can do without it).'],
    [{ indices: ['docs'] }, 'sidepanel: option "indices" is only for the agent backend ("agentStudio: true"); the assistant backend searches "indexName".'],
    [{ agentStudio: true, indices: [] }, 'sidepanel: option "indices" must be a non-empty array of index names (non-empty strings); received an array of 0 items.'],
    [{ agentStudio: true, indices: 'docs' }, 'sidepanel: option "indices" must be a non-empty array of index names (non-empty strings); received the string "docs".'],
    [{ agentStudio: true, indices: ['docs', ''] }, 'sidepanel: option "indices" must be a non-empty array of index names'],
    [{ baseUrl: '/askai' }, 'sidepanel: option "baseUrl" must be an absolute http(s) URL such as "http://127.0.0.1:8787" or "https://example.com/askai"; received the string "/askai".'],
    [{ baseUrl: 'ftp://example.com' }, 'sidepanel: option "baseUrl" must be an absolute http(s) URL'],
    [{ baseUrl: 'https://example.com/?x=1' }, 'sidepanel: option "baseUrl" must not have a query or a fragment (paths are added to it); received "https://example.com/?x=1".'],
    [{ searchClient: {} }, 'sidepanel: option "searchClient" must be a search client with a search({ requests }) method, such as the local index client; received an empty object.'],
    [{ pushTarget: 'main[' }, 'sidepanel: option "pushTarget" is not a valid CSS selector: "main[".'],
    [{ pushTarget: ' ' }, 'sidepanel: option "pushTarget" must be a CSS selector or an element; received the string " ".'],
    [{ pushTarget: 42 }, 'sidepanel: option "pushTarget" must be a CSS selector or an element; received the number 42.'],
    [{ translations: { sidepanel: { titleText: 1 } } }, 'sidepanel: option "translations.sidepanel.titleText" must be a string; received the number 1.'],
    [{ translations: { sidepanel: { title: 'x' } } }, 'sidepanel: unknown option "translations.sidepanel.title" (a translation key).'],
    [{ indexName: 5 }, 'sidepanel: option "indexName" must be a non-empty string; received the number 5.'],
    [{ variant: 'modal' }, 'sidepanel: option "variant" must be one of "floating", "inline"; received the string "modal".'],
    [{ side: 'top' }, 'sidepanel: option "side" must be one of "right", "left"; received the string "top".'],
    [{ theme: 'auto' }, 'sidepanel: option "theme" must be one of "light", "dark"; received the string "auto".'],
    [{ width: -1 }, 'sidepanel: option "width" must be a number of pixels (> 0) or a CSS width such as "420px", "30vw" or "min(90vw, 40rem)"; received the number -1.'],
    [{ expandedWidth: '' }, 'sidepanel: option "expandedWidth" must be a number of pixels (> 0) or a CSS width such as "420px", "30vw" or "min(90vw, 40rem)"; received the string "".'],
    [{ width: '10px; color: red' }, 'sidepanel: option "width" must be a number of pixels'],
    [{ width: true }, 'sidepanel: option "width" must be a number of pixels'],
    [{ suggestedQuestions: 'yes' }, 'sidepanel: option "suggestedQuestions" must be true or false; received the string "yes".'],
    [{ agentStudio: 1 }, 'sidepanel: option "agentStudio" must be true or false; received the number 1.'],
    [{ keyboardShortcuts: { 'Ctrl/Cmd+K': false } }, 'sidepanel: unknown option "keyboardShortcuts.Ctrl/Cmd+K" (a keyboard shortcut). "Ctrl/Cmd+K" and "/" belong to the search modal. Known: "Ctrl/Cmd+I".'],
    [{ keyboardShortcuts: { 'Ctrl/Cmd+I': 'off' } }, 'sidepanel: option "keyboardShortcuts.Ctrl/Cmd+I" must be true or false; received the string "off".'],
    [{ searchParameters: { docs: { filters: 'x' } } }, 'sidepanel: option "searchParameters.docs" holds an object, which is the shape of the agent backend'],
    [{ agentStudio: true, searchParameters: { facetFilters: ['a'] } }, 'sidepanel: option "searchParameters.facetFilters" is not an object. "facetFilters" looks like a flat parameter'],
    [{ portalContainer: {} }, 'sidepanel: option "portalContainer" must be an Element or a DocumentFragment; received an empty object.'],
    [{ container: '#panel' }, 'sidepanel: option "container" is only for the JavaScript function; the React component renders into "portalContainer".'],
    [{ sid: 'left' }, 'sidepanel: unknown option "sid" (the React component). Did you mean "side"?'],
  ])('rejects %j', (options, message) => {
    expect(() => react(options)).toThrowError(message);
  });
});

const localClient: SearchClientLike = { search: async () => ({ results: [] }) };
const local = { assistantId: 'assistant', indexName: 'docs', searchClient: localClient };

describe('resolveSidepanelOptions: backends (SiteSearch additions and spec 9.5)', () => {
  it('has no local assistant or hosted extras by default', () => {
    expect(react()).toMatchObject({ indices: undefined, searchClient: undefined, baseUrl: undefined, pushTarget: undefined });
    expect(chooseChatBackend(react())).toBe('assistant');
  });

  it('answers with the local assistant without credentials, through the search client', () => {
    const options = resolveSidepanelOptions(local, 'react');
    expect(options).toMatchObject({ appId: undefined, apiKey: undefined, indexName: 'docs', searchClient: localClient });
    expect(chooseChatBackend(options)).toBe('local');
  });

  it('requires the search client for the local assistant, and an index', () => {
    expect(() => resolveSidepanelOptions({ assistantId: 'a', indexName: 'docs' }, 'react')).toThrowError(
      'sidepanel: option "searchClient" is required for the local assistant (no "appId"/"apiKey" and no "baseUrl" were given)',
    );
    expect(() => resolveSidepanelOptions({ ...local, indexName: undefined }, 'react')).toThrowError(
      'sidepanel: option "indexName" is required for the local assistant: the index its search client answers for.',
    );
    expect(() => resolveSidepanelOptions({ ...local, indexName: undefined, agentStudio: true }, 'react')).toThrowError('option "indexName" is required for the local assistant');
  });

  it('takes a base URL instead of credentials (no search client needed), without its trailing slash', () => {
    const options = resolveSidepanelOptions({ assistantId: 'a', indexName: 'docs', baseUrl: 'http://127.0.0.1:8787/' }, 'react');
    expect(options.baseUrl).toBe('http://127.0.0.1:8787');
    expect(chooseChatBackend(options)).toBe('assistant');
  });

  it('takes agentId as another name for assistantId', () => {
    expect(react({ assistantId: undefined, agentId: 'agent-1' }).assistantId).toBe('agent-1');
    expect(react({ agentId: 'assistant' }).assistantId).toBe('assistant');
    expect(react({ assistantId: undefined, agentId: 'agent-1' })).not.toHaveProperty('agentId');
  });

  it('lets the agent backend do without indexName, and takes indices there', () => {
    const options = react({ indexName: undefined, agentStudio: true, indices: ['docs', 'api'] });
    expect(options).toMatchObject({ indexName: undefined, indices: ['docs', 'api'] });
    expect(chooseChatBackend(options)).toBe('agent');
  });

  it('takes pushTarget as a selector or an element', () => {
    const main = document.createElement('main');
    expect(react({ pushTarget: '#content > main' }).pushTarget).toBe('#content > main');
    expect(react({ pushTarget: main }).pushTarget).toBe(main);
    expect(() => resolveSidepanelOptions({ ...required, pushTarget: main }, 'integration')).toThrowError(
      'sidepanel: option "pushTarget" must be a CSS selector; received a DOM node <main>.',
    );
  });

  it('has the sidepanel translation group, overridable key by key', () => {
    expect(react().translations.sidepanel).toEqual({
      buttonText: 'Ask AI',
      buttonAriaLabel: 'Ask AI',
      titleText: 'Ask AI',
      expandButtonAriaLabel: 'Expand panel',
      collapseButtonAriaLabel: 'Collapse panel',
      closeButtonAriaLabel: 'Close panel',
      backButtonAriaLabel: 'Back to conversation',
    });
    const french = react({ translations: { sidepanel: { buttonText: 'Demander', closeButtonAriaLabel: 'Fermer' } } }).translations.sidepanel;
    expect(french).toEqual({ ...DEFAULT_TRANSLATIONS.sidepanel, buttonText: 'Demander', closeButtonAriaLabel: 'Fermer' });
  });

  it('is a ChatBackendOptions as it is', () => {
    const backend: ChatBackendOptions = react() satisfies ResolvedSidepanelOptions;
    expect(backend.assistantId).toBe('assistant');
  });
});

describe('conversation history shared with the modal', () => {
  const modalAskAi = (options: Record<string, unknown>) => resolveSiteSearchOptions(options, 'react').askAi!;

  it('gives a local Sidepanel the same key as the local modal on the same index and assistant', () => {
    const sidepanel = resolveSidepanelOptions({ assistantId: 'assistant', indexName: 'docs', searchClient: localClient }, 'react');
    const modal = modalAskAi({ searchClient: localClient, indices: ['docs', 'blog'], askAi: 'assistant' });
    expect(conversationKeyFor(sidepanel)).toBe('local:docs:assistant');
    expect(conversationKeyFor(sidepanel)).toBe(conversationKeyFor(modal));
    const modalWithObject = modalAskAi({ searchClient: localClient, indices: ['blog'], askAi: { assistantId: 'assistant', indexName: 'docs' } });
    expect(conversationKeyFor(sidepanel)).toBe(conversationKeyFor(modalWithObject));
  });

  it('keeps a different index or assistant apart', () => {
    const sidepanel = resolveSidepanelOptions({ assistantId: 'assistant', indexName: 'docs', searchClient: localClient }, 'react');
    expect(conversationKeyFor(sidepanel)).not.toBe(conversationKeyFor(modalAskAi({ searchClient: localClient, indices: ['blog'], askAi: 'assistant' })));
    expect(conversationKeyFor(sidepanel)).not.toBe(conversationKeyFor(modalAskAi({ searchClient: localClient, indices: ['docs'], askAi: 'other' })));
  });

  it('gives the same key to the hosted assistant and to a shared base URL', () => {
    expect(conversationKeyFor(react())).toBe(conversationKeyFor(modalAskAi({ appId: 'APP', apiKey: 'KEY', indices: ['docs'], askAi: 'assistant' })));
    const baseUrl = 'http://127.0.0.1:8787';
    expect(conversationKeyFor(resolveSidepanelOptions({ agentId: 'assistant', indexName: 'docs', baseUrl }, 'react'))).toBe(
      conversationKeyFor(modalAskAi({ searchClient: localClient, indices: ['docs'], askAi: { assistantId: 'assistant', baseUrl } })),
    );
  });
});

describe('resolveCssWidth', () => {
  it('checks strings with CSS.supports when the browser has it', () => {
    const original = (globalThis as { CSS?: unknown }).CSS;
    (globalThis as { CSS?: unknown }).CSS = { supports: (_property: string, value: string) => value !== 'wide' };
    try {
      expect(resolveCssWidth('width', '20rem')).toBe('20rem');
      expect(() => resolveCssWidth('width', 'wide')).toThrowError('sidepanel: option "width" must be a number of pixels');
    } finally {
      (globalThis as { CSS?: unknown }).CSS = original;
    }
  });
});

describe('resolveSidepanelOptions for an integration', () => {
  it('takes neither container nor portalContainer', () => {
    expect(resolveSidepanelOptions({ ...required }, 'integration')).toMatchObject({ container: undefined, portalContainer: undefined });
    expect(() => resolveSidepanelOptions({ ...required, container: '#x' }, 'integration')).toThrowError(
      'sidepanel: option "container" is only for the JavaScript function; the integration renders the panel into the page body.',
    );
  });
});
