/** Builds the local index of one site in its own process, so its peak memory is its own. Prints JSON. */
import { buildSiteIndex } from '../src/indexer/build-site.js';

const dir = process.argv[2];
if (!dir) throw new Error('usage: scale-build.ts <site dir>');
const report = await buildSiteIndex({ dir, cleanUrls: true });
process.stdout.write(
  JSON.stringify({ ms: report.durationMs, pages: report.pages, records: report.records, files: report.files, bytes: report.bytes, gzipBytes: report.gzipBytes, maxRssMB: process.resourceUsage().maxRSS / 1024, cpuMs: (process.resourceUsage().userCPUTime + process.resourceUsage().systemCPUTime) / 1000 }),
);
