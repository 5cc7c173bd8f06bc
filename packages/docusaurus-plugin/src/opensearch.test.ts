import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasOpenSearch, openSearchDescription, openSearchHeadTag, searchPageUrl, writeOpenSearchFile } from './opensearch.js';

const site = { title: 'Docs & Guides', url: 'https://example.com', baseUrl: '/docs/', favicon: 'img/favicon.svg', searchPagePath: 'search' as const };

describe('the OpenSearch description', () => {
  it('points browsers at the search page with the query, under the site URL and baseUrl', () => {
    const xml = openSearchDescription(site);
    expect(xml).toContain('<Url type="text/html" method="get" template="https://example.com/docs/search?q={searchTerms}"/>');
    expect(xml).toContain('template="https://example.com/docs/opensearch.xml"');
    expect(xml).toContain('<moz:SearchForm>https://example.com/docs/</moz:SearchForm>');
    expect(xml).toContain('<Image width="16" height="16" type="image/svg+xml">https://example.com/docs/img/favicon.svg</Image>');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/"')).toBe(true);
  });

  it("escapes the site's title, and leaves out the image without a favicon", () => {
    const xml = openSearchDescription({ ...site, title: '<Docs> & "more"', favicon: undefined });
    expect(xml).toContain('<ShortName>&#60;Docs&#62; &#38; &#34;more&#34;</ShortName>');
    expect(xml).not.toContain('<Image');
  });

  it('names one search page whatever the slashes of searchPagePath and the site URL', () => {
    expect(searchPageUrl({ url: 'https://example.com/', baseUrl: '/', searchPagePath: '/find/' })).toBe('https://example.com/find');
    expect(searchPageUrl({ url: 'https://example.com', baseUrl: '/fr/', searchPagePath: 'search' })).toBe('https://example.com/fr/search');
  });

  it('exists only with a search page and a browser router', () => {
    expect(hasOpenSearch({ searchPagePath: 'search' })).toBe(true);
    expect(hasOpenSearch({ searchPagePath: false })).toBe(false);
    expect(hasOpenSearch({ searchPagePath: 'search', router: 'hash' })).toBe(false);
  });

  it('is linked from every page, under baseUrl', () => {
    expect(openSearchHeadTag(site)).toEqual({
      tagName: 'link',
      attributes: { rel: 'search', type: 'application/opensearchdescription+xml', title: 'Docs & Guides', href: '/docs/opensearch.xml' },
    });
  });

  it('is written at the root of the built folder', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sitesearch-opensearch-'));
    try {
      await writeOpenSearchFile(dir, site);
      expect(await readFile(join(dir, 'opensearch.xml'), 'utf8')).toBe(openSearchDescription(site));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
