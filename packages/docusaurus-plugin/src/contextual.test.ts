import { describe, expect, it } from 'vitest';
import { resolveSidepanelOptions, resolveSiteSearchOptions } from '@sitesearch/islands/core';
import { SearchEngine, buildIndex, memorySource } from '@sitesearch/local/engine';
import type { DocRecord } from '@sitesearch/local/engine';
import {
  contextualFacetFilters,
  contextualSearchTags,
  facetFiltersExpression,
  isUnderPath,
  mergeFacetFilters,
  withContextualFilters,
  withLocaleFilter,
  type DocsPluginData,
} from './contextual.js';

/** The fixture site's docs: `current` at the root (the last version), the 1.x snapshot under /1.x. */
const ROOT_DOCS: Record<string, DocsPluginData> = {
  default: {
    path: '/',
    versions: [
      { name: 'current', path: '/', isLast: true },
      { name: '1.x', path: '/1.x', isLast: false },
    ],
  },
};

/** Two docs instances under their own paths, as multi-instance sites have. */
const TWO_INSTANCES: Record<string, DocsPluginData> = {
  default: {
    path: '/docs',
    versions: [
      { name: '3.0', path: '/docs', isLast: true },
      { name: 'current', path: '/docs/next', isLast: false },
      { name: '2.0', path: '/docs/2.0', isLast: false },
    ],
  },
  community: { path: '/community', versions: [{ name: 'current', path: '/community', isLast: true }] },
};

describe('isUnderPath (react-router matchPath, not exact, not strict)', () => {
  it('matches the path and what is below it, any case, with or without a trailing slash', () => {
    expect(isUnderPath('/1.x', '/1.x')).toBe(true);
    expect(isUnderPath('/1.x/', '/1.x')).toBe(true);
    expect(isUnderPath('/1.X/guide/build', '/1.x/')).toBe(true);
    expect(isUnderPath('/1.xy/guide', '/1.x')).toBe(false);
    expect(isUnderPath('/guide', '/1.x')).toBe(false);
    expect(isUnderPath('/anything', '/')).toBe(true);
  });
});

describe('contextualSearchTags (useDocsContextualSearchTags + the default tag)', () => {
  it('names the version of the page being read', () => {
    expect(contextualSearchTags(ROOT_DOCS, '/guide/')).toEqual(['default', 'docs-default-current']);
    expect(contextualSearchTags(ROOT_DOCS, '/1.x/guide/build')).toEqual(['default', 'docs-default-1.x']);
    expect(contextualSearchTags(ROOT_DOCS, '/1.x')).toEqual(['default', 'docs-default-1.x']);
  });

  it('tries a version nested in another one\'s path first', () => {
    expect(contextualSearchTags(TWO_INSTANCES, '/docs/2.0/intro')).toEqual(['default', 'docs-default-2.0', 'docs-community-current']);
    expect(contextualSearchTags(TWO_INSTANCES, '/docs/next/intro')).toEqual(['default', 'docs-default-current', 'docs-community-current']);
    expect(contextualSearchTags(TWO_INSTANCES, '/docs/intro')).toEqual(['default', 'docs-default-3.0', 'docs-community-current']);
  });

  it('outside a docs plugin: the version the reader chose last, else the latest', () => {
    expect(contextualSearchTags(TWO_INSTANCES, '/blog/post')).toEqual(['default', 'docs-default-3.0', 'docs-community-current']);
    const preferred = (pluginId: string) => (pluginId === 'default' ? '2.0' : null);
    expect(contextualSearchTags(TWO_INSTANCES, '/blog/post', preferred)).toEqual(['default', 'docs-default-2.0', 'docs-community-current']);
    // The page's own version wins over the preferred one; an unknown preferred name is ignored.
    expect(contextualSearchTags(TWO_INSTANCES, '/docs/next/intro', preferred)[1]).toBe('docs-default-current');
    expect(contextualSearchTags(TWO_INSTANCES, '/blog', () => 'gone')[1]).toBe('docs-default-3.0');
  });

  it('is the default tag alone on a site without docs', () => {
    expect(contextualSearchTags({}, '/blog')).toEqual(['default']);
  });
});

describe('contextualFacetFilters and mergeFacetFilters (theme-search-algolia 3.10 shapes)', () => {
  it('is the locale, then an OR list of the tags', () => {
    expect(contextualFacetFilters('fr', ['default', 'docs-default-1.x'])).toEqual(['language:fr', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-1.x']]);
  });

  it('merges by concatenation, the contextual filters first', () => {
    expect(mergeFacetFilters(['language:en'], ['type:content', ['a:1', 'a:2']])).toEqual(['language:en', 'type:content', ['a:1', 'a:2']]);
    expect(mergeFacetFilters(['language:en'], 'type:content')).toEqual(['language:en', 'type:content']);
    expect(mergeFacetFilters(undefined, 'type:content')).toEqual(['type:content']);
    expect(mergeFacetFilters(['language:en'], undefined)).toEqual(['language:en']);
    expect(mergeFacetFilters(undefined, undefined)).toBeUndefined();
  });
});

describe('withContextualFilters (the modal)', () => {
  const filters = contextualFacetFilters('en', ['default', 'docs-default-current']);

  it('leaves the options as they are when contextual search is off', () => {
    const options = { indices: ['docs'], askAi: 'assistant', searchParameters: { facetFilters: ['type:content'] } };
    expect(withContextualFilters(options, undefined)).toBe(options);
  });

  it('adds the filters to every index, after none, or before the ones written', () => {
    const result = withContextualFilters({ indices: ['docs', { name: 'blog', searchParameters: { hitsPerPage: 5, facetFilters: ['type:content'] } }] }, filters);
    expect(result.indices).toEqual([
      { name: 'docs', searchParameters: { facetFilters: filters } },
      { name: 'blog', searchParameters: { hitsPerPage: 5, facetFilters: [...filters, 'type:content'] } },
    ]);
  });

  it('keeps the deprecated top-level facetFilters (which an index\'s own would hide)', () => {
    expect(withContextualFilters({ indices: ['docs'], searchParameters: { facetFilters: ['type:content'] } }, filters).indices).toEqual([
      { name: 'docs', searchParameters: { facetFilters: [...filters, 'type:content'] } },
    ]);
    expect(withContextualFilters({ indexName: 'docs', searchParameters: { facetFilters: ['type:content'], hitsPerPage: 3 } }, filters)).toEqual({
      indexName: 'docs',
      searchParameters: { facetFilters: [...filters, 'type:content'], hitsPerPage: 3 },
    });
  });

  it("gives Ask AI the same filters as a `filters` expression (its facetFilters take no OR list), after the user's", () => {
    const expression = 'language:"en" AND (docusaurus_tag:"default" OR docusaurus_tag:"docs-default-current")';
    expect(withContextualFilters({ indices: ['docs'], askAi: 'assistant' }, filters).askAi).toEqual({ assistantId: 'assistant', searchParameters: { filters: expression } });
    expect(withContextualFilters({ indices: ['docs'], askAi: { assistantId: 'a', searchParameters: { filters: 'type:content', facetFilters: ['lvl0:Guide'] } } }, filters).askAi).toEqual({
      assistantId: 'a',
      searchParameters: { filters: `(type:content) AND ${expression}`, facetFilters: ['lvl0:Guide'] },
    });
    // The agent backend's parameters are keyed by index name.
    expect(withContextualFilters({ indices: [{ name: 'docs' }], askAi: { assistantId: 'a', agentStudio: true, searchParameters: { docs: { distinct: true } } } }, filters).askAi).toEqual({
      assistantId: 'a',
      agentStudio: true,
      searchParameters: { docs: { distinct: true, filters: expression } },
    });
  });
});

describe('the filtered options, as the core resolves them (what the hosted provider and the local index get)', () => {
  const filters = contextualFacetFilters('en', ['default', 'docs-default-1.x']);
  const client = { search: async () => ({ results: [] }) };

  it('every index searches with them, and Ask AI retrieves with them', () => {
    const resolved = resolveSiteSearchOptions(withContextualFilters({ appId: 'APP', apiKey: 'KEY', indices: ['docs', { name: 'blog', searchParameters: { facetFilters: ['type:content'] } }], askAi: 'assistant' }, filters), 'integration');
    expect(resolved.indices.map((index) => index.searchParameters?.facetFilters)).toEqual([filters, [...filters, 'type:content']]);
    expect(resolved.askAi?.searchParameters).toEqual({ filters: 'language:"en" AND (docusaurus_tag:"default" OR docusaurus_tag:"docs-default-1.x")' });
  });

  it('the agent backend accepts its keyed shape', () => {
    const resolved = resolveSiteSearchOptions(withContextualFilters({ indices: ['docs'], searchClient: client, askAi: { assistantId: 'agent', agentStudio: true } }, filters), 'integration');
    expect(resolved.askAi?.searchParameters).toEqual({ docs: { filters: 'language:"en" AND (docusaurus_tag:"default" OR docusaurus_tag:"docs-default-1.x")' } });
  });
});

describe('withLocaleFilter (the Sidepanel)', () => {
  it('filters by the locale only, so moving between versions keeps the conversation', () => {
    const panel = withLocaleFilter({ assistantId: 'local', indexName: 'docs' }, 'fr');
    expect(panel).toEqual({ assistantId: 'local', indexName: 'docs', searchParameters: { filters: 'language:"fr"' } });
    const client = { search: async () => ({ results: [] }) };
    expect(resolveSidepanelOptions({ ...panel, searchClient: client }, 'integration').searchParameters).toEqual({ filters: 'language:"fr"' });
  });
});

describe('the filters on the local engine', () => {
  const record = (url: string, language: string, tag: string, title: string): DocRecord => ({
    objectID: url,
    url,
    url_without_anchor: url,
    anchor: null,
    type: 'lvl1',
    hierarchy: { lvl0: 'Docs', lvl1: title, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    content: null,
    language,
    docusaurus_tag: tag,
  });
  const engine = new SearchEngine(
    memorySource(
      buildIndex([
        record('/guide/build', 'en', 'docs-default-current', 'Building for Production'),
        record('/1.x/guide/build', 'en', 'docs-default-1.x', 'Building for Production'),
        record('/blog/release-notes', 'en', 'default', 'Building a blog for production'),
        record('/blog', 'en', 'blog_posts_list', 'Building the blog list'),
        record('/fr/guide/build', 'fr', 'docs-default-current', 'Building en production'),
      ]),
    ),
  );
  const urls = async (parameters: Record<string, unknown>) => (await engine.search({ query: 'building', ...parameters })).hits.map((hit) => hit.url).sort();
  const onCurrent = contextualFacetFilters('en', ['default', 'docs-default-current']);
  const on1x = contextualFacetFilters('en', ['default', 'docs-default-1.x']);

  it('as facetFilters: the page\'s version and the blog posts, in its locale', async () => {
    expect(await urls({})).toHaveLength(5);
    expect(await urls({ facetFilters: onCurrent })).toEqual(['/blog/release-notes', '/guide/build']);
    expect(await urls({ facetFilters: on1x })).toEqual(['/1.x/guide/build', '/blog/release-notes']);
    expect(await urls({ facetFilters: contextualFacetFilters('fr', ['default', 'docs-default-current']) })).toEqual(['/fr/guide/build']);
  });

  it('as the `filters` expression Ask AI gets: the same pages', async () => {
    expect(await urls({ filters: facetFiltersExpression(onCurrent) })).toEqual(['/blog/release-notes', '/guide/build']);
    expect(await urls({ filters: facetFiltersExpression(on1x) })).toEqual(['/1.x/guide/build', '/blog/release-notes']);
    expect(await urls({ filters: facetFiltersExpression(['-docusaurus_tag:default', 'language:en']) })).toEqual(['/1.x/guide/build', '/blog', '/guide/build']);
  });
});
