import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SearchEngine } from '../engine/engine.js';
import { indexSite } from '../indexer/site.js';
import { fileSource } from '../indexer/write-index.js';
import { startStaticServer } from '../test-support/static-server.js';
import { CRAWL_DELAY_SECONDS, startCrawlSite, type CrawlSite } from '../test-support/crawl-site.js';
import { crawlSite, CrawlError, type CrawlReport } from './crawl.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let site: CrawlSite;
let scratch: string;
let report: CrawlReport;
let log = '';

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'sitesearch-crawl-'));
  site = await startCrawlSite();
  report = await crawlSite({
    urls: [`${site.url}/docs/`],
    outDir: join(scratch, 'out'),
    maxDepth: 4,
    retry: { retries: 2, baseDelayMs: 50 },
    version: '9.9.9',
    output: { write: (text) => void (log += text), isTTY: false },
  });
});
afterAll(async () => {
  await site?.close();
  await rm(scratch, { recursive: true, force: true });
});

const pageUrls = (): string[] => [...new Set(report.recordList.map((record) => record.url_without_anchor as string))].sort();
const requested = (path: string): number => site.requests.filter((request) => request.path === path).length;
const reasonOf = (list: { url: string; reason: string }[], path: string): string | undefined => list.find((issue) => issue.url === site.url + path)?.reason;

describe('crawlSite on a live site', () => {
  it('indexes the pages reachable by links and sitemaps, under the start folder, at the URLs they are served at', () => {
    const docs = (path: string): string => `${site.url}/docs/${path}`;
    expect(pageUrls()).toEqual(
      [
        docs(''),
        docs('a.html'),
        docs('b.html'),
        docs('new.html'),
        docs('orphan.html'),
        docs('gz-listed.html'),
        docs('from-noindex.html'),
        docs('meta-nofollow.html'),
        docs('flaky.html'),
        docs('busy.html'),
        docs('sjis.html'),
        docs('gbk.html'),
        docs('latin1.html'),
        docs('huge.html'),
        docs('js.html'),
        ...[0, 1, 2, 3].map((month) => docs(`calendar?month=${month}`)),
      ].sort(),
    );
    expect(report.pages).toBe(pageUrls().length);
    expect(report.records).toBe(report.recordList.length);
    expect(report.startFailed).toBe(false);
  });

  it('fetches nothing robots.txt, nofollow or the scope forbid, and sends its user agent', () => {
    const forbidden = site.requests.filter(site.forbidden);
    expect(forbidden).toEqual([]);
    expect(requested('/private/open.html')).toBe(0); // allowed, but outside the start folder
    expect(new Set(site.requests.map((request) => request.headers['user-agent']))).toEqual(new Set(['SiteSearchBot/9.9.9 (+https://github.com/sitesearch/sitesearch)']));
    expect(requested('/robots.txt')).toBe(1);
    expect(reasonOf(report.skipped, '/docs/secret-page?secret=1')).toBe('disallowed by robots.txt');
  });

  it('reads the sitemap index from robots.txt, gzipped sitemaps included', () => {
    expect(requested('/sitemap-index.xml')).toBe(1);
    expect(requested('/sitemaps/more.xml.gz')).toBe(1);
    expect(requested('/sitemap.xml')).toBe(0); // robots.txt names the sitemaps
    expect(requested('/docs/orphan.html')).toBe(1);
  });

  it('spaces its requests by the Crawl-delay, as the server saw them', () => {
    const times = site.requests.slice(1).map((request) => request.time);
    const gaps = times.slice(1).map((time, i) => time - times[i]!);
    // Timers never fire early; the margin is for the arrival of two requests sent that far apart.
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(CRAWL_DELAY_SECONDS * 1000 - 25);
  });

  it('follows redirects, detects a loop, and indexes a page once however many URLs lead to it', () => {
    expect(requested('/docs/moved')).toBe(1);
    expect(requested('/docs/new.html')).toBe(1);
    expect(requested('/docs/a.html')).toBe(1);
    expect(report.skipped).toContainEqual({ url: `${site.url}/docs/old-a`, reason: `redirects to ${site.url}/docs/a.html, crawled already` });
    expect(reasonOf(report.failed, '/docs/loop-1')).toBe(`redirect loop: ${site.url}/docs/loop-1 → ${site.url}/docs/loop-2 → ${site.url}/docs/loop-1`);
    expect(requested('/docs/loop-1')).toBe(1);
    // A redirect out of the crawl (a forbidden folder, another origin) is not followed.
    expect(reasonOf(report.skipped, '/private/secret.html')).toBe(`outside the crawl (${site.url}/private/secret.html)`);
    expect(report.skipped.find((issue) => issue.url.includes('localhost'))?.reason).toMatch(/^outside the crawl/);
  });

  it('ends a link trap at --max-depth', () => {
    // The start URL is at depth 0, the first calendar page at 1: --max-depth 4 reaches month 3.
    expect(site.requests.filter((request) => request.path.startsWith('/docs/calendar')).map((request) => request.path)).toEqual(
      [0, 1, 2, 3].map((month) => `/docs/calendar?month=${month}`),
    );
  });

  it('skips noindex pages (meta or X-Robots-Tag) but follows their links; does not follow a nofollow page', () => {
    expect(reasonOf(report.skipped, '/docs/noindex.html')).toBe('marked noindex');
    expect(reasonOf(report.skipped, '/docs/header-noindex.html')).toBe('marked noindex');
    expect(requested('/docs/from-noindex.html')).toBe(1);
    expect(requested('/docs/never.html')).toBe(0);
  });

  it('collapses a canonical duplicate into its canonical page', () => {
    expect(reasonOf(report.skipped, '/docs/copy-of-a.html')).toBe(`duplicate of ${site.url}/docs/a.html (rel=canonical)`);
    expect(report.recordList.filter((record) => record.content === 'Alpha content about configuration.')).toHaveLength(1);
  });

  it('retries a 500 and a 429 (after its Retry-After, as the server saw it)', () => {
    expect(requested('/docs/flaky.html')).toBe(2);
    const busy = site.requests.filter((request) => request.path === '/docs/busy.html');
    expect(busy.map((request) => request.status)).toEqual([429, 200]);
    expect(busy[1]!.time - busy[0]!.time).toBeGreaterThanOrEqual(1000 - 25);
    expect(log).toContain(`HTTP 429 for ${site.url}/docs/busy.html: retrying in 1.0 s`);
  });

  it('decodes pages by their charset: Shift_JIS and ISO-8859-1 from the header, GBK from <meta>', () => {
    const text = (path: string): (string | null)[] =>
      report.recordList.filter((record) => record.url_without_anchor === site.url + path).map((record) => record.content ?? record.hierarchy.lvl1);
    expect(text('/docs/sjis.html')).toEqual(['日本語のページ', '検索できる本文です。']);
    expect(text('/docs/gbk.html')).toEqual(['中文页面', '可以搜索的正文。']);
    expect(text('/docs/latin1.html')).toEqual(['Café crème', 'Über naïve façades in Zürich.']);
  });

  it('cuts a 5 MB page with a warning, skips non-HTML without downloading assets, reports failures', () => {
    expect(report.warnings).toContain(`${site.url}/docs/huge.html is larger than 3.0 MB: indexed up to there`);
    const huge = report.recordList.filter((record) => record.url_without_anchor === `${site.url}/docs/huge.html`);
    expect(huge[1]!.content).toBe('Beginning of a very large page.');
    expect(huge.some((record) => record.content === 'The end nobody reaches.')).toBe(false);
    expect(reasonOf(report.skipped, '/docs/data')).toBe('not HTML (application/json)');
    expect(requested('/docs/manual.pdf')).toBe(0);
    expect(reasonOf(report.failed, '/docs/broken.html')).toBe('HTTP 404');
    expect(log).toContain(`failed ${site.url}/docs/broken.html: HTTP 404`);
  });

  it('writes an index the engine reads', async () => {
    const engine = new SearchEngine(fileSource(report.outDir));
    const result = await engine.search({ query: 'alpha configuration' });
    expect(result.hits[0]?.url).toBe(`${site.url}/docs/a.html`);
  });
});

describe('crawl limits and errors', () => {
  it('stops at --max-pages, breadth first', async () => {
    const small = await startCrawlSite();
    try {
      const capped = await crawlSite({ urls: [`${small.url}/docs/`], outDir: join(scratch, 'capped'), maxPages: 3, delayMs: 0, output: { write: () => {}, isTTY: false } });
      const pagesRequested = small.requests.filter((request) => request.path.startsWith('/docs/'));
      expect(pagesRequested.map((request) => request.path)).toEqual(['/docs/', '/docs/a.html', '/docs/orphan.html']);
      expect(capped.warnings.at(-1)).toMatch(/^--max-pages 3 reached: \d+ more pages queued were not crawled$/);
    } finally {
      await small.close();
    }
  });

  it('with --include, fetches a start URL outside it for its links only', async () => {
    const small = await startCrawlSite();
    try {
      const included = await crawlSite({ urls: [`${small.url}/docs/`], outDir: join(scratch, 'include'), maxDepth: 1, include: ['/docs/a.html', '/docs/b.html'], output: { write: () => {}, isTTY: false } });
      expect([...new Set(included.recordList.map((record) => record.url_without_anchor))].sort()).toEqual([`${small.url}/docs/a.html`, `${small.url}/docs/b.html`]);
      expect(included.skipped).toContainEqual({ url: `${small.url}/docs/`, reason: 'a start URL that --include/--exclude leave out: its links were followed, it is not indexed' });
      expect(small.requests.map((request) => request.path).filter((path) => path.startsWith('/docs/'))).toEqual(['/docs/', '/docs/a.html', '/docs/b.html']);
    } finally {
      await small.close();
    }
  });

  it('crawls where a start URL redirects to as it would the start URL', async () => {
    const small = await startCrawlSite();
    try {
      const moved = await crawlSite({ urls: [`${small.url}/old-docs/`], outDir: join(scratch, 'moved'), maxDepth: 1, exclude: ['/docs/huge.html'], output: { write: () => {}, isTTY: false } });
      expect(moved.startFailed).toBe(false);
      expect(moved.recordList.map((record) => record.url_without_anchor)).toContain(`${small.url}/docs/a.html`);
      expect(small.requests.filter(small.forbidden)).toEqual([]);
    } finally {
      await small.close();
    }
  });

  it('fails on a start URL that fails, and names bad options', async () => {
    const small = await startCrawlSite();
    try {
      const broken = await crawlSite({ urls: [`${small.url}/docs/broken.html`], outDir: join(scratch, 'broken'), output: { write: () => {}, isTTY: false } });
      expect(broken.startFailed).toBe(true);
      expect(broken.failed[0]).toEqual({ url: `${small.url}/docs/broken.html`, reason: 'HTTP 404' });
    } finally {
      await small.close();
    }
    await expect(crawlSite({ urls: [] })).rejects.toThrow(CrawlError);
    await expect(crawlSite({ urls: ['ftp://example.com/'] })).rejects.toThrow('start URL must be an http:// or https:// URL, got "ftp://example.com/"');
    await expect(crawlSite({ urls: ['https://example.com/'], maxPages: 0 })).rejects.toThrow('--max-pages must be an integer of at least 1, got 0');
    await expect(crawlSite({ urls: ['https://example.com/'], pageRank: { '/blog/*': 'low' as never } })).rejects.toThrow(new CrawlError('pageRank["/blog/*"] must be a number (higher ranks first, default 0), got "low"'));
  });
});

describe('crawling a folder served statically', () => {
  it('gives the same records, in the same order, as sitesearch index on that folder', async () => {
    const dir = join(scratch, 'static');
    await cp(fileURLToPath(new URL('../indexer/__fixtures__/site', import.meta.url)), dir, { recursive: true });
    // The fixture site has no home page and links to clean URLs its files do not serve: a home
    // page links two pages and a sitemap lists the others, as a real site would.
    await writeFile(join(dir, 'index.html'), '<title>Home</title><main><h1>Home</h1><p>Welcome.</p><a href="/reference/">Reference</a> <a href="docs/intro/">Intro</a></main>');
    const server = await startStaticServer(dir);
    try {
      // A release post: both rank it -1 by default.
      await mkdir(join(dir, 'blog'));
      await writeFile(join(dir, 'blog', 'v2.html'), '<title>Version 2</title><main><h1>Version 2</h1><p>Released.</p></main>');
      await writeFile(join(dir, 'sitemap.xml'), `<urlset><url><loc>${server.url}/guides/example.html</loc></url><url><loc>${server.url}/private.html</loc></url><url><loc>${server.url}/blog/v2.html</loc></url></urlset>`);
      let printed = '';
      const crawled = await crawlSite({ urls: [`${server.url}/`], outDir: join(scratch, 'static-out'), delayMs: 0, output: { write: (text: string) => void (printed += text), isTTY: false } });
      const indexed = await indexSite({ dir, baseUrl: `${server.url}/` });
      // Said as sitesearch index says it.
      expect(crawled.releasePosts).toBe(1);
      expect(printed).toContain('  note: 1 release post (blog/, changelog/…) ranks below the docs on a close match (page_rank -1; --page-rank "*=0" keeps every page level)\n');
      expect(crawled.recordList).toEqual(indexed.records);
      expect(crawled.pages).toBe(indexed.pages);
      expect(crawled.recordList.filter((record) => record.page_rank === -1).map((record) => record.url)).toEqual([`${server.url}/blog/v2.html`, `${server.url}/blog/v2.html`]);
      expect(crawled.skipped).toContainEqual({ url: `${server.url}/private.html`, reason: 'marked noindex' });
    } finally {
      await server.close();
    }
  });
});

describe('robots.txt that cannot be read', () => {
  it.each([
    [404, true],
    [410, true],
    [429, false],
    [503, false],
  ])('answered %i: pages %s crawled', async (status, crawled) => {
    const paths: string[] = [];
    const server = createServer((request, response) => {
      paths.push(request.url ?? '');
      if (request.url === '/robots.txt') response.writeHead(status).end();
      else response.writeHead(200, { 'content-type': 'text/html' }).end('<title>Home</title><main><h1>Home</h1><p>Hello.</p></main>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      const result = await crawlSite({ urls: [url], outDir: join(scratch, `robots-${status}`), delayMs: 0, retry: { retries: 1, baseDelayMs: 1 }, output: { write: () => {}, isTTY: false } });
      expect(result.pages).toBe(crawled ? 1 : 0);
      expect(paths.includes('/')).toBe(crawled);
      if (!crawled) expect(result.failed).toEqual([{ url, reason: `${url}robots.txt could not be read (HTTP ${status} after 2 tries)` }]);
    } finally {
      server.close();
      server.closeAllConnections();
    }
  });
});
