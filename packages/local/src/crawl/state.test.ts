import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { useCrawlSite } from '../test-support/crawl-site.js';
import { crawlSite, type CrawlOptions } from './crawl.js';
import { STATE_FILE } from './state.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const fixture = useCrawlSite('sitesearch-crawl-state-');

const quiet = { write: () => {}, isTTY: false };

describe('a second crawl', () => {
  it('sends If-None-Match from the last one, reuses unchanged pages, and extracts only the changed one', async () => {
    const options: CrawlOptions = { urls: [`${fixture.site.url}/docs/`], outDir: join(fixture.scratch, 'out'), maxDepth: 2, exclude: ['/docs/huge.html'], output: quiet };
    const first = await crawlSite(options);
    expect(first.reused).toBe(0);
    expect(first.extracted).toBeGreaterThan(10);
    const saved = JSON.parse(await readFile(join(options.outDir!, STATE_FILE), 'utf8')) as { pages: Record<string, { etag?: string; lastModified?: string }> };
    const withValidators = Object.values(saved.pages).filter((page) => page.etag || page.lastModified).length;

    fixture.site.setPage('/docs/b.html', '<!doctype html><title>Page B</title><main><h1>Page B</h1><p>Bravo content, rewritten.</p></main>');
    const before = fixture.site.requests.length;
    const second = await crawlSite(options);
    const requests = fixture.site.requests.slice(before);
    const conditional = requests.filter((request) => request.headers['if-none-match'] || request.headers['if-modified-since']);
    expect(conditional).toHaveLength(withValidators);
    expect(requests.find((request) => request.path === '/docs/orphan.html')).toMatchObject({ status: 304, headers: { 'if-modified-since': 'Wed, 21 Oct 2026 07:28:00 GMT' } });
    expect(requests.filter((request) => request.status === 304)).toHaveLength(withValidators - 1);
    expect(second.reused).toBe(withValidators - 1);
    expect(second.extracted).toBe(1);
    // The same index but for the page that changed.
    const other = (records: typeof first.recordList) => records.filter((record) => record.url_without_anchor !== `${fixture.site.url}/docs/b.html`);
    expect(other(second.recordList)).toEqual(other(first.recordList));
    expect(second.recordList.find((record) => record.content?.toString().includes('rewritten'))?.url).toBe(`${fixture.site.url}/docs/b.html`);
    expect(second.skipped).toEqual(first.skipped);

    // --fresh: nothing sent conditionally, everything extracted again.
    const fresh = await crawlSite({ ...options, incremental: false });
    expect(fresh.reused).toBe(0);
    expect(fresh.extracted).toBe(first.extracted);
  });

  it('after --fresh, reuses the records of the fresh crawl, not those of the older state', async () => {
    const options: CrawlOptions = { urls: [`${fixture.site.url}/docs/`], outDir: join(fixture.scratch, 'fresh'), maxDepth: 1, exclude: ['/docs/huge.html'], output: quiet };
    await crawlSite(options);
    // The state of an older crawl (another version of the indexer): records that differ from today's extraction.
    const file = join(options.outDir!, STATE_FILE);
    const saved = JSON.parse(await readFile(file, 'utf8')) as { pages: Record<string, { records?: { content?: unknown }[] }> };
    for (const page of Object.values(saved.pages)) for (const record of page.records ?? []) if (record.content) record.content = 'stale text';
    await writeFile(file, JSON.stringify(saved));

    const fresh = await crawlSite({ ...options, incremental: false });
    expect(fresh.reused).toBe(0);
    const before = fixture.site.requests.length;
    const next = await crawlSite(options);
    // Unchanged pages answered 304 again, their records those of the fresh crawl.
    expect(next.reused).toBeGreaterThan(5);
    expect(fixture.site.requests.slice(before).filter((request) => request.status === 304)).toHaveLength(next.reused);
    expect(next.recordList.filter((record) => record.content === 'stale text')).toEqual([]);
    expect(next.recordList).toEqual(fresh.recordList);
  });

  it('starts over, saying why, when the settings changed or the state is broken', async () => {
    const outDir = join(fixture.scratch, 'settings');
    const options: CrawlOptions = { urls: [`${fixture.site.url}/docs/b.html`], outDir, maxDepth: 0, output: quiet };
    await crawlSite(options);
    const changed = await crawlSite({ ...options, defaultLvl0: 'Docs' });
    expect(changed.warnings).toContain('the indexer settings changed since the last crawl: crawling everything again');
    expect(changed.reused).toBe(0);
    await writeFile(join(outDir, STATE_FILE), '{broken');
    const broken = await crawlSite(options);
    expect(broken.warnings).toContain(`${STATE_FILE} is not valid JSON: crawling everything again`);
  });
});
