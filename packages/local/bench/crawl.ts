/**
 * Crawl speed on loopback: the Vitest docs (rendered from the corpus) served by a static server,
 * crawled as `sitesearch crawl` does (a sitemap plus links), with the polite defaults and with
 * no delay, then again with nothing changed (conditional requests answered 304); beside them,
 * `sitesearch index` on the same folder as the baseline. Loopback has no
 * network latency, so this is the crawler's own cost (parse, links, extraction, index), not a
 * real site's speed. Run: tsx bench/crawl.ts
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { crawlSite } from '../src/crawl/crawl.js';
import { findChromium } from '../src/crawl/render.js';
import { buildSiteIndex } from '../src/indexer/build-site.js';
import { pagePath } from '../src/indexer/site.js';
import { startStaticServer } from '../src/test-support/static-server.js';
import { findCorpus, renderCorpusSite } from './render-corpus.js';

function hasChromium(): boolean {
  try {
    findChromium();
    return true;
  } catch {
    console.log('(no Chromium: the --render line is left out)');
    return false;
  }
}

const scratch = await mkdtemp(join(tmpdir(), 'sitesearch-bench-crawl-'));
const dir = join(scratch, 'vitest');
await renderCorpusSite(join(findCorpus(), 'vitest'), dir, 'Vitest');
const files = (await readdir(dir, { recursive: true })).filter((file) => file.endsWith('.html')).map((file) => relative(dir, join(dir, file)).split(sep).join('/'));
// ETag and Last-Modified, as most hosts send: what makes the second crawl's requests conditional.
const server = await startStaticServer(dir, { conditional: true });
// The rendered pages link clean URLs a plain static server does not answer: the sitemap lists every page.
await writeFile(join(dir, 'sitemap.xml'), `<urlset>${files.map((file) => `<url><loc>${server.url}/${pagePath(file)}</loc></url>`).join('')}</urlset>`);
const quiet = { write: () => {}, isTTY: false };
try {
  const started = performance.now();
  const indexed = await buildSiteIndex({ dir, baseUrl: `${server.url}/`, outDir: join(scratch, 'index') });
  const indexMs = performance.now() - started;
  console.log(`## Crawl of the Vitest docs on loopback (${files.length} pages)`);
  console.log(`sitesearch index (baseline)           ${indexed.pages} pages, ${indexed.records} records in ${(indexMs / 1000).toFixed(2)} s`);
  for (const [label, options] of [
    ['crawl, defaults (4 at once, 100 ms)', {}],
    ['crawl, --delay 0 --concurrency 8', { delayMs: 0, concurrency: 8 }],
    // Chromium loads each page and waits for its network to be quiet: the cost of --render.
    ...(hasChromium() ? ([['crawl --render, --delay 0', { delayMs: 0, render: true }]] as const) : []),
  ] as const) {
    const report = await crawlSite({ urls: [`${server.url}/`], outDir: join(scratch, label.replace(/\W+/g, '-')), incremental: false, output: quiet, ...options });
    const seconds = report.durationMs / 1000;
    // The failures are the pages' clean-URL links (/guide/features), which a plain static server answers 404.
    console.log(`${label.padEnd(38)} ${report.pages} pages, ${report.records} records in ${seconds.toFixed(2)} s: ${(report.pages / seconds).toFixed(1)} pages/s, ${report.requests} requests (${report.failed.length} answered 404)`);
  }
  // Again later, nothing changed: each page is asked for with If-None-Match, answered 304, and
  // its records come from crawl-state.json instead of being downloaded and extracted again.
  const again = join(scratch, 'again');
  const first = await crawlSite({ urls: [`${server.url}/`], outDir: again, delayMs: 0, concurrency: 8, output: quiet });
  const second = await crawlSite({ urls: [`${server.url}/`], outDir: again, delayMs: 0, concurrency: 8, output: quiet });
  if (second.records !== first.records) throw new Error(`the unchanged crawl gave ${second.records} records, the first ${first.records}`);
  const ratio = first.durationMs / Math.max(second.durationMs, 1);
  console.log(
    `${'crawl again, unchanged (304s)'.padEnd(38)} ${second.pages} pages, ${second.records} records in ${(second.durationMs / 1000).toFixed(2)} s (first crawl ${(first.durationMs / 1000).toFixed(2)} s: ${ratio.toFixed(1)}× faster), ${second.reused} pages answered 304, ${second.extracted} extracted`,
  );
} finally {
  await server.close();
  await rm(scratch, { recursive: true, force: true });
}
