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

/** A fetched page: its HTML and the URL it was answered from (after redirects). */
export interface FetchedPage {
  html: string;
  url: URL;
}

/**
 * Crawls a site from `start`, following the same-site links of every page. One page is fetched
 * once and written once, whatever the spelling of the links to it: `/x`, `/x/` and
 * `/x/index.html` name one page (the file a static build writes), so they are one record set.
 * Another spelling of a page is tried only when the ones before it failed (under
 * `trailingSlash: 'always'`, `/x` may 404 where `/x/` answers). Returns the number of pages.
 */
export async function crawlSite(options: {
  start: string[];
  base: string;
  fetchPage: (path: string) => Promise<FetchedPage | undefined>;
  onPage: (file: string, page: FetchedPage) => Promise<void>;
  maxPages?: number;
  concurrency?: number;
}): Promise<number> {
  const { base, maxPages = MAX_PAGES, concurrency = CONCURRENCY } = options;
  /** Spellings of each page (keyed by its file), in the order they were found. */
  const spellings = new Map<string, string[]>();
  /** Pages whose every spelling so far failed: a new spelling gives them another chance. */
  const failed = new Set<string>();
  /** How many spellings of each page were tried, so a second chance tries only the new ones. */
  const tried = new Map<string, number>();
  const queue: string[] = [];
  const add = (path: string) => {
    let file: string;
    try {
      file = fileForPath(path, base);
    } catch {
      return; // A malformed escape (`%E0%A4`) names no file a build could write.
    }
    const known = spellings.get(file);
    if (known) {
      if (known.includes(path)) return;
      known.push(path);
      if (failed.delete(file)) queue.push(file);
    } else if (spellings.size < maxPages) {
      spellings.set(file, [path]);
      queue.push(file);
    }
  };
  options.start.forEach(add);
  let pages = 0;
  const worker = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      const paths = spellings.get(file)!;
      let page: FetchedPage | undefined;
      // `paths` may grow while we wait: links found meanwhile add spellings to try.
      for (let next = tried.get(file) ?? 0; !page && next < paths.length; tried.set(file, ++next)) page = await options.fetchPage(paths[next]!);
      if (!page) {
        failed.add(file);
        continue;
      }
      await options.onPage(file, page);
      pages++;
      pageLinks(page.html, page.url, base).forEach(add);
    }
  };
  // Workers drain one shared queue; a worker that finds it empty while others still add
  // links would stop early, so run rounds until nothing is left.
  while (queue.length > 0) await Promise.all(Array.from({ length: concurrency }, worker));
  return pages;
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
    const crawled = await crawlSite({
      start: [options.base, ...options.routes()],
      base: options.base,
      async fetchPage(path) {
        // Marked so the crawl is recognisable in logs and middleware.
        const response = await fetch(new URL(path, origin), { headers: { accept: 'text/html', 'x-sitesearch-crawl': '1' } }).catch(() => undefined);
        if (!response?.ok || !(response.headers.get('content-type') ?? '').includes('text/html')) return undefined;
        return { html: await response.text(), url: new URL(response.url || path, origin) };
      },
      async onPage(file, page) {
        const path = join(pagesDir, file);
        await mkdir(join(path, '..'), { recursive: true });
        await writeFile(path, page.html);
      },
    });
    const report = await buildSiteIndex({ dir: pagesDir, outDir: indexDir, baseUrl: options.base, exclude: options.localIndex?.exclude, defaultLvl0: options.localIndex?.defaultLvl0 });
    options.log.info(`indexed ${report.pages} dev pages (${crawled} crawled) into ${report.records} records in ${Math.round(performance.now() - started)} ms`);
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
