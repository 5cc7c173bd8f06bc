import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractPage } from './extract.js';

const fixture = (path: string): string => readFileSync(new URL(`./__fixtures__/site/${path}`, import.meta.url), 'utf8');
const summary = (records: { type: string; url: string; content: string | null; hierarchy: Record<string, string | null> }[]): string[] =>
  records.map((record) => `${record.type} ${record.url} ${Object.values(record.hierarchy).filter(Boolean).join(' > ')}${record.content ? ` | ${record.content}` : ''}`);

describe('extractPage on Starlight markup', () => {
  const { records } = extractPage(fixture('guides/example.html'), { url: '/guides/example/' });

  it('builds one record per heading and per block, with the nearest heading anchor', () => {
    expect(summary(records)).toEqual([
      'lvl1 /guides/example/ Guides > Example Guide',
      'content /guides/example/ Guides > Example Guide | Guides lead a user through a specific task they want to accomplish.',
      'lvl2 /guides/example/#further-reading Guides > Example Guide > Further reading',
      'content /guides/example/#further-reading Guides > Example Guide > Further reading | Read about how-to guides in the Diátaxis framework',
      'content /guides/example/#further-reading Guides > Example Guide > Further reading | Use defineConfig for type hints',
      'lvl3 /guides/example/#tables Guides > Example Guide > Further reading > Tables & cells',
      'content /guides/example/#tables Guides > Example Guide > Further reading > Tables & cells | Option',
      'content /guides/example/#tables Guides > Example Guide > Further reading > Tables & cells | Default',
      'content /guides/example/#tables Guides > Example Guide > Further reading > Tables & cells | port',
      'content /guides/example/#tables Guides > Example Guide > Further reading > Tables & cells | 4321',
    ]);
  });

  it('skips navigation, footers, tables of contents, permalinks, code, scripts and data-sitesearch-ignore', () => {
    const text = JSON.stringify(records);
    for (const unwanted of ['Next: Reference', 'Last updated', 'Section titled', 'Advertisement', 'secretCode', 'indexed = false', 'Search']) {
      expect(text).not.toContain(unwanted);
    }
  });

  it('fills every field of the provider schema, and turns sitesearch meta tags into attributes', () => {
    expect(records[2]).toEqual({
      objectID: expect.stringMatching(/^[0-9a-f]{16}$/),
      url: '/guides/example/#further-reading',
      url_without_anchor: '/guides/example/',
      anchor: 'further-reading',
      type: 'lvl2',
      hierarchy: { lvl0: 'Guides', lvl1: 'Example Guide', lvl2: 'Further reading', lvl3: null, lvl4: null, lvl5: null, lvl6: null },
      content: null,
      lang: 'en',
      language: 'en',
      version: '2.0',
    });
  });

  it("gives every record the page's <html lang> as written, as the DocSearch scraper does (a meta tag's lang wins)", () => {
    const page = (head: string, lang = ' lang="en-US"') => `<!doctype html><html${lang}><head><title>T</title>${head}</head><body><main><h1>Title</h1><h2 id="a">A</h2><p>Text.</p></main></body></html>`;
    expect(extractPage(page(''), { url: '/a/' }).records.map((record) => record.lang)).toEqual(['en-US', 'en-US', 'en-US']);
    expect(extractPage(page('<meta name="docsearch:lang" content="fr">'), { url: '/a/' }).records[0]?.lang).toBe('fr');
    expect(extractPage(page('', ''), { url: '/a/' }).records[0]).not.toHaveProperty('lang');
  });

  it('gives the same objectIDs on every build, and distinct ones within a page', () => {
    const again = extractPage(fixture('guides/example.html'), { url: '/guides/example/' }).records;
    expect(again.map((record) => record.objectID)).toEqual(records.map((record) => record.objectID));
    expect(new Set(records.map((record) => record.objectID)).size).toBe(records.length);
  });
});

describe('extractPage on Docusaurus markup', () => {
  const { records } = extractPage(fixture('docs/intro/index.html'), { url: '/docs/intro' });

  it('takes the sidebar category as lvl0 and the article header h1 as the title', () => {
    expect(summary(records)).toEqual([
      'lvl1 /docs/intro Getting Started > Tutorial Intro',
      "content /docs/intro Getting Started > Tutorial Intro | Let's discover Docusaurus in less than 5 minutes.",
      'lvl2 /docs/intro#getting-started Getting Started > Tutorial Intro > Getting Started',
      'content /docs/intro#getting-started Getting Started > Tutorial Intro > Getting Started | Get started by creating a new site.',
      "lvl3 /docs/intro#what-youll-need Getting Started > Tutorial Intro > Getting Started > What you'll need",
      "content /docs/intro#what-youll-need Getting Started > Tutorial Intro > Getting Started > What you'll need | Node.js version 18.0 or above",
    ]);
  });

  it("reads Docusaurus' docsearch meta tags, docusaurus_tag included", () => {
    expect(records[0]).toMatchObject({ language: 'en', version: 'current', docusaurus_tag: 'docs-default-current' });
  });
});

describe('extractPage on plain and unusual pages', () => {
  it('falls back to <title> and to the first URL segment when there is no h1 and no category', () => {
    const { records } = extractPage('<html><head><title>Plain</title></head><body><p>Hello there</p></body></html>', { url: '/my-topic/page' });
    expect(summary(records)).toEqual(['lvl1 /my-topic/page My topic > Plain', 'content /my-topic/page My topic > Plain | Hello there']);
  });

  it('takes a title from <title> without the site name that its separator sets apart', () => {
    const lvl1 = (title: string, head = '') => extractPage(`<html><head><title>${title}</title>${head}</head><body><p>Text</p></body></html>`, { url: '/x' }).records[0]?.hierarchy.lvl1;
    const named = (name: string) => `<meta property="og:site_name" content="${name}">`;
    // The home page of a site named as its page: one of the two.
    expect(lvl1('Vitest | Vitest')).toBe('Vitest');
    expect(lvl1('Config | Vitest', named('Vitest'))).toBe('Config');
    expect(lvl1('Vitest — Config Reference', named('vitest'))).toBe('Config Reference');
    expect(lvl1('Install - Windows – My Docs', '<meta name="application-name" content="My Docs">')).toBe('Install - Windows');
    expect(lvl1('Guide · Part 1 · Acme', named('Acme'))).toBe('Guide · Part 1');
    // Without the site's name, no side can be told from a page's name: as it is.
    expect(lvl1('Config | Vitest')).toBe('Config | Vitest');
    expect(lvl1('Install - Windows', named('Acme'))).toBe('Install - Windows');
    expect(lvl1('Vitest', named('Vitest'))).toBe('Vitest');
  });

  it('survives malformed HTML and keeps its text', () => {
    const { records } = extractPage(fixture('reference/index.html'), { url: '/reference/' });
    expect(records[0]).toMatchObject({ type: 'lvl1', hierarchy: { lvl0: 'Reference', lvl1: 'API Reference' } });
    expect(records[1]).toMatchObject({ type: 'lvl2', hierarchy: { lvl2: 'createThing()' } });
    expect(JSON.stringify(records)).toContain('Creates a thing.');
  });

  it('skips pages marked noindex, and pages with no title', () => {
    expect(extractPage(fixture('private.html'), { url: '/private' })).toEqual({ records: [], skipped: 'marked noindex' });
    expect(extractPage('<html><body data-sitesearch-ignore><h1>x</h1></body></html>', { url: '/x' }).skipped).toBe('marked noindex');
    expect(extractPage('<p>no title anywhere</p>', { url: '/x' }).skipped).toMatch(/no title/);
    expect(extractPage('', { url: '/x' }).skipped).toMatch(/no title/);
  });

  it('collapses whitespace and drops zero-width characters in text as joining, replacing and trimming would', () => {
    const inner = ' a\u200b b\u00a0\u00a0c\u200bd <b>e</b>f\n\tg<div>h</div>i \u200b <span> j </span>\ufeffk\u2028l \u200b';
    const { records } = extractPage(`<html><body><h1>T</h1><ul><li>${inner}</li></ul><p>\u200b \u00a0</p></body></html>`, { url: '/t' });
    const reference = ' a\u200b b\u00a0\u00a0c\u200bd ef\n\tg h i \u200b  j \ufeffk\u2028l \u200b'
      .replace(/[\u200b\u200c\u200d\ufeff]/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    expect(reference).toBe('a b cd ef g h i j k l');
    expect(records.map((record) => record.content)).toEqual([null, reference]);
  });

  it('merges repeated meta tags into a list, and never lets one overwrite a record field', () => {
    const html = `<html><head><title>T</title>
      <meta name="sitesearch:tag" content="a"><meta name="sitesearch:tag" content="b">
      <meta name="sitesearch:url" content="/evil"><meta name="sitesearch:lvl0" content="From Meta"></head><body><h1>T</h1></body></html>`;
    const [record] = extractPage(html, { url: '/t' }).records;
    expect(record).toMatchObject({ url: '/t', tag: ['a', 'b'], hierarchy: { lvl0: 'From Meta' } });
  });

  it('uses custom selectors, and names a bad one', () => {
    const html = '<html><body><div class="doc"><div class="title">Custom</div><div class="para">Body text</div></div><p>outside</p></body></html>';
    const { records } = extractPage(html, {
      url: '/c',
      selectors: { content: ['.doc'], lvl1: ['.title'], text: ['.para'] },
    });
    expect(summary(records)).toEqual(['lvl1 /c C > Custom', 'content /c C > Custom | Body text']);
    expect(() => extractPage(html, { url: '/c', selectors: { text: ['p[[['] } })).toThrow(/selectors\.text is not valid CSS/);
    expect(() => extractPage(html, { url: '/c', selectors: { text: [] } })).not.toThrow();
    expect(() => extractPage(html, { url: '/c', selectors: { ignore: 'nav' as unknown as string[] } })).toThrow(/selectors\.ignore must be an array/);
  });
});

describe('extractPage and languages', () => {
  it('gives each record the nearest lang above it: the element\'s own where it differs, else <html lang>', () => {
    const html = `<!doctype html><html lang="ja-JP"><head><title>t</title></head><body><main>
      <h1>はじめに</h1><p>インストール</p>
      <section lang="en"><h2>Install</h2><p>Run it.</p><p lang="">Unknown</p></section>
      <p lang="zh-Hant">設定</p></main></body></html>`;
    const result = extractPage(html, { url: '/ja/' });
    expect(result.records.map((record, i) => `${record.content ?? record.type} ${result.languages![i]}`)).toEqual([
      'lvl1 ja',
      'インストール ja',
      'lvl2 en',
      'Run it. en',
      'Unknown undefined',
      '設定 zh',
    ]);
  });

  it('has no language when the page says none', () => {
    const result = extractPage('<html><body><h1>Title</h1><p>text</p></body></html>', { url: '/' });
    expect(result.languages).toEqual([undefined, undefined]);
  });
});
