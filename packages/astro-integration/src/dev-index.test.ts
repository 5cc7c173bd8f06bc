import { describe, expect, it } from 'vitest';
import { crawlSite, fileForPath, pageLinks } from './dev-index.js';

describe('the dev crawler', () => {
  const page = new URL('http://127.0.0.1:4321/docs/guide/');

  it('follows same-site page links under the base, once each, without queries or fragments', () => {
    const html = `
      <a href="/docs/a/">a</a> <a href='../b/#part'>b</a> <a href=/docs/c.html?x=1>c</a>
      <a href="/docs/a/">again</a> <a href="https://example.com/docs/x/">other site</a>
      <a href="/elsewhere/">outside the base</a> <a href="/docs/file.pdf">file</a> <a href="/docs/">home</a>`;
    expect(pageLinks(html, page, '/docs/').sort()).toEqual(['/docs/', '/docs/a/', '/docs/b/', '/docs/c.html']);
  });

  it('writes each path where a static build would', () => {
    expect(fileForPath('/docs/', '/docs/')).toBe('index.html');
    expect(fileForPath('/docs/guide/', '/docs/')).toBe('guide/index.html');
    expect(fileForPath('/docs/guide', '/docs/')).toBe('guide/index.html');
    expect(fileForPath('/docs/a.html', '/docs/')).toBe('a.html');
    expect(fileForPath('/docs/caf%C3%A9/', '/docs/')).toBe('café/index.html');
  });
});

describe('crawlSite', () => {
  /** A dev server in miniature: each page's HTML by path, with the fetches it answered. */
  function site(pages: Record<string, string>) {
    const fetched: string[] = [];
    return {
      fetched,
      async fetchPage(path: string) {
        fetched.push(path);
        const html = pages[path];
        return html === undefined ? undefined : { html, url: new URL(path, 'http://127.0.0.1:4321') };
      },
    };
  }

  async function crawl(start: string[], pages: Record<string, string>) {
    const server = site(pages);
    const written = new Map<string, string>();
    const count = await crawlSite({
      start,
      base: '/',
      fetchPage: server.fetchPage,
      onPage: async (file, page) => {
        expect(written.has(file), `${file} written twice`).toBe(false);
        written.set(file, page.html);
      },
    });
    return { count, written, fetched: server.fetched };
  }

  it('makes one page of /x, /x/ and /x/index.html, fetched once', async () => {
    const x = '<h1>X</h1>';
    const home = '<a href="/x">a</a> <a href="/x/">b</a> <a href="/x/index.html">c</a> <a href="x#top">d</a>';
    const { count, written, fetched } = await crawl(['/'], { '/': home, '/x': x, '/x/': x, '/x/index.html': x });
    expect(count).toBe(2);
    expect([...written.keys()].sort()).toEqual(['index.html', 'x/index.html']);
    expect(fetched.filter((path) => path.startsWith('/x'))).toHaveLength(1);
  });

  it('does not fetch a route again when pages link to it with another spelling', async () => {
    const { count, fetched } = await crawl(['/', '/guide/'], { '/': '<a href="/guide">guide</a>', '/guide/': '<a href="/">home</a>' });
    expect(count).toBe(2);
    expect(fetched).toEqual(['/', '/guide/']);
  });

  it('tries another spelling of a page when the first one fails', async () => {
    // Under trailingSlash: 'always', the dev server answers /x/ but not /x.
    const { count, written } = await crawl(['/'], { '/': '<a href="/x">a</a>', '/a/': '<a href="/x/">x</a>', '/x/': '<h1>X</h1> <a href="/a/">a</a>' });
    expect(count).toBe(1);
    expect([...written.keys()]).toEqual(['index.html']);
    const linked = await crawl(['/', '/a/'], { '/': '<a href="/x">a</a>', '/a/': '<a href="/x/">x</a>', '/x/': '<h1>X</h1>' });
    expect([...linked.written.keys()].sort()).toEqual(['a/index.html', 'index.html', 'x/index.html']);
    expect(linked.count).toBe(3);
    // Each spelling is asked for once, even when the page got its second chance late.
    expect(linked.fetched.filter((path) => path === '/x')).toHaveLength(1);
  });
});
