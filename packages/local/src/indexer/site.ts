/** A folder of built HTML pages → records, page by page, with what was skipped and why. */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { DocRecord } from '../records.js';
import { extractPage } from './extract.js';
import type { IndexerSelectors } from './selectors.js';

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
}

export interface SkippedPage {
  file: string;
  reason: string;
}

export interface IndexedSite {
  records: DocRecord[];
  pages: number;
  skipped: SkippedPage[];
}

/** The indexer could not run at all; the message says what and where. */
export class IndexerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IndexerError';
  }
}

const ALWAYS_EXCLUDED = ['sitesearch', 'pagefind', 'node_modules'];

export async function indexSite(options: IndexSiteOptions): Promise<IndexedSite> {
  const dir = options.dir;
  const info = await stat(dir).catch(() => null);
  if (!info) throw new IndexerError(`no folder at ${dir}`);
  if (!info.isDirectory()) throw new IndexerError(`${dir} is a file, not a folder of HTML pages`);

  const excluded = new Set([...ALWAYS_EXCLUDED, ...(options.exclude ?? [])].map((path) => path.replace(/^\/+|\/+$/g, '')));
  const files = (await listHtmlFiles(dir, dir, excluded)).sort();
  if (files.length === 0) throw new IndexerError(`no .html files under ${dir}`);

  const baseUrl = normalizeBaseUrl(options.baseUrl ?? '/');
  const records: DocRecord[] = [];
  const skipped: SkippedPage[] = [];
  let pages = 0;
  for (const file of files) {
    const path = relative(dir, file).split(sep).join('/');
    if (/^404(\/index)?\.html$/.test(path)) {
      skipped.push({ file, reason: 'error page' });
      continue;
    }
    let html: string;
    try {
      html = await readFile(file, 'utf8');
    } catch (error) {
      skipped.push({ file, reason: `unreadable: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` });
      continue;
    }
    if (html.includes('\u0000')) {
      skipped.push({ file, reason: 'not text (binary content in an .html file)' });
      continue;
    }
    const result = extractPage(html, { url: baseUrl + pagePath(path, options.cleanUrls), selectors: options.selectors, defaultLvl0: options.defaultLvl0 });
    if (result.skipped) {
      skipped.push({ file, reason: result.skipped });
      continue;
    }
    pages++;
    records.push(...result.records);
  }
  return { records, pages, skipped };
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
