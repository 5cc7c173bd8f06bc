/**
 * `sitesearch crawl <url…>`: a live site over HTTP → the same records and index as
 * `sitesearch index` on its files. Pages come from the start URLs, the sitemaps (robots.txt's
 * `Sitemap:` lines, else `/sitemap.xml`) and the links of the pages crawled, within the start
 * URLs' origins and folders; robots.txt, `noindex`, `nofollow` and canonical URLs are obeyed.
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { writePagesIndex, type IndexedPage } from '../indexer/build-site.js';
import type { SynonymHit } from '../engine/synonyms.js';
import { extractPage } from '../indexer/extract.js';
import { compilePageRanks, rankedAsReleasePost, rankRecords, releasePostNote, type PageRank, type PageRankRules } from '../indexer/page-rank.js';
import { parseHtml } from '../indexer/parse-html.js';
import type { IndexerSelectors } from '../indexer/selectors.js';
import { formatBytes, type ProgressOutput } from '../push/progress.js';
import type { DocRecord } from '../records.js';
import { CrawlError } from './errors.js';
import { createFetcher, DEFAULT_TIMEOUT_MS, HostGate, type FetchResult, type RetryPolicy } from './fetch.js';
import { decodePage, headerDirectives, readPageLinks } from './page.js';
import type { PageRenderer } from './render.js';
import { CrawlProgress } from './progress.js';
import { ALLOW_ALL, DISALLOW_ALL, parseRobots, type RobotsRules } from './robots.js';
import { createScope, isAsset } from './scope.js';
import { parseSitemap } from './sitemap.js';
import { loadState, saveState, type CrawlState, type PageState } from './state.js';

/** The crawler's product token in robots.txt and its User-Agent. */
export const CRAWLER_TOKEN = 'SiteSearchBot';
export const PROJECT_URL = 'https://github.com/sitesearch/sitesearch';
export const DEFAULT_OUT_DIR = 'sitesearch-crawl';

export const CRAWL_DEFAULTS = {
  maxPages: 10_000,
  maxDepth: 20,
  concurrency: 4,
  /** Between two requests to one host (a robots.txt Crawl-delay can only make it longer). */
  delayMs: 100,
  maxPageBytes: 3 * 1024 * 1024,
  /** Per request, headers and body (see `DEFAULT_TIMEOUT_MS`); a timed-out URL is retried once. */
  timeoutMs: DEFAULT_TIMEOUT_MS,
} as const;

export interface CrawlOptions {
  /** Start URLs: the crawl stays within their origins and folders. */
  urls: string[];
  /** Where the index and the crawl state go (default `./sitesearch-crawl`). */
  outDir?: string;
  /** More sitemaps to read, besides robots.txt's and `/sitemap.xml`. */
  sitemaps?: string[];
  /** Only URLs matching one of these patterns are crawled (a start URL that does not is fetched for its links, not indexed). */
  include?: string[];
  /** URLs matching these patterns are not crawled. */
  exclude?: string[];
  /** URLs these regular expressions find a match in are not crawled (a docsearch config's `stop_urls`). */
  excludeRegexps?: RegExp[];
  /** Selectors and category of the page at a URL, when they differ by page (a docsearch config's `selectors_key`); else `selectors` and `defaultLvl0`. */
  pageSettings?: (url: string) => { selectors?: Partial<IndexerSelectors>; defaultLvl0?: string };
  /** Pages requested at most (default 10,000): what ends a link trap if depth does not. */
  maxPages?: number;
  /** Links followed from a start URL at most (default 20); sitemap pages are at depth 1. */
  maxDepth?: number;
  /** Requests in flight at once (default 4). */
  concurrency?: number;
  /** Minimum ms between two requests to one host (default 100); a longer `Crawl-delay` wins. */
  delayMs?: number;
  retry?: RetryPolicy;
  /** Bytes of a page indexed at most (default 3 MB); a longer page is cut, with a warning. */
  maxPageBytes?: number;
  /** Ms a request may take, headers and body (default 15 s; `--timeout`); a URL that times out is retried once, then failed. Also bounds a page's load with `render`. */
  timeoutMs?: number;
  selectors?: Partial<IndexerSelectors>;
  defaultLvl0?: string;
  /** URL patterns → `page_rank`, as `sitesearch index` takes them (see `IndexSiteOptions.pageRank`); paths count from the start URL's folder. */
  pageRank?: PageRankRules;
  /** The site's synonyms, in the provider's format, checked (`validateSynonyms`): the index holds them. */
  synonyms?: readonly SynonymHit[];
  /** Reuse `crawl-state.json` of the last crawl in the output folder (default true); false (`--fresh`) fetches and extracts every page again. Either way this crawl's state replaces it. */
  incremental?: boolean;
  /** Load each page in headless Chromium and index the rendered DOM (`--render`; needs playwright-core and a Chromium). */
  render?: boolean;
  /** Renders pages another way than Chromium through playwright-core (tests, another browser). */
  renderer?: PageRenderer;
  /** Changes a page's records before they are indexed (the docsearch config's tags, page rank, levels). */
  transformRecords?: (records: DocRecord[], url: string) => DocRecord[];
  /** Extra input to the settings fingerprint of the state file (what `transformRecords` depends on). */
  settingsKey?: string;
  output?: ProgressOutput;
  /** The crawler's version, in its User-Agent (default the package's). */
  version?: string;
}

export interface CrawlIssue {
  url: string;
  reason: string;
}

export interface CrawlReport {
  outDir: string;
  /** Pages indexed. */
  pages: number;
  records: number;
  /** Requests sent (robots.txt and sitemaps included). */
  requests: number;
  /** Pages whose records were extracted in this crawl (not reused from the last one). */
  extracted: number;
  /** Pages answered 304 Not Modified and reused. */
  reused: number;
  failed: CrawlIssue[];
  skipped: CrawlIssue[];
  warnings: string[];
  /** Whether a start URL failed (the CLI then exits with 1). */
  startFailed: boolean;
  files: number;
  bytes: number;
  /** Pages ranked -1 as release posts by default (`blog/`, `changelog/`…, from the start URL's folder), for the crawl's note. */
  releasePosts: number;
  durationMs: number;
  /** Every indexed page's records, in index order (for `--push`). */
  recordList: DocRecord[];
  /** The language of each of `recordList` (for `--push`: the index's languages). */
  languageList: (string | undefined)[];
}

interface QueueItem {
  url: string;
  depth: number;
  start: boolean;
}

const HTML_TYPE = /^\s*(text\/html|application\/xhtml\+xml)\b/i;
/** Sitemaps read at most per crawl (an index of indexes cannot make it read forever). */
const MAX_SITEMAPS = 200;

export async function crawlSite(options: CrawlOptions): Promise<CrawlReport> {
  const output = options.output ?? { write: (text: string) => void process.stdout.write(text), isTTY: Boolean(process.stdout.isTTY) && !process.env.CI };
  const startUrls = parseStartUrls(options.urls);
  const outDir = resolve(options.outDir ?? DEFAULT_OUT_DIR);
  const maxPages = limit(options.maxPages, CRAWL_DEFAULTS.maxPages, '--max-pages', 1);
  const maxDepth = limit(options.maxDepth, CRAWL_DEFAULTS.maxDepth, '--max-depth', 0);
  const concurrency = limit(options.concurrency, CRAWL_DEFAULTS.concurrency, '--concurrency', 1);
  const delayMs = limit(options.delayMs, CRAWL_DEFAULTS.delayMs, '--delay', 0);
  const timeoutMs = limit(options.timeoutMs, CRAWL_DEFAULTS.timeoutMs, '--timeout', 1);
  const maxPageBytes = limit(options.maxPageBytes, CRAWL_DEFAULTS.maxPageBytes, 'maxPageBytes', 1024);
  const scope = createScope(startUrls, options.include, options.exclude, options.excludeRegexps);
  const userAgent = `${CRAWLER_TOKEN}/${options.version ?? (await packageVersion())} (+${PROJECT_URL})`;
  // Checked before anything is fetched, as `sitesearch index` does.
  extractPage('<title>t</title>', { url: '/', selectors: options.selectors });
  const rankOf = (() => {
    try {
      return compilePageRanks(options.pageRank);
    } catch (error) {
      throw new CrawlError((error as Error).message);
    }
  })();
  // A page's path for the release-post default counts from the folder of the start URL it is under, as a built site's from its base URL.
  const folders = startUrls.map((url) => url.pathname.replace(/[^/]*$/, ''));
  const pageRankOf = (url: string): PageRank => {
    const { pathname } = new URL(url);
    const folder = folders.find((candidate) => pathname.startsWith(candidate)) ?? '/';
    return rankOf(url, pathname.slice(folder.length));
  };

  // Started before anything is fetched: a missing Chromium is said at once. Its requests are
  // checked against robots.txt as the crawl's are (`check`, set once robots.txt can be read).
  let check: (url: URL) => Promise<string | undefined> = async () => 'not crawling yet';
  let renderer = options.renderer;
  if (!renderer && options.render) {
    const { createRenderer } = await import('./render.js');
    renderer = await createRenderer({
      userAgent,
      timeoutMs,
      allows: async (url, page) => url.origin === page.origin && (await check(url)) === undefined,
    });
  }
  try {
    const progress = new CrawlProgress(output);
    const failed: CrawlIssue[] = [];
    const skipped: CrawlIssue[] = [];
    const warnings: string[] = [];
    const warn = (text: string): void => {
      warnings.push(text);
      progress.line(`  warning: ${text}`);
    };
    const settings = createHash('sha256').update(JSON.stringify([options.selectors ?? null, options.defaultLvl0 ?? null, options.settingsKey ?? null, Boolean(options.render), options.pageRank ?? null])).digest('hex').slice(0, 16);
    const incremental = options.incremental !== false;
    const loaded = incremental ? await loadState(outDir, settings) : { state: { settings, pages: {} } as CrawlState };
    if (loaded.note) warn(loaded.note);
    const previous = loaded.state.pages;
    const next: CrawlState = { settings, pages: {} };

    let requests = 0;
    const gate = new HostGate(delayMs);
    const fetcher = createFetcher({
      userAgent,
      gate,
      retry: options.retry,
      maxBytes: maxPageBytes,
      timeoutMs,
      onRequest: () => void requests++,
      onRetry: (url, why, waitMs) => progress.line(`  ${why} for ${url}: retrying in ${(waitMs / 1000).toFixed(1)} s`),
    });

    const robotsByOrigin = new Map<string, Promise<RobotsRules>>();
    /** Why an origin's robots.txt could not be read, which then disallows everything there. */
    const robotsFailures = new Map<string, string>();
    const robotsFor = (url: URL): Promise<RobotsRules> => {
      let rules = robotsByOrigin.get(url.origin);
      if (!rules) robotsByOrigin.set(url.origin, (rules = loadRobots(url.origin)));
      return rules;
    };
    async function loadRobots(origin: string): Promise<RobotsRules> {
      // robots.txt may redirect (to www., to https), within reason; it is never checked against itself.
      const result = await fetcher({ url: `${origin}/robots.txt`, check: () => undefined, accept: 'text/plain,*/*;q=0.1' });
      let rules: RobotsRules;
      if (result.kind === 'ok') rules = parseRobots(new TextDecoder().decode(result.body ?? new Uint8Array()), CRAWLER_TOKEN, new URL(result.url));
      // No robots.txt (4xx): no rules (RFC 9309 2.3.1.3); but a 429 that outlasted the retries is
      // the server asking for less, not saying there are no rules.
      else if (result.kind === 'failed' && /^HTTP 4(?!29)\d\d/.test(result.reason)) rules = ALLOW_ALL;
      else {
        // A server error, a 429 or no answer: everything is disallowed (RFC 9309 2.3.1.4), and said.
        const why = `${origin}/robots.txt could not be read (${result.kind === 'not-modified' ? 'HTTP 304' : result.reason})`;
        warn(`${why}: nothing on ${origin} is crawled`);
        robotsFailures.set(origin, why);
        rules = DISALLOW_ALL;
      }
      if (rules.crawlDelayMs !== undefined) gate.setCrawlDelay(new URL(origin).host, rules.crawlDelayMs);
      return rules;
    }
    /** Why a URL must not be requested, if it must not. */
    const refusal = async (url: URL): Promise<string | undefined> => {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'not an http(s) URL';
      if (!(await robotsFor(url)).allows(url)) return robotsFailures.get(url.origin) ?? 'disallowed by robots.txt';
      return undefined;
    };
    check = refusal;
    const pageRefusal = async (url: URL): Promise<string | undefined> => {
      if (!scope.contains(url)) return `outside the crawl (${url.href})`;
      return refusal(url);
    };

    // The queue, breadth first: pages near the start URLs are crawled first, so --max-pages keeps those.
    const queue: QueueItem[] = [];
    const seen = new Set<string>();
    const enqueue = (url: string, depth: number, start = false): void => {
      if (seen.has(url)) return;
      const parsed = new URL(url);
      if (!start && (!scope.contains(parsed) || !scope.wanted(parsed) || isAsset(parsed) || depth > maxDepth)) return;
      seen.add(url);
      queue.push({ url, depth, start });
    };
    for (const url of startUrls) enqueue(url.href, 0, true);

    // Sitemaps: robots.txt's, else /sitemap.xml of each start origin; and those given.
    const sitemapQueue: { url: string; given: boolean }[] = [];
    for (const origin of new Set(startUrls.map((url) => url.origin))) {
      const rules = await robotsFor(new URL(origin));
      const listed = rules.sitemaps.length > 0 ? rules.sitemaps : [`${origin}/sitemap.xml`];
      for (const url of listed) sitemapQueue.push({ url, given: rules.sitemaps.length > 0 });
    }
    for (const url of options.sitemaps ?? []) sitemapQueue.push({ url: parseUrl(url, '--sitemap').href, given: true });
    const sitemapsRead = new Set<string>();
    while (sitemapQueue.length > 0 && sitemapsRead.size < MAX_SITEMAPS) {
      const { url, given } = sitemapQueue.shift()!;
      if (sitemapsRead.has(url)) continue;
      sitemapsRead.add(url);
      const result = await fetcher({ url, check: refusal, accept: 'application/xml,text/xml;q=0.9,*/*;q=0.1' });
      if (result.kind !== 'ok') {
        if (given) warn(`sitemap ${url} ${result.kind === 'refused' ? 'not read' : 'failed'}: ${result.kind === 'not-modified' ? 'HTTP 304' : result.reason}`);
        continue;
      }
      const sitemap = parseSitemap(result.body ?? new Uint8Array(), new URL(result.url));
      if (!sitemap) {
        if (given) warn(`sitemap ${url} is not a sitemap (no <urlset> or <sitemapindex>)`);
        continue;
      }
      if (sitemap.kind === 'index') for (const child of sitemap.urls) sitemapQueue.push({ url: child, given: true });
      else for (const page of sitemap.urls) enqueue(page, 1);
    }

    const pages = new Map<string, { records: DocRecord[]; languages: (string | undefined)[] }>();
    let extracted = 0;
    let reused = 0;
    let fetchedPages = 0;
    let startFailed = false;
    let capped = false;

    const skip = (url: string, reason: string): void => void skipped.push({ url, reason });
    const fail = (item: QueueItem, url: string, reason: string): void => {
      failed.push({ url, reason });
      if (item.start) startFailed = true;
      progress.line(`  failed ${url}: ${reason}`);
    };

    async function crawlPage(item: QueueItem): Promise<boolean> {
      const result: FetchResult = await fetcher({
        url: item.url,
        // A redirect to a page crawled or queued already is not followed: that page is indexed once.
        // A start URL may redirect anywhere robots.txt allows (to www., to https): where it lands
        // becomes a root of the crawl, as the start URL was.
        check: (url) => (url.href !== item.url && seen.has(url.href) ? `redirects to ${url.href}, crawled already` : item.start ? refusal(url) : pageRefusal(url)),
        wantsBody: (headers) => HTML_TYPE.test(headers.get('content-type') ?? 'text/html'),
        validators: (url) => (incremental ? previous[url] : undefined),
      });
      if (result.kind === 'failed') {
        fail(item, result.url, result.reason);
        return false;
      }
      if (result.kind === 'refused') {
        const url = result.reason.startsWith('redirects to ') ? item.url : result.url;
        if (item.start) fail(item, url, result.reason);
        else skip(url, result.reason);
        return !item.start;
      }
      const url = result.url;
      seen.add(url);
      if (item.start && url !== item.url) scope.addRoot(new URL(url));
      let page: PageState;
      if (result.kind === 'not-modified') {
        const saved = previous[url];
        if (!saved) {
          fail(item, url, 'HTTP 304 to a request that was not conditional');
          return false;
        }
        reused++;
        page = saved;
      } else {
        const type = result.headers.get('content-type') ?? 'text/html';
        if (!HTML_TYPE.test(type) || result.body === null) {
          skip(url, `not HTML (${type.split(';')[0]!.trim()})`);
          return true;
        }
        const decoded = decodePage(result.body, type);
        if (decoded.warning) warn(`${url}: ${decoded.warning}`);
        if (result.truncated) warn(`${url} is larger than ${(maxPageBytes / 1024 / 1024).toFixed(1)} MB: indexed up to there`);
        let html = decoded.html;
        if (renderer) {
          try {
            html = await renderer.render(url, html, result.headers);
          } catch (error) {
            fail(item, url, `rendering failed: ${(error as Error).message}`);
            return false;
          }
        }
        const header = headerDirectives(result.headers.get('x-robots-tag'), CRAWLER_TOKEN);
        const found = readPageLinks(parseHtml(html), url, CRAWLER_TOKEN);
        const noindex = header.noindex || found.robots.noindex;
        page = {
          ...(result.headers.get('etag') ? { etag: result.headers.get('etag')! } : {}),
          ...(result.headers.get('last-modified') ? { lastModified: result.headers.get('last-modified')! } : {}),
          links: header.nofollow ? [] : found.links,
          ...(found.canonical ? { canonical: found.canonical } : {}),
          ...(found.refresh ? { refresh: found.refresh } : {}),
        };
        if (noindex) page.skipped = 'marked noindex';
        else if (!found.refresh && !(found.canonical && found.canonical !== url && usableCanonical(found.canonical))) {
          const settings = options.pageSettings?.(url) ?? options;
          const extraction = extractPage(html, { url, selectors: settings.selectors, defaultLvl0: settings.defaultLvl0 });
          extracted++;
          if (extraction.skipped) page.skipped = extraction.skipped;
          else {
            rankRecords(extraction.records, pageRankOf(url).rank);
            page.records = options.transformRecords ? options.transformRecords(extraction.records, url) : extraction.records;
            // A transform may drop or add records: they then take the page's own language.
            page.languages = page.records.length === extraction.records.length ? extraction.languages : page.records.map(() => extraction.languages?.[0]);
          }
        }
      }
      if (page.etag || page.lastModified) next.pages[url] = page;
      for (const link of page.links) enqueue(link, item.depth + 1);
      if (page.refresh) {
        followRefresh(item, url, page.refresh);
        return true;
      }
      if (page.canonical && page.canonical !== url && usableCanonical(page.canonical)) {
        // The canonical page is indexed under its own URL, once, however many copies link to it.
        skip(url, `duplicate of ${page.canonical} (rel=canonical)`);
        enqueue(page.canonical, item.depth);
        return true;
      }
      if (page.skipped) skip(url, page.skipped);
      // A start URL outside --include (or inside --exclude) is fetched for its links only.
      else if (item.start && !scope.wanted(new URL(url))) skip(url, 'a start URL that --include/--exclude leave out: its links were followed, it is not indexed');
      else if (page.records) pages.set(url, { records: page.records, languages: page.languages ?? page.records.map(() => undefined) });
      return true;
    }
    /** Pages that are `<meta http-equiv="refresh">` redirects, and where to: what finds a loop of them. */
    const refreshes = new Map<string, string>();
    /**
     * A refresh page is a redirect written in HTML (hosts without redirects, Astro's `redirects`):
     * not indexed itself, its target crawled in its place, as an HTTP redirect's would be. Only on
     * the page's own origin (a start URL's target becomes a root of the crawl, as with HTTP),
     * and a chain that comes back to a page is a loop, named in full.
     */
    function followRefresh(item: QueueItem, url: string, target: string): void {
      refreshes.set(url, target);
      const chain = [url];
      for (let next: string | undefined = target; next !== undefined; next = refreshes.get(next)) {
        chain.push(next);
        if (next === url) return skip(url, `meta refresh loop: ${chain.map((hop) => new URL(hop).pathname).join(' → ')}`);
        if (chain.length > 20) break;
      }
      const to = new URL(target);
      if (to.origin !== new URL(url).origin) return skip(url, `refreshes to ${target}, another origin: not followed`);
      if (item.start && !scope.contains(to)) scope.addRoot(to);
      if (!scope.contains(to) || isAsset(to)) return skip(url, `refreshes to ${target}, outside the crawl`);
      skip(url, `refreshes to ${target} (<meta http-equiv="refresh">)`);
      enqueue(target, item.depth, item.start);
    }
    /** A canonical URL the crawl can reach; one elsewhere (production, while crawling staging) is ignored. */
    function usableCanonical(canonical: string): boolean {
      const url = new URL(canonical);
      return scope.contains(url) && !isAsset(url);
    }

    // Bounded concurrency: `concurrency` pages in flight, new ones taken as each ends.
    await new Promise<void>((done) => {
      let active = 0;
      const pump = (): void => {
        while (active < concurrency && queue.length > 0) {
          if (fetchedPages >= maxPages) {
            capped = true;
            break;
          }
          const item = queue.shift()!;
          fetchedPages++;
          active++;
          crawlPage(item)
            .catch((error: unknown) => {
              fail(item, item.url, (error as Error).message);
              return false;
            })
            .then((ok) => {
              active--;
              progress.pageDone(!ok, queue.length);
              pump();
            });
        }
        if (active === 0) done();
      };
      pump();
    });
    if (capped) warn(`--max-pages ${maxPages} reached: ${queue.length} more pages queued were not crawled`);
    progress.end();

    // Pages in the order `sitesearch index` reads a folder's files (index.html for a folder URL),
    // so a crawl's index is the same, record for record, whatever order the pages arrived in.
    const ordered = [...pages.entries()].sort(([a], [b]) => compareStrings(fileOrderKey(a), fileOrderKey(b)));
    const recordList = ordered.flatMap(([, page]) => page.records);
    // Counted as `sitesearch index` counts them.
    const releasePosts = ordered.filter(([url, page]) => rankedAsReleasePost(pageRankOf(url).releasePost, page.records)).length;
    const releasePostLine = releasePostNote(releasePosts, '--page-rank "*=0"');
    let written = { files: 0, bytes: 0 };
    if (ordered.length > 0) {
      written = await writePagesIndex(outDir, ordered.map(([, page]): IndexedPage => page), { thread: false, gzip: false, ...(options.synonyms ? { synonyms: options.synonyms } : {}) });
    }
    // A fresh crawl writes its state too: the old one, left in place, would serve the next crawl
    // the records --fresh was run to replace, on every 304.
    await saveState(outDir, next);
    // Listed by URL, not as concurrent fetches happened to end: the same site gives the same summary.
    const byUrl = (a: CrawlIssue, b: CrawlIssue) => compareStrings(a.url, b.url);
    skipped.sort(byUrl);
    failed.sort(byUrl);
    const durationMs = progress.elapsedMs;
    const attempted = fetchedPages;
    output.write(
      `Crawled ${attempted} pages in ${(durationMs / 1000).toFixed(1)} s (${(attempted / Math.max(durationMs / 1000, 0.001)).toFixed(1)} pages/s, ${requests} requests${reused > 0 ? `, ${reused} unchanged since the last crawl` : ''}): ` +
        `${ordered.length} indexed, ${skipped.length} skipped, ${failed.length} failed\n` +
        skipped.map((issue) => `  skipped ${issue.url}: ${issue.reason}\n`).join('') +
        (failed.length > 0 ? `Failed:\n${failed.map((issue) => `  ${issue.url}: ${issue.reason}\n`).join('')}` : '') +
        (ordered.length > 0
          ? `${releasePostLine ? `  note: ${releasePostLine}\n` : ''}Indexed ${ordered.length} pages into ${recordList.length} records\nWrote ${written.files} files, ${formatBytes(written.bytes)} to ${outDir}\n`
          : `Nothing was indexed; no index was written to ${outDir}\n`),
    );
    return {
      outDir,
      pages: ordered.length,
      records: recordList.length,
      requests,
      extracted,
      reused,
      failed,
      skipped,
      warnings,
      startFailed,
      files: written.files,
      bytes: written.bytes,
      releasePosts,
      durationMs,
      recordList,
      languageList: ordered.flatMap(([, page]) => page.languages),
    };
  } finally {
    // Chromium is a child process: left open, it would keep this one alive.
    await renderer?.close();
  }
}

/** `http://h/guide/` → `http://h/guide/index.html`: how the file of a folder URL sorts among its siblings. */
function fileOrderKey(url: string): string {
  const parsed = new URL(url);
  return parsed.origin + (parsed.pathname.endsWith('/') ? `${parsed.pathname}index.html` : parsed.pathname) + parsed.search;
}

/** Code-unit order, as `Array.prototype.sort` orders the file paths `sitesearch index` lists. */
function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function parseStartUrls(urls: readonly string[]): URL[] {
  if (!Array.isArray(urls) || urls.length === 0) throw new CrawlError('crawl needs at least one start URL, e.g. sitesearch crawl https://example.com/docs/');
  return urls.map((url) => {
    const parsed = parseUrl(url, 'start URL');
    parsed.hash = '';
    return parsed;
  });
}

function parseUrl(value: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CrawlError(`${what} must be an http:// or https:// URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CrawlError(`${what} must be an http:// or https:// URL, got "${value}"`);
  return url;
}

function limit(value: number | undefined, fallback: number, flag: string, min: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min) throw new CrawlError(`${flag} must be an integer of at least ${min}, got ${String(value)}`);
  return value;
}

async function packageVersion(): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  for (const path of ['../../package.json', '../package.json']) {
    try {
      const pkg = JSON.parse(await readFile(new URL(path, import.meta.url), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@sitesearch/local' && pkg.version) return pkg.version;
    } catch {
      // The other layout (sources or the CLI bundle).
    }
  }
  return '0';
}

// The crawl's error and the renderer's contract are also reachable from here, where the CLI and the tests take the crawl.
export { CrawlError, type PageRenderer };
