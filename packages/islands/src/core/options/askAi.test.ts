import { describe, expect, it } from 'vitest';
import { resolveSiteSearchOptions } from './siteSearchOptions.js';

const resolve = (askAi: unknown, extra: Record<string, unknown> = {}) =>
  resolveSiteSearchOptions({ appId: 'APP', apiKey: 'KEY', indices: ['docs', 'blog'], askAi, ...extra }, 'react').askAi;

describe('askAi', () => {
  it('takes a string as the assistant ID with the top-level credentials', () => {
    expect(resolve('assistant-1')).toEqual({
      assistantId: 'assistant-1',
      appId: 'APP',
      apiKey: 'KEY',
      indexName: 'docs',
      agentStudio: false,
      suggestedQuestions: false,
      searchParameters: undefined,
    });
  });

  it('lets the object bring its own credentials and index', () => {
    expect(resolve({ assistantId: 'a', appId: 'APP2', apiKey: 'KEY2', indexName: 'ai', suggestedQuestions: true, agentStudio: true })).toEqual({
      assistantId: 'a',
      appId: 'APP2',
      apiKey: 'KEY2',
      indexName: 'ai',
      agentStudio: true,
      suggestedQuestions: true,
      searchParameters: undefined,
    });
  });

  it('falls back field by field', () => {
    expect(resolve({ assistantId: 'a', apiKey: 'KEY2' })).toMatchObject({ appId: 'APP', apiKey: 'KEY2', indexName: 'docs' });
  });

  it.each([
    [42, 'sitesearch: option "askAi" must be an assistant ID (string) or an object with "assistantId"; received the number 42.'],
    ['', 'sitesearch: option "askAi" must be a non-empty string; received the string "".'],
    [{}, 'sitesearch: option "askAi.assistantId" is required when "askAi" is an object.'],
    [{ assistantId: 1 }, 'sitesearch: option "askAi.assistantId" must be a non-empty string; received the number 1.'],
    [{ assistantId: 'a', appId: 3 }, 'sitesearch: option "askAi.appId" must be a non-empty string; received the number 3.'],
    [{ assistantId: 'a', agentStudio: 'yes' }, 'sitesearch: option "askAi.agentStudio" must be true or false; received the string "yes".'],
    [{ assistantId: 'a', suggestedQuestions: 1 }, 'sitesearch: option "askAi.suggestedQuestions" must be true or false; received the number 1.'],
    [{ assistantId: 'a', assistantID: 'b' }, 'sitesearch: unknown option "askAi.assistantID" (the askAi object). Did you mean "assistantId"?'],
  ])('rejects %j', (askAi, message) => {
    expect(() => resolve(askAi)).toThrowError(message);
  });
});

describe('assistant search parameters', () => {
  it('accepts the flat shape with the five keys for the assistant backend', () => {
    const searchParameters = {
      facetFilters: ['language:en'],
      filters: 'type:content',
      attributesToRetrieve: ['content'],
      restrictSearchableAttributes: ['content'],
      distinct: 1,
    };
    expect(resolve({ assistantId: 'a', searchParameters })?.searchParameters).toEqual(searchParameters);
    expect(resolve({ assistantId: 'a', agentStudio: false, searchParameters: { distinct: 'url' } })?.searchParameters).toEqual({ distinct: 'url' });
  });

  it('accepts the keyed-by-index shape for the agent backend', () => {
    const searchParameters = { docs: { filters: 'version:2', distinct: true }, blog: { attributesToRetrieve: ['content'], restrictSearchableAttributes: ['content'] } };
    expect(resolve({ assistantId: 'a', agentStudio: true, searchParameters })?.searchParameters).toEqual(searchParameters);
  });

  it.each([
    [
      { searchParameters: { docs: { filters: 'x' } } },
      'sitesearch: option "askAi.searchParameters.docs" holds an object, which is the shape of the agent backend ("agentStudio: true") (keyed by index name). The assistant backend ("agentStudio" omitted or false) expects a flat object with the keys facetFilters, filters, attributesToRetrieve, restrictSearchableAttributes, distinct.',
    ],
    [
      { searchParameters: { hitsPerPage: 3 } },
      'sitesearch: option "askAi.searchParameters.hitsPerPage" is not supported by the assistant backend ("agentStudio" omitted or false); the supported keys are facetFilters, filters, attributesToRetrieve, restrictSearchableAttributes, distinct.',
    ],
    [{ searchParameters: { facetFilters: 'lang:en' } }, 'sitesearch: option "askAi.searchParameters.facetFilters" must be an array of strings; received the string "lang:en".'],
    [{ searchParameters: { filters: ['x'] } }, 'sitesearch: option "askAi.searchParameters.filters" must be a string; received an array of 1 item.'],
    [{ searchParameters: { distinct: null } }, 'sitesearch: option "askAi.searchParameters.distinct" must be a boolean, a number or a string; received null.'],
    [
      { searchParameters: [] },
      'sitesearch: option "askAi.searchParameters" must be a flat object with the keys facetFilters, filters, attributesToRetrieve, restrictSearchableAttributes, distinct (the assistant backend ("agentStudio" omitted or false)); received an array of 0 items.',
    ],
    [
      { agentStudio: true, searchParameters: { filters: 'version:2' } },
      'sitesearch: option "askAi.searchParameters.filters" is not an object. "filters" looks like a flat parameter, but the agent backend ("agentStudio: true") expects an object keyed by index name whose values have the keys filters, attributesToRetrieve, restrictSearchableAttributes, distinct, e.g. { "my_index": { "filters": … } }.',
    ],
    [
      { agentStudio: true, searchParameters: { docs: 'x' } },
      'sitesearch: option "askAi.searchParameters.docs" must be an object of search parameters for index "docs" (the agent backend ("agentStudio: true") expects an object keyed by index name whose values have the keys filters, attributesToRetrieve, restrictSearchableAttributes, distinct); received the string "x".',
    ],
    [
      { agentStudio: true, searchParameters: { docs: { facetFilters: ['a:b'] } } },
      'sitesearch: option "askAi.searchParameters.docs.facetFilters" is not supported by the agent backend ("agentStudio: true"); use "filters" instead (the keys it accepts are filters, attributesToRetrieve, restrictSearchableAttributes, distinct).',
    ],
    [
      { agentStudio: true, searchParameters: { docs: { hitsPerPage: 2 } } },
      'sitesearch: option "askAi.searchParameters.docs.hitsPerPage" is not supported by the agent backend ("agentStudio: true"); the supported keys are filters, attributesToRetrieve, restrictSearchableAttributes, distinct.',
    ],
  ])('rejects %j', (extra, message) => {
    expect(() => resolve({ assistantId: 'a', ...extra })).toThrowError(message);
  });
});

describe('askAi.baseUrl (SiteSearch addition)', () => {
  it('is undefined unless set, and loses trailing slashes', () => {
    expect(resolve('a')?.baseUrl).toBeUndefined();
    expect(resolve({ assistantId: 'a' })?.baseUrl).toBeUndefined();
    expect(resolve({ assistantId: 'a', baseUrl: 'http://127.0.0.1:8787/' })?.baseUrl).toBe('http://127.0.0.1:8787');
    expect(resolve({ assistantId: 'a', baseUrl: 'https://proxy.example.com/askai//' })?.baseUrl).toBe('https://proxy.example.com/askai');
  });

  it('works without top-level credentials (the local index with a loopback server)', () => {
    const resolved = resolveSiteSearchOptions(
      { searchClient: { search: async () => ({ results: [] }) }, indices: ['docs'], askAi: { assistantId: 'a', baseUrl: 'http://localhost:8787' } },
      'react',
    ).askAi;
    expect(resolved).toMatchObject({ appId: undefined, apiKey: undefined, indexName: 'docs', baseUrl: 'http://localhost:8787' });
  });

  it.each([
    [42, 'sitesearch: option "askAi.baseUrl" must be an absolute http(s) URL such as "http://127.0.0.1:8787" or "https://example.com/askai"; received the number 42.'],
    ['', 'sitesearch: option "askAi.baseUrl" must be an absolute http(s) URL such as "http://127.0.0.1:8787" or "https://example.com/askai"; received the string "".'],
    ['/askai', 'sitesearch: option "askAi.baseUrl" must be an absolute http(s) URL such as "http://127.0.0.1:8787" or "https://example.com/askai"; received the string "/askai".'],
    ['ftp://example.com', 'sitesearch: option "askAi.baseUrl" must be an absolute http(s) URL such as "http://127.0.0.1:8787" or "https://example.com/askai"; received the string "ftp://example.com".'],
    ['javascript:alert(1)', 'sitesearch: option "askAi.baseUrl" must be an absolute http(s) URL such as "http://127.0.0.1:8787" or "https://example.com/askai"; received the string "javascript:alert(1)".'],
    ['https://example.com/?key=1', 'sitesearch: option "askAi.baseUrl" must not have a query or a fragment (paths are added to it); received "https://example.com/?key=1".'],
  ])('rejects %j', (baseUrl, message) => {
    expect(() => resolve({ assistantId: 'a', baseUrl })).toThrowError(message);
  });

  it('is suggested for a misspelling', () => {
    expect(() => resolve({ assistantId: 'a', baseURL: 'http://x' })).toThrowError(/Did you mean "baseUrl"\?/);
  });
});
