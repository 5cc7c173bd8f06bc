import { describe, expect, it } from 'vitest';
import type { SearchClientLike } from '../core/options/types.js';
import { sharedLocalSearchClient, withLocalAssistantClient, withLocalSearchClient } from './browser.js';
import {
  assertSerializable,
  clientConfig,
  completeSidepanelOptions,
  DATA_OPTIONS,
  FUNCTION_OPTIONS,
  sidepanelOptionRows,
  siteSearchOptionRows,
  type SerializableSidepanelOptions,
  type SerializableSiteSearchOptions,
  shellConfig,
  validateSerializable,
  validateSidepanelOption,
  withDefaultLocalIndex,
  type OptionOrigin,
} from './index.js';
import type { SidepanelBaseOptions, SiteSearchBaseOptions } from '../core/options/types.js';

const origin: OptionOrigin = {
  where: 'in the test config',
  functionValueHint: 'Put it in the client module.',
  functionOptionHint: (key) => `"${key}" goes in the client module.`,
};

describe('the checks every static-site plugin shares', () => {
  it('refuses what cannot reach the browser as JSON, naming the path and where it was written', () => {
    expect(() => assertSerializable({ a: [1, () => 1] }, 'translations', origin)).toThrow('sitesearch (in the test config): option "translations.a[1]" is a function, and functions cannot be sent to the browser from here. Put it in the client module.');
    expect(() => assertSerializable(Number.NaN, 'maxResultsPerGroup', origin)).toThrow(/"maxResultsPerGroup" must be a finite number/);
    expect(() => assertSerializable(new Date(0), 'initialQuery', origin)).toThrow(/instance of Date/);
    expect(() => assertSerializable({ ok: ['a', 1, true, null] }, 'x', origin)).not.toThrow();
  });

  it('refuses function options by name and words core errors with the origin', () => {
    expect(() => validateSerializable({ transformItems: () => [] } as never, origin)).toThrow('sitesearch (in the test config): option "transformItems" cannot be set here: "transformItems" goes in the client module.');
    expect(() => validateSerializable({ appId: 'APP', indices: ['docs'] }, origin)).toThrow(/^sitesearch \(in the test config\): .*apiKey/);
  });

  it('without credentials the local index, named "docs" unless the config names one', () => {
    expect(withDefaultLocalIndex({})).toEqual({ indices: ['docs'] });
    expect(withDefaultLocalIndex({ indexName: 'mine' })).toEqual({ indexName: 'mine' });
    expect(withDefaultLocalIndex({ appId: 'A', apiKey: 'K', indices: ['x'] })).toEqual({ appId: 'A', apiKey: 'K', indices: ['x'] });
  });

  it('splits the config: the loader preconnects to the provider only when it is used; the widget learns where the local index is', () => {
    const local = { options: { indices: ['docs'] }, resolved: validateSerializable({ indices: ['docs'] }, origin), local: true, sidepanel: undefined };
    expect(shellConfig(local).preconnect).toEqual([]);
    expect(clientConfig(local, '/docs').localIndexUrl).toBe('/docs/sitesearch/');
    const hostedOptions = { appId: 'APP1', apiKey: 'KEY', indices: ['docs'] };
    const hosted = { options: hostedOptions, resolved: validateSerializable(hostedOptions, origin), local: false, sidepanel: undefined };
    expect(shellConfig(hosted).preconnect).toEqual(['https://app1-dsn.algolia.net']);
    expect(clientConfig(hosted, '/').localIndexUrl).toBeNull();
  });

  it("completes the Sidepanel from askAi, or the local assistant over the local index; its translations add to the top-level ones", () => {
    const resolved = validateSerializable({ indices: ['docs'], askAi: 'helper' }, origin);
    expect(completeSidepanelOptions(true, { options: {}, resolved, local: true })).toEqual({ assistantId: 'helper', indexName: 'docs' });
    const bare = validateSerializable({ indices: ['docs'] }, origin);
    const translations = { button: { buttonText: 'Find' } } as never;
    expect(completeSidepanelOptions({ side: 'left' }, { options: { translations }, resolved: bare, local: true })).toEqual({ side: 'left', assistantId: 'local', indexName: 'docs', translations });
    expect(() => validateSidepanelOption({ side: 'top' }, { options: {}, resolved: bare, local: true }, origin)).toThrow(/^sitesearch \(in the test config\): .*"sidepanel\.side"/);
    expect(() => validateSidepanelOption({ pushTarget: 'main >' }, { options: {}, resolved: bare, local: true }, origin)).toThrow(/"sidepanel\.pushTarget" is not a valid CSS selector/);
  });
});

describe('the browser helpers', () => {
  const made: string[] = [];
  const create = (url: string): SearchClientLike => {
    made.push(url);
    return { search: async () => ({ results: [] }) } as unknown as SearchClientLike;
  };

  it('give the modal and the Sidepanel one local client per page, and leave hosted options alone', () => {
    const client = (url: string) => sharedLocalSearchClient(url, create);
    const modal = withLocalSearchClient({ indices: ['docs'] }, '/sitesearch/', client);
    const panel = withLocalAssistantClient({ assistantId: 'local' }, '/sitesearch/', client);
    expect(modal.searchClient).toBeDefined();
    expect(panel.searchClient).toBe(modal.searchClient);
    expect(made).toEqual(['/sitesearch/']);
    expect(withLocalSearchClient({ appId: 'A' }, '/sitesearch/', client)).toEqual({ appId: 'A' });
    expect(withLocalAssistantClient({ baseUrl: 'https://x.test' }, '/sitesearch/', client)).toEqual({ baseUrl: 'https://x.test' });
    expect(withLocalSearchClient({ indices: ['docs'] }, null, client)).toEqual({ indices: ['docs'] });
  });
});

// The data share of each widget's options, as the TypeScript types see it (checked by tsc).
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const serializableTypes: [
  Equal<keyof SerializableSiteSearchOptions, Exclude<keyof SiteSearchBaseOptions, 'transformItems' | 'hitComponent' | 'transformSearchClient' | 'navigator' | 'getMissingResultsUrl' | 'resultsFooterComponent' | 'searchClient'>>,
  Equal<keyof SerializableSidepanelOptions, Exclude<keyof SidepanelBaseOptions, 'searchClient'>>,
] = [true, true];

describe('the split between data and code, from the option tables', () => {
  it("a data config takes exactly the tables' data options: the others are refused by name, saying where they go", () => {
    expect(serializableTypes).toEqual([true, true]);
    const rows = siteSearchOptionRows().filter((row) => row.entries.includes('js') && row.entries.includes('react'));
    expect(FUNCTION_OPTIONS).toEqual(rows.filter((row) => row.kind === 'function').map((row) => row.name));
    expect(DATA_OPTIONS).toEqual(rows.filter((row) => row.entries.includes('integration')).map((row) => row.name));
    expect(FUNCTION_OPTIONS.length).toBeGreaterThan(3);
    for (const name of FUNCTION_OPTIONS) {
      expect(() => validateSerializable({ indices: ['docs'], [name]: () => [] } as never, origin), name).toThrow(`option "${name}" cannot be set here: "${name}" goes in the client module.`);
    }
    // Each data option's name passes (its value left out: the core checks values).
    for (const name of DATA_OPTIONS) expect(() => validateSerializable({ indices: ['docs'], ...(name === 'indices' ? {} : { [name]: undefined }) } as never, origin), name).not.toThrow();
    expect(() => validateSerializable({ indices: ['docs'], container: '#search' } as never, origin)).toThrow(/"container" is only for the JavaScript function/);
  });

  it("the Sidepanel's options holding code are refused in a data config, by name", () => {
    const bare = validateSerializable({ indices: ['docs'] }, origin);
    const code = sidepanelOptionRows().filter((row) => row.kind === 'function');
    expect(code.map((row) => row.name)).toEqual(['searchClient']);
    for (const row of code) {
      expect(() => validateSidepanelOption({ [row.name]: {} }, { options: {}, resolved: bare, local: true }, origin)).toThrow(`option "sidepanel.${row.name}" cannot be set here`);
    }
    expect(() => validateSidepanelOption({ container: '#panel' }, { options: {}, resolved: bare, local: true }, origin)).toThrow(/"sidepanel\.container" is only for the JavaScript function/);
  });
});
