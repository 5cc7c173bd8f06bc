/**
 * What a crawl keeps for the next one, in `<out>/crawl-state.json`: per page, the validators the
 * server sent (ETag, Last-Modified), the links and canonical URL it had, and its records or why
 * it was skipped. The next crawl sends the validators; on 304 it reuses all of that without
 * downloading or extracting the page again.
 */
import { readFile, rename, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { DocRecord } from '../records.js';

export const STATE_FILE = 'crawl-state.json';
// 2: pages keep their records' languages (the index analyses each record's text by them).
// 3: a title taken from <title> loses the site's name: records saved before are extracted again.
const VERSION = 3;

export interface PageState {
  etag?: string;
  lastModified?: string;
  links: string[];
  canonical?: string;
  /** Where the page's `<meta http-equiv="refresh">` sends visitors: the page is a redirect, not indexed. */
  refresh?: string;
  /** Records of an indexed page. */
  records?: DocRecord[];
  /** The language of each of `records` (`<html lang>`, an element's own `lang`), as extraction found it. */
  languages?: (string | undefined)[];
  /** Why the page was not indexed (noindex, no title…). */
  skipped?: string;
  noindex?: boolean;
}

export interface CrawlState {
  /** What the records were extracted with: another setting makes the saved records useless. */
  settings: string;
  pages: Record<string, PageState>;
}

/** The saved state, or an empty one when there is none, it is unreadable, or it was made with other settings. */
export async function loadState(outDir: string, settings: string): Promise<{ state: CrawlState; note?: string }> {
  const empty = { settings, pages: {} };
  let text: string;
  try {
    text = await readFile(join(outDir, STATE_FILE), 'utf8');
  } catch {
    return { state: empty };
  }
  try {
    const saved = JSON.parse(text) as { version?: unknown; settings?: unknown; pages?: unknown };
    if (saved.version !== VERSION || typeof saved.pages !== 'object' || saved.pages === null) return { state: empty, note: `${STATE_FILE} is from another version: crawling everything again` };
    if (saved.settings !== settings) return { state: empty, note: `the indexer settings changed since the last crawl: crawling everything again` };
    return { state: { settings, pages: saved.pages as Record<string, PageState> } };
  } catch {
    return { state: empty, note: `${STATE_FILE} is not valid JSON: crawling everything again` };
  }
}

/** Written beside and renamed over the old one: an interrupted save leaves the previous state. */
export async function saveState(outDir: string, state: CrawlState): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const file = join(outDir, STATE_FILE);
  await writeFile(`${file}.tmp`, JSON.stringify({ version: VERSION, settings: state.settings, pages: state.pages }));
  await rename(`${file}.tmp`, file);
}
