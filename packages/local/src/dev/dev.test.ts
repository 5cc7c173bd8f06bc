import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalSearchClient } from '../client/index.js';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDevIndex, crawlDevServer, crawlSite, createDevIndex, fileForPath, LATE_CLIENT_DEPENDENCIES, pageLinks, type DevIndexSettings, type DevPage } from './index.js';

const article = (title: string, text: string, links = '') => `<html><head><title>${title}</title></head><body><main><article><h1>${title}</h1><p>${text}</p>${links}</article></main></body></html>`;

describe('the dev crawler', () => {
  const page = new URL('http://127.0.0.1:4321/docs/guide/');

  it('follows same-site page links under the base, once each, without queries or fragments', () => {
    const html = `
      <a href="/docs/a/">a</a> <a href='../b/#part'>b</a> <a href=/docs/c.html?x=1>c</a>
      <a href="/docs/a/">again</a> <a href="https://example.com/docs/x/">other site</a>
      <a href="/elsewhere/">outside the base</a> <a href="/docs/file.pdf">file</a> <a href="/docs/">home</a>`;
    expect(pageLinks(html, page, '/docs/').sort()).toEqual(['/docs/', '/docs/a/', '/docs/b/', '/docs/c.html']);
  });

  it('follows a page\'s translations (hreflang alternates, absolute on the configured site) but no other <link>', () => {
    const html = `
      <link rel="stylesheet" href="/docs/style.css"><link rel="canonical" href="/docs/canonical/">
      <link rel="alternate" hreflang="en" href="https://docs.example.com/docs/guide/">
      <link rel="alternate" hreflang="fr" href="https://docs.example.com/docs/fr/guide/">
      <link rel="alternate" type="application/rss+xml" href="/docs/feed/">`;
    expect(pageLinks(html, page, '/docs/').sort()).toEqual(['/docs/fr/guide/', '/docs/guide/']);
  });

  it('keys each path by the file a static build would write', () => {
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
        expect(written.has(file), `${file} handed over twice`).toBe(false);
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

describe('buildDevIndex', () => {
  const records = (files: Map<string, string>) =>
    [...files].filter(([path]) => path.startsWith('records/')).flatMap(([, text]) => JSON.stringify(JSON.parse(text)));

  it('indexes each page once whatever its spelling, at the URL a build gives it, and skips excluded folders and 404', () => {
    const pages: DevPage[] = [
      { path: '/docs/guide', html: article('Guide', 'Install the bundler first.') },
      { path: '/docs/guide/', html: article('Guide', 'Install the bundler first.') },
      { path: '/docs/guide/index.html', html: article('Guide', 'Install the bundler first.') },
      { path: '/docs/drafts/secret/', html: article('Secret', 'Not for visitors.') },
      { path: '/docs/404.html', html: article('Not found', 'Nothing here.') },
    ];
    const index = buildDevIndex(pages, { base: '/docs/', exclude: ['drafts'] });
    expect(index.pages).toBe(1);
    expect(index.files.has('manifest.json')).toBe(true);
    const text = records(index.files).join('\n');
    expect(text).toContain('/docs/guide/');
    expect(text).toContain('Install the bundler first.');
    expect(text).not.toContain('Not for visitors');
    expect(text).not.toContain('Nothing here');
  });

  it('ranks release posts -1 and follows pageRank, as the build does', () => {
    const pages: DevPage[] = [
      { path: '/docs/guide/', html: article('Guide', 'Install the bundler first.') },
      { path: '/docs/blog/v2', html: article('Version 2', 'Install it again.') },
      { path: '/docs/api/', html: article('API', 'Install it by hand.') },
    ];
    const ranks = (pageRank?: Record<string, number>) => (JSON.parse(buildDevIndex(pages, { base: '/docs/', pageRank }).files.get('manifest.json')!) as { pageRanks?: number[] }).pageRanks;
    // Two records a page (its title, its paragraph), in page order: the post's are ids 2 and 3.
    expect(ranks()).toEqual([2, 4, -1]);
    expect(ranks({ '*': 0 })).toBeUndefined();
    expect(ranks({ '/docs/api/': 1 })?.filter((_, i) => i % 3 === 2)).toEqual([-1, 1]);
  });

  it('holds the site\'s synonyms, as the build does (and no field without them)', () => {
    const pages: DevPage[] = [{ path: '/docs/retry/', html: article('Retry', 'Run a failing test again.') }];
    const synonymsOf = (synonyms?: DevIndexSettings['synonyms']) => (JSON.parse(buildDevIndex(pages, { base: '/docs/', ...(synonyms ? { synonyms } : {}) }).files.get('manifest.json')!) as { synonyms?: unknown }).synonyms;
    expect(synonymsOf([{ objectID: 'flaky', type: 'oneWaySynonym', input: 'flaky', synonyms: ['retry'] }])).toEqual([[0, 'flaky', 'retry']]);
    expect(synonymsOf()).toBeUndefined();
  });

  it('records the pages\' languages and segments their words, as the build does', () => {
    const pages: DevPage[] = [
      { path: '/zh/', html: '<html lang="zh-CN"><body><main><h1>指南</h1><p>你可以使用快捷键来创建索引文件。</p></main></body></html>' },
      { path: '/en/', html: '<html lang="en"><body><main><h1>Guide</h1><p>Configuring the server.</p></main></body></html>' },
    ];
    const index = buildDevIndex(pages, { base: '/' });
    expect(JSON.parse(index.files.get('manifest.json')!)).toMatchObject({ languages: ['en', 'zh'], segmented: true });
    expect(index.files.get('terms/all.json')).toContain('["索引"');
  });
});

describe('createDevIndex', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

  /** A dev server on loopback: its pages, with the dev index's middleware in front. */
  async function devServer(pages: Record<string, string>) {
    const logs: string[] = [];
    let builds = 0;
    const devIndex = createDevIndex({
      base: '/',
      pages: (origin) => {
        builds++;
        return crawlDevServer({ origin, base: '/', start: ['/'] });
      },
      log: { info: (message) => logs.push(message), warn: (message) => logs.push(`warn: ${message}`) },
    });
    server = createServer((request, response) =>
      devIndex.middleware(request, response, () => {
        const html = pages[new URL(request.url ?? '/', 'http://localhost').pathname];
        if (html === undefined) response.writeHead(404).end('not found');
        else response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
      }),
    );
    await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { url, logs, devIndex, builds: () => builds };
  }

  it('crawls the running server on the first search and answers from the pages it found', async () => {
    const site = await devServer({
      '/': article('Home', 'Welcome.', '<a href="/guide">guide</a> <a href="/guide/index.html">again</a>'),
      '/guide': article('Guide', 'Environment variables are read at startup.'),
      '/guide/index.html': article('Guide', 'Environment variables are read at startup.'),
    });
    const client = createLocalSearchClient({ url: `${site.url}/sitesearch/` });
    const { results } = await client.search([{ indexName: 'docs', query: 'environment variables' }]);
    const hits = results[0]!.hits as { url: string }[];
    expect(hits.length).toBeGreaterThan(0);
    expect(hits[0]!.url).toMatch(/^\/guide\//);
    // Both spellings of the guide are one page.
    expect(new Set(hits.map((hit) => hit.url.replace(/#.*/, '')))).toEqual(new Set(['/guide/']));
    expect(site.logs.join('\n')).toContain('indexed 2 dev pages');
    expect(site.builds()).toBe(1);

    const missing = await fetch(`${site.url}/sitesearch/nothing.json`);
    expect(missing.status).toBe(404);
    // A change marks the index stale: the next request rebuilds it.
    site.devIndex.invalidate();
    expect((await fetch(`${site.url}/sitesearch/manifest.json`)).status).toBe(200);
    expect(site.builds()).toBe(2);
  });
});

describe('LATE_CLIENT_DEPENDENCIES', () => {
  it("lists every package module the browser client's engine imports, and nothing else", () => {
    const engine = join(import.meta.dirname, '..', 'engine');
    const imported = new Set<string>();
    for (const file of readdirSync(engine, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      for (const match of readFileSync(join(engine, file), 'utf8').matchAll(/(?:from |import\()'([^'.][^']*)'/g)) imported.add(match[1]!);
    }
    expect([...imported].sort()).toEqual([...LATE_CLIENT_DEPENDENCIES].sort());
  });
});
