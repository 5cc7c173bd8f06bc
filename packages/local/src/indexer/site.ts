/** A folder of built HTML pages → records, page by page, with what was skipped and why. */
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { DocRecord } from '../records.js';
import { validateSelectors } from './extract.js';
import type { PageResult } from './read-page.js';
import { readPages, threadCount } from './read-pages.js';
import type { IndexerSelectors } from './selectors.js';
import { IndexerError } from './errors.js';
import { compilePageRanks, type PageRankRules } from './page-rank.js';

export interface IndexSiteOptions {
  /** Folder of built HTML pages (what `astro build` or `docusaurus build` writes). */
  dir: string;
  /** Base URL of the site: `/`, `/docs/` or `https://example.com/docs/` (default `/`). */
  baseUrl?: string;
  selectors?: Partial<IndexerSelectors>;
  /** Category used when a page has none (default: the first URL path segment, title-cased). */
  defaultLvl0?: string;
  /** Folders (relative to `dir`) not to scan; the index's own output folder is always skipped. */
  exclude?: string[];
  /**
   * Write page URLs without `.html` (`about.html` → `/about`), for hosts that serve clean URLs.
   * Default `false`: a page's URL is its file path (`/about.html`), which every static host
   * serves. `index.html` always becomes its folder's URL (`guide/index.html` → `/guide/`).
   */
  cleanUrls?: boolean;
  /**
   * Threads that read and extract pages, the main thread included (default: one per core, at
   * most 8; one for a site of fewer than 250 pages). The index is the same whatever the number.
   */
  workers?: number;
  /**
   * URL patterns (`*` is any text; matched against the page's path, or its whole URL when the
   * pattern has `://`) → the `page_rank` of the pages they match, higher first, default 0. The
   * first that matches wins; release posts (`blog/`, `changelog/`, `releases/`, `news/` first in
   * the path) rank -1 unless one does (`{ '*': 0 }` turns that off). A page's own
   * `<meta name="sitesearch:page_rank">` wins over both.
   */
  pageRank?: PageRankRules;
}

export interface SkippedPage {
  file: string;
  reason: string;
}

export interface IndexedSite {
  records: DocRecord[];
  /** The language of each record (`languages[i]` for `records[i]`; see `ExtractResult`). */
  languages: (string | undefined)[];
  pages: number;
  skipped: SkippedPage[];
}

export { IndexerError };

const ALWAYS_EXCLUDED = ['sitesearch', 'pagefind', 'node_modules'];

export async function indexSite(options: IndexSiteOptions): Promise<IndexedSite> {
  const records: DocRecord[] = [];
  const languages: (string | undefined)[] = [];
  const skipped: SkippedPage[] = [];
  let pages = 0;
  for await (const page of readSite(options, await listSite(options), false)) {
    if (page.skipped) {
      skipped.push({ file: page.file, reason: page.skipped });
      continue;
    }
    pages++;
    for (const record of page.records!) records.push(record);
    for (const language of page.languages!) languages.push(language);
  }
  return { records, languages, pages, skipped };
}

/** A page file of a site, with the URL it is served at; error pages are listed to be skipped. */
export interface SitePage {
  file: string;
  url: string;
  errorPage: boolean;
  /** The page's `page_rank` (see `pageRank`). */
  pageRank: number;
  /** Whether that is the release-post default's. */
  releasePost: boolean;
}

/** Checks the options and lists the site's pages, in file order; throws an `IndexerError` saying what is wrong. */
export async function listSite(options: IndexSiteOptions): Promise<SitePage[]> {
  const dir = options.dir;
  const info = await stat(dir).catch(() => null);
  if (!info) throw new IndexerError(`no folder at ${dir}`);
  if (!info.isDirectory()) throw new IndexerError(`${dir} is a file, not a folder of HTML pages`);
  const excluded = new Set([...ALWAYS_EXCLUDED, ...(options.exclude ?? [])].map((path) => path.replace(/^\/+|\/+$/g, '')));
  const files = (await listHtmlFiles(dir, dir, excluded)).sort();
  if (files.length === 0) throw new IndexerError(`no .html files under ${dir}`);
  const baseUrl = normalizeBaseUrl(options.baseUrl ?? '/');
  validateSelectors(options.selectors);
  const pageRankOf = compilePageRanks(options.pageRank);
  return files.map((file) => {
    const path = relative(dir, file).split(sep).join('/');
    const url = baseUrl + pagePath(path, options.cleanUrls);
    const { rank, releasePost } = pageRankOf(url, path);
    return { file, url, errorPage: /^404(\/index)?\.html$/.test(path), pageRank: rank, releasePost };
  });
}

/** Each page's records (and term counts, with `countTerms`) or why it was skipped, in the order of `pages`. */
export async function* readSite(options: IndexSiteOptions, pages: SitePage[], countTerms: boolean): AsyncGenerator<PageResult & { file: string }> {
  const tasks = pages.filter((page) => !page.errorPage).map(({ file, url, pageRank }) => ({ file, url, ...(pageRank !== 0 ? { pageRank } : {}) }));
  const settings = { selectors: options.selectors, defaultLvl0: options.defaultLvl0, countTerms };
  const results = readPages(tasks, settings, threadCount(tasks.length, options.workers));
  try {
    for (const page of pages) {
      if (page.errorPage) {
        yield { file: page.file, skipped: 'error page' };
        continue;
      }
      const next = await results.next();
      yield { file: page.file, ...(next.value as PageResult) };
    }
  } finally {
    await results.return(undefined);
  }
}

async function listHtmlFiles(dir: string, root: string, excluded: Set<string>): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    throw new IndexerError(`cannot read folder ${dir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const files: string[] = [];
  for (const entry of entries) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (excluded.has(relative(root, full).split(sep).join('/'))) continue;
      files.push(...(await listHtmlFiles(full, root, excluded)));
    } else if (entry.isFile() && /\.html?$/i.test(entry.name)) {
      files.push(full);
    }
  }
  return files;
}

/**
 * The URL path of a page file: `guide/index.html` → `guide/`; `about.html` stays `about.html`,
 * or becomes `about` with `cleanUrls` (only right where the host serves `about.html` at `/about`).
 */
export function pagePath(relativeFile: string, cleanUrls = false): string {
  const path = relativeFile.replace(/(^|\/)index\.html?$/i, '$1');
  return cleanUrls ? path.replace(/\.html?$/i, '') : path;
}

function normalizeBaseUrl(baseUrl: string): string {
  if (typeof baseUrl !== 'string' || !/^(https?:\/\/[^/]+)?\//.test(baseUrl)) {
    throw new IndexerError(`baseUrl must start with "/" or "http(s)://", got ${JSON.stringify(baseUrl)}`);
  }
  return baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
}
