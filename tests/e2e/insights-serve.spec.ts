import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { startServer, type LocalSearchServer } from '@sitesearch/local';
import { blogRecords, docsRecords } from '../fixtures/records.js';
import { buildFixtureIndex, collectErrors, repoRoot, routeProviderToLoopback, startStaticServer, type StaticServer } from '../support/servers.js';

/**
 * Both halves of `insights` at once: the widget in the browser sends its events, not routed, to a
 * real `sitesearch serve --analytics` on another origin (`insights.host`, CORS included), and the
 * real `sitesearch analytics --json` reports them. A site on the hosted path (its searches go to
 * the same server, through the provider's hosts) and a static site on the local index (no appId:
 * its searches run in the browser, only its events reach the server). One browser context each.
 */
let site: StaticServer;
let collector: LocalSearchServer;
let root: string;
const logDir = () => join(root, 'sitesearch', 'analytics');

test.beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'sitesearch-insights-'));
  [site, collector] = await Promise.all([
    startStaticServer(),
    // What `sitesearch serve <root> --analytics` starts: the log in <root>/sitesearch/analytics/.
    startServer({ indexes: { docs: docsRecords, blog: blogRecords }, analytics: { dir: join(root, 'sitesearch', 'analytics') } }),
    buildFixtureIndex(),
  ]);
});
test.afterAll(async () => {
  await Promise.all([site?.close(), collector?.close()]);
  await rm(root, { recursive: true, force: true });
});

type Line = Record<string, unknown>;
/** The server's log as written so far (pending searches settled first). */
async function logLines(): Promise<Line[]> {
  await collector.flushAnalytics();
  const text = await readFile(join(logDir(), 'analytics.jsonl'), 'utf8').catch(() => '');
  return text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Line);
}
const clicksIn = (lines: Line[]) => lines.filter((line) => line.type === 'event' && line.eventType === 'click');

/** `sitesearch analytics <root> --json`, the real CLI. */
async function report(): Promise<{ searches: Record<string, unknown>; topClickedPages: Array<{ page: string; clicks: number }> }> {
  const { stdout } = await promisify(execFile)(process.execPath, [join(repoRoot, 'packages/local/dist/cli.js'), 'analytics', root, '--json']);
  return JSON.parse(stdout);
}

/** Searches `query` on the CDN fixture page and opens the third hit by a click; returns the page's errors until then (the hit's page is not served here). */
async function openThirdHit(page: Page, query: string, errors: string[]): Promise<string[]> {
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox').fill(query);
  const third = page.getByRole('option').nth(2);
  await expect(third).toBeVisible();
  const before = [...errors];
  await third.click();
  return before;
}

/** Chromium asks the fixture server for a favicon it does not have: a console error that says nothing about the widget. */
const noFavicon = (page: Page) => page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
const insights = () => encodeURIComponent(JSON.stringify({ host: collector.url }));

test.describe.configure({ timeout: 60_000 });

test('hosted path: the third hit opened is one click in the server\'s log with its search\'s queryID and position 3, and the report counts it', async ({ page }) => {
  const errors = collectErrors(page);
  await noFavicon(page);
  await routeProviderToLoopback(page, collector);
  const queryIDs = new Map<string, string>();
  page.on('response', async (response) => {
    if (!/\/1\/indexes\/(\*|%2A)\/queries/.test(response.url())) return;
    const body = (await response.json().catch(() => undefined)) as { results?: Array<{ index: string; query: string; queryID?: string }> } | undefined;
    for (const result of body?.results ?? []) if (result.query === 'config' && result.queryID) queryIDs.set(result.index, result.queryID);
  });
  // Beacons sent straight to the server; the statuses of those whose answer the page saw before
  // the hit's navigation (a beacon outlives its page, so the last may finish unseen: the log says it arrived).
  const sent: string[] = [];
  const events: number[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${collector.url}/1/events`)) sent.push(request.url());
  });
  page.on('requestfinished', async (request) => {
    if (request.url().startsWith(`${collector.url}/1/events`)) events.push((await request.response())?.status() ?? 0);
  });
  await page.goto(`${site.url}/fixtures/cdn/index.html?scenario=default&insights=${insights()}`);
  await expect(page.locator('[data-sitesearch-button]')).toBeVisible();
  const errorsBefore = await openThirdHit(page, 'config', errors);

  await expect.poll(async () => clicksIn(await logLines()).length).toBe(1);
  const lines = await logLines();
  const [click] = clicksIn(lines);
  expect(queryIDs.get('docs')).toMatch(/^[0-9a-f]{32}$/);
  expect(click).toMatchObject({ eventName: 'Item Selected', index: 'docs', queryID: queryIDs.get('docs'), positions: [3], userToken: expect.stringMatching(/^anonymous-/) });
  // The search it names is in the log too, as tracked; the view event came before the click.
  expect(lines.filter((line) => line.type === 'search' && line.index === 'docs').map((line) => [line.query, line.queryID])).toEqual([['config', queryIDs.get('docs')]]);
  expect(lines.some((line) => line.type === 'event' && line.eventType === 'view')).toBe(true);
  // The beacons reached the server itself, across origins, and were taken.
  expect(sent.length).toBeGreaterThanOrEqual(2);
  expect(events.every((status) => status === 200)).toBe(true);

  const { searches, topClickedPages } = await report();
  expect(searches).toMatchObject({ clickCount: 1, averageClickPosition: 3 });
  expect(searches.clickThroughRate).toBe(1 / (searches.trackedSearchCount as number));
  expect(topClickedPages).toEqual([{ page: (click!.urls as string[])[0]!.replace(/#.*/, ''), clicks: 1 }]);
  expect(errorsBefore).toEqual([]);
});

test('local index, no appId: the click goes to the server named by insights.host and the report counts it', async ({ page }) => {
  const errors = collectErrors(page);
  await noFavicon(page);
  const before = clicksIn(await logLines()).length;
  const providers: string[] = [];
  page.on('request', (request) => /algolia\.(net|io)|algolianet\.com/.test(request.url()) && providers.push(request.url()));
  await page.goto(`${site.url}/fixtures/cdn/index.html?scenario=local&insights=${insights()}`);
  await expect(page.locator('[data-sitesearch-button]')).toBeVisible();
  const errorsBefore = await openThirdHit(page, 'config', errors);

  await expect.poll(async () => clicksIn(await logLines()).length).toBe(before + 1);
  const click = clicksIn(await logLines()).at(-1)!;
  // The local index client answers with a queryID, as the provider does: the click names it, with its position.
  expect(click).toMatchObject({ eventName: 'Item Selected', index: 'docs', queryID: expect.stringMatching(/^[0-9a-f]{32}$/), objectIDs: [expect.any(String)], positions: [3], userToken: expect.stringMatching(/^anonymous-/) });
  expect(providers).toEqual([]);
  const { searches } = await report();
  expect(searches).toMatchObject({ clickCount: before + 1, averageClickPosition: 3 });
  expect(errorsBefore).toEqual([]);
});
