import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { fileSource, type DocRecord } from '@sitesearch/local';
import { startAstro, siteDir, type AstroServer } from '../support/astro.js';
import { collectErrors, repoRoot } from '../support/servers.js';

/**
 * `sitesearch crawl` on the project's own site as `pnpm start` serves it (the build
 * support/build-packages.mjs made, served by `astro preview` on 127.0.0.1; a free port instead of
 * 4321 so a running `pnpm start` does not collide): the crawl gives the records `sitesearch index`
 * gives on site/dist, and the site's own widget searches the crawled index in Chromium.
 *
 * How URLs compare: a crawl's records carry absolute URLs (the start URL's origin and the path
 * the site serves the page at), which is what `sitesearch index site/dist --base-url <origin>/`
 * writes: those two indexes must be the same, file for file. Against a plain `sitesearch index
 * site/dist` (root-relative URLs, what the Astro build ships) the records are the same once the
 * origin is taken off the crawl's URLs (and but for the objectIDs, which are derived from the URL).
 */
const run = promisify(execFile);
const CLI = join(repoRoot, 'packages/local/dist/cli.js');
const OUT = join(repoRoot, 'tests/.fixtures/crawl-site', String(process.pid));
const CRAWLED = join(OUT, 'crawled');

let site: AstroServer;
let crawlOutput: string;
let errors: string[];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // astro preview loads the Astro config and the integration first: slow on a busy machine.
  test.setTimeout(120_000);
  await rm(OUT, { recursive: true, force: true });
  site = await startAstro('preview');
  // --delay 0: loopback, and the only visitor is this test.
  const crawled = await run(process.execPath, [CLI, 'crawl', `${site.url}/`, '--out', CRAWLED, '--delay', '0'], { env: { ...process.env, CI: '1' } });
  crawlOutput = crawled.stdout;
});
test.afterAll(async () => {
  await site?.close();
  await rm(OUT, { recursive: true, force: true });
});
test.beforeEach(({ page }) => {
  errors = collectErrors(page);
});
test.afterEach(() => {
  expect(errors, 'console errors').toEqual([]);
});

async function readRecords(dir: string): Promise<DocRecord[]> {
  const source = fileSource(dir);
  const manifest = await source.manifest();
  const shards = await Promise.all(Array.from({ length: manifest.records.shards }, (_, i) => source.recordShard(i)));
  return shards.flat();
}

async function index(out: string, ...flags: string[]): Promise<DocRecord[]> {
  await run(process.execPath, [CLI, 'index', join(siteDir, 'dist'), '--out', out, ...flags]);
  return readRecords(out);
}

/** What a reader compares: where a record sits, what it says, where it links. */
const essentials = (record: DocRecord) => ({
  objectID: record.objectID,
  type: record.type,
  hierarchy: record.hierarchy,
  content: record.content,
  url: record.url,
  anchor: record.anchor,
});

test('the crawl of the served site gives the records of sitesearch index on site/dist', async () => {
  test.setTimeout(60_000);
  expect(crawlOutput).toMatch(/0 skipped, 0 failed/);
  const crawled = await readRecords(CRAWLED);
  const [absolute, relative] = await Promise.all([index(join(OUT, 'index-absolute'), '--base-url', `${site.url}/`), index(join(OUT, 'index-relative'))]);
  expect(crawled.length).toBeGreaterThan(500);
  // Every page of the build is reached by following links from the home page (and the sitemap, if any).
  const pages = (records: DocRecord[]) => new Set(records.map((record) => record.url_without_anchor)).size;
  expect(pages(crawled)).toBe(pages(relative));
  // With the start URL's origin as base URL, index and crawl agree record for record…
  expect(crawled.map(essentials)).toEqual(absolute.map(essentials));
  // …and the index files are the same bytes, so the widget cannot tell them apart.
  for (const file of ['manifest.json', 'facets.json', 'records/0.json']) {
    expect(await readFile(join(CRAWLED, file), 'utf8'), file).toBe(await readFile(join(OUT, 'index-absolute', file), 'utf8'));
  }
  // Against the shipped (root-relative) index, only the origin differs, and the objectIDs, which
  // are derived from the URL (a push of each would hold the two as different records).
  const relativeEssentials = (record: DocRecord) => ({ ...essentials(record), objectID: undefined, url: record.url.replace(site.url, '') });
  expect(crawled.map(relativeEssentials)).toEqual(relative.map((record) => ({ ...essentials(record), objectID: undefined })));
  expect(crawled.every((record) => record.url.startsWith(`${site.url}/`))).toBe(true);
});

/** The site's own widget, reading its index from the crawl's folder instead of the build's. */
async function serveCrawledIndex(page: Page): Promise<string[]> {
  const served: string[] = [];
  await page.route(`${site.url}/sitesearch/**`, async (route) => {
    const path = new URL(route.request().url()).pathname.slice('/sitesearch/'.length);
    served.push(path);
    const body = await readFile(join(CRAWLED, path)).catch(() => undefined);
    if (!body) return route.fulfill({ status: 404, body: 'not in the crawled index' });
    await route.fulfill({ status: 200, contentType: 'application/json', body });
  });
  return served;
}

test('the site\'s widget searches the crawled index in Chromium and links to the site\'s pages', async ({ page }) => {
  const served = await serveCrawledIndex(page);
  await page.goto(`${site.url}/`);
  await page.getByRole('button', { name: 'Search docs' }).click();
  await page.keyboard.type('dark theme');
  // The keyword results (the Ask AI entry first has no href).
  const results = page.locator('[role="option"][href]');
  await expect(results.first()).toBeVisible();
  expect(served).toContain('manifest.json');
  const hrefs = await results.evaluateAll((items) => items.map((item) => item.getAttribute('href') ?? ''));
  // Absolute URLs on the crawled origin: these came from the crawl, not from the built index.
  expect(hrefs.every((href) => href.startsWith(`${site.url}/`))).toBe(true);
  expect(hrefs.some((href) => href.startsWith(`${site.url}/demos/dark/`))).toBe(true);
  await results.first().click();
  await expect(page).toHaveURL(new RegExp(`^${site.url}/`));
  await expect(page.locator('h1')).toBeVisible();
});
