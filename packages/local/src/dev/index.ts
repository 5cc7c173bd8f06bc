/**
 * `@sitesearch/local/dev`: search while a site's dev server runs. There is no build output to
 * index, so on the first request for the index the plugin hands over the site's pages (Astro
 * crawls its dev server with `crawlDevServer`; a plugin whose dev server renders no HTML renders
 * its sources), they are indexed in memory like a build, and the index files are served from
 * memory under `<base>sitesearch/`. Any change to the project marks the index stale; the next
 * request rebuilds it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, posix } from 'node:path';
import { buildIndex } from '../engine/build.js';
import type { SynonymHit } from '../engine/synonyms.js';
import type { DocRecord } from '../records.js';
import { extractPage } from '../indexer/extract.js';
import { compilePageRanks, rankRecords, type PageRankRules } from '../indexer/page-rank.js';
import { pagePath } from '../indexer/site.js';
import { serializeIndex } from '../indexer/write-index.js';

/**
 * The client's dependencies that it imports only at its first search (a stemmer of the query's
 * languages) or that a dev server's bundler would otherwise find late: a plugin whose dev server
 * pre-bundles dependencies (Vite's `optimizeDeps.include`) lists them up front, or finding one
 * mid-search would reload the page. Kept in step with the imports of the client by a test.
 */
export const LATE_CLIENT_DEPENDENCIES: readonly string[] = [
  ...['danish', 'dutch', 'english', 'finnish', 'french', 'german', 'italian', 'norwegian', 'portuguese', 'russian', 'spanish', 'swedish'].map(
    (language) => `@orama/stemmers/${language}`,
  ),
];

/** Pages crawled at most, so a site with endless generated links cannot hang the dev server. */
const MAX_PAGES = 2000;
const CONCURRENCY = 4;
/** Folders a build's index never holds (the index's own output, other indexers', dependencies). */
const ALWAYS_EXCLUDED = ['sitesearch', 'pagefind', 'node_modules'];

/**
 * Same-site links of a page, as paths under `base` (no query, no fragment, no files): its `<a>`
 * links, and its translations (`<link rel="alternate" hreflang>`), which a language picker made
 * of a `<select>` (Starlight's) leaves unlinked. Those are absolute URLs on the configured `site`,
 * not the dev server's origin, so only their path is taken.
 */
export function pageLinks(html: string, pageUrl: URL, base: string): string[] {
  const links = new Set<string>();
  for (const tag of html.matchAll(/<(a|link)\s[^>]*>/gi)) {
    const translation = tag[1]!.toLowerCase() === 'link';
    if (translation && !(/\srel\s*=\s*["']?alternate\b/i.test(tag[0]) && /\shreflang\s*=/i.test(tag[0]))) continue;
    const match = tag[0].match(/\shref\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/i);
    if (!match) continue;
    const href = (match[2] ?? match[3] ?? match[4] ?? '').replace(/&amp;/g, '&');
    let url: URL;
    try {
      url = new URL(href, pageUrl);
    } catch {
      continue;
    }
    if (translation && /^https?:$/.test(url.protocol)) url = new URL(`${url.pathname}${url.search}`, pageUrl.origin);
    if (url.origin !== pageUrl.origin || !url.pathname.startsWith(base)) continue;
    const extension = extname(url.pathname);
    if (extension && extension !== '.html') continue;
    links.add(url.pathname);
  }
  return [...links];
}

/**
 * The file a static build writes for a path: `/guide/` and `/guide` → `guide/index.html`,
 * `/a.html` → `a.html`. It is the key of a page: every spelling of a link to it names one file.
 */
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
 * once and handed over once, whatever the spelling of the links to it: `/x`, `/x/` and
 * `/x/index.html` name one page (the file a static build writes), so they are one record set.
 * Another spelling of a page is tried only when the ones before it failed (under a
 * trailing-slash policy, `/x` may 404 where `/x/` answers). Returns the number of pages.
 */
export async function crawlSite(options: {
  start: string[];
  base: string;
  fetchPage: (path: string) => Promise<FetchedPage | undefined>;
  onPage: (file: string, page: FetchedPage) => Promise<void> | void;
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

/** A page of the site to index: its URL path (any spelling: `/x`, `/x/`, `/x/index.html`) and its HTML. */
export interface DevPage {
  path: string;
  html: string;
}

/** Crawls a running dev server at `origin` from `start` (paths under `base`); every page that answers with HTML. */
export async function crawlDevServer(options: { origin: string; base: string; start: string[]; maxPages?: number }): Promise<DevPage[]> {
  const pages: DevPage[] = [];
  await crawlSite({
    start: options.start,
    base: options.base,
    maxPages: options.maxPages,
    async fetchPage(path) {
      // Marked so the crawl is recognisable in logs, and so the index middleware lets it through.
      const response = await fetch(new URL(path, options.origin), { headers: { accept: 'text/html', 'x-sitesearch-crawl': '1' } }).catch(() => undefined);
      if (!response?.ok || !(response.headers.get('content-type') ?? '').includes('text/html')) return undefined;
      return { html: await response.text(), url: new URL(response.url || path, options.origin) };
    },
    onPage(file, page) {
      pages.push({ path: `${options.base}${file}`, html: page.html });
    },
  });
  return pages;
}

export interface DevIndexSettings {
  /** Site base, with a trailing slash (`/`, `/docs/`). */
  base: string;
  /** Folders (relative to the site, as a build would write them) not to index, e.g. `['drafts']`. */
  exclude?: string[];
  /** Category of pages that have none (default: the first URL segment, title-cased). */
  defaultLvl0?: string;
  /** URL patterns → page rank, as the build takes them (see `IndexSiteOptions.pageRank`). */
  pageRank?: PageRankRules;
  /** The site's synonyms, checked (`resolveSynonyms`), as the build takes them. */
  synonyms?: readonly SynonymHit[];
}

/** An index built in memory: its files (path under `<base>sitesearch/` → JSON text) and counts. */
export interface DevIndexFiles {
  files: Map<string, string>;
  pages: number;
  records: number;
}

/**
 * Indexes pages in memory, as `buildSiteIndex` does a build: one record set per page (keyed by
 * the file a build writes, so `/x`, `/x/` and `/x/index.html` count once), the same URLs, the
 * same exclusions, error pages skipped.
 */
export function buildDevIndex(pages: Iterable<DevPage>, settings: DevIndexSettings): DevIndexFiles {
  const excluded = [...ALWAYS_EXCLUDED, ...(settings.exclude ?? [])].map((folder) => `${folder.replace(/^\/+|\/+$/g, '')}/`);
  const seen = new Set<string>();
  // Ranked as the build ranks them: search in dev orders pages as the built site will.
  const rankOf = compilePageRanks(settings.pageRank);
  const records: DocRecord[] = [];
  // Each record's language, so that the dev index is analysed as the build's is.
  const languages: (string | undefined)[] = [];
  let count = 0;
  for (const page of pages) {
    let file: string;
    try {
      file = posix.normalize(fileForPath(page.path, settings.base));
    } catch {
      continue;
    }
    if (seen.has(file) || excluded.some((folder) => file.startsWith(folder)) || /^404(\/index)?\.html$/.test(file)) continue;
    seen.add(file);
    const url = settings.base + pagePath(file);
    const result = extractPage(page.html, { url, defaultLvl0: settings.defaultLvl0 });
    if (result.skipped !== undefined) continue;
    count++;
    rankRecords(result.records, rankOf(url, file).rank);
    for (const record of result.records) records.push(record);
    for (const language of result.languages) languages.push(language);
  }
  return { files: serializeIndex(buildIndex(records, settings.synonyms ? { synonyms: settings.synonyms } : {}, languages)), pages: count, records: records.length };
}

export type DevMiddleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

export interface DevIndexOptions extends DevIndexSettings {
  /** The site's pages, asked for on the first request after a change; `origin` is the dev server's (`http://host:port`). */
  pages: (origin: string) => Promise<Iterable<DevPage>>;
  log: { info(message: string): void; warn(message: string): void };
}

export interface DevIndex {
  /** Serves `<base>sitesearch/*` from the index, building it first when stale (connect/Express style). */
  middleware: DevMiddleware;
  /** Marks the index stale (call on file changes). */
  invalidate(): void;
}

export function createDevIndex(options: DevIndexOptions): DevIndex {
  const prefix = `${options.base}sitesearch/`;
  let building: Promise<DevIndexFiles> | undefined;

  async function build(origin: string): Promise<DevIndexFiles> {
    const started = performance.now();
    const pages = [...(await options.pages(origin))];
    const index = buildDevIndex(pages, options);
    options.log.info(`indexed ${index.pages} dev pages (${pages.length} found) into ${index.records} records in ${Math.round(performance.now() - started)} ms`);
    return index;
  }

  const middleware: DevMiddleware = (request, response, next) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (!url.pathname.startsWith(prefix) || request.headers['x-sitesearch-crawl']) return next();
    let name: string;
    try {
      name = decodeURIComponent(url.pathname.slice(prefix.length));
    } catch {
      return next();
    }
    const origin = `http://${request.headers.host ?? 'localhost'}`;
    const current = (building ??= build(origin).catch((error: unknown) => {
      // A failed build is not kept: the next request tries again.
      building = undefined;
      throw error;
    }));
    current.then(
      (index) => {
        const text = index.files.get(name);
        if (text === undefined) {
          response.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: `no index file ${url.pathname}`, status: 404 }));
          return;
        }
        response.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(text);
      },
      (error: unknown) => {
        options.log.warn(`the dev index could not be built: ${error instanceof Error ? error.message : String(error)}`);
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
