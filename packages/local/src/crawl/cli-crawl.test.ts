import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCrawlSite, type CrawlSite } from '../test-support/crawl-site.js';

const CLI = fileURLToPath(new URL('../cli.ts', import.meta.url));
const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));

async function run(env: Record<string, string>, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', CLI, ...args], {
      cwd: PACKAGE_DIR,
      env: { ...process.env, SITESEARCH_ADMIN_API_KEY: '', CI: '1', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

let site: CrawlSite;
let scratch: string;
beforeAll(async () => {
  site = await startCrawlSite();
  scratch = await mkdtemp(join(tmpdir(), 'sitesearch-crawl-cli-'));
});
afterAll(async () => {
  await site?.close();
  await rm(scratch, { recursive: true, force: true });
});

// Each test starts the CLI through tsx, seconds on a busy machine: a bound, not a speed assertion.
describe('sitesearch crawl', { timeout: 120_000 }, () => {
  it('lists every crawl flag in --help', async () => {
    const { code, stdout } = await run({}, '--help');
    expect(code).toBe(0);
    for (const flag of ['crawl <url…>', '--sitemap', '--include', '--exclude', '--max-pages', '--max-depth', '--concurrency', '--delay', '--fresh', '--render', '--config', '--push', './sitesearch-crawl']) {
      expect(stdout).toContain(flag);
    }
  });

  it('crawls into --out, prints plain progress lines and a summary with every failure, exit 0', async () => {
    const out = join(scratch, 'out');
    const { code, stdout, stderr } = await run({}, 'crawl', `${site.url}/docs/`, '--out', out, '--max-depth', '2', '--exclude', '/docs/huge.html', '--exclude', '*?month=*');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^ {2}\d+ pages done, \d+ queued, \d+ failed, [\d.]+ pages\/s$/m);
    expect(stdout).toMatch(/^Crawled \d+ pages in [\d.]+ s \([\d.]+ pages\/s, \d+ requests\): \d+ indexed, \d+ skipped, 2 failed$/m);
    expect(stdout).toMatch(new RegExp(`Failed:\n(  .*\n)*  ${site.url}/docs/broken.html: HTTP 404\n`));
    expect(stdout).toContain(`  ${site.url}/docs/loop-1: redirect loop:`);
    expect(stdout).toContain(`Wrote `);
    expect(site.requests.some((request) => request.path.startsWith('/docs/huge.html') || request.path.startsWith('/docs/calendar'))).toBe(false);
    expect(await readdir(out)).toEqual(expect.arrayContaining(['manifest.json', 'crawl-state.json']));
  });

  it('exits 1 naming the start URL when it fails, and names wrong flags', async () => {
    const failed = await run({}, 'crawl', `${site.url}/docs/broken.html`, '--out', join(scratch, 'broken'), '--max-pages', '1');
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain(`sitesearch: start URL ${site.url}/docs/broken.html failed: HTTP 404`);
    const bad = await run({}, 'crawl', 'example.com');
    expect(bad.stderr.trim()).toBe('sitesearch: start URL must be an http:// or https:// URL, got "example.com"');
    const pushFlag = await run({}, 'crawl', `${site.url}/docs/`, '--app-id', 'X');
    expect(pushFlag.stderr.trim()).toBe('sitesearch: --app-id is an option of --push (add --push to upload the crawled records)');
  });
});
