import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { startSlowSite } from '../test-support/crawl-site.js';
import { useScratch } from '../test-support/crawl-site.js';
import { crawlSite } from './crawl.js';

vi.setConfig({ testTimeout: 60_000 });

const scratch = useScratch('sitesearch-crawl-politeness-');
const quiet = { write: () => {}, isTTY: false };

describe('a Crawl-delay', () => {
  it('is counted from the end of each response, robots.txt included, as the server saw it', async () => {
    // Bodies that take longer to arrive than the delay: counted from the headers, the next request would overlap them.
    const site = await startSlowSite({ slowBodyMs: 500, crawlDelaySeconds: 0.3 });
    try {
      const report = await crawlSite({ urls: [`${site.url}/docs/`], outDir: join(scratch.dir, 'delay'), output: quiet });
      expect(report.pages).toBe(4);
      const requests = [...site.requests].sort((a, b) => a.time - b.time);
      expect(requests.map((request) => request.path).slice(0, 2)).toEqual(['/robots.txt', '/sitemap.xml']);
      const gaps = requests.slice(1).map((request, i) => request.time - requests[i]!.ended!);
      // A timer may fire a millisecond early by the server's clock: a few ms of margin, no more.
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(300 - 5);
    } finally {
      await site.close();
    }
  });
});
