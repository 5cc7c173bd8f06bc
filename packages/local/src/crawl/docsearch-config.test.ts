import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { algoliasearch } from 'algoliasearch';
import { describe, expect, it, vi } from 'vitest';
import type { DocRecord } from '../records.js';
import { DEFAULT_APP_ID } from '../server/server.js';
import { loopbackHosts, runCli, useCrawlSite } from '../test-support/crawl-site.js';
import { crawlSite } from './crawl.js';
import { loadDocsearchConfig, parseDocsearchConfig } from './docsearch-config.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const ADMIN_KEY = 'config-admin-key';
const quiet = { write: () => {}, isTTY: false };

const fixture = useCrawlSite('sitesearch-crawl-config-', { adminKey: ADMIN_KEY });

function siteConfig(): Record<string, unknown> {
  return {
    index_name: 'from-config',
    start_urls: [
      { url: `${fixture.site.url}/docs/`, tags: ['docs'] },
      { url: `${fixture.site.url}/docs/a.html`, selectors_key: 'alpha', tags: ['alpha'], page_rank: 5 },
    ],
    stop_urls: ['calendar', 'huge\\.html', '/docs/(sjis|gbk|latin1)'],
    selectors: {
      default: { lvl0: { selector: '', default_value: 'Docs' }, lvl1: 'main h1', text: 'main p, main li' },
      alpha: { lvl0: { selector: '', default_value: 'Alpha' }, lvl1: 'h1', lvl2: { selector: 'h2', global: true }, text: { selector: 'p', strip_chars: '.' } },
    },
    selectors_exclude: ['nav'],
    custom_settings: { separatorsToIndex: '_' },
    js_wait: 2,
    bogus_key: true,
  };
}

describe('--config docsearch.json', () => {
  it('reads the Vitest (zh) crawler config, naming every key it does not honour', async () => {
    const config = await loadDocsearchConfig('/work/shared/corpus/vitest-zh/crawlerConfig.json').catch(() => null);
    // The shared corpus is on the project's machines; the same shape is checked inline below.
    const parsed =
      config ??
      parseDocsearchConfig({ index_name: 'vitest-cn', start_urls: ['https://cn.vitest.dev/'], rateLimit: 8, maxDepth: 10, selectors: { lvl0: { selector: '', defaultValue: 'Documentation' }, lvl1: '.content h1', content: '.content p' }, js_render: true });
    expect(parsed.indexName).toBe('vitest-cn');
    expect(parsed.options.urls).toEqual(['https://cn.vitest.dev/']);
    expect(parsed.options.render).toBe(true);
    expect(parsed.notes).toEqual(
      expect.arrayContaining([
        'selectors.lvl0.defaultValue: read as "default_value" (the hosted crawler\'s name for it)',
        'selectors.content: read as "text" (docsearch-scraper\'s name for it)',
        'rateLimit: unknown key, ignored (not a docsearch-scraper setting)',
        'maxDepth: unknown key, ignored (not a docsearch-scraper setting)',
      ]),
    );
  });

  it('crawls with selectors per start URL, stop_urls, tags and page_rank in the records', async () => {
    const config = parseDocsearchConfig(siteConfig());
    expect(config.notes).toEqual([
      'selectors.alpha.lvl2.global: not honoured (only lvl0 and lvl1 are read from the whole page; deeper levels come from the headings above each record)',
      'js_wait: not honoured (with js_render, a page is read once its network is idle (at most 5 s), not after a fixed wait)',
      'bogus_key: unknown key, ignored (not a docsearch-scraper setting)',
    ]);
    const before = fixture.site.requests.length;
    const report = await crawlSite({ ...config.options, outDir: join(fixture.scratch, 'out'), maxDepth: 1, output: quiet });
    const requests = fixture.site.requests.slice(before).map((request) => request.path);
    expect(requests.filter((path) => /calendar|huge|sjis|gbk|latin1/.test(path))).toEqual([]);
    const of = (path: string): DocRecord[] => report.recordList.filter((record) => record.url_without_anchor === fixture.site.url + path);
    expect(of('/docs/a.html').map((record) => [record.type, record.hierarchy.lvl0, record.hierarchy.lvl2, record.content, record.tags, record.page_rank])).toEqual([
      ['lvl1', 'Alpha', null, null, ['alpha'], 5],
      ['content', 'Alpha', null, 'Alpha content about configuration', ['alpha'], 5],
      ['lvl2', 'Alpha', 'More', null, ['alpha'], 5],
      ['content', 'Alpha', 'More', 'Alpha details', ['alpha'], 5],
    ]);
    expect(of('/docs/b.html').map((record) => [record.hierarchy.lvl0, record.content, record.tags, record.page_rank])).toEqual([
      ['Docs', null, ['docs'], undefined],
      ['Docs', 'Bravo content.', ['docs'], undefined],
    ]);
  });

  it('applies min_indexed_level, only_content_level and scrape_start_urls', () => {
    const records: DocRecord[] = [
      { objectID: '1', url: 'https://x/docs/p', url_without_anchor: 'https://x/docs/p', anchor: null, type: 'lvl1', hierarchy: { lvl0: 'A', lvl1: 'T', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null }, content: null },
      { objectID: '2', url: 'https://x/docs/p', url_without_anchor: 'https://x/docs/p', anchor: null, type: 'content', hierarchy: { lvl0: 'A', lvl1: 'T', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null }, content: 'top' },
      { objectID: '3', url: 'https://x/docs/p#s', url_without_anchor: 'https://x/docs/p', anchor: 's', type: 'content', hierarchy: { lvl0: 'A', lvl1: 'T', lvl2: 'S', lvl3: null, lvl4: null, lvl5: null, lvl6: null }, content: 'deep' },
    ];
    const base = { start_urls: ['https://x/docs/'], selectors: { lvl1: 'h1', text: 'p' } };
    const ids = (config: Record<string, unknown>, url = 'https://x/docs/p'): string[] => parseDocsearchConfig({ ...base, ...config }).options.transformRecords!(records, url).map((record) => record.objectID);
    expect(ids({ min_indexed_level: 2 })).toEqual(['3']);
    expect(ids({ only_content_level: true })).toEqual(['2', '3']);
    expect(ids({ scrape_start_urls: false }, 'https://x/docs/')).toEqual([]);
    expect(() => parseDocsearchConfig({ ...base, min_indexed_level: 9 })).toThrow('--config: "min_indexed_level" must be an integer from 0 to 6, got 9');
    expect(() => parseDocsearchConfig({ ...base, start_urls: [{ url: 'https://x/', selectors_key: 'api' }] })).toThrow('has selectors_key "api", which "selectors" does not define (it has: default)');
    expect(() => parseDocsearchConfig({ ...base, selectors: { lvl1: 'h1[' } })).toThrow(/^--config: a selector of selectors \(or selectors_exclude\) is not valid/);
  });

  it('pushes with the index_name and custom_settings of the config (sitesearch crawl --config --push)', async () => {
    const file = join(fixture.scratch, 'docsearch.json');
    await writeFile(file, JSON.stringify({ ...siteConfig(), stop_urls: ['calendar', 'huge', 'sjis', 'gbk', 'latin1', 'js\\.html'] }));
    const { code, stdout, stderr } = await runCli(['crawl', '--config', file, '--out', join(fixture.scratch, 'cli-out'), '--max-depth', '1', '--push', '--app-id', DEFAULT_APP_ID, '--host', fixture.server.url], { SITESEARCH_ADMIN_API_KEY: ADMIN_KEY });
    expect(code, stderr).toBe(0);
    expect(stdout).toContain('  config: bogus_key: unknown key, ignored (not a docsearch-scraper setting)\n');
    expect(stdout).toMatch(/to index "from-config" of app/);
    const client = algoliasearch(DEFAULT_APP_ID, ADMIN_KEY, { hosts: loopbackHosts(fixture.server) });
    const settings = (await client.getSettings({ indexName: 'from-config' })) as Record<string, unknown>;
    expect(settings.separatorsToIndex).toBe('_');
    expect(settings.attributesForFaceting).toEqual(expect.arrayContaining(['tags']));
  });
});
