import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page, type Request } from '@playwright/test';
import type { LocalSearchServer } from '@sitesearch/local';
import { collectErrors, repoRoot, routeProviderToLoopback, startSearchServer, startStaticServer, type StaticServer } from '../support/servers.js';

/**
 * `insights` and the widgets' CustomEvents on the CDN fixture page (tests/fixtures/cdn/init.js
 * records every `sitesearch:*` event in `window.__events`), searching the loopback server through
 * the real lite client. The Insights API's host is routed to this test, which records each event
 * request as the browser sent it (a beacon) and answers as the provider does.
 */
let site: StaticServer;
let search: LocalSearchServer;

test.beforeAll(async () => {
  [site, search] = await Promise.all([startStaticServer(), startSearchServer()]);
});
test.afterAll(async () => {
  await Promise.all([site.close(), search.close()]);
});

interface Sent {
  method: string;
  url: URL;
  contentType: string | undefined;
  body: { events: Array<Record<string, unknown>> };
}

/** Opens the fixture page with the Insights API and the search provider routed; returns what was sent, and the queryIDs the searches were answered with. */
async function openPage(page: Page, query: string) {
  const sent: Sent[] = [];
  const otherHosts: string[] = [];
  const queryIDs = new Map<string, Record<string, string>>();
  await routeProviderToLoopback(page, search);
  await page.route('https://insights.algolia.io/**', async (route) => {
    const request = route.request();
    sent.push({ method: request.method(), url: new URL(request.url()), contentType: (await request.allHeaders())['content-type'], body: JSON.parse(request.postData() ?? '{}') });
    await route.fulfill({ status: 200, contentType: 'application/json', body: '{"status":200,"message":"OK"}' });
  });
  page.on('request', (request: Request) => {
    const { hostname } = new URL(request.url());
    if (hostname !== '127.0.0.1' && !/algolia\.(net|io)$|algolianet\.com$/.test(hostname)) otherHosts.push(request.url());
  });
  page.on('response', async (response) => {
    if (!isSearch(response.url())) return;
    const body = (await response.json().catch(() => undefined)) as { results?: Array<{ index: string; query: string; queryID?: string }> } | undefined;
    for (const result of body?.results ?? []) if (result.queryID) queryIDs.set(result.query, { ...queryIDs.get(result.query), [result.index]: result.queryID });
  });
  await page.goto(`${site.url}/fixtures/cdn/index.html?${query}`);
  await expect(page.locator('[data-sitesearch-button]')).toBeVisible();
  return { sent, otherHosts, queryIDs };
}

const isSearch = (url: string) => /\/1\/indexes\/(\*|%2A)\/queries/.test(url);
const clicks = (sent: Sent[]) => sent.flatMap((request) => request.body.events.filter((event) => event.eventType === 'click'));
const events = (page: Page) => page.evaluate(() => (window as unknown as { __events: Array<[string, Record<string, unknown>]> }).__events);

test('insights: true — views and one click per opened hit (click, Enter, Ctrl+click), with its search\'s queryID and a 1-based position, by beacon, under a strict CSP', async ({ page, context }) => {
  const errors = collectErrors(page);
  const { sent, otherHosts, queryIDs } = await openPage(page, 'scenario=default&insights=true&csp=strict');
  const searches: Array<Record<string, unknown>> = [];
  page.on('request', (request) => {
    if (isSearch(request.url())) searches.push(...(request.postDataJSON() as { requests: Array<Record<string, unknown>> }).requests);
  });
  // Before any interaction: no insights code, no event.
  const scripts: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox').fill('config');
  await expect(page.getByRole('option').nth(2)).toBeVisible();
  expect(searches.length).toBeGreaterThan(0);
  expect(searches.every((request) => request.clickAnalytics === true && request.userToken === undefined)).toBe(true);

  // The settled search's views: one event per index, with the hits shown.
  await expect.poll(() => sent.length).toBe(1);
  const views = sent[0]!.body.events;
  expect(views.map((event) => [event.eventType, event.eventName, event.index])).toEqual([
    ['view', 'Items Viewed', 'docs'],
    ['view', 'Items Viewed', 'blog'],
  ]);
  expect(scripts.filter((path) => path.includes('insights'))).toHaveLength(1);

  // The third hit, by a plain click (the browser follows the link: the beacon outlives the page).
  const third = page.getByRole('option').nth(2);
  const thirdId = await third.evaluate((option) => option.id);
  await third.click();
  await expect.poll(() => clicks(sent).length).toBe(1);
  const [click] = clicks(sent);
  const userToken = views[0]!.userToken as string;
  expect(userToken).toMatch(/^anonymous-[0-9a-f-]{36}$/);
  expect(click).toEqual({ eventType: 'click', eventName: 'Item Selected', index: 'docs', queryID: queryIDs.get('config')!.docs, objectIDs: [expect.any(String)], positions: [3], userToken });
  expect(thirdId).toContain(String(click!.objectIDs && (click!.objectIDs as string[])[0]).replace(/[^\w-]/g, '_'));
  expect(sent[1]!.method).toBe('POST');
  expect(sent[1]!.contentType).toMatch(/^text\/plain/);
  expect([...sent[1]!.url.searchParams.keys()]).toEqual(['X-Algolia-Application-Id', 'X-Algolia-API-Key', 'X-Algolia-Agent']);
  expect(sent[1]!.url.searchParams.get('X-Algolia-Application-Id')).toBe('SITESEARCH');

  // Back on the page: Enter on the first hit is one more click, at position 1 (DocSearch sends none for it).
  await page.goto(`${site.url}/fixtures/cdn/index.html?scenario=navigator&insights=true&csp=strict`);
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox').fill('config');
  await expect(page.getByRole('option').first()).toBeVisible();
  await page.getByRole('combobox').press('Enter');
  await expect.poll(() => clicks(sent).length).toBe(2);
  expect(clicks(sent)[1]).toMatchObject({ positions: [1], queryID: expect.stringMatching(/^[0-9a-f]{32}$/), userToken });

  // Ctrl+click opens a new tab and is one click too; the modal stays.
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox').fill('config');
  const popup = context.waitForEvent('page');
  await page.getByRole('option').nth(1).click({ modifiers: ['Control'] });
  await (await popup).close();
  await expect.poll(() => clicks(sent).length).toBe(3);
  expect(clicks(sent)[2]).toMatchObject({ positions: [2] });
  expect(otherHosts).toEqual([]);
  expect(errors).toEqual([]);
});

test('insights off: no clickAnalytics, no insights chunk, no event request', async ({ page }) => {
  const { sent } = await openPage(page, 'scenario=navigator');
  const requests: string[] = [];
  const bodies: Array<Record<string, unknown>> = [];
  page.on('request', (request) => {
    requests.push(request.url());
    if (isSearch(request.url())) bodies.push(...(request.postDataJSON() as { requests: Array<Record<string, unknown>> }).requests);
  });
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox').fill('config');
  await expect(page.getByRole('option').first()).toBeVisible();
  await page.getByRole('combobox').press('Enter');
  await page.waitForTimeout(800);
  expect(bodies.length).toBeGreaterThan(0);
  expect(bodies.filter((request) => 'clickAnalytics' in request)).toEqual([]);
  expect(requests.filter((url) => /insights/.test(url))).toEqual([]);
  expect(sent).toEqual([]);
});

test('the user token lives in the _ALGOLIA cookie only with useCookie, and a site\'s own userToken is sent as given', async ({ page }) => {
  const cookieToken = async (url: string) => {
    const { sent } = await openPage(page, url);
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox').fill('config');
    await expect.poll(() => sent.length).toBe(1);
    return { token: sent[0]!.body.events[0]!.userToken, cookies: await page.context().cookies(), stored: await page.evaluate(() => localStorage.getItem('_ALGOLIA')) };
  };
  const plain = await cookieToken('scenario=navigator&insights=true');
  expect(plain.cookies).toEqual([]);
  expect(plain.stored).toBe(plain.token);
  await page.evaluate(() => localStorage.clear());
  const cookie = await cookieToken(`scenario=navigator&insights=${encodeURIComponent('{"useCookie":true}')}`);
  expect(cookie.cookies.map((entry) => [entry.name, entry.value])).toEqual([['_ALGOLIA', cookie.token]]);
  expect(cookie.stored).toBeNull();
  const own = await cookieToken(`scenario=navigator&insights=${encodeURIComponent('{"userToken":"reader-42"}')}`);
  expect(own.token).toBe('reader-42');
});

test('events: one search event per settled search however fast the typing, the hit opened, the modal opened and closed; a throwing listener breaks nothing', async ({ page }) => {
  const errors = collectErrors(page);
  await openPage(page, 'scenario=navigator&listener=throwing');
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox').pressSequentially('server port', { delay: 40 });
  await expect(page.getByRole('option').first()).toBeVisible();
  await expect.poll(() => events(page).then((list) => list.filter(([name]) => name === 'search').length)).toBe(1);
  await page.waitForTimeout(800);
  await page.getByRole('combobox').press('ArrowDown');
  await page.getByRole('combobox').press('Enter');
  await expect(page.getByRole('dialog')).toBeHidden();
  const list = await events(page);
  const opened = list.find(([name]) => name === 'hit-open')![1];
  expect(list.map(([name]) => name)).toEqual(['modal-open', 'search', 'hit-open', 'modal-close']);
  expect(list[1]![1]).toEqual({ query: 'server port', index: 'docs,blog', nbHits: expect.any(Number), empty: false });
  expect(opened).toEqual({ query: 'server port', url: expect.stringMatching(/^\//), position: 2, index: expect.any(String), objectID: expect.any(String) });
  // The navigator opened the same hit the event named.
  expect(await page.evaluate(() => (window as unknown as { __navigated: string[][] }).__navigated[0]![1])).toBe(opened.url);
  // An empty search is one event too; the widget still works after the listener threw twice.
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox').fill('zzzqqq');
  await expect.poll(() => events(page).then((all) => all.filter(([name]) => name === 'search').length)).toBe(2);
  expect((await events(page)).filter(([name]) => name === 'search')[1]![1]).toMatchObject({ query: 'zzzqqq', nbHits: 0, empty: true });
  await page.getByRole('combobox').fill('config');
  await expect(page.getByRole('option').first()).toBeVisible();
  expect(errors.filter((error) => !/analytics snippet bug/.test(error))).toEqual([]);
  expect(errors.filter((error) => /analytics snippet bug/.test(error)).length).toBeGreaterThanOrEqual(2);
});

test('the Analytics page\'s Plausible and Google Analytics snippets work as written', async ({ page }) => {
  // The snippets as the site prints them (site/src/pages/reference/analytics.astro).
  const source = readFileSync(join(repoRoot, 'site/src/pages/reference/analytics.astro'), 'utf8');
  const snippet = (name: string) => new RegExp(`const ${name} = \`([\\s\\S]*?)\`;`).exec(source)![1]!;
  await openPage(page, 'scenario=navigator');
  // The tools' own scripts, reduced to recording their calls.
  await page.evaluate(() => {
    const calls: unknown[][] = [];
    Object.assign(window, { __calls: calls, plausible: (...args: unknown[]) => calls.push(['plausible', ...args]), gtag: (...args: unknown[]) => calls.push(['gtag', ...args]) });
  });
  await page.addScriptTag({ content: snippet('plausible') });
  await page.addScriptTag({ content: snippet('gtag') });
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox').fill('config');
  await expect(page.getByRole('option').first()).toBeVisible();
  await page.getByRole('combobox').press('Enter');
  const calls = () => page.evaluate(() => (window as unknown as { __calls: unknown[][] }).__calls);
  await expect.poll(async () => (await calls()).length).toBe(4);
  const [search, searchGa, opened, openedGa] = await calls();
  expect(search).toEqual(['plausible', 'Search', { props: { query: 'config', results: expect.any(Number) } }]);
  expect(searchGa).toEqual(['gtag', 'event', 'search', { search_term: 'config', results: expect.any(Number) }]);
  expect(opened).toEqual(['plausible', 'Search result opened', { props: { query: 'config', url: expect.stringMatching(/^\//), position: 1 } }]);
  expect(openedGa).toEqual(['gtag', 'event', 'select_content', { content_type: 'search_result', item_id: expect.stringMatching(/^\//), search_term: 'config', position: 1 }]);
});
