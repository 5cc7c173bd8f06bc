/**
 * The whole build step: pages → records → index files in `<dir>/sitesearch/`. Pages stream
 * through: each record shard is written as soon as it is full and its records let go, so what
 * stays in memory is the index being built (postings, record table, facets), not the site's text.
 */
import { join } from 'node:path';
import { createIndexBuilder, type BuildIndexOptions, type RecordTermCounts, type TermVocabulary } from '../engine/build.js';
import { recordShardPath } from '../engine/format.js';
// Not `stem.ts`' `hasStemmer`: importing it would bundle every stemmer into the CLI.
import { SEGMENTED_LANGUAGES, STEMMED_LANGUAGES } from '../engine/analysis/language.js';
import type { DocRecord } from '../records.js';
import { threadCount } from './read-pages.js';
import { listSite, readSite, type IndexSiteOptions, type SkippedPage } from './site.js';
import { rankedAsReleasePost } from './page-rank.js';
import { createIndexWriter, serializeIndexWithoutRecords, serializeRecordShard } from './write-index.js';

export interface BuildSiteIndexOptions extends IndexSiteOptions, BuildIndexOptions {
  /** Where the index goes (default `<dir>/sitesearch`). */
  outDir?: string;
  /**
   * Gzip each file to report the index's gzipped size (`gzipBytes`). Off by default: it was
   * about a tenth of a small site's build (the Vitest docs, 222 pages: ~0.1 s); the Astro and
   * Docusaurus plugins ask for it, as that is little beside the site's own build.
   */
  reportGzipBytes?: boolean;
}

export interface SiteIndexReport {
  outDir: string;
  pages: number;
  records: number;
  skipped: SkippedPage[];
  files: number;
  bytes: number;
  /** The files' gzipped bytes, each gzipped on its own at zlib's default level: only with `reportGzipBytes`. */
  gzipBytes?: number;
  durationMs: number;
  /** The pages' languages (`<html lang>`, an element's own `lang`), most records first: what queries are analysed for. */
  languages: string[];
  /**
   * What the build did that a site owner should know, one line each: today, at most one line
   * naming the languages indexed without stemming (no stemmer for them) and their page counts.
   */
  warnings: string[];
  /** Pages ranked -1 as release posts by default (`blog/`, `changelog/`…; see `pageRank`), for the build's note. */
  releasePosts: number;
}

export async function buildSiteIndex(options: BuildSiteIndexOptions): Promise<SiteIndexReport> {
  const started = performance.now();
  const outDir = options.outDir ?? join(options.dir, 'sitesearch');
  const pages = await listSite(options);
  const workers = threadCount(pages.filter((page) => !page.errorPage).length, options.workers);
  const skipped: SkippedPage[] = [];
  const releasePostFiles = new Set(pages.filter((page) => page.releasePost).map((page) => page.file));
  let releasePosts = 0;
  async function* indexed(): AsyncGenerator<IndexedPage> {
    for await (const page of readSite({ ...options, workers }, pages, true)) {
      if (page.skipped !== undefined) {
        skipped.push({ file: page.file, reason: page.skipped });
        continue;
      }
      if (rankedAsReleasePost(releasePostFiles.has(page.file), page.records)) releasePosts++;
      yield page;
    }
  }
  // A writer thread pays for its start only when the pages take more than this thread too.
  const written = await writePagesIndex(outDir, indexed(), { ...options, thread: workers > 1, gzip: options.reportGzipBytes === true });
  return {
    outDir,
    pages: written.pages,
    records: written.records,
    skipped,
    files: written.files,
    bytes: written.bytes,
    ...(options.reportGzipBytes ? { gzipBytes: written.gzipBytes } : {}),
    durationMs: performance.now() - started,
    languages: written.languages,
    warnings: written.warnings,
    releasePosts,
  };
}

/** One page's records, with their term counts when counted in another thread (see `readSite`). */
export interface IndexedPage {
  records: DocRecord[];
  terms?: RecordTermCounts[];
  vocabulary?: TermVocabulary;
  /** The language of each record (`<html lang>`, an element's own `lang`), when known. */
  languages?: (string | undefined)[];
}

/**
 * Builds the index of `pages`, in their order, into `outDir`, writing each record shard as soon
 * as it is full: what `sitesearch index` writes, for pages from a folder or from a crawl.
 */
export async function writePagesIndex(
  outDir: string,
  pages: AsyncIterable<IndexedPage> | Iterable<IndexedPage>,
  options: BuildIndexOptions & { thread: boolean; gzip: boolean },
): Promise<{ pages: number; records: number; files: number; bytes: number; gzipBytes: number; languages: string[]; warnings: string[] }> {
  const builder = createIndexBuilder(options);
  const writer = await createIndexWriter(outDir, { thread: options.thread, gzip: options.gzip });
  let pageCount = 0;
  let recordCount = 0;
  let languages: string[] = [];
  let shard: DocRecord[] = [];
  let shards = 0;
  /** Pages per language that has neither a stemmer nor segmentation, for the warning. */
  const unanalysed = new Map<string, number>();
  try {
    for await (const page of pages) {
      pageCount++;
      const languages = page.languages ?? [];
      page.records.forEach((record, i) => {
        builder.add(record, page.terms?.[i], page.vocabulary, languages[i]);
        shard.push(withoutLang(record));
      });
      for (const language of new Set(languages)) {
        if (language !== undefined && !STEMMED_LANGUAGES.has(language) && !SEGMENTED_LANGUAGES.has(language)) unanalysed.set(language, (unanalysed.get(language) ?? 0) + 1);
      }
      recordCount += page.records.length;
      if (shard.length >= builder.recordShardSize) {
        // Shards are fixed slices of the record list, whatever the pages they cut across.
        let start = 0;
        for (; shard.length - start >= builder.recordShardSize; start += builder.recordShardSize) {
          await writer.write(recordShardPath(shards++), serializeRecordShard(shard.slice(start, start + builder.recordShardSize)));
        }
        shard = shard.slice(start);
      }
    }
    if (shard.length > 0) await writer.write(recordShardPath(shards++), serializeRecordShard(shard));
    const built = builder.finish();
    languages = built.manifest.languages;
    for (const [path, text] of serializeIndexWithoutRecords(built)) await writer.write(path, text, true);
  } catch (error) {
    // Without this the writer thread would keep the process alive after the error.
    await writer.abort();
    throw error;
  }
  const { files, bytes, gzipBytes } = await writer.finish();
  return { pages: pageCount, records: recordCount, files, bytes, gzipBytes, languages, warnings: unanalysed.size > 0 ? [unstemmedWarning(unanalysed)] : [] };
}

/**
 * A record as its shard stores it: without `lang`, which the facets file already holds as ranges of
 * record ids (a site in one language: one range). Filtering by it (`lang:en-US`) reads the facets;
 * in every record it would cost bytes on every search for a value no result shows.
 */
function withoutLang(record: DocRecord): DocRecord {
  if (record.lang === undefined) return record;
  const { lang: _lang, ...rest } = record;
  return rest as DocRecord;
}

/** One line for every language without a stemmer, so a site of many pages says it once. */
function unstemmedWarning(pages: Map<string, number>): string {
  const list = [...pages].map(([language, count]) => `"${language}" (${count} ${count === 1 ? 'page' : 'pages'})`).join(', ');
  return `no stemmer for ${list}: words in ${pages.size === 1 ? 'it are' : 'them are'} matched as written (whole, by prefix and with typos), not by their stem`;
}
