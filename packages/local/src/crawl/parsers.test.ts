import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodePage, headerDirectives, readPageLinks } from './page.js';
import { parseRobots } from './robots.js';
import { compilePattern } from '../url-pattern.js';
import { parseSitemap } from './sitemap.js';

const base = new URL('https://example.com/');
const allows = (text: string, path: string, agent = 'SiteSearchBot'): boolean => parseRobots(text, agent, base).allows(new URL(path, base));

describe('robots.txt', () => {
  it('takes the group naming the crawler over *, merging groups, and the longest rule (Allow on a tie)', () => {
    const text = 'User-agent: *\nDisallow: /\n\nUser-agent: OtherBot\nUser-agent: sitesearchbot\nDisallow: /docs/\nAllow: /docs/public\nCrawl-delay: 2.5\n\nUser-agent: SiteSearchBot\nDisallow: /tmp$\nAllow: /same\nDisallow: /same\n';
    expect(allows(text, '/guide/')).toBe(true);
    expect(allows(text, '/docs/x')).toBe(false);
    expect(allows(text, '/docs/public/page')).toBe(true);
    expect(allows(text, '/tmp')).toBe(false);
    expect(allows(text, '/tmp/file')).toBe(true);
    expect(allows(text, '/same')).toBe(true);
    expect(allows(text, '/guide/', 'SomeoneElse')).toBe(false);
    expect(parseRobots(text, 'SiteSearchBot', base).crawlDelayMs).toBe(2500);
  });

  it('matches * and $, percent-encodings, and always allows /robots.txt', () => {
    const text = 'User-agent: *\nDisallow: /*.pdf$\nDisallow: /*?session=\nDisallow: /caf%c3%a9\nDisallow: /ü\nSitemap: /sitemap-a.xml\nsitemap: https://cdn.example.com/b.xml\n';
    expect(allows(text, '/files/a.pdf')).toBe(false);
    expect(allows(text, '/files/a.pdf?x')).toBe(true);
    expect(allows(text, '/page?session=1')).toBe(false);
    expect(allows(text, '/café/menu')).toBe(false);
    expect(allows(text, '/über')).toBe(false);
    expect(allows('User-agent: *\nDisallow: /\n', '/robots.txt')).toBe(true);
    expect(parseRobots(text, 'SiteSearchBot', base).sitemaps).toEqual(['https://example.com/sitemap-a.xml', 'https://cdn.example.com/b.xml']);
  });
});

describe('sitemaps', () => {
  it('reads a urlset and an index, gzipped or not, with entities and CDATA', () => {
    expect(parseSitemap(Buffer.from('<urlset><url><loc> https://e.com/a?x=1&amp;y=2 </loc></url><url><loc><![CDATA[/b]]></loc></url></urlset>'), base)).toEqual({
      kind: 'urlset',
      urls: ['https://e.com/a?x=1&y=2', 'https://example.com/b'],
    });
    expect(parseSitemap(gzipSync('<?xml version="1.0"?><sm:sitemapindex xmlns:sm="x"><sm:sitemap><sm:loc>https://e.com/s.xml</sm:loc></sm:sitemap></sm:sitemapindex>'), base)).toEqual({ kind: 'index', urls: ['https://e.com/s.xml'] });
    expect(parseSitemap(Buffer.from('<html>not a sitemap</html>'), base)).toBeNull();
  });
});

describe('pages', () => {
  it('decodes by BOM, then header charset, then <meta>, then UTF-8', () => {
    const latin1 = Buffer.from('<meta charset="windows-1252"><p>caf\xe9</p>', 'latin1');
    expect(decodePage(latin1, 'text/html').html).toContain('café');
    expect(decodePage(latin1, 'text/html; charset="ISO-8859-1"').charset).toBe('windows-1252');
    expect(decodePage(Buffer.from('\ufeff<p>é</p>'), 'text/html; charset=iso-8859-1').html).toBe('<p>é</p>');
    expect(decodePage(Buffer.from('<p>é</p>'), 'text/html; charset=klingon')).toMatchObject({ html: '<p>é</p>', warning: 'unknown charset "klingon", read as UTF-8' });
  });

  it('reads X-Robots-Tag for every crawler or for this one only', () => {
    expect(headerDirectives('noindex, nofollow', 'SiteSearchBot')).toEqual({ noindex: true, nofollow: true });
    expect(headerDirectives('otherbot: noindex', 'SiteSearchBot')).toEqual({ noindex: false, nofollow: false });
    expect(headerDirectives('SiteSearchBot: none', 'SiteSearchBot')).toEqual({ noindex: true, nofollow: true });
    expect(headerDirectives('unavailable_after: 2030-01-01', 'SiteSearchBot')).toEqual({ noindex: false, nofollow: false });
  });

  it('collects links against <base>, without fragments or nofollow ones, and the canonical URL', () => {
    const found = readPageLinks(
      '<base href="/docs/"><link rel="Canonical" href="page#top"><a href="a.html#x">A</a><a rel="external nofollow" href="b.html">B</a><a href="mailto:x@y">M</a><a href="https://other.com/">O</a>',
      'https://example.com/x/page',
      'SiteSearchBot',
    );
    expect(found).toEqual({ links: ['https://example.com/docs/a.html', 'https://other.com/'], canonical: 'https://example.com/docs/page', robots: { noindex: false, nofollow: false } });
    expect(readPageLinks('<meta name="SiteSearchBot" content="nofollow"><a href="/a">A</a>', 'https://e.com/', 'SiteSearchBot').links).toEqual([]);
  });

  it('reads the target of a <meta http-equiv="refresh">, in the forms browsers accept', () => {
    const refresh = (content: string): string | undefined => readPageLinks(`<meta http-equiv="Refresh" content="${content}">`, 'https://e.com/docs/old.html', 'SiteSearchBot').refresh;
    expect(refresh('0; url=/docs/new/')).toBe('https://e.com/docs/new/');
    expect(refresh('0;URL=new.html#part')).toBe('https://e.com/docs/new.html');
    expect(refresh("5, url='https://e.com/x'")).toBe('https://e.com/x');
    expect(refresh('0; next.html')).toBe('https://e.com/docs/next.html');
    // A delay alone reloads the page; a refresh to the page itself is one too.
    expect(refresh('30')).toBeUndefined();
    expect(refresh('0; url=old.html')).toBeUndefined();
    expect(refresh('0; url=javascript:alert(1)')).toBeUndefined();
  });

  it('matches --include/--exclude patterns against the path and query, or the whole URL', () => {
    const url = new URL('https://example.com/docs/calendar?month=3');
    expect(compilePattern('*?month=*', '--exclude')(url)).toBe(true);
    expect(compilePattern('/docs/*', '--include')(url)).toBe(true);
    expect(compilePattern('/blog/*', '--include')(url)).toBe(false);
    expect(compilePattern('https://example.com/docs/*', '--include')(url)).toBe(true);
    expect(() => compilePattern('', '--exclude')).toThrow('--exclude needs a URL pattern such as "/blog/*", got ""');
  });
});
