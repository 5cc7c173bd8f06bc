import { describe, expect, it } from 'vitest';
import sitesearch from './index.js';
import { clientConfig, DATA_OPTIONS, FUNCTION_OPTIONS, shellConfig, validateIntegrationOptions } from './options.js';
import { preparePage } from './page-options.js';

describe('sitesearch() options, checked when the Astro config loads', () => {
  it('defaults to the local index with one index named "docs"', () => {
    const validated = validateIntegrationOptions(undefined);
    expect(validated.local).toBe(true);
    expect(validated.options).toEqual({ indices: ['docs'] });
    expect(clientConfig(validated, '/docs')).toEqual({ options: { indices: ['docs'] }, sidepanel: null, localIndexUrl: '/docs/sitesearch/' });
    expect(shellConfig(validated)).toEqual({ keyboardShortcuts: { 'Ctrl/Cmd+K': true, '/': true }, preconnect: [], sidepanel: null });
  });

  it('with credentials, uses the provider: no local index, the provider preconnected, indices required', () => {
    const validated = validateIntegrationOptions({ appId: 'APP', apiKey: 'key', indices: ['docs'], keyboardShortcuts: { '/': false } });
    expect(validated.local).toBe(false);
    expect(clientConfig(validated, '/').localIndexUrl).toBeNull();
    expect(shellConfig(validated)).toEqual({ keyboardShortcuts: { 'Ctrl/Cmd+K': true, '/': false }, preconnect: ['https://app-dsn.algolia.net'], sidepanel: null });
    expect(() => validateIntegrationOptions({ appId: 'APP', apiKey: 'key' })).toThrow(/"indices" or "indexName" is required/);
  });

  it('takes insights as data, for the widget', () => {
    const validated = validateIntegrationOptions({ appId: 'APP', apiKey: 'key', indices: ['docs'], insights: { useCookie: true } });
    expect(clientConfig(validated, '/').options).toMatchObject({ insights: { useCookie: true } });
    expect(() => sitesearch({ appId: 'APP', apiKey: 'key', indices: ['docs'], insights: { usecookie: true } as never })).toThrow(/Astro config.*option "insights" must be a boolean or/);
  });

  it('names the option and says the error comes from the Astro config', () => {
    expect(() => sitesearch({ maxResultsPerGroup: '5' as unknown as number })).toThrow(
      /^sitesearch \(in the Astro config, integrations: \[sitesearch\(\{ … \}\)\]\): option "maxResultsPerGroup" .*"5"/,
    );
    expect(() => sitesearch({ indexs: ['docs'] } as never)).toThrow(/Astro config.*unknown option "indexs".*Did you mean "indices"/);
    expect(() => sitesearch({ translations: { button: { buttonTxt: 'x' } } } as never)).toThrow(/Astro config.*buttonTxt/);
    expect(() => sitesearch({ appId: 'APP' })).toThrow(/Astro config.*"apiKey" is required/);
    expect(() => sitesearch({ container: '#search' } as never)).toThrow(/Astro config.*"container".*<SiteSearch \/>/);
  });

  it('refuses functions with a pointer to clientOptionsModule, wherever they are', () => {
    expect(() => sitesearch({ transformItems: (items: unknown[]) => items } as never)).toThrow(/option "transformItems" cannot be set here.*clientOptionsModule/);
    expect(() =>
      sitesearch({ translations: { modal: { askAiScreen: { aggregatedToolCallText: () => ({}) } } } } as never),
    ).toThrow(/option "translations\.modal\.askAiScreen\.aggregatedToolCallText" is a function.*clientOptionsModule/);
    expect(() => sitesearch({ indices: [{ name: 'docs', searchParameters: { hitsPerPage: Number.NaN } }] })).toThrow(/"indices\[0\]\.searchParameters\.hitsPerPage" must be a finite number/);
    expect(() => sitesearch({ initialQuery: new Date() as never })).toThrow(/"initialQuery" must be plain data.*Date/);
  });

  it("takes every data option of the option table, and refuses each function option by name with the clientOptionsModule pointer", () => {
    expect(DATA_OPTIONS).toContain('maxResultsPerGroup');
    for (const name of DATA_OPTIONS) expect(() => validateIntegrationOptions({ [name]: undefined }), name).not.toThrow();
    expect(FUNCTION_OPTIONS).toContain('getMissingResultsUrl');
    for (const name of FUNCTION_OPTIONS) {
      expect(() => validateIntegrationOptions({ [name]: () => undefined }), name).toThrow(new RegExp(`Astro config.*option "${name}" cannot be set here.*export default \\{ ${name} \\}`));
    }
  });

  it('checks its own options', () => {
    expect(() => sitesearch({ clientOptionsModule: '' })).toThrow(/"clientOptionsModule" must be a path/);
    expect(() => sitesearch({ localIndex: { exlude: ['x'] } as never })).toThrow(/unknown option "localIndex.exlude"/);
    expect(() => sitesearch({ localIndex: { exclude: 'drafts' as never } })).toThrow(/"localIndex.exclude" must be an array/);
    expect(() => sitesearch({ localIndex: { pageRank: ['/blog/*'] as never } })).toThrow(/"localIndex.pageRank" must be an object of URL patterns and numbers/);
    expect(() => sitesearch({ localIndex: { pageRank: { '/blog/*': 'low' as never } } })).toThrow(/"localIndex.pageRank" must be an object of URL patterns and numbers/);
    expect(() => sitesearch({ localIndex: { pageRank: { '/blog/*': -2 } } })).not.toThrow();
    expect(() => sitesearch([] as never)).toThrow(/takes an object of options; received an array/);
  });

  it('returns an integration with the hooks that build and serve the local index', () => {
    const integration = sitesearch();
    expect(integration.name).toBe('@sitesearch/astro');
    expect(Object.keys(integration.hooks).sort()).toEqual(['astro:build:done', 'astro:config:setup', 'astro:routes:resolved', 'astro:server:setup']);
  });
});

describe('<SiteSearch /> props', () => {
  const config = clientConfig(validateIntegrationOptions({ translations: { button: { buttonText: 'Find' } } }), '/');

  it('uses the config when the page adds nothing', () => {
    expect(preparePage(config, {})).toEqual({ optionsAttribute: undefined, button: { translations: { button: { buttonText: 'Find' } }, keyboardShortcuts: undefined } });
  });

  it('lets a page replace top-level options, validated against the whole', () => {
    const page = preparePage(config, { options: { keyboardShortcuts: { 'Ctrl/Cmd+K': false } } });
    expect(JSON.parse(page.optionsAttribute!)).toEqual({ keyboardShortcuts: { 'Ctrl/Cmd+K': false } });
    expect(page.button.keyboardShortcuts).toEqual({ 'Ctrl/Cmd+K': false });
    expect(() => preparePage(config, { options: { maxResultsPerGroup: 0 } })).toThrow(/"options" prop of <SiteSearch \/>.*"maxResultsPerGroup"/);
    expect(() => preparePage(config, { options: { hitComponent: () => null } as never })).toThrow(/"hitComponent" cannot be set here/);
  });

  it('takes clientOptions only as an export name', () => {
    expect(() => preparePage(config, { clientOptions: 'custom-hits' })).toThrow(/"clientOptions" must be the name of an export/);
    expect(preparePage(config, { clientOptions: 'customHits' }).optionsAttribute).toBeUndefined();
  });
});
