/**
 * Search in `astro dev`: there is no build output to index, so on the first request for the
 * index the dev server's own pages are crawled (every route without parameters, then every
 * same-site link they contain), written to a cache folder and indexed like a build. Any change
 * to the project marks the index stale; the next page load rebuilds it.
 */
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { buildSiteIndex } from '@sitesearch/local';
import type { LocalIndexOptions } from './config-types.js';

/** Pages crawled at most, so a site with endless generated links cannot hang the dev server. */
const MAX_PAGES = 2000;
const CONCURRENCY = 4;

export interface DevIndexOptions {
  /** Site base (`config.base`), with a trailing slash. */
  base: string;
  /** Folder for the crawled pages and the index. */
  cacheDir: string;
  /** Routes without parameters, known from `astro:routes:resolved`. */
  routes: () => string[];
  localIndex: LocalIndexOptions | undefined;
  log: { info(message: string): void; warn(message: string): void };
}

export type Middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

export interface DevIndex {
  middleware: Middleware;
  /** Marks the index stale (call on file changes). */
  invalidate(): void;
}

/** Same-site links of a page, as paths under `base` (no query, no fragment, no files). */
export function pageLinks(html: string, pageUrl: URL, base: string): string[] {
  const links = new Set<string>();
  for (const match of html.matchAll(/<a\s[^>]*?href\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    const href = (match[2] ?? match[3] ?? match[4] ?? '').replace(/&amp;/g, '&');
    let url: URL;
    try {
      url = new URL(href, pageUrl);
    } catch {
      continue;
    }
    if (url.origin !== pageUrl.origin || !url.pathname.startsWith(base)) continue;
    const extension = extname(url.pathname);
    if (extension && extension !== '.html') continue;
    links.add(url.pathname);
  }
  return [...links];
}

/** Where a crawled path is written: `/guide/` → `guide/index.html`, `/a.html` → `a.html`. */
export function fileForPath(path: string, base: string): string {
  const relative = decodeURIComponent(path.slice(base.length)).replace(/^\/+/, '');
  if (relative === '' || relative.endsWith('/')) return `${relative}index.html`;
  return extname(relative) === '.html' ? relative : `${relative}/index.html`;
}

export function createDevIndex(options: DevIndexOptions): DevIndex {
  const prefix = `${options.base}sitesearch/`;
  /** Each rebuild writes a folder of its own, so a request never reads a half-written index. */
  let generation = 0;
  let building: Promise<string> | undefined;

  async function crawl(origin: string): Promise<string> {
    const started = performance.now();
    const folder = join(options.cacheDir, String(++generation));
    const pagesDir = join(folder, 'pages');
    const indexDir = join(folder, 'index');
    await rm(folder, { recursive: true, force: true });
    await mkdir(pagesDir, { recursive: true });
    const queue = [...new Set([options.base, ...options.routes()])];
    const seen = new Set(queue);
    let written = 0;
    const worker = async () => {
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
        const url = new URL(path, origin);
        // Marked so the crawl is recognisable in logs and middleware.
        const response = await fetch(url, { headers: { accept: 'text/html', 'x-sitesearch-crawl': '1' } }).catch(() => undefined);
        if (!response?.ok || !(response.headers.get('content-type') ?? '').includes('text/html')) continue;
        const html = await response.text();
        const file = join(pagesDir, fileForPath(url.pathname, options.base));
        await mkdir(join(file, '..'), { recursive: true });
        await writeFile(file, html);
        written++;
        for (const link of pageLinks(html, url, options.base)) {
          if (!seen.has(link) && seen.size < MAX_PAGES) {
            seen.add(link);
            queue.push(link);
          }
        }
      }
    };
    // Workers drain one shared queue; a worker that finds it empty while others still add
    // links would stop early, so run rounds until nothing is left.
    while (queue.length > 0) await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const report = await buildSiteIndex({ dir: pagesDir, outDir: indexDir, baseUrl: options.base, exclude: options.localIndex?.exclude, defaultLvl0: options.localIndex?.defaultLvl0 });
    options.log.info(`indexed ${report.pages} dev pages (${written} crawled) into ${report.records} records in ${Math.round(performance.now() - started)} ms`);
    if (generation > 2) await rm(join(options.cacheDir, String(generation - 2)), { recursive: true, force: true });
    return indexDir;
  }

  const middleware: Middleware = (request, response, next) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (!url.pathname.startsWith(prefix) || request.headers['x-sitesearch-crawl']) return next();
    const relative = normalize(decodeURIComponent(url.pathname.slice(prefix.length)));
    if (relative.startsWith('..') || relative.startsWith(sep)) return next();
    const origin = `http://${request.headers.host ?? 'localhost'}`;
    building ??= crawl(origin).catch((error: unknown) => {
      building = undefined;
      throw error;
    });
    let file = '';
    building
      .then((indexDir) => stat((file = join(indexDir, relative))))
      .then(
        (info) => {
          if (!info.isFile()) throw new Error('not a file');
          response.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
          createReadStream(file).pipe(response);
        },
        (error: unknown) => {
          if ((error as NodeJS.ErrnoException)?.code !== 'ENOENT') {
            options.log.warn(`the dev index could not be built: ${error instanceof Error ? error.message : String(error)}`);
          }
          response.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: `no index file ${url.pathname}`, status: 404 }));
        },
      );
  };

  return {
    middleware,
    invalidate() {
      building = undefined;
    },
  };
}
