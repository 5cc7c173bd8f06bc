import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findCorpus, renderCorpusSite } from '../../bench/render-corpus.js';
import type { DocRecord } from '../records.js';
import { startStaticServer, type StaticServer } from '../test-support/static-server.js';
import { crawlSite, type CrawlReport } from './crawl.js';
import { parseDocsearchConfig, type DocsearchConfig } from './docsearch-config.js';

/**
 * A DocSearch config from a real site: the one the Chinese Vitest docs ship
 * (shared/corpus/vitest-zh/crawlerConfig.json), applied to those docs rendered in VitePress'
 * markup (the markup its selectors were written for) and served on loopback with clean URLs,
 * as cn.vitest.dev serves them. Only the start URL is moved to the local origin.
 */
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const corpus = (() => {
  try {
    return join(findCorpus(), 'vitest-zh');
  } catch {
    return undefined;
  }
})();
const CONFIG_FILE = corpus && join(corpus, 'crawlerConfig.json');
const quiet = { write: () => {}, isTTY: false };

let scratch: string;
let server: StaticServer;
let config: DocsearchConfig;
let raw: Record<string, unknown>;
let report: CrawlReport;
let pages: number;

// The shared corpus lives beside the repository on the project's machines.
describe.skipIf(!CONFIG_FILE || !existsSync(CONFIG_FILE))('the Vitest (zh) DocSearch config on its docs in VitePress markup', () => {
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'sitesearch-crawl-vitepress-'));
    const site = await renderCorpusSite(corpus!, join(scratch, 'site'), 'Vitest', 'zh-CN', { layout: 'vitepress' });
    pages = site.pages;
    server = await startStaticServer(site.dir, { cleanUrls: true });
    raw = JSON.parse(await readFile(CONFIG_FILE!, 'utf8')) as Record<string, unknown>;
    // The config as shipped, but for its origin: https://cn.vitest.dev/ → the loopback server.
    const local = (url: string): string => url.replace(/^https:\/\/cn\.vitest\.dev\//, `${server.url}/`);
    const moved = { ...raw, start_urls: (raw.start_urls as string[]).map(local), ...(Array.isArray(raw.sitemap_urls) ? { sitemap_urls: (raw.sitemap_urls as string[]).map(local) } : {}) };
    config = parseDocsearchConfig(moved, 'crawlerConfig.json');
    // js_render is true in the config; the pages here are static, so the crawl reads them as served.
    report = await crawlSite({ ...config.options, render: false, outDir: join(scratch, 'out'), delayMs: 0, output: quiet });
  });
  afterAll(async () => {
    await server?.close();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  const recordsOf = (path: string): DocRecord[] => report.recordList.filter((record) => record.url_without_anchor === server.url + path);

  it('reports the keys it does not take by name, and reads the hosted crawler\'s spellings', () => {
    expect(Object.keys(raw)).toEqual(expect.arrayContaining(['rateLimit', 'maxDepth']));
    expect(config.notes).toEqual([
      'selectors.lvl0.defaultValue: read as "default_value" (the hosted crawler\'s name for it)',
      'selectors.content: read as "text" (docsearch-scraper\'s name for it)',
      'rateLimit: unknown key, ignored (not a docsearch-scraper setting)',
      'maxDepth: unknown key, ignored (not a docsearch-scraper setting)',
    ]);
    expect(config.indexName).toBe('vitest-cn');
    expect(config.options.render).toBe(true);
  });

  it('crawls every page from the start URL through the sidebar links', () => {
    // The pages' own dead links (`guide/filtering` from /guide/ is /guide/guide/filtering), which
    // VitePress' hosts answer 404 too; every page is reached.
    expect(report.failed.map((issue) => issue.reason)).toEqual(report.failed.map(() => 'HTTP 404'));
    expect(report.failed.length).toBeLessThan(5);
    // One record set per page: `/guide/reporters.html` links redirect to `/guide/reporters`.
    expect(report.pages).toBe(pages);
    expect(report.recordList.every((record) => !/\.html$|\/index$/.test(record.url_without_anchor as string))).toBe(true);
  });

  it('takes lvl0 from the config\'s default value, lvl1 from `.content h1`, lvl2/lvl3 from `.content h2`/`h3`', async () => {
    // lvl0's selector is empty: every record gets the default value, not the URL's first segment.
    expect(new Set(report.recordList.map((record) => record.hierarchy.lvl0))).toEqual(new Set(['Documentation']));
    const source = await readFile(join(corpus!, 'guide/features.md'), 'utf8');
    const headings = (level: number) => [...source.matchAll(new RegExp(`^${'#'.repeat(level)} (.+)$`, 'gm'))].map((match) => match[1]!.trim());
    const records = recordsOf('/guide/features');
    // The title as the page writes it, without the permalink's zero-width space.
    expect(new Set(records.map((record) => record.hierarchy.lvl1))).toEqual(new Set([headings(1)[0]]));
    expect(records.filter((record) => record.type === 'lvl2').map((record) => record.hierarchy.lvl2)).toEqual(headings(2).map((text) => text.replace(/`/g, '').replace(/\{#[^}]+\}/, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim()));
    expect(records.filter((record) => record.type === 'lvl3').length).toBe(headings(3).length);
  });

  it('takes text from `.content p, .content li` only: not the nav bar, the outline, the sidebar or the pager', () => {
    const texts = report.recordList.map((record) => record.content ?? '');
    // The outline's title sits in a `.content` (of div.aside, which `aside` in selectors_exclude
    // does not reach); it is a <nav>, which the indexer skips, as it does the pager's.
    for (const chrome of ['页面导航', '上一页', '下一页', 'Released under the MIT License', 'guide/features.md']) {
      expect(texts.filter((text) => text.includes(chrome)), chrome).toEqual([]);
    }
    // The outline's <li>s match `.content li`: read, they would be content records holding the headings' text.
    const features = recordsOf('/guide/features');
    const headingTexts = new Set(features.filter((record) => record.type === 'lvl2').map((record) => record.hierarchy.lvl2));
    expect(features.filter((record) => record.type === 'content' && headingTexts.has(record.content))).toEqual([]);
    expect(features.filter((record) => record.type === 'content').length).toBeGreaterThan(10);
  });
});
