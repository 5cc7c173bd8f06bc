import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, useCrawlSite } from '../test-support/crawl-site.js';

const fixture = useCrawlSite('sitesearch-crawl-cli-');

// Each test starts the CLI through tsx, seconds on a busy machine: a bound, not a speed assertion.
describe('sitesearch crawl', { timeout: 120_000 }, () => {
  it('lists every crawl flag in --help', async () => {
    const { code, stdout } = await runCli(['--help']);
    expect(code).toBe(0);
    for (const flag of ['crawl <url…>', '--sitemap', '--include', '--exclude', '--max-pages', '--max-depth', '--concurrency', '--delay', '--timeout', '--fresh', '--render', '--config', '--push', './sitesearch-crawl']) {
      expect(stdout).toContain(flag);
    }
  });

  it('crawls into --out, prints plain progress lines and a summary with every failure, exit 0', async () => {
    const out = join(fixture.scratch, 'out');
    const { code, stdout, stderr } = await runCli(['crawl', `${fixture.site.url}/docs/`, '--out', out, '--max-depth', '2', '--exclude', '/docs/huge.html', '--exclude', '*?month=*']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^ {2}\d+ pages done, \d+ queued, \d+ failed, [\d.]+ pages\/s$/m);
    expect(stdout).toMatch(/^Crawled \d+ pages in [\d.]+ s \([\d.]+ pages\/s, \d+ requests\): \d+ indexed, \d+ skipped, 2 failed$/m);
    expect(stdout).toMatch(new RegExp(`Failed:\n(  .*\n)*  ${fixture.site.url}/docs/broken.html: HTTP 404\n`));
    expect(stdout).toContain(`  ${fixture.site.url}/docs/loop-1: redirect loop:`);
    expect(stdout).toContain(`Wrote `);
    expect(fixture.site.requests.some((request) => request.path.startsWith('/docs/huge.html') || request.path.startsWith('/docs/calendar'))).toBe(false);
    expect(await readdir(out)).toEqual(expect.arrayContaining(['manifest.json', 'crawl-state.json']));
  });

  it('exits 1 naming the start URL when it fails, and names wrong flags', async () => {
    const failed = await runCli(['crawl', `${fixture.site.url}/docs/broken.html`, '--out', join(fixture.scratch, 'broken'), '--max-pages', '1']);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain(`sitesearch: start URL ${fixture.site.url}/docs/broken.html failed: HTTP 404`);
    const bad = await runCli(['crawl', 'example.com']);
    expect(bad.stderr.trim()).toBe('sitesearch: start URL must be an http:// or https:// URL, got "example.com"');
    const timeout = await runCli(['crawl', `${fixture.site.url}/docs/`, '--timeout', '0']);
    expect(timeout.stderr.trim()).toBe('sitesearch: --timeout must be an integer of at least 1, got 0');
    const pushFlag = await runCli(['crawl', `${fixture.site.url}/docs/`, '--app-id', 'X']);
    expect(pushFlag.stderr.trim()).toBe('sitesearch: --app-id is an option of --push (add --push to upload the crawled records)');
  });
});
