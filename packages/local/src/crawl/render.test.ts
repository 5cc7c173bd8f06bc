import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { useCrawlSite } from '../test-support/crawl-site.js';
import { crawlSite, CrawlError } from './crawl.js';
import { findChromium } from './render.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const fixture = useCrawlSite('sitesearch-crawl-render-');

const quiet = { write: () => {}, isTTY: false };
let chromium: string | undefined;
try {
  chromium = findChromium();
} catch {
  chromium = undefined;
}

describe('crawl --render', () => {
  // The one test that needs a browser: skipped, saying so, on a machine without Chromium.
  it.skipIf(!chromium)(`indexes the DOM a page builds with JavaScript (Chromium: ${chromium ?? 'none found: set CHROMIUM_PATH or install chromium to run this test'})`, async () => {
    const urls = [`${fixture.site.url}/docs/js.html`];
    const plain = await crawlSite({ urls, outDir: join(fixture.scratch, 'plain'), maxDepth: 0, output: quiet });
    expect(plain.recordList.map((record) => record.content)).not.toContain('Only a browser sees this paragraph.');

    const before = fixture.site.requests.length;
    const rendered = await crawlSite({ urls, outDir: join(fixture.scratch, 'rendered'), maxDepth: 0, render: true, output: quiet });
    expect(rendered.recordList.map((record) => [record.type, record.hierarchy.lvl2, record.content])).toContainEqual(['content', 'Rendered section', 'Only a browser sees this paragraph.']);
    expect(rendered.recordList.find((record) => record.type === 'lvl2')?.url).toBe(`${fixture.site.url}/docs/js.html#rendered`);
    // The page went out once, from the crawler (the browser was handed it), and nothing forbidden was requested.
    const requests = fixture.site.requests.slice(before);
    expect(requests.filter((request) => request.path === '/docs/js.html')).toHaveLength(1);
    expect(requests.filter(fixture.site.forbidden)).toEqual([]);
  });

  it('says how to get a Chromium when there is none, before fetching anything', async () => {
    const before = fixture.site.requests.length;
    expect(() => findChromium({ CHROMIUM_PATH: '/nowhere/chromium' })).toThrow(
      '--render needs Chromium, and CHROMIUM_PATH is set to "/nowhere/chromium" where no file exists: install one (Debian/Ubuntu: apt-get install chromium',
    );
    const previous = process.env.CHROMIUM_PATH;
    process.env.CHROMIUM_PATH = '/nowhere/chromium';
    try {
      await expect(crawlSite({ urls: [`${fixture.site.url}/docs/`], outDir: join(fixture.scratch, 'none'), render: true, output: quiet })).rejects.toThrow(CrawlError);
    } finally {
      if (previous === undefined) delete process.env.CHROMIUM_PATH;
      else process.env.CHROMIUM_PATH = previous;
    }
    expect(fixture.site.requests.length).toBe(before);
  });
});
