import { join } from 'node:path';
import { algoliasearch } from 'algoliasearch';
import { describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, DEFAULT_APP_ID } from '../server/server.js';
import { loopbackHosts, runCli, useCrawlSite } from '../test-support/crawl-site.js';

const ADMIN_KEY = 'crawl-push-admin-key';

const fixture = useCrawlSite('sitesearch-crawl-push-', { adminKey: ADMIN_KEY });

function crawl(...args: string[]): ReturnType<typeof runCli> {
  return runCli(['crawl', ...args], { SITESEARCH_ADMIN_API_KEY: ADMIN_KEY });
}

describe('sitesearch crawl --push', { timeout: 180_000 }, () => {
  it('uploads the crawled records through push (atomic replace, then --incremental), searchable on the loopback provider', async () => {
    const common = [`${fixture.site.url}/docs/`, '--out', join(fixture.scratch, 'out'), '--max-depth', '1', '--exclude', '/docs/huge.html', '--push', '--app-id', DEFAULT_APP_ID, '--index', 'crawled', '--host', fixture.server.url];
    const first = await crawl(...common);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const indexed = Number(/^Indexed \d+ pages into (\d+) records$/m.exec(first.stdout)![1]);
    expect(first.stdout).toMatch(new RegExp(`^Pushed ${indexed} records \\([\\d.]+ KB\\) from \\d+ pages to index "crawled" of app "${DEFAULT_APP_ID}" at ${fixture.server.url} in [\\d.]+ s: 1 batch, 0 retries, atomic replace, settings updated$`, 'm'));
    // The key never shows.
    expect(first.stdout + first.stderr).not.toContain(ADMIN_KEY);
    const client = algoliasearch(DEFAULT_APP_ID, DEFAULT_API_KEY, { hosts: loopbackHosts(fixture.server) });
    const { hits } = await client.searchSingleIndex<{ url: string }>({ indexName: 'crawled', searchParams: { query: 'alpha configuration' } });
    expect(hits[0]?.url).toBe(`${fixture.site.url}/docs/a.html`);

    // A page's text changes (its language stays): the second crawl pushes only its changed record.
    fixture.site.setPage('/docs/b.html', '<!doctype html><html lang="en"><title>Page B</title><main><h1>Page B</h1><p>Bravo content, rewritten.</p></main>');
    const second = await crawl(...common, '--incremental');
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(new RegExp(`^Updated index "crawled" of app "${DEFAULT_APP_ID}" at ${fixture.server.url} in [\\d.]+ s: 1 record uploaded, 1 deleted, \\d+ unchanged \\(\\d+ pages\\), 0 retries$`, 'm'));
    const rewritten = await client.searchSingleIndex<{ url: string }>({ indexName: 'crawled', searchParams: { query: 'rewritten' } });
    expect(rewritten.hits.map((hit) => hit.url)).toEqual([`${fixture.site.url}/docs/b.html`]);
  });

  it('checks the push options before crawling: no key, nothing fetched', async () => {
    const before = fixture.site.requests.length;
    const result = await runCli(['crawl', `${fixture.site.url}/docs/`, '--out', join(fixture.scratch, 'nokey'), '--push', '--app-id', DEFAULT_APP_ID, '--index', 'x', '--host', fixture.server.url]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^sitesearch: no write key: set SITESEARCH_ADMIN_API_KEY/);
    expect(fixture.site.requests.length).toBe(before);
  });
});
