/**
 * Builds the local index of one site in its own process, so its peak memory is its own. Prints JSON.
 * `SITESEARCH_BENCH_WORKERS=n` sets the indexer's threads (default: one per core).
 */
import { buildSiteIndex } from '../src/indexer/build-site.js';

const dir = process.argv[2];
if (!dir) throw new Error('usage: scale-build.ts <site dir>');
const workers = process.env.SITESEARCH_BENCH_WORKERS ? Number(process.env.SITESEARCH_BENCH_WORKERS) : undefined;
const report = await buildSiteIndex({ dir, cleanUrls: true, workers });
const usage = process.resourceUsage();
process.stdout.write(
  JSON.stringify({ ms: report.durationMs, pages: report.pages, records: report.records, files: report.files, bytes: report.bytes, gzipBytes: report.gzipBytes, maxRssMB: usage.maxRSS / 1024, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000 }),
);
