import { describe, expect, it } from 'vitest';
import { normalizeThemeConfig } from '@docusaurus/utils-validation';
import { DATA_OPTIONS, FUNCTION_OPTIONS } from '@sitesearch/islands/ssg';
import { sitesearchSchema, validateThemeConfig } from './options.js';
import { createRouterNavigator, sidepanelOptions, widgetOptions } from './shared.js';

/** What Docusaurus does when the config loads: our validator with its Joi normaliser. */
const validate = (themeConfig: Record<string, unknown>) => validateThemeConfig({ themeConfig, validate: normalizeThemeConfig });

describe('validateThemeConfig', () => {
  it('fills the theme defaults and keeps the rest of themeConfig', () => {
    const result = validate({ navbar: { title: 'x' }, sitesearch: { askAi: 'docs-assistant' } });
    expect(result.navbar).toEqual({ title: 'x' });
    expect(result.sitesearch).toEqual({ askAi: 'docs-assistant', contextualSearch: true, searchPagePath: 'search' });
  });

  it('with no sitesearch config at all, the local index with the defaults', () => {
    expect(validate({}).sitesearch).toEqual({ contextualSearch: true, searchPagePath: 'search' });
  });

  it("a wrong theme option fails with Joi's message naming it and themeConfig.sitesearch", () => {
    expect(() => validate({ sitesearch: { contextualSearch: 'yes' } })).toThrow(/themeConfig\.sitesearch.*"sitesearch\.contextualSearch" must be a boolean/s);
    expect(() => validate({ sitesearch: { searchPagePath: 12 } })).toThrow(/"sitesearch\.searchPagePath"/);
    expect(() => validate({ sitesearch: { replaceSearchResultPathname: { from: '/docs/' } } })).toThrow(/"sitesearch\.replaceSearchResultPathname\.to" is required/);
  });

  it('a function option is refused by name, saying to swizzle SearchBar', () => {
    expect(() => validate({ sitesearch: { transformItems: (items: unknown) => items } })).toThrow(/"sitesearch\.transformItems" cannot be written in themeConfig\.sitesearch.*swizzl/s);
    for (const name of FUNCTION_OPTIONS) {
      expect(() => validate({ sitesearch: { [name]: {} } }), name).toThrow(`"sitesearch.${name}" cannot be written in themeConfig.sitesearch`);
    }
  });

  it("the schema names the theme's own options and exactly the option table's data and function options", () => {
    const keys = Object.keys((sitesearchSchema.describe() as { keys: Record<string, unknown> }).keys);
    const theme = ['contextualSearch', 'searchPagePath', 'externalUrlRegex', 'replaceSearchResultPathname', 'localIndex', 'sidepanel'];
    expect(keys.sort()).toEqual([...theme, ...DATA_OPTIONS, ...FUNCTION_OPTIONS].sort());
    // A data option's value is the core's to check: Joi passes it as written.
    expect(validate({ sitesearch: { askAi: 'docs-assistant', maxResultsPerGroup: 3, keyboardShortcuts: { '/': false } } }).sitesearch).toMatchObject({ maxResultsPerGroup: 3, keyboardShortcuts: { '/': false } });
  });

  it("a wrong widget option fails with the core's own check, saying it comes from themeConfig.sitesearch", () => {
    expect(() => validate({ sitesearch: { maxResultsPerGroup: 'many' } })).toThrow(/^sitesearch \(themeConfig\.sitesearch in docusaurus\.config\): .*maxResultsPerGroup/);
    expect(() => validate({ sitesearch: { appId: 'APP' } })).toThrow(/themeConfig\.sitesearch.*apiKey/s);
  });

  it('localIndex.pageRank takes URL patterns and numbers', () => {
    expect(validate({ sitesearch: { localIndex: { pageRank: { '/blog/*': -2 } } } }).sitesearch).toMatchObject({ localIndex: { pageRank: { '/blog/*': -2 } } });
    expect(() => validate({ sitesearch: { localIndex: { pageRank: { '/blog/*': 'low' } } } })).toThrow(/"sitesearch\.localIndex\.pageRank\.\/blog\/\*" must be a number/);
  });

  it('a wrong Sidepanel option is named under sidepanel.', () => {
    expect(() => validate({ sitesearch: { sidepanel: 'yes' } })).toThrow(/"sitesearch\.sidepanel"/);
    expect(() => validate({ sitesearch: { sidepanel: { side: 'top' } } })).toThrow(/themeConfig\.sitesearch.*"sidepanel\.side"/s);
  });

  it("drop-in: theme-search-algolia's algolia config is read when sitesearch is absent", () => {
    const result = validate({ algolia: { appId: 'APP', apiKey: 'KEY', indexName: 'docs', contextualSearch: false, searchParameters: { facetFilters: ['a:b'] } } });
    expect(result.sitesearch).toEqual({
      appId: 'APP',
      apiKey: 'KEY',
      indices: [{ name: 'docs', searchParameters: { facetFilters: ['a:b'] } }],
      contextualSearch: false,
      searchPagePath: 'search',
    });
    // `insights: true` keeps its meaning: click analytics, as theme-search-algolia sent them.
    expect(validate({ algolia: { appId: 'APP', apiKey: 'KEY', indexName: 'docs', insights: true } }).sitesearch).toMatchObject({ insights: true });
    expect(() => validate({ algolia: { appId: 'APP', apiKey: 'KEY', indexName: 'docs', insights: 'yes' } })).toThrow(/^sitesearch \(.*\): option "insights" must be a boolean or/);
    // sitesearch wins when both are there.
    expect(validate({ algolia: { appId: 'APP', apiKey: 'KEY', indexName: 'docs' }, sitesearch: {} }).sitesearch).toEqual({ contextualSearch: true, searchPagePath: 'search' });
  });
});

describe('the options the theme components pass on', () => {
  it('the modal gets the widget options only, with the local default index', () => {
    expect(widgetOptions({ askAi: 'a', contextualSearch: true, searchPagePath: 'search', sidepanel: true })).toEqual({ askAi: 'a', indices: ['docs'] });
    expect(widgetOptions({ appId: 'A', apiKey: 'K', indices: ['x'] })).toEqual({ appId: 'A', apiKey: 'K', indices: ['x'] });
  });

  it("the Sidepanel shares the modal's assistant, or uses the local one", () => {
    const indices = [{ name: 'docs' }] as never;
    expect(sidepanelOptions({ sidepanel: true }, { askAi: { assistantId: 'docs-assistant' } as never, appId: undefined, apiKey: undefined, indices })).toEqual({ assistantId: 'docs-assistant', indexName: 'docs' });
    expect(sidepanelOptions({ sidepanel: { side: 'left' } }, { askAi: undefined, appId: undefined, apiKey: undefined, indices })).toEqual({ side: 'left', assistantId: 'local', indexName: 'docs' });
    expect(sidepanelOptions({}, { askAi: undefined, appId: undefined, apiKey: undefined, indices })).toBeUndefined();
  });
});

describe('createRouterNavigator', () => {
  const setup = (externalUrlRegex?: string) => {
    const pushed: string[] = [];
    const assigned: string[] = [];
    const location = { href: 'https://docs.example.com/guide/', origin: 'https://docs.example.com', assign: (url: string | URL) => void assigned.push(String(url)) };
    const navigator = createRouterNavigator({ push: (path) => void pushed.push(path) }, () => location, externalUrlRegex);
    const open = (itemUrl: string) => navigator.navigate!({ itemUrl, item: {} as never, state: {} as never } as never);
    return { pushed, assigned, open };
  };

  it("opens this site's pages through the router, with their query and anchor", () => {
    const { pushed, assigned, open } = setup();
    open('/config/server-options#server-proxy');
    open('https://docs.example.com/guide/build?x=1');
    expect(pushed).toEqual(['/config/server-options#server-proxy', '/guide/build?x=1']);
    expect(assigned).toEqual([]);
  });

  it('loads other origins and URLs matching externalUrlRegex in full', () => {
    const { pushed, assigned, open } = setup('/api/|\\.pdf$');
    open('https://elsewhere.example.org/page');
    open('/api/reference/');
    open('/files/guide.pdf');
    open('/guide/');
    expect(assigned).toEqual(['https://elsewhere.example.org/page', 'https://docs.example.com/api/reference/', 'https://docs.example.com/files/guide.pdf']);
    expect(pushed).toEqual(['/guide/']);
  });
});
