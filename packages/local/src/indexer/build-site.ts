/** The whole build step: pages → records → index files in `<dir>/sitesearch/`. */
import { join } from 'node:path';
import { buildIndex, type BuildIndexOptions } from '../engine/build.js';
import { indexSite, type IndexSiteOptions, type SkippedPage } from './site.js';
import { writeIndex } from './write-index.js';

export interface BuildSiteIndexOptions extends IndexSiteOptions, BuildIndexOptions {
  /** Where the index goes (default `<dir>/sitesearch`). */
  outDir?: string;
}

export interface SiteIndexReport {
  outDir: string;
  pages: number;
  records: number;
  skipped: SkippedPage[];
  files: number;
  bytes: number;
  gzipBytes: number;
  durationMs: number;
}

export async function buildSiteIndex(options: BuildSiteIndexOptions): Promise<SiteIndexReport> {
  const started = performance.now();
  const outDir = options.outDir ?? join(options.dir, 'sitesearch');
  const site = await indexSite(options);
  const written = await writeIndex(buildIndex(site.records, options), outDir);
  return {
    outDir,
    pages: site.pages,
    records: site.records.length,
    skipped: site.skipped,
    ...written,
    durationMs: performance.now() - started,
  };
}
