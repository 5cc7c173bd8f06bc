import { createReadStream, existsSync, statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, Route } from '@playwright/test';
import { buildSiteIndex, DEFAULT_API_KEY, DEFAULT_APP_ID, startServer, type LocalSearchServer } from '@sitesearch/local';
import { blogRecords, docsRecords } from '../fixtures/records.js';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** A TCP port free on 127.0.0.1 right now, for a server started by another process (astro, docusaurus). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
export const APP_ID = DEFAULT_APP_ID;
export const API_KEY = DEFAULT_API_KEY;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml',
};

/** URL prefix → folder on disk. */
const MOUNTS: Array<[string, string]> = [
  ['/cdn/', join(repoRoot, 'packages/islands/dist/cdn')],
  ['/fixtures/', join(repoRoot, 'tests/fixtures')],
  ['/built/', join(repoRoot, 'tests/.fixtures')],
];

/** Pages served with a strict Content-Security-Policy (no inline scripts or styles). */
export const STRICT_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' https:";

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

/** A static server for the fixture pages and the built CDN files; `?csp=strict` adds the CSP header. `extra` also gets the whole URL (for pages rendered per query). */
export async function startStaticServer(extra?: (path: string, url: URL) => { status: number; type: string; body: string } | undefined): Promise<StaticServer> {
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const headers: Record<string, string> = {};
    if (url.searchParams.get('csp') === 'strict') headers['Content-Security-Policy'] = STRICT_CSP;
    const dynamic = extra?.(url.pathname, url);
    if (dynamic) {
      response.writeHead(dynamic.status, { 'Content-Type': dynamic.type, ...headers }).end(dynamic.body);
      return;
    }
    const mount = MOUNTS.find(([prefix]) => url.pathname.startsWith(prefix));
    const relative = mount ? normalize(decodeURIComponent(url.pathname.slice(mount[0].length))) : '';
    const file = mount && !relative.startsWith('..') ? join(mount[1], relative) : '';
    const info = file && file.startsWith(mount![1] + sep) ? await stat(file).catch(() => null) : null;
    if (!info?.isFile()) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-store', ...headers });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: closer(server) };
}

/**
 * Closes a server and every connection it holds. `server.close()` alone waits for connections
 * Chromium keeps open (a preconnect, a keep-alive socket with a request in flight), which once
 * held a test for its whole timeout.
 */
function closer(server: Server): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
}

/**
 * A built site (Astro's dist/, Docusaurus' build/) served as a static host serves it: `/a/` and
 * `/a` are `a/index.html` or `a.html`; anything else is 404, with `notFoundPage` as its body when
 * the site has one.
 */
export async function serveBuiltSite(root: string, options: { notFoundPage?: string } = {}): Promise<StaticServer> {
  const find = (path: string): string | undefined => {
    const relative = normalize(decodeURIComponent(path)).replace(/^[/\\]+/, '');
    if (relative.startsWith('..')) return undefined;
    for (const candidate of [join(root, relative), join(root, relative, 'index.html'), join(root, `${relative}.html`)]) {
      if ((candidate === root || candidate.startsWith(root + sep)) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    }
    return undefined;
  };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    // Chromium asks every site for /favicon.ico; a site without one would log a 404 as an error.
    if (url.pathname === '/favicon.ico' && !find(url.pathname)) return void response.writeHead(204).end();
    const file = find(url.pathname);
    const body = file ?? (options.notFoundPage && join(root, options.notFoundPage));
    if (!body) return void response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    response.writeHead(file ? 200 : 404, { 'Content-Type': TYPES[extname(body)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' });
    createReadStream(body).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: closer(server) };
}

/** The loopback search server with the fixture indices `docs` and `blog`. */
export function startSearchServer(): Promise<LocalSearchServer> {
  return startServer({ indexes: { docs: docsRecords, blog: blogRecords } });
}

/**
 * Sends the provider requests of a page to the loopback server: the widget runs exactly as in
 * production (appId + apiKey, the real lite client and its hosts), only the network path differs.
 */
export async function routeProviderToLoopback(page: Page, searchServer: LocalSearchServer): Promise<void> {
  await page.route(/^https:\/\/[^/]*(algolia\.net|algolianet\.com)\//, async (route: Route) => {
    const original = new URL(route.request().url());
    try {
      const response = await route.fetch({ url: `${searchServer.url}${original.pathname}${original.search}` });
      await route.fulfill({ response });
    } catch {
      // The loopback server dropped the connection (fault injection): so does the "provider".
      await route.abort('connectionreset').catch(() => {});
    }
  });
}

/** Collects console errors, page errors and CSP violations of a page, for "no errors" assertions. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Accessibility violations in `selector` (or the whole page), checked once every animation has
 * finished: mid-fade colours would otherwise be measured as contrast failures.
 */
export async function axeViolations(page: Page, selector?: string): Promise<Array<{ id: string; help: string; nodes: Array<{ target: unknown[]; html: string }> }>> {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const builder = new AxeBuilder({ page });
  return (await (selector ? builder.include(selector) : builder).analyze()).violations;
}

/** Indexes the fixture pages with the real indexer into /built/local-index/ (what `sitesearch index` writes). */
export async function buildFixtureIndex(): Promise<void> {
  await buildSiteIndex({ dir: join(repoRoot, 'tests/fixtures/pages'), baseUrl: '/fixtures/pages/', outDir: join(repoRoot, 'tests/.fixtures/local-index') });
}
