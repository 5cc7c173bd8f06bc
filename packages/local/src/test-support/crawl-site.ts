/**
 * A live site for the crawler's tests, on 127.0.0.1: robots rules with a Crawl-delay, a sitemap
 * index (one sitemap gzipped), redirects and a redirect loop, a link trap, noindex pages,
 * canonical duplicates, a 500 that recovers, a 429 with Retry-After, pages in Shift_JIS, GBK and
 * ISO-8859-1, a 5 MB page and one that only renders with JavaScript. It records every request,
 * so a test can assert that nothing it forbids was fetched.
 *
 * Also what the crawl, push and CLI tests set up around it: `useCrawlSite` (the site, a scratch
 * folder and a loopback server to push to, for one test file), `useScratch`, `runCli` (the
 * `sitesearch` CLI from its source) and `loopbackHosts` (a search client's hosts for the
 * loopback server).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll } from 'vitest';
import { startServer, type LocalSearchServer } from '../server/server.js';

export interface SiteRequest {
  path: string;
  /** The Host header: a request to another origin of the same server shows here. */
  host: string;
  time: number;
  headers: IncomingHttpHeaders;
  status: number;
}

export interface CrawlSite {
  url: string;
  requests: SiteRequest[];
  /** Paths robots.txt or the pages forbid to this crawler, and URLs it must never reach. */
  forbidden: (request: SiteRequest) => boolean;
  /** Replaces a page's body (the next crawl sees a change). */
  setPage(path: string, html: string): void;
  close(): Promise<void>;
}

export const CRAWL_DELAY_SECONDS = 0.1;

const page = (title: string, body: string, head = ''): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body><nav><a href="/docs/">Home</a></nav><main><h1>${title}</h1>${body}</main></body></html>`;

export async function startCrawlSite(): Promise<CrawlSite> {
  const requests: SiteRequest[] = [];
  const hits = new Map<string, number>();
  let origin = '';
  const pages = new Map<string, string>([
    [
      '/docs/',
      page(
        'Welcome',
        `<p>Start here.</p>
        <ul>
          <li><a href="a.html">Page A</a></li>
          <li><a href="/docs/b.html#part">Page B</a></li>
          <li><a href="/docs/moved">Moved</a> <a href="/docs/old-a">Old A</a> <a href="/docs/loop-1">Loop</a></li>
          <li><a href="/docs/calendar?month=0">Calendar</a></li>
          <li><a href="noindex.html">Hidden</a> <a href="header-noindex.html">Hidden by header</a> <a href="meta-nofollow.html">No follow</a></li>
          <li><a href="copy-of-a.html">Copy of A</a></li>
          <li><a href="flaky.html">Flaky</a> <a href="busy.html">Busy</a></li>
          <li><a href="sjis.html">Shift_JIS</a> <a href="gbk.html">GBK</a> <a href="latin1.html">Latin-1</a></li>
          <li><a href="huge.html">Huge</a> <a href="js.html">JavaScript</a></li>
          <li><a href="manual.pdf">PDF</a> <a href="data">Data</a> <a href="mailto:docs@example.com">Mail</a></li>
          <li><a href="/docs/secret-page?secret=1">Secret query</a> <a href="/private/secret.html">Private</a> <a href="/private/open.html">Open</a></li>
          <li><a rel="nofollow" href="nofollowed.html">Sponsored</a> <a href="/docs/to-private">To private</a> <a href="/docs/to-elsewhere">Elsewhere</a></li>
          <li><a href="/outside/page.html">Outside</a> <a href="broken.html">Broken</a></li>
        </ul>`,
      ),
    ],
    ['/docs/a.html', page('Page A', '<p>Alpha content about configuration.</p><h2 id="more">More</h2><p>Alpha details.</p>')],
    ['/docs/b.html', page('Page B', '<p>Bravo content.</p>')],
    ['/docs/new.html', page('New page', '<p>Moved here.</p>')],
    ['/docs/orphan.html', page('Orphan', '<p>Only the sitemap links me.</p>')],
    ['/docs/gz-listed.html', page('From the gzipped sitemap', '<p>Listed in a gzipped sitemap.</p>')],
    ['/docs/noindex.html', page('Hidden', '<p>Not for search.</p><a href="from-noindex.html">Still followed</a>', '<meta name="robots" content="noindex">')],
    ['/docs/from-noindex.html', page('Linked from a noindex page', '<p>Found through a noindex page.</p>')],
    ['/docs/header-noindex.html', page('Hidden by header', '<p>Not for search either.</p>')],
    ['/docs/meta-nofollow.html', page('No follow', '<p>Indexed, links not followed.</p><a href="never.html">Never</a>', '<meta name="robots" content="nofollow">')],
    ['/docs/copy-of-a.html', page('Page A', '<p>Alpha content about configuration.</p>', '<link rel="canonical" href="/docs/a.html">')],
    ['/docs/flaky.html', page('Flaky', '<p>Recovered after a server error.</p>')],
    ['/docs/busy.html', page('Busy', '<p>Served after waiting.</p>')],
    ['/private/open.html', page('Open', '<p>Allowed explicitly.</p>')],
    [
      '/docs/js.html',
      page(
        'JavaScript page',
        `<div id="app"></div><script>document.getElementById('app').innerHTML = '<h2 id="rendered">Rendered section</h2><p>Only a browser sees this paragraph.</p>';</script>`,
      ),
    ],
  ]);
  const huge = page('Huge', `<p>Beginning of a very large page.</p>${'<p>filler text to make the page large enough. </p>'.repeat(110_000)}<p>The end nobody reaches.</p>`);

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const path = url.pathname + url.search;
    const count = (hits.get(path) ?? 0) + 1;
    hits.set(path, count);
    const entry: SiteRequest = { path, host: request.headers.host ?? '', time: performance.now(), headers: request.headers, status: 200 };
    requests.push(entry);
    const send = (status: number, headers: Record<string, string>, body: string | Uint8Array = ''): void => {
      entry.status = status;
      response.writeHead(status, headers).end(body);
    };
    const html = (body: string | Uint8Array, contentType = 'text/html; charset=utf-8', extra: Record<string, string> = {}): void => {
      const etag = `"${Buffer.from(typeof body === 'string' ? body : Buffer.from(body).toString('latin1')).length}-${hash(body)}"`;
      if (request.headers['if-none-match'] === etag) return send(304, { etag });
      send(200, { 'content-type': contentType, etag, ...extra }, body);
    };
    switch (url.pathname) {
      case '/robots.txt':
        return send(
          200,
          { 'content-type': 'text/plain' },
          `# Everybody else stays out
User-agent: *
Disallow: /

User-agent: SiteSearchBot
Disallow: /private/
Disallow: /*secret=
Allow: /private/open.html
Crawl-delay: ${CRAWL_DELAY_SECONDS}

Sitemap: ${origin}/sitemap-index.xml
`,
        );
      case '/sitemap-index.xml':
        return send(
          200,
          { 'content-type': 'application/xml' },
          `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/sitemaps/pages.xml</loc></sitemap><sitemap><loc>${origin}/sitemaps/more.xml.gz</loc></sitemap></sitemapindex>`,
        );
      case '/sitemaps/pages.xml':
        return send(
          200,
          { 'content-type': 'application/xml' },
          `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${['/docs/', '/docs/a.html', '/docs/orphan.html', '/private/secret.html', '/outside/page.html', '/docs/a.html?x=1&amp;secret=2']
            .map((p) => `<url><loc>${origin}${p}</loc></url>`)
            .join('')}</urlset>`,
        );
      case '/sitemaps/more.xml.gz':
        return send(
          200,
          { 'content-type': 'application/gzip' },
          gzipSync(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc><![CDATA[${origin}/docs/gz-listed.html]]></loc></url></urlset>`),
        );
      case '/old-docs/':
        return send(301, { location: '/docs/' });
      case '/docs/moved':
        return send(302, { location: '/docs/new.html' });
      case '/docs/old-a':
        return send(301, { location: `${origin}/docs/a.html` });
      case '/docs/loop-1':
        return send(302, { location: '/docs/loop-2' });
      case '/docs/loop-2':
        return send(302, { location: '/docs/loop-1' });
      case '/docs/to-private':
        return send(302, { location: '/private/secret.html' });
      case '/docs/to-elsewhere':
        // Another origin of this very server: a request for it would show its Host header.
        return send(302, { location: origin.replace('127.0.0.1', 'localhost') + '/docs/elsewhere.html' });
      case '/docs/calendar': {
        const month = Number(url.searchParams.get('month') ?? 0);
        return html(page(`Calendar ${month}`, `<p>Events of month ${month}.</p><a href="/docs/calendar?month=${month + 1}">Next month</a>`));
      }
      case '/docs/header-noindex.html':
        return html(pages.get(url.pathname)!, undefined, { 'x-robots-tag': 'noindex' });
      case '/docs/flaky.html':
        if (count === 1) return send(500, { 'content-type': 'text/plain' }, 'oops');
        return html(pages.get(url.pathname)!);
      case '/docs/busy.html':
        if (count === 1) return send(429, { 'retry-after': '1', 'content-type': 'text/plain' }, 'slow down');
        return html(pages.get(url.pathname)!);
      case '/docs/sjis.html':
        return html(sjis(), 'text/html; charset=Shift_JIS');
      case '/docs/gbk.html':
        // No charset in the header: the page's <meta> says it.
        return html(gbk(), 'text/html');
      case '/docs/latin1.html':
        return html(Buffer.from(page('Café crème', '<p>Über naïve façades in Zürich.</p>').replace('utf-8', 'iso-8859-1'), 'latin1'), 'text/html; charset=ISO-8859-1');
      case '/docs/huge.html':
        return html(huge);
      case '/docs/orphan.html': {
        // Validated by date only (no ETag): the next crawl sends If-Modified-Since.
        const modified = 'Wed, 21 Oct 2026 07:28:00 GMT';
        if (request.headers['if-modified-since'] === modified) return send(304, { 'last-modified': modified });
        return send(200, { 'content-type': 'text/html; charset=utf-8', 'last-modified': modified }, pages.get(url.pathname)!);
      }
      case '/docs/data':
        return send(200, { 'content-type': 'application/json' }, '{"not":"html"}');
      default: {
        const body = pages.get(url.pathname);
        if (body !== undefined && !url.search) return html(body);
        return send(404, { 'content-type': 'text/html' }, '<title>Not found</title><h1>Not found</h1>');
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    requests,
    forbidden: (request) =>
      !request.host.startsWith('127.0.0.1') ||
      request.path.startsWith('/private/secret') ||
      request.path.includes('secret=') ||
      request.path.startsWith('/outside/') ||
      ['/docs/nofollowed.html', '/docs/never.html', '/docs/manual.pdf'].includes(request.path),
    setPage: (path, body) => void pages.set(path, body),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export interface TimedRequest {
  path: string;
  /** When the request arrived. */
  time: number;
  /** When its response was handed to the connection in full (undefined while it is not). */
  ended?: number;
}

export interface SlowSite {
  url: string;
  requests: TimedRequest[];
  close(): Promise<void>;
}

/**
 * A small site for the crawler's timing, beside the big one: a start page linking three pages
 * whose bodies arrive `slowBodyMs` after their headers, robots.txt with `crawlDelaySeconds`
 * (none when not given), and with `stall` one more linked page that never answers. It records
 * when each request arrived and when its response ended.
 */
export async function startSlowSite(options: { slowBodyMs: number; crawlDelaySeconds?: number; stall?: boolean }): Promise<SlowSite> {
  const requests: TimedRequest[] = [];
  const links = ['a', 'b', 'c', ...(options.stall ? ['stalled'] : [])].map((name) => `<a href="${name}.html">${name}</a>`).join(' ');
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const entry: TimedRequest = { path, time: performance.now() };
    requests.push(entry);
    response.on('finish', () => (entry.ended = performance.now()));
    if (path === '/docs/stalled.html') return; // never answered: the crawler's timeout ends it
    if (path === '/robots.txt') {
      const delay = options.crawlDelaySeconds === undefined ? '' : `Crawl-delay: ${options.crawlDelaySeconds}\n`;
      return response.writeHead(200, { 'content-type': 'text/plain' }).end(`User-agent: *\nAllow: /\n${delay}`);
    }
    const name = /^\/docs\/(?:([abc])\.html)?$/.exec(path);
    if (!name) return response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    const title = name[1] ? `Page ${name[1].toUpperCase()}` : 'Start';
    // The headers and the page's beginning at once, its end later: a body that is slow to arrive.
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.write(`<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1>`);
    setTimeout(() => response.end(`<p>The end of ${title}.</p>${name[1] ? '' : links}</main></body></html>`), options.slowBodyMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function hash(body: string | Uint8Array): string {
  let h = 0;
  const text = typeof body === 'string' ? body : Buffer.from(body).toString('latin1');
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) | 0;
  return (h >>> 0).toString(16);
}

/** A page in Shift_JIS: 日本語のページ / 検索できる本文です。 */
function sjis(): Uint8Array {
  // Encoded by hand (TextEncoder only writes UTF-8): each character's two Shift_JIS bytes.
  const codes: Record<string, number[]> = {
    日: [0x93, 0xfa], 本: [0x96, 0x7b], 語: [0x8c, 0xea], の: [0x82, 0xcc], ペ: [0x83, 0x79], ー: [0x81, 0x5b], ジ: [0x83, 0x57],
    検: [0x8c, 0x9f], 索: [0x8d, 0xf5], で: [0x82, 0xc5], き: [0x82, 0xab], る: [0x82, 0xe9], 文: [0x95, 0xb6], す: [0x82, 0xb7], '。': [0x81, 0x42],
  };
  return encodeWith(page('日本語のページ', '<p>検索できる本文です。</p>').replace('utf-8', 'shift_jis'), codes);
}

/** A page in GBK, declared only by its <meta charset>: 中文页面 / 可以搜索的正文。 */
function gbk(): Uint8Array {
  const codes: Record<string, number[]> = {
    中: [0xd6, 0xd0], 文: [0xce, 0xc4], 页: [0xd2, 0xb3], 面: [0xc3, 0xe6], 可: [0xbf, 0xc9], 以: [0xd2, 0xd4], 搜: [0xcb, 0xd1], 索: [0xcb, 0xf7],
    的: [0xb5, 0xc4], 正: [0xd5, 0xfd], '。': [0xa1, 0xa3],
  };
  return encodeWith(page('中文页面', '<p>可以搜索的正文。</p>').replace('utf-8', 'gbk'), codes);
}

function encodeWith(text: string, codes: Record<string, number[]>): Uint8Array {
  const bytes: number[] = [];
  for (const char of text) {
    const code = codes[char];
    if (code) bytes.push(...code);
    else if (char.charCodeAt(0) < 0x80) bytes.push(char.charCodeAt(0));
    else throw new Error(`no test encoding for ${char}`);
  }
  return Uint8Array.from(bytes);
}

/** A folder under the system's temp folder, made before a test file's tests and removed after them. */
export function useScratch(prefix: string): { readonly dir: string } {
  let dir: string | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  return {
    get dir() {
      return started(dir, 'scratch folder');
    },
  };
}

export interface CrawlSiteFixture {
  site: CrawlSite;
  /** The scratch folder (see `useScratch`). */
  scratch: string;
  /** The loopback server, empty, accepting pushes with `adminKey`: only when it was given. */
  server: LocalSearchServer;
}

/**
 * The crawl site, a scratch folder and, with `adminKey`, a loopback server to push to: started
 * before a test file's tests, stopped (and the folder removed) after them. Read the fields in
 * the tests and hooks, not when the file loads.
 */
export function useCrawlSite(scratchPrefix: string, options: { adminKey?: string } = {}): Readonly<CrawlSiteFixture> {
  const scratch = useScratch(scratchPrefix);
  let site: CrawlSite | undefined;
  let server: LocalSearchServer | undefined;
  beforeAll(async () => {
    [site, server] = await Promise.all([startCrawlSite(), options.adminKey === undefined ? undefined : startServer({ port: 0, indexes: {}, adminKey: options.adminKey })]);
  });
  afterAll(async () => {
    await Promise.all([site?.close(), server?.close()]);
  });
  return {
    get site() {
      return started(site, 'crawl site');
    },
    get scratch() {
      return scratch.dir;
    },
    get server() {
      return started(server, options.adminKey === undefined ? 'loopback server (useCrawlSite was given no adminKey)' : 'loopback server');
    },
  };
}

function started<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the ${what} is not started: read it in a test or a hook`);
  return value;
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

const CLI = fileURLToPath(new URL('../cli.ts', import.meta.url));
const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Runs the `sitesearch` CLI from its TypeScript source through tsx (no build needed), as CI runs
 * it (`CI=1`). A write key in the developer's own environment must not leak into the tests: the
 * CLI sees none unless `env` gives one. A failing run resolves with its exit code.
 */
export async function runCli(args: readonly string[], env: Record<string, string> = {}): Promise<CliResult> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', CLI, ...args], {
      cwd: PACKAGE_DIR,
      env: { ...process.env, SITESEARCH_ADMIN_API_KEY: '', CI: '1', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as CliResult;
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The `hosts` option of a search client (algoliasearch, liteClient) that talks to the loopback server. */
export function loopbackHosts(server: { url: string }, accept: 'read' | 'readWrite' = 'readWrite'): { url: string; protocol: 'http'; accept: 'read' | 'readWrite' }[] {
  return [{ url: server.url.replace('http://', ''), protocol: 'http', accept }];
}
