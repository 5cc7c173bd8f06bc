/**
 * One page file → its records (and their term counts), the unit of work of the indexer's threads.
 * Plain data in and out, so it runs the same in the main thread and in a worker.
 */
import { readFileSync } from 'node:fs';
import { createTermCounter, type RecordTermCounts, type TermVocabulary } from '../engine/build.js';
import type { DocRecord } from '../records.js';
import { extractPage } from './extract.js';
import { rankRecords } from './page-rank.js';
import type { IndexerSelectors } from './selectors.js';

export interface PageTask {
  /** Absolute path of the file. */
  file: string;
  /** URL of the page, without anchor. */
  url: string;
  /** The page's `page_rank` when not 0, for its records that do not say their own. */
  pageRank?: number;
}

/** What every page of a run shares; sent once to each worker. */
export interface PageSettings {
  selectors?: Partial<IndexerSelectors>;
  defaultLvl0?: string;
  /** Count the terms of each record too (the index build needs them; `indexSite` alone does not). */
  countTerms: boolean;
}

export type PageResult =
  | { records: DocRecord[]; languages: (string | undefined)[]; terms?: RecordTermCounts[]; vocabulary?: TermVocabulary; skipped?: undefined }
  | { records?: undefined; languages?: undefined; terms?: undefined; vocabulary?: undefined; skipped: string };

/**
 * Reads and extracts pages; keeps its term counter between pages (a repeated text is counted
 * once). Terms are counted as their numbers in `vocabulary` (see `TermVocabulary`).
 */
export function createPageReader(settings: PageSettings, vocabulary: TermVocabulary): (task: PageTask) => PageResult {
  const countTerms = createTermCounter(vocabulary);
  return ({ file, url, pageRank }) => {
    let html: string;
    try {
      // Synchronous: this thread has nothing else to do meanwhile, and it spares a round trip per page.
      const bytes = readFileSync(file);
      // A NUL byte only ever decodes to U+0000: test the bytes before paying for the string.
      if (bytes.includes(0)) return { skipped: 'not text (binary content in an .html file)' };
      html = bytes.toString('utf8');
    } catch (error) {
      return { skipped: `unreadable: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` };
    }
    const result = extractPage(html, { url, selectors: settings.selectors, defaultLvl0: settings.defaultLvl0 });
    if (result.skipped !== undefined) return { skipped: result.skipped };
    const { records, languages } = result;
    rankRecords(records, pageRank ?? 0);
    return settings.countTerms ? { records, languages, terms: records.map((record, i) => countTerms(record, languages[i])) } : { records, languages };
  };
}
