import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { algoliasearch } from 'algoliasearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, DEFAULT_APP_ID, startServer, type LocalSearchServer } from '../server/server.js';
import { startCrawlSite, type CrawlSite } from '../test-support/crawl-site.js';

const CLI = fileURLToPath(new URL('../cli.ts', import.meta.url));
const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));
const ADMIN_KEY = 'crawl-push-admin-key';

let site: CrawlSite;
let server: LocalSearchServer;
let scratch: string;
beforeAll(async () => {
  site = await startCrawlSite();
  server = await startServer({ port: 0, indexes: {}, adminKey: ADMIN_KEY });
  scratch = await mkdtemp(join(tmpdir(), 'sitesearch-crawl-push-'));
});
afterAll(async () => {
  await Promise.all([site?.close(), server?.close()]);
  await rm(scratch, { recursive: true, force: true });
});

async function crawl(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', CLI, 'crawl', ...args], {
      cwd: PACKAGE_DIR,
      env: { ...process.env, SITESEARCH_ADMIN_API_KEY: ADMIN_KEY, CI: '1' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('sitesearch crawl --push', { timeout: 180_000 }, () => {
  it('uploads the crawled records through push (atomic replace, then --incremental), searchable on the loopback provider', async () => {
    const common = [`${site.url}/docs/`, '--out', join(scratch, 'out'), '--max-depth', '1', '--exclude', '/docs/huge.html', '--push', '--app-id', DEFAULT_APP_ID, '--index', 'crawled', '--host', server.url];
    const first = await crawl(...common);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const indexed = Number(/^Indexed \d+ pages into (\d+) records$/m.exec(first.stdout)![1]);
    expect(first.stdout).toMatch(new RegExp(`^Pushed ${indexed} records \\([\\d.]+ KB\\) from \\d+ pages to index "crawled" of app "${DEFAULT_APP_ID}" at ${server.url} in [\\d.]+ s: 1 batch, 0 retries, atomic replace, settings updated$`, 'm'));
    // The key never shows.
    expect(first.stdout + first.stderr).not.toContain(ADMIN_KEY);
    const client = algoliasearch(DEFAULT_APP_ID, DEFAULT_API_KEY, { hosts: [{ url: server.url.replace('http://', ''), protocol: 'http', accept: 'readWrite' }] });
    const { hits } = await client.searchSingleIndex<{ url: string }>({ indexName: 'crawled', searchParams: { query: 'alpha configuration' } });
    expect(hits[0]?.url).toBe(`${site.url}/docs/a.html`);

    // A page changes: the second crawl pushes only its records.
    site.setPage('/docs/b.html', '<!doctype html><title>Page B</title><main><h1>Page B</h1><p>Bravo content, rewritten.</p></main>');
    const second = await crawl(...common, '--incremental');
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(new RegExp(`^Updated index "crawled" of app "${DEFAULT_APP_ID}" at ${server.url} in [\\d.]+ s: 1 record uploaded, 1 deleted, \\d+ unchanged \\(\\d+ pages\\), 0 retries$`, 'm'));
    const rewritten = await client.searchSingleIndex<{ url: string }>({ indexName: 'crawled', searchParams: { query: 'rewritten' } });
    expect(rewritten.hits.map((hit) => hit.url)).toEqual([`${site.url}/docs/b.html`]);
  });

  it('checks the push options before crawling: no key, nothing fetched', async () => {
    const before = site.requests.length;
    const result = await promisify(execFile)(process.execPath, ['--import', 'tsx', CLI, 'crawl', `${site.url}/docs/`, '--out', join(scratch, 'nokey'), '--push', '--app-id', DEFAULT_APP_ID, '--index', 'x', '--host', server.url], {
      cwd: PACKAGE_DIR,
      env: { ...process.env, SITESEARCH_ADMIN_API_KEY: '', CI: '1' },
    }).catch((error: { code: number; stderr: string }) => error);
    expect((result as { code: number }).code).toBe(1);
    expect((result as { stderr: string }).stderr).toMatch(/^sitesearch: no write key: set SITESEARCH_ADMIN_API_KEY/);
    expect(site.requests.length).toBe(before);
  });
});
