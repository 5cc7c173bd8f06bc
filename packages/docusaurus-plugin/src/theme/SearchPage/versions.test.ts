/**
 * The search page's version choice and locale links, outside a browser: read from and written to
 * the URL, turned into the filters, and those filters run by the real local engine over records
 * of two versions and two locales; the shipped French texts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liteClient } from 'algoliasearch/lite';
import type { DocRecord, SearchClientLike } from '@sitesearch/islands/core';
import { DEFAULT_API_KEY, DEFAULT_APP_ID, startServer, type LocalSearchServer } from '@sitesearch/local';
import { buildIndex, memorySource, normalizeMultiQuery, SearchEngine } from '@sitesearch/local/engine';
import { contextualFacetFilters, contextualSearchTags, withContextualFilters } from '../../contextual.js';
import { searchPageUrl, withQuery } from '../../searchPage.js';
import { shippedTranslations } from '../../codeTranslations.js';
import { otherLocaleSearchPages } from './locales.js';
import { createPagedSearch, searchPageIndices } from './pagedSearch.js';
import {
  ALL_VERSIONS,
  choiceFromTags,
  defaultVersionChoice,
  hitVersionLabel,
  readVersionChoice,
  versionParams,
  versionPickers,
  versionSearchTags,
  withVersion,
  type AllDocsData,
} from './versions.js';

/** The fixture site's docs: `current` (labelled 2.x, the latest) at the root, 1.x under /1.x; an unversioned `api` instance. */
const DOCS: AllDocsData = {
  default: {
    path: '/',
    versions: [
      { name: 'current', label: '2.x', isLast: true, path: '/' },
      { name: '1.x', label: '1.x', isLast: false, path: '/1.x' },
    ],
  },
  api: { path: '/api', versions: [{ name: 'current', label: 'Next', isLast: true, path: '/api' }] },
};

describe('version pickers and choice', () => {
  it('a select for each plugin with several versions, by label; an unversioned plugin has none', () => {
    expect(versionPickers(DOCS)).toEqual([
      {
        pluginId: 'default',
        param: 'version',
        versions: [
          { name: 'current', label: '2.x' },
          { name: '1.x', label: '1.x' },
        ],
      },
    ]);
    expect(versionPickers({ ...DOCS, android: { path: '/android', versions: [{ name: '2', isLast: true, path: '/android' }, { name: '1', isLast: false, path: '/android/1' }] } }).map((picker) => picker.param)).toEqual([
      'version',
      'version-android',
    ]);
  });

  it('defaults to the preferred version where it exists, else the latest', () => {
    expect(defaultVersionChoice(DOCS)).toEqual({ default: 'current', api: 'current' });
    expect(defaultVersionChoice(DOCS, (id) => (id === 'default' ? '1.x' : null))).toEqual({ default: '1.x', api: 'current' });
    expect(defaultVersionChoice(DOCS, () => '0.9-removed')).toEqual({ default: 'current', api: 'current' });
  });

  it('the URL wins with a known version or "all"; anything else keeps the default', () => {
    const defaults = defaultVersionChoice(DOCS);
    expect(readVersionChoice('?q=build&version=1.x', DOCS, defaults)).toEqual({ default: '1.x', api: 'current' });
    expect(readVersionChoice('?version=all', DOCS, defaults).default).toBe(ALL_VERSIONS);
    expect(readVersionChoice('?version=7.x', DOCS, defaults).default).toBe('current');
    expect(readVersionChoice('', DOCS, { ...defaults, default: '1.x' }).default).toBe('1.x');
  });

  it('the tags: the default tag, then each plugin\'s chosen version, or all its versions', () => {
    expect(versionSearchTags(DOCS, { default: '1.x', api: 'current' })).toEqual(['default', 'docs-default-1.x', 'docs-api-current']);
    expect(versionSearchTags(DOCS, { default: ALL_VERSIONS, api: 'current' })).toEqual(['default', 'docs-default-current', 'docs-default-1.x', 'docs-api-current']);
  });

  it("a page's contextual tags read back as the same choice, and the same tags as the modal's (so 'See all N' lists N)", () => {
    for (const pathname of ['/guide/', '/1.x/guide/build', '/blog/']) {
      const tags = contextualSearchTags(DOCS, pathname);
      expect(versionSearchTags(DOCS, choiceFromTags(DOCS, tags)), pathname).toEqual(tags);
    }
  });

  it("a link to the search page names only the versions that differ from the page's default", () => {
    const defaults = defaultVersionChoice(DOCS);
    expect(versionParams(DOCS, { default: '1.x', api: 'current' }, defaults)).toEqual({ version: '1.x' });
    expect(versionParams(DOCS, { default: 'current', api: 'current' }, defaults)).toEqual({});
    expect(searchPageUrl('/', 'search', 'rollup', versionParams(DOCS, { default: '1.x', api: 'current' }, defaults))).toBe('/search?q=rollup&version=1.x');
  });

  it('the label of a hit\'s version, from its docusaurus_tag (a string or a list); none outside the versioned docs', () => {
    expect(hitVersionLabel({ docusaurus_tag: 'docs-default-current' }, DOCS)).toBe('2.x');
    expect(hitVersionLabel({ docusaurus_tag: ['default', 'docs-default-1.x'] }, DOCS)).toBe('1.x');
    expect(hitVersionLabel({ docusaurus_tag: 'docs-api-current' }, DOCS)).toBeUndefined();
    expect(hitVersionLabel({ docusaurus_tag: 'default' }, DOCS)).toBeUndefined();
    expect(hitVersionLabel({}, DOCS)).toBeUndefined();
  });
});

describe('the query string', () => {
  it('q first, the other parameters kept in order; an empty query removes q', () => {
    expect(withQuery('?version=1.x', 'env vars')).toBe('?q=env+vars&version=1.x');
    expect(withQuery('?q=old&version=1.x', 'new')).toBe('?q=new&version=1.x');
    expect(withQuery('?q=old&version=1.x', '')).toBe('?version=1.x');
    expect(withQuery('?q=old', '')).toBe('');
    expect(withVersion('?q=a%26b', 'default', 'all')).toBe('?q=a%26b&version=all');
    expect(withVersion('?q=a&version=1.x', 'default', 'current')).toBe('?q=a&version=current');
    expect(searchPageUrl('/', 'search', '')).toBe('/search');
  });
});

describe('otherLocaleSearchPages', () => {
  const i18n = {
    currentLocale: 'en',
    defaultLocale: 'en',
    locales: ['en', 'fr', 'ja'],
    localeConfigs: {
      en: { label: 'English', htmlLang: 'en', baseUrl: '/', url: 'https://docs.example.com' },
      fr: { label: 'Français', htmlLang: 'fr-FR', baseUrl: '/fr/', url: 'https://docs.example.com' },
      ja: { label: '日本語', htmlLang: 'ja', baseUrl: '/', url: 'https://ja.docs.example.com' },
    },
  };

  it('every other locale, its search page with the same query string; a locale on another domain by absolute URL', () => {
    expect(otherLocaleSearchPages(i18n, { baseUrl: '/', url: 'https://docs.example.com' }, 'search', '?q=build&version=1.x')).toEqual([
      { locale: 'fr', label: 'Français', htmlLang: 'fr-FR', href: '/fr/search?q=build&version=1.x' },
      { locale: 'ja', label: '日本語', htmlLang: 'ja', href: 'https://ja.docs.example.com/search?q=build&version=1.x' },
    ]);
  });

  it('from a translated locale, back to the default one; without baseUrl in the configs (Docusaurus < 3.7), derived as it was', () => {
    const old = { currentLocale: 'fr', defaultLocale: 'en', locales: ['en', 'fr', 'de'], localeConfigs: { en: { label: 'English' }, fr: { label: 'Français' }, de: {} } };
    expect(otherLocaleSearchPages(old, { baseUrl: '/docs/fr/', url: 'https://x.dev' }, '/recherche/', '').map((page) => page.href)).toEqual(['/docs/recherche', '/docs/de/recherche']);
    expect(otherLocaleSearchPages({ ...old, locales: ['fr'] }, { baseUrl: '/fr/', url: 'https://x.dev' }, 'search', '')).toEqual([]);
  });
});

describe('shippedTranslations', () => {
  it('French for fr and its regional locales, the plural forms included; nothing for a language not shipped', () => {
    expect(shippedTranslations('fr')['theme.SearchPage.allVersions']).toBe('Toutes les versions');
    expect(shippedTranslations('fr-CA')['theme.SearchPage.documentsFound.plurals']).toBe('Un résultat|{count} résultats');
    expect(shippedTranslations('de')).toEqual({});
  });
});

/** A page of each version in English, and the French build's copy of the 2.x page. */
function records(): DocRecord[] {
  const page = (objectID: string, url: string, title: string, language: string, tag: string): DocRecord => ({
    objectID,
    url,
    url_without_anchor: url,
    anchor: null,
    type: 'lvl1',
    content: null,
    hierarchy: { lvl0: 'Guide', lvl1: title, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    language,
    docusaurus_tag: tag,
  });
  return [
    page('v2', '/guide/build', 'Building for production', 'en', 'docs-default-current'),
    page('v1', '/1.x/guide/build', 'Building for production with Rollup options', 'en', 'docs-default-1.x'),
    page('blog', '/blog/release', 'Building the release notes', 'en', 'default'),
    page('fr-v2', '/fr/guide/build', 'Building pour la production', 'fr', 'docs-default-current'),
  ];
}

let server: LocalSearchServer;
beforeAll(async () => {
  server = await startServer({ indexes: { docs: records() } });
});
afterAll(() => server?.close());

/** The local engine as the browser's local client answers it (records in memory). */
function engineClient(): SearchClientLike {
  const engine = new SearchEngine(memorySource(buildIndex(records())));
  return {
    search: async (request) => ({ results: await Promise.all(normalizeMultiQuery(request as never).map((query) => engine.search(query.params, query.indexName))) }),
  };
}

const backends: Array<[string, () => SearchClientLike]> = [
  ['the local engine', engineClient],
  [
    "the provider's lite client (loopback server)",
    () => liteClient(DEFAULT_APP_ID, DEFAULT_API_KEY, { hosts: [{ url: server.url.replace('http://', ''), protocol: 'http', accept: 'read' }] }) as unknown as SearchClientLike,
  ],
];

describe.each(backends)('the chosen version as filters, run by %s', (_, client) => {
  async function search(locale: string, query: string) {
    const choice = readVersionChoice(query, DOCS, defaultVersionChoice(DOCS));
    const options = withContextualFilters({ indices: ['docs'] }, contextualFacetFilters(locale, versionSearchTags(DOCS, choice)));
    const paged = createPagedSearch({ searchClient: client(), indices: searchPageIndices(options as never) });
    await paged.search('building');
    return paged.get().results[0]?.hits ?? [];
  }
  const ids = async (locale: string, query: string) => (await search(locale, query)).map((hit) => hit.objectID).sort();

  it("the latest by default, the URL's version when it names one, every version with all; always the page's locale", async () => {
    expect(await ids('en', '?q=building')).toEqual(['blog', 'v2']);
    expect(await ids('en', '?q=building&version=1.x')).toEqual(['blog', 'v1']);
    expect(await ids('en', '?q=building&version=all')).toEqual(['blog', 'v1', 'v2']);
    expect(await ids('fr', '?q=building&version=all')).toEqual(['fr-v2']);
  });

  it('each hit comes back with its docusaurus_tag, so the page can name its version', async () => {
    const labels = Object.fromEntries((await search('en', '?version=all')).map((hit) => [hit.objectID, hitVersionLabel(hit, DOCS)]));
    expect(labels).toEqual({ blog: undefined, v1: '1.x', v2: '2.x' });
  });
});
