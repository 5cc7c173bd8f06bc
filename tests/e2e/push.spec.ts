import { execFile } from 'node:child_process';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { algoliasearch } from 'algoliasearch';
import { buildSiteIndex, indexSite, startServer, type LocalSearchServer } from '@sitesearch/local';
import { pushSite, PushError, toPushRecords } from '@sitesearch/local/push';
import { findCorpus, renderCorpusSite } from '../../packages/local/bench/render-corpus.js';
import { APP_ID, collectErrors, repoRoot, routeProviderToLoopback, startStaticServer, type StaticServer } from '../support/servers.js';

/**
 * `sitesearch push` end to end: a site on its local index moves to the "provider" (the loopback
 * server's write API, with the full algoliasearch client), and the CDN widget on a page, with
 * appId/apiKey and the real lite client, searches the pushed index. What a visitor sees must
 * not change with the move, nor while a later push fails half-way.
 */

const ADMIN_KEY = 'push-e2e-admin-key';
const INDEX = 'vite';
// A subset of the Vite docs (guide and config: ~30 pages, more than one batch of records).
const SECTIONS = ['guide', 'config'];
const QUERIES = ['server proxy', 'defineConfig', 'env variables', 'css modules', 'plugin api hooks', 'build.rollupOptions'];
// One folder per run: the static server serves it under /built/.
const OUT = join(repoRoot, 'tests/.fixtures/push', String(process.pid));
const SITE = join(OUT, 'site');
const LOCAL_INDEX = join(OUT, 'local-index');
const EDITED_PAGE = 'guide/env-and-mode.html';
const REMOVED_PAGE = 'config/worker-options.html';
// Words no page of the corpus has, written into a page to find it by.
const INCREMENTAL_WORD = 'zanzibarquokka';
const FAILED_WORD = 'frobnicatorwombat';

let site: StaticServer;
let server: LocalSearchServer;
let errors: string[];

test.describe.configure({ mode: 'serial', timeout: 60_000 });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  await rm(OUT, { recursive: true, force: true });
  const source = join(OUT, 'source');
  for (const section of SECTIONS) await cp(join(findCorpus(), 'vite', section), join(source, section), { recursive: true });
  await renderCorpusSite(source, SITE, 'Vite');
  // The local index the site shipped with before the move (what `sitesearch index` / the Astro
  // build writes); the loopback server serves it too, read-only, beside the pushed index.
  await buildSiteIndex({ dir: SITE, baseUrl: '/', outDir: LOCAL_INDEX });
  [site, server] = await Promise.all([startStaticServer(), startServer({ port: 0, indexes: { local: LOCAL_INDEX }, adminKey: ADMIN_KEY })]);
});
test.afterAll(async () => {
  await Promise.all([site?.close(), server?.close()]);
  await rm(OUT, { recursive: true, force: true });
});
test.beforeEach(async ({ page }) => {
  server.setWriteFaults(null);
  errors = collectErrors(page);
  await routeProviderToLoopback(page, server);
});
test.afterEach(() => {
  expect(errors, 'console errors').toEqual([]);
});

/** What push prints, kept as a CI log. */
function capture() {
  let text = '';
  return { write: (chunk: string) => void (text += chunk), isTTY: false, text: () => text };
}

function push(options: { incremental?: boolean; output?: ReturnType<typeof capture> } = {}) {
  return pushSite({ dir: SITE, appId: APP_ID, apiKey: ADMIN_KEY, indexName: INDEX, host: server.url, output: capture(), retry: { retries: 1, baseDelayMs: 1 }, ...options });
}

/** objectID → { contentHash, page } of every record in the pushed index, through the server's browse. */
async function browse(): Promise<Map<string, { hash: string; page: string }>> {
  const client = algoliasearch(APP_ID, ADMIN_KEY, {
    hosts: [{ url: server.url.replace('http://', ''), protocol: 'http', accept: 'readWrite' }],
    timeouts: { connect: 10_000, read: 30_000, write: 30_000 },
  });
  const records = new Map<string, { hash: string; page: string }>();
  await client.browseObjects<{ contentHash: string; url_without_anchor: string }>({
    indexName: INDEX,
    browseParams: { attributesToRetrieve: ['contentHash', 'url_without_anchor'] },
    aggregator: (response) => {
      for (const hit of response.hits) records.set(hit.objectID, { hash: hit.contentHash, page: hit.url_without_anchor });
    },
  });
  return records;
}

async function openWidget(page: Page, backend: 'pushed' | 'local'): Promise<void> {
  await page.goto(`${site.url}/fixtures/push/index.html?backend=${backend}&index=${INDEX}&localIndex=/built/push/${process.pid}/local-index/`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('combobox')).toBeFocused();
}

/** The links of the first `count` results the widget shows for `query` (after the results for it are drawn). */
async function shownResults(page: Page, query: string, count = 5): Promise<string[]> {
  const input = page.getByRole('combobox');
  await input.fill('');
  await expect(page.getByRole('option')).toHaveCount(0);
  await input.fill(query);
  // The first search of a freshly pushed index builds its engine on the server: be patient once.
  await expect(page.getByRole('option').first()).toBeVisible({ timeout: 20_000 });
  const links = await page.getByRole('option').evaluateAll((options) => options.map((option) => option.getAttribute('href') ?? ''));
  return links.slice(0, count);
}

test('pushed: the widget, through the provider client, shows the same top results as the local index', async ({ page }) => {
  const output = capture();
  const report = await push({ output });
  expect(report.mode).toBe('replace');
  expect(report.batches, 'more than one batch, so a later push can fail mid-way').toBeGreaterThan(1);
  expect(output.text()).toMatch(new RegExp(`Pushed ${report.records} records .* from ${report.pages} pages to index "${INDEX}"`));
  expect(server.pushedIndexes()).toEqual([INDEX]);

  const searches: string[] = [];
  page.on('request', (request) => {
    if (/algolia\.net|algolianet\.com/.test(request.url())) searches.push(request.url());
  });
  await openWidget(page, 'local');
  const local = new Map<string, string[]>();
  for (const query of QUERIES) local.set(query, await shownResults(page, query));
  // The local index is searched in the browser: nothing went to the provider.
  expect(searches).toEqual([]);

  await openWidget(page, 'pushed');
  for (const query of QUERIES) {
    const shown = await shownResults(page, query);
    expect(shown.length, query).toBeGreaterThan(0);
    expect(shown, query).toEqual(local.get(query));
  }
  // The widget did go to the provider's hosts (sent on to the loopback server).
  expect(searches.length).toBeGreaterThan(0);
});

test('--incremental (the CLI) after one page changed and one removed: exactly their records change', async ({ page }) => {
  const before = await browse();
  const edited = join(SITE, EDITED_PAGE);
  const html = await readFile(edited, 'utf8');
  const changed = html.replace(/<p>/, `<p>The ${INCREMENTAL_WORD} setting was added in this release. `);
  expect(changed).not.toBe(html);
  await writeFile(edited, changed);
  await rm(join(SITE, REMOVED_PAGE));
  const expected = new Map(toPushRecords((await indexSite({ dir: SITE, baseUrl: '/' })).records).map((record) => [record.objectID, record.contentHash]));

  // The provider is busy: the first batch gets a 429 and every task stays pending for a poll.
  server.setWriteFaults({ status: 429, batch: 1, times: 1, taskPolls: 1 });
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [join(repoRoot, 'packages/local/dist/cli.js'), 'push', SITE, '--app-id', APP_ID, '--index', INDEX, '--host', server.url, '--incremental'],
    { env: { ...process.env, SITESEARCH_ADMIN_API_KEY: ADMIN_KEY, CI: '1' } },
  );
  expect(stdout).not.toContain(ADMIN_KEY);
  expect(stdout).toContain('HTTP 429: retry 1 in 1.0 s');
  expect(stdout).toMatch(/, 1 retry\n$/);
  // The last batch's line ends at the totals (records and bytes).
  expect(stdout).toMatch(/ batch (\d+)\/\1: (\d+)\/\2 records, ([\d.]+ [KM]?B)\/\3\n/);

  const after = await browse();
  // The index holds exactly the records of the site as it is now.
  expect(new Map([...after].map(([id, record]) => [id, record.hash]))).toEqual(expected);
  const added = [...after.keys()].filter((id) => !before.has(id) || before.get(id)!.hash !== after.get(id)!.hash);
  const removed = [...before.keys()].filter((id) => !after.has(id));
  const editedUrl = `/${EDITED_PAGE}`;
  const removedUrl = `/${REMOVED_PAGE}`;
  expect(added.length).toBeGreaterThan(0);
  expect(new Set(added.map((id) => after.get(id)!.page))).toEqual(new Set([editedUrl]));
  expect(new Set(removed.map((id) => before.get(id)!.page))).toEqual(new Set([editedUrl, removedUrl]));
  // Every record of the removed page went; every other page's records are untouched.
  expect(removed.filter((id) => before.get(id)!.page === removedUrl)).toHaveLength([...before.values()].filter((record) => record.page === removedUrl).length);
  const untouched = [...before].filter(([, record]) => record.page !== editedUrl && record.page !== removedUrl);
  expect(untouched.every(([id, record]) => after.get(id)?.hash === record.hash)).toBe(true);
  expect(stdout).toContain(`${added.length} record${added.length === 1 ? '' : 's'} uploaded, ${removed.length} deleted, ${after.size - added.length} unchanged`);

  // What a visitor sees: the new text finds the edited page; the removed page is gone from the results.
  await openWidget(page, 'pushed');
  expect((await shownResults(page, INCREMENTAL_WORD))[0]).toMatch(new RegExp(`^${editedUrl}(#|$)`));
  const workers = await shownResults(page, 'worker options', 20);
  expect(workers.length).toBeGreaterThan(0);
  expect(workers.filter((link) => link.startsWith(removedUrl))).toEqual([]);
});

test('a push whose batch fails mid-way leaves the old index serving the widget', async ({ page }) => {
  await openWidget(page, 'pushed');
  const before = new Map<string, string[]>();
  for (const query of QUERIES.slice(0, 3)) before.set(query, await shownResults(page, query));
  const beforeRecords = await browse();

  const edited = join(SITE, 'guide/features.html');
  await writeFile(edited, (await readFile(edited, 'utf8')).replace(/<p>/, `<p>The ${FAILED_WORD} feature. `));
  server.setWriteFaults({ status: 503, batch: 2 });
  const error = await push().catch((thrown: unknown) => thrown);
  server.setWriteFaults(null);
  expect(error).toBeInstanceOf(PushError);
  expect((error as Error).message).toMatch(new RegExp(`^batch 2 of \\d+ \\(records 1001–\\d+, [\\d.]+ [KM]B\\) failed: HTTP 503 "injected fault: status 503" after 2 tries; the live index "${INDEX}" is unchanged$`));
  // No temporary index left behind; the live one holds the same records.
  expect(server.pushedIndexes()).toEqual([INDEX]);
  expect(await browse()).toEqual(beforeRecords);

  // The widget still shows what it showed before the failed push, and nothing of the new text.
  for (const [query, shown] of before) expect(await shownResults(page, query), query).toEqual(shown);
  const input = page.getByRole('combobox');
  await input.fill(FAILED_WORD);
  await expect(page.locator(".sitesearch-screen-title")).toHaveText(`No results found for "${FAILED_WORD}"`, { timeout: 20_000 });
  await expect(page.getByRole('option')).toHaveCount(0);
  expect((await shownResults(page, INCREMENTAL_WORD))[0]).toMatch(new RegExp(`^/${EDITED_PAGE}(#|$)`));
});
