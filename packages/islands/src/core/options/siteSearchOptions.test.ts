import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetWarnings } from './errors.js';
import { DEFAULT_TRANSLATIONS } from '../translations.js';
import * as chatOptionRules from './chatOptions.js';
import { checkSiteSearchOptions, completeSiteSearchOptions, resolveSiteSearchOptions } from './siteSearchOptions.js';

const credentials = { appId: 'APP', apiKey: 'KEY' };
const react = (options: Record<string, unknown>) => resolveSiteSearchOptions({ ...credentials, indices: ['docs'], ...options }, 'react');

describe('resolveSiteSearchOptions defaults', () => {
  it('applies every default of the spec', () => {
    const resolved = react({});
    expect(resolved).toMatchObject({
      appId: 'APP',
      apiKey: 'KEY',
      indices: [{ name: 'docs', searchParameters: {} }],
      placeholder: 'Search docs',
      askAi: undefined,
      hitComponent: undefined,
      disableUserPersonalization: false,
      initialQuery: '',
      navigator: undefined,
      getMissingResultsUrl: undefined,
      keyboardShortcuts: { 'Ctrl/Cmd+K': true, '/': true },
      resultsFooterComponent: undefined,
      maxResultsPerGroup: 5,
      recentSearchesLimit: 7,
      recentSearchesWithFavoritesLimit: 4,
      portalContainer: undefined,
    });
    const items = [{ objectID: '1' }];
    expect(resolved.transformItems(items as never)).toBe(items);
    const client = { search: async () => ({ results: [] }) };
    expect(resolved.transformSearchClient(client)).toBe(client);
    expect(resolved.translations.button.buttonText).toBe('Search');
  });

  it('uses the ask-AI placeholder when askAi is set, and the placeholder option over both', () => {
    expect(react({ askAi: 'assistant-1' }).placeholder).toBe('Search docs or ask AI a question');
    expect(react({ askAi: 'assistant-1', placeholder: 'Find anything' }).placeholder).toBe('Find anything');
    expect(react({ placeholder: 'Find anything' }).placeholder).toBe('Find anything');
    expect(react({ translations: { modal: { searchBox: { placeholderText: 'Translated' } } } }).placeholder).toBe('Translated');
  });

  it('keeps per-index search parameters and disabled shortcuts', () => {
    const resolved = react({
      indices: ['docs', { name: 'blog', searchParameters: { facetFilters: ['lang:en'] } }],
      keyboardShortcuts: { '/': false },
    });
    expect(resolved.indices).toEqual([
      { name: 'docs', searchParameters: {} },
      { name: 'blog', searchParameters: { facetFilters: ['lang:en'] } },
    ]);
    expect(resolved.keyboardShortcuts).toEqual({ 'Ctrl/Cmd+K': true, '/': false });
  });
});

describe('resolveSiteSearchOptions required options', () => {
  it('throws when neither indices nor indexName is given', () => {
    expect(() => resolveSiteSearchOptions({ ...credentials }, 'react')).toThrowError(
      'sitesearch: "indices" or "indexName" is required: pass the names of the indices to search, e.g. indices: [\'docs\'].',
    );
  });

  it('requires appId and apiKey unless a search client is given', () => {
    expect(() => resolveSiteSearchOptions({ apiKey: 'KEY', indices: ['docs'] }, 'react')).toThrowError('sitesearch: option "appId" is required');
    expect(() => resolveSiteSearchOptions({ appId: 'APP', indices: ['docs'] }, 'react')).toThrowError('sitesearch: option "apiKey" is required');
    const searchClient = { search: async () => ({ results: [] }) };
    expect(resolveSiteSearchOptions({ searchClient, indices: ['docs'] }, 'react').searchClient).toBe(searchClient);
    expect(() => resolveSiteSearchOptions({ searchClient: {}, indices: ['docs'] }, 'react')).toThrowError(
      'sitesearch: option "searchClient" must be a search client with a search({ requests }) method; received an empty object.',
    );
  });
});

describe('resolveSiteSearchOptions type checks', () => {
  it.each([
    [{ appId: 42 }, 'sitesearch: option "appId" must be a non-empty string; received the number 42.'],
    [{ apiKey: '' }, 'sitesearch: option "apiKey" must be a non-empty string; received the string "".'],
    [{ indices: [] }, 'sitesearch: option "indices" must be a non-empty array of index names or { name, searchParameters } objects; received an array of 0 items.'],
    [{ indices: 'docs' }, 'sitesearch: option "indices" must be a non-empty array of index names or { name, searchParameters } objects; received the string "docs".'],
    [{ indices: [42] }, 'sitesearch: option "indices[0]" must be an index name or a { name, searchParameters } object; received the number 42.'],
    [{ indices: [{ name: '' }] }, 'sitesearch: option "indices[0].name" must be a non-empty string; received the string "".'],
    [{ indices: [{ name: 'a', params: {} }] }, 'sitesearch: unknown option "indices[0].params" (an index object). Known: "name", "searchParameters".'],
    [{ indices: [{ name: 'a', searchParameters: 'x' }] }, 'sitesearch: option "indices[0].searchParameters" must be an object; received the string "x".'],
    [{ indices: ['a', 'a'] }, 'sitesearch: option "indices" lists the index "a" twice; each index is one result group.'],
    [{ placeholder: 3 }, 'sitesearch: option "placeholder" must be a string; received the number 3.'],
    [{ transformItems: 'x' }, 'sitesearch: option "transformItems" must be a function; received the string "x".'],
    [{ hitComponent: {} }, 'sitesearch: option "hitComponent" must be a function; received an empty object.'],
    [{ transformSearchClient: null }, 'sitesearch: option "transformSearchClient" must be a function; received null.'],
    [{ disableUserPersonalization: 'yes' }, 'sitesearch: option "disableUserPersonalization" must be true or false; received the string "yes".'],
    [{ initialQuery: 1 }, 'sitesearch: option "initialQuery" must be a string; received the number 1.'],
    [{ navigator: {} }, 'sitesearch: option "navigator" must be an object with "navigate", "navigateNewTab" or "navigateNewWindow" functions; received an empty object.'],
    [{ navigator: { navigate: 'x' } }, 'sitesearch: option "navigator.navigate" must be a function; received the string "x".'],
    [{ getMissingResultsUrl: 'https://x' }, 'sitesearch: option "getMissingResultsUrl" must be a function; received the string "https://x".'],
    [{ keyboardShortcuts: false }, 'sitesearch: option "keyboardShortcuts" must be an object with the keys "Ctrl/Cmd+K", "/"; received boolean false.'],
    [{ keyboardShortcuts: { '/': 'no' } }, 'sitesearch: option "keyboardShortcuts./" must be true or false; received the string "no".'],
    [
      { keyboardShortcuts: { 'Ctrl/Cmd+I': false } },
      'sitesearch: unknown option "keyboardShortcuts.Ctrl/Cmd+I" (a keyboard shortcut). "Ctrl/Cmd+I" belongs to the Sidepanel, and "Escape" always closes the modal. Known: "Ctrl/Cmd+K", "/".',
    ],
    [{ resultsFooterComponent: '<p>' }, 'sitesearch: option "resultsFooterComponent" must be a function; received the string "<p>".'],
    [{ maxResultsPerGroup: 0 }, 'sitesearch: option "maxResultsPerGroup" must be a whole number of 1 or more; received the number 0.'],
    [{ maxResultsPerGroup: 2.5 }, 'sitesearch: option "maxResultsPerGroup" must be a whole number of 1 or more; received the number 2.5.'],
    [{ recentSearchesLimit: -1 }, 'sitesearch: option "recentSearchesLimit" must be a whole number of 0 or more; received the number -1.'],
    [{ recentSearchesWithFavoritesLimit: '4' }, 'sitesearch: option "recentSearchesWithFavoritesLimit" must be a whole number of 0 or more; received the string "4".'],
    [{ searchParameters: [] }, 'sitesearch: option "searchParameters" must be an object; received an array of 0 items.'],
    [{ portalContainer: 'body' }, 'sitesearch: option "portalContainer" must be an Element or a DocumentFragment; received the string "body".'],
    [{ indexs: ['docs'] }, 'sitesearch: unknown option "indexs" (the React component). Did you mean "indices"?'],
    [{ zzz: 1 }, 'sitesearch: unknown option "zzz" (the React component). Known: "appId", "apiKey", "indices"'],
    [{ '/': false }, 'sitesearch: option "/" belongs inside "keyboardShortcuts", e.g. keyboardShortcuts: { "/": false }.'],
    [{ container: '#search' }, 'sitesearch: option "container" is only for the JavaScript function; the React component renders where it is placed and portals the modal into "portalContainer".'],
  ])('rejects %j', (options, message) => {
    expect(() => react(options)).toThrowError(message);
  });

  it('rejects options that are not an object', () => {
    expect(() => resolveSiteSearchOptions(undefined, 'js')).toThrowError('sitesearch: option "options" must be an object of options; received undefined.');
  });

  it('accepts a portal container element or fragment (React)', () => {
    const fragment = document.createDocumentFragment();
    expect(react({ portalContainer: fragment }).portalContainer).toBe(fragment);
    const element = document.createElement('div');
    expect(react({ portalContainer: element }).portalContainer).toBe(element);
  });
});

describe('resolveSiteSearchOptions deprecated options', () => {
  let warn: { mock: { calls: unknown[][] }; mockRestore(): void };
  beforeEach(() => {
    resetWarnings();
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => warn.mockRestore());

  it('turns indexName and top-level searchParameters into one index and warns once each', () => {
    const options = { ...credentials, indexName: 'legacy', searchParameters: { facetFilters: ['v:2'] } };
    const resolved = resolveSiteSearchOptions(options, 'react');
    resolveSiteSearchOptions(options, 'react');
    expect(resolved.indices).toEqual([{ name: 'legacy', searchParameters: { facetFilters: ['v:2'] } }]);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls.map((call: unknown[]) => call[0])).toEqual([
      'sitesearch: option "indexName" is deprecated; use "indices: [\'legacy\']" instead.',
      'sitesearch: option "searchParameters" is deprecated; use "indices: [{ name, searchParameters }]" instead.',
    ]);
  });

  it('prefers indices over indexName and applies top-level parameters under each index own', () => {
    const resolved = resolveSiteSearchOptions(
      { ...credentials, indexName: 'legacy', indices: ['docs', { name: 'blog', searchParameters: { hitsPerPage: 3 } }], searchParameters: { hitsPerPage: 10, filters: 'x' } },
      'react',
    );
    expect(resolved.indices).toEqual([
      { name: 'docs', searchParameters: { hitsPerPage: 10, filters: 'x' } },
      { name: 'blog', searchParameters: { hitsPerPage: 3, filters: 'x' } },
    ]);
  });

  it('gives the assistant the deprecated indexName, else the first index, as its index', () => {
    expect(resolveSiteSearchOptions({ ...credentials, indexName: 'legacy', askAi: 'a1' }, 'react').askAi?.indexName).toBe('legacy');
    expect(react({ indices: ['first', 'second'], askAi: 'a1' }).askAi?.indexName).toBe('first');
  });
});

describe('resolveSiteSearchOptions in the JavaScript entry', () => {
  beforeEach(() => {
    document.body.innerHTML = '<div class="search" id="one"></div><div class="search" id="two"></div>';
  });

  it('requires a container', () => {
    expect(() => resolveSiteSearchOptions({ ...credentials, indices: ['docs'] }, 'js')).toThrowError(
      'sitesearch: option "container" is required: pass a CSS selector or an element to mount the widget in.',
    );
  });

  it('uses the first element a selector matches', () => {
    expect(resolveSiteSearchOptions({ ...credentials, indices: ['docs'], container: '.search' }, 'js').container?.id).toBe('one');
  });

  it('throws when a selector matches nothing or is invalid', () => {
    expect(() => resolveSiteSearchOptions({ ...credentials, indices: ['docs'], container: '#missing' }, 'js')).toThrowError(
      'sitesearch: option "container": no element matches the selector "#missing".',
    );
    expect(() => resolveSiteSearchOptions({ ...credentials, indices: ['docs'], container: '##' }, 'js')).toThrowError(
      'sitesearch: option "container" is not a valid CSS selector: "##".',
    );
    expect(() => resolveSiteSearchOptions({ ...credentials, indices: ['docs'], container: 7 }, 'js')).toThrowError(
      'sitesearch: option "container" must be a CSS selector or an element; received the number 7.',
    );
  });

  it('accepts an element and an environment', () => {
    const element = document.getElementById('two')!;
    const resolved = resolveSiteSearchOptions({ ...credentials, indices: ['docs'], container: element, environment: window }, 'js');
    expect(resolved.container).toBe(element);
    expect(resolved.environment).toBe(window);
  });

  it('looks the selector up in the given environment', () => {
    const other = { document: { querySelector: (selector: string) => (selector === '#remote' ? document.getElementById('two') : null) } };
    expect(resolveSiteSearchOptions({ ...credentials, indices: ['docs'], container: '#remote', environment: other }, 'js').container?.id).toBe('two');
    expect(() => resolveSiteSearchOptions({ ...credentials, indices: ['docs'], container: '#one', environment: {} }, 'js')).toThrowError(
      'sitesearch: option "environment" must be a window-like object with a "document"; received an empty object.',
    );
  });

  it('rejects React-only options', () => {
    expect(() => resolveSiteSearchOptions({ ...credentials, indices: ['docs'], container: '#one', portalContainer: document.body }, 'js')).toThrowError(
      'sitesearch: option "portalContainer" is only for the React component; in the JavaScript function, "container" is both the button\'s mount point and the modal\'s portal target.',
    );
  });
});

describe('resolveSiteSearchOptions for an integration (Astro, Docusaurus)', () => {
  const integration = (options: Record<string, unknown>) => resolveSiteSearchOptions({ ...credentials, indices: ['docs'], ...options }, 'integration');

  it('takes the common options and neither container nor portalContainer', () => {
    expect(integration({ maxResultsPerGroup: 3 })).toMatchObject({ maxResultsPerGroup: 3, container: undefined, portalContainer: undefined });
    expect(() => integration({ container: '#search' })).toThrowError(
      'sitesearch: option "container" is only for the JavaScript function; with an integration, place the <SiteSearch /> component where the button goes.',
    );
    expect(() => integration({ portalContainer: {} })).toThrowError(
      'sitesearch: option "portalContainer" is only for the React component; in the integration, the modal is portaled into the page body.',
    );
    expect(() => integration({ placehodler: 'x' })).toThrowError('sitesearch: unknown option "placehodler" (the integration). Did you mean "placeholder"?');
  });
});

describe('the two halves of the resolver (the CDN loader runs the first up front)', () => {
  const check = (options: Record<string, unknown>) => checkSiteSearchOptions({ ...credentials, indices: ['docs'], ...options }, 'react');

  it('the first half throws for missing indices and for every wrong top-level type', () => {
    expect(() => checkSiteSearchOptions({ ...credentials }, 'react')).toThrowError('sitesearch: "indices" or "indexName" is required');
    expect(() => check({ maxResultsPerGroup: '5' })).toThrowError('sitesearch: option "maxResultsPerGroup" must be a whole number of 1 or more; received the string "5".');
    expect(() => check({ translations: 'fr' })).toThrowError('sitesearch: option "translations" must be an object; received the string "fr".');
    expect(() => check({ askAi: 42 })).toThrowError('sitesearch: option "askAi" must be an assistant ID (string) or an object with "assistantId"; received the number 42.');
    expect(() => check({ placeholder: 1 })).toThrowError('sitesearch: option "placeholder" must be a string; received the number 1.');
    expect(() => check({ indexs: ['docs'] })).toThrowError('Did you mean "indices"?');
  });

  it('the first half checks the button texts it draws, and leaves other translation keys to the second', () => {
    expect(() => check({ translations: { button: { buttonText: 5 } } })).toThrowError('sitesearch: option "translations.button.buttonText" must be a string; received the number 5.');
    const checked = check({ translations: { button: { buttonText: 'Rechercher' }, modal: { searchBox: { placeholderTxt: 'x' } } } });
    expect(checked.button).toEqual({ buttonText: 'Rechercher', buttonAriaLabel: 'Search' });
    expect(() => completeSiteSearchOptions(checked, chatOptionRules)).toThrowError('unknown option "translations.modal.searchBox.placeholderTxt"');
  });

  it("the first half's default button texts are the default translations", () => {
    expect(check({}).button).toEqual(DEFAULT_TRANSLATIONS.button);
  });

  it('both halves give what resolveSiteSearchOptions gives', () => {
    const options = { ...credentials, indices: ['docs'], askAi: 'a1', placeholder: 'Find', maxResultsPerGroup: 3 };
    expect(completeSiteSearchOptions(checkSiteSearchOptions(options, 'react'), chatOptionRules)).toEqual(resolveSiteSearchOptions(options, 'react'));
  });

});

describe('insights', () => {
  beforeEach(() => resetWarnings());

  it('is off by default and with false; true sends to the provider with an anonymous token kept in localStorage', () => {
    expect(react({}).insights).toBeUndefined();
    expect(react({ insights: false }).insights).toBeUndefined();
    expect(react({ insights: true }).insights).toEqual({ host: 'https://insights.algolia.io', userToken: undefined, useCookie: false });
  });

  it('takes the provider client\'s userToken and useCookie, and a host (an origin, trailing slash dropped)', () => {
    expect(react({ insights: { userToken: 'user-42', useCookie: true, host: 'https://stats.example.com/' } }).insights).toEqual({ host: 'https://stats.example.com', userToken: 'user-42', useCookie: true });
  });

  it.each([
    ['yes'],
    [{ usertoken: 'x' }],
    [{ useCookie: 'true' }],
    [{ userToken: 42 }],
    [{ host: 'stats.example.com' }],
    [{ host: 'https://stats.example.com/collect' }],
  ])('refuses %j naming the option and what it accepts', (insights) => {
    expect(() => react({ insights })).toThrowError(/^sitesearch: option "insights" must be a boolean or \{ userToken\?: string, useCookie\?: boolean, host\?: "https:\/\/…" \}; received /);
  });

  it('on the local index, needs a host: without one it stays off and says so once', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const searchClient = { search: async () => ({ results: [] }) };
    expect(resolveSiteSearchOptions({ searchClient, indices: ['docs'], insights: true }, 'react').insights).toBeUndefined();
    expect(warn).toHaveBeenCalledWith('sitesearch: option "insights" needs a "host" with the local index; no events are sent.');
    expect(resolveSiteSearchOptions({ searchClient, indices: ['docs'], insights: { host: 'http://127.0.0.1:8080' } }, 'react').insights).toMatchObject({ host: 'http://127.0.0.1:8080' });
    warn.mockRestore();
  });
});
