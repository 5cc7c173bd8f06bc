import { describe, expect, it } from 'vitest';
import type { DocHit } from '@sitesearch/islands/core';
import { chainTransformItems, siteResultUrls, widgetOptions } from './shared.js';

const hit = (url: string): DocHit => ({ objectID: url, url, type: 'lvl1', hierarchy: { lvl0: 'Guide', lvl1: 'Page' } }) as unknown as DocHit;
const urls = (items: DocHit[]) => items.map((item) => item.url);

describe('siteResultUrls', () => {
  it("makes the site's absolute URLs paths of the serving host; other origins and externalUrlRegex matches stay", () => {
    const transform = siteResultUrls({ siteUrl: 'https://docs.example.com', externalUrlRegex: 'example\\.com/api/' });
    expect(urls(transform([hit('https://docs.example.com/guide/build#top'), hit('/guide/'), hit('https://other.org/page'), hit('https://docs.example.com/api/x')]))).toEqual([
      '/guide/build#top',
      '/guide/',
      'https://other.org/page',
      'https://docs.example.com/api/x',
    ]);
  });

  it('applies replaceSearchResultPathname, then the site\'s own transformItems on the rewritten items', () => {
    const seen: string[][] = [];
    const transform = siteResultUrls({ siteUrl: 'https://docs.example.com', replaceSearchResultPathname: { from: '/docs/', to: '/' } }, (items) => {
      seen.push(urls(items));
      return items.slice(0, 1);
    });
    expect(urls(transform([hit('https://docs.example.com/docs/intro'), hit('/docs/next')]))).toEqual(['/intro']);
    expect(seen).toEqual([['/intro', '/next']]);
  });

  it('leaves a URL that must not become a link for the modal to drop', () => {
    const item = hit('javascript:alert(1)');
    expect(siteResultUrls({ siteUrl: 'https://docs.example.com' })([item])[0]).toBe(item);
  });
});

describe('widgetOptions', () => {
  it("drops the theme's own options and adds the URL rewrite when the site's url is given", () => {
    const options = widgetOptions({ appId: 'A', apiKey: 'K', indices: ['docs'], contextualSearch: true, searchPagePath: 'search', externalUrlRegex: 'x' } as never, 'https://docs.example.com');
    expect(Object.keys(options).sort()).toEqual(['apiKey', 'appId', 'indices', 'transformItems']);
    expect(widgetOptions({ appId: 'A', apiKey: 'K', indices: ['docs'] } as never).transformItems).toBeUndefined();
  });
});

describe('chainTransformItems', () => {
  it("runs a swizzled SearchBar's transformItems on the theme's rewritten items; either alone is kept as is", () => {
    const theme = (items: DocHit[]) => items.map((item) => ({ ...item, url: `${item.url}?theme` }));
    const own = (items: DocHit[]) => items.map((item) => ({ ...item, url: `${item.url}&own` }));
    expect(urls(chainTransformItems(theme, own)!([hit('/a')]))).toEqual(['/a?theme&own']);
    expect(chainTransformItems(theme, undefined)).toBe(theme);
    expect(chainTransformItems(undefined, own)).toBe(own);
    expect(chainTransformItems(undefined, undefined)).toBeUndefined();
  });
});
