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

describe('a URL that never answers', () => {
  it('is given up after the timeout and one retry, and listed as failed', async () => {
    const site = await startSlowSite({ slowBodyMs: 0, stall: true });
    try {
      const started = performance.now();
      const report = await crawlSite({ urls: [`${site.url}/docs/`], outDir: join(scratch.dir, 'stall'), timeoutMs: 1000, output: quiet });
      const elapsed = performance.now() - started;
      expect(report.failed).toEqual([{ url: `${site.url}/docs/stalled.html`, reason: 'timed out after 1 s after 2 tries' }]);
      expect(report.pages).toBe(4);
      expect(site.requests.filter((request) => request.path === '/docs/stalled.html')).toHaveLength(2);
      // Two tries of 1 s and the 1 s wait between them; a generous bound (retried like a 5xx, four tries took 12 s).
      expect(elapsed).toBeLessThan(2 * 1000 + 1000 + 4000);
    } finally {
      await site.close();
    }
  });
});
