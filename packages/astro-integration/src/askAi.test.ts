import { chooseChatBackend, createChatTransport, resolveSiteSearchOptions } from '@sitesearch/islands/core';
import { describe, expect, it } from 'vitest';
import sitesearch from './index.js';
import { clientConfig, validateIntegrationOptions } from './options.js';
import { preparePage } from './page-options.js';

/**
 * `askAi` through `sitesearch({ … })`: checked when the Astro config loads, carried to the
 * browser as written, and resolved there to the same backend the config check saw.
 */

/** What the widget chunk does with the config in the browser (widget.ts), minus the DOM. */
const resolvedInBrowser = (config: ReturnType<typeof clientConfig>) =>
  resolveSiteSearchOptions({ ...config.options, searchClient: { search: async () => ({ results: [] }) } }, 'integration');

describe('askAi with the local index (no appId/apiKey)', () => {
  it('a string is the assistant ID: the local assistant answers over the local index "docs"', () => {
    const validated = validateIntegrationOptions({ askAi: 'sitesearch-docs' });
    expect(validated.local).toBe(true);
    expect(validated.chatBackend).toBe('local');
    expect(validated.resolved.askAi).toMatchObject({ assistantId: 'sitesearch-docs', indexName: 'docs', appId: undefined, apiKey: undefined, baseUrl: undefined });
    const config = clientConfig(validated, '/');
    // The browser gets the option as written and the local index to search.
    expect(config).toEqual({ options: { askAi: 'sitesearch-docs', indices: ['docs'] }, sidepanel: null, localIndexUrl: '/sitesearch/' });
    const { askAi } = resolvedInBrowser(config);
    expect(chooseChatBackend(askAi!)).toBe('local');
  });

  it('an object works the same, and the assistant follows the first of several indices unless it names one', () => {
    expect(validateIntegrationOptions({ indices: ['guides', 'api'], askAi: { assistantId: 'a' } }).resolved.askAi).toMatchObject({ indexName: 'guides' });
    const validated = validateIntegrationOptions({ indices: ['guides', 'api'], askAi: { assistantId: 'a', indexName: 'api', suggestedQuestions: true, searchParameters: { facetFilters: ['language:en'] } } });
    expect(validated.chatBackend).toBe('local');
    expect(validated.resolved.askAi).toMatchObject({ indexName: 'api', suggestedQuestions: true, searchParameters: { facetFilters: ['language:en'] } });
  });

  it('the local assistant is built over the widget\'s search client, the one the local index gives', async () => {
    const requests: unknown[] = [];
    const searchClient = {
      search: async (params: { requests: unknown[] }) => {
        requests.push(...params.requests);
        return { results: params.requests.map(() => ({ hits: [] })) };
      },
    };
    const { askAi } = resolvedInBrowser(clientConfig(validateIntegrationOptions({ askAi: { assistantId: 'a', searchParameters: { filters: 'type:content' } } }), '/'));
    const seen: Array<{ indexName: string; searchParameters?: Record<string, unknown> }> = [];
    const transport = createChatTransport(askAi!, {
      searchClient,
      loadLocalAssistant: async () => ({
        createLocalAssistant(options) {
          seen.push(options);
          return { answer: async function* () {} };
        },
      }),
    });
    const stream = await transport.sendMessages({ messages: [{ id: 'q', role: 'user', parts: [{ type: 'text', text: 'hi' }] }], signal: new AbortController().signal, trigger: 'submit-message', chatId: 'c' });
    for await (const _ of stream) void _;
    expect(seen).toEqual([expect.objectContaining({ searchClient, indexName: 'docs', searchParameters: { filters: 'type:content' } })]);
  });

  it('askAi.baseUrl picks a hosted protocol at that address (e.g. sitesearch serve), keyword search stays local', () => {
    const validated = validateIntegrationOptions({ askAi: { assistantId: 'docs-assistant', baseUrl: 'http://127.0.0.1:8787/' } });
    expect(validated.local).toBe(true);
    expect(validated.chatBackend).toBe('assistant');
    expect(validated.resolved.askAi?.baseUrl).toBe('http://127.0.0.1:8787');
    expect(validateIntegrationOptions({ askAi: { assistantId: 'agent-1', baseUrl: 'https://example.com/askai', agentStudio: true } }).chatBackend).toBe('agent');
    expect(clientConfig(validated, '/').options.askAi).toEqual({ assistantId: 'docs-assistant', baseUrl: 'http://127.0.0.1:8787/' });
  });

  it('askAi with credentials of its own answers from the hosted assistant while keyword search stays local', () => {
    const validated = validateIntegrationOptions({ askAi: { assistantId: 'a', appId: 'APP', apiKey: 'KEY', indexName: 'docs_ai' } });
    expect(validated.local).toBe(true);
    expect(clientConfig(validated, '/').localIndexUrl).toBe('/sitesearch/');
    expect(validated.chatBackend).toBe('assistant');
  });

  it('refuses half a pair of askAi credentials rather than quietly using the local assistant', () => {
    expect(() => sitesearch({ askAi: { assistantId: 'a', appId: 'APP' } })).toThrow(/Astro config.*"askAi\.apiKey" is required with "askAi\.appId"/);
    expect(() => sitesearch({ askAi: { assistantId: 'a', apiKey: 'KEY' } })).toThrow(/"askAi\.appId" is required with "askAi\.apiKey"/);
    // With top-level credentials the missing one falls back to them, as in the core.
    expect(validateIntegrationOptions({ appId: 'APP', apiKey: 'KEY', indices: ['docs'], askAi: { assistantId: 'a', apiKey: 'KEY2' } }).resolved.askAi).toMatchObject({ appId: 'APP', apiKey: 'KEY2' });
  });
});

describe('askAi mistakes stop the Astro config with the option\'s name', () => {
  it.each([
    [{ assistantId: 'a', baseUrl: 'ftp://example.com' }, /Astro config.*"askAi\.baseUrl".*absolute http\(s\) URL/],
    [{ assistantId: 'a', baseUrl: 'http://127.0.0.1:8787/?x=1' }, /"askAi\.baseUrl" must not have a query or a fragment/],
    [{ assistantId: 'a', baseUrl: 8787 }, /"askAi\.baseUrl"/],
    [{ assistantID: 'a' }, /unknown option "askAi\.assistantID".*Did you mean "assistantId"/],
    [{}, /"askAi\.assistantId" is required/],
    [{ assistantId: 'a', agentStudio: true, searchParameters: { filters: 'x' } }, /"askAi\.searchParameters\.filters" is not an object.*keyed by index name/],
    [{ assistantId: 'a', searchParameters: { docs: { filters: 'x' } } }, /holds an object.*agent backend/],
    [{ assistantId: 'a', agentStudio: true, searchParameters: { docs: { facetFilters: ['x'] } } }, /"askAi\.searchParameters\.docs\.facetFilters" is not supported by the agent backend/],
  ])('%j', (askAi, message) => {
    expect(() => sitesearch({ askAi: askAi as never })).toThrow(message);
  });

  it('accepts the keyed searchParameters of the agent backend', () => {
    const validated = validateIntegrationOptions({ askAi: { assistantId: 'a', agentStudio: true, searchParameters: { docs: { filters: 'type:content', distinct: true } } } });
    expect(validated.resolved.askAi?.searchParameters).toEqual({ docs: { filters: 'type:content', distinct: true } });
  });
});

describe('askAi on one page (<SiteSearch options>)', () => {
  const config = clientConfig(validateIntegrationOptions({ askAi: 'sitesearch-docs' }), '/');

  it('a page can turn the assistant to another one, checked like the config', () => {
    const page = preparePage(config, { options: { askAi: { assistantId: 'other', baseUrl: 'http://127.0.0.1:8787' } } });
    expect(JSON.parse(page.optionsAttribute!)).toEqual({ askAi: { assistantId: 'other', baseUrl: 'http://127.0.0.1:8787' } });
    expect(() => preparePage(config, { options: { askAi: { assistantId: 'x', baseUrl: 'javascript:alert(1)' } } })).toThrow(/"options" prop of <SiteSearch \/>.*"askAi\.baseUrl"/);
    expect(() => preparePage(config, { options: { askAi: { assistantId: 'x', appId: 'APP' } } })).toThrow(/"options" prop.*"askAi\.apiKey" is required/);
  });
});
