/**
 * The whole build step: pages → records → index files in `<dir>/sitesearch/`. Pages stream
 * through: each record shard is written as soon as it is full and its records let go, so what
 * stays in memory is the index being built (postings, record table, facets), not the site's text.
 */
import { join } from 'node:path';
import { createIndexBuilder, type BuildIndexOptions, type RecordTermCounts, type TermVocabulary } from '../engine/build.js';
import { recordShardPath } from '../engine/format.js';
import type { DocRecord } from '../records.js';
import { threadCount } from './read-pages.js';
import { listSite, readSite, type IndexSiteOptions, type SkippedPage } from './site.js';
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
}

export async function buildSiteIndex(options: BuildSiteIndexOptions): Promise<SiteIndexReport> {
  const started = performance.now();
  const outDir = options.outDir ?? join(options.dir, 'sitesearch');
  const pages = await listSite(options);
  const workers = threadCount(pages.filter((page) => !page.errorPage).length, options.workers);
  const skipped: SkippedPage[] = [];
  async function* indexed(): AsyncGenerator<IndexedPage> {
    for await (const page of readSite({ ...options, workers }, pages, true)) {
      if (page.skipped) skipped.push({ file: page.file, reason: page.skipped });
      else yield page as IndexedPage;
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
  };
}

/** One page's records, with their term counts when counted in another thread (see `readSite`). */
export interface IndexedPage {
  records: DocRecord[];
  terms?: RecordTermCounts[];
  vocabulary?: TermVocabulary;
}

/**
 * Builds the index of `pages`, in their order, into `outDir`, writing each record shard as soon
 * as it is full: what `sitesearch index` writes, for pages from a folder or from a crawl.
 */
export async function writePagesIndex(
  outDir: string,
  pages: AsyncIterable<IndexedPage> | Iterable<IndexedPage>,
  options: BuildIndexOptions & { thread: boolean; gzip: boolean },
): Promise<{ pages: number; records: number; files: number; bytes: number; gzipBytes: number }> {
  const builder = createIndexBuilder(options);
  const writer = await createIndexWriter(outDir, { thread: options.thread, gzip: options.gzip });
  let pageCount = 0;
  let recordCount = 0;
  let shard: DocRecord[] = [];
  let shards = 0;
  try {
    for await (const page of pages) {
      pageCount++;
      page.records.forEach((record, i) => {
        builder.add(record, page.terms?.[i], page.vocabulary);
        shard.push(record);
      });
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
    for (const [path, text] of serializeIndexWithoutRecords(builder.finish())) await writer.write(path, text, true);
  } catch (error) {
    // Without this the writer thread would keep the process alive after the error.
    await writer.abort();
    throw error;
  }
  const { files, bytes, gzipBytes } = await writer.finish();
  return { pages: pageCount, records: recordCount, files, bytes, gzipBytes };
}
