import { mkdtemp, readFile, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { algoliasearch } from 'algoliasearch';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readLog } from '../analytics/log.js';
import type { AnalyticsLine } from '../analytics/records.js';
import { analyticsReport } from '../analytics/report.js';
import { SAMPLE_RECORDS } from '../test-support/records.js';
import { DEFAULT_API_KEY, DEFAULT_APP_ID, startServer, type LocalSearchServer } from './server.js';

// Answers take milliseconds, but this machine may be shared and loaded: a bound, not a speed assertion.
vi.setConfig({ testTimeout: 30_000 });

const auth = { 'x-algolia-application-id': DEFAULT_APP_ID, 'x-algolia-api-key': DEFAULT_API_KEY };
const CLICK = { eventType: 'click', eventName: 'Item Selected', index: 'docs', userToken: 'anonymous-1', queryID: 'a'.repeat(32), objectIDs: ['x'], positions: [1] };

async function analyticsServer(): Promise<{ server: LocalSearchServer; dir: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'analytics-server-'));
  // A long window: searches settle when the test flushes, or when a new one is not a refinement.
  const server = await startServer({ indexes: { docs: SAMPLE_RECORDS }, analytics: { dir, settleMs: 60_000 } });
  return { server, dir };
}

/** The provider's clients (search, Insights, Analytics) pointed at the loopback server. */
function clients(server: LocalSearchServer, apiKey = DEFAULT_API_KEY) {
  const hosts = [{ url: server.url.replace('http://', ''), protocol: 'http' as const, accept: 'readWrite' as const }];
  const client = algoliasearch(DEFAULT_APP_ID, apiKey, { hosts });
  return { client, insights: client.initInsights({ options: { hosts } }), analytics: client.initAnalytics({ options: { hosts } }) };
}

async function lines(dir: string): Promise<AnalyticsLine[]> {
  const found: AnalyticsLine[] = [];
  await readLog(dir, (line) => found.push(line));
  return found;
}

async function postEvents(server: LocalSearchServer, body: string, headers: Record<string, string> = { ...auth, 'content-type': 'application/json' }, query = ''): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${server.url}/1/events${query}`, { method: 'POST', headers, body });
  return { status: response.status, body: await response.json() };
}

describe('serve --analytics, with the provider\'s own clients', () => {
  let server: LocalSearchServer;
  let dir: string;
  beforeAll(async () => ({ server, dir } = await analyticsServer()));
  afterAll(() => server.close());

  it('records a settled search with clickAnalytics and the click on its third hit, both in the report', async () => {
    const { client, insights } = clients(server);
    let result: { queryID?: string; hits: Array<{ objectID: string }>; nbHits: number } | undefined;
    // The widget searches at each keystroke: one search is recorded, the last.
    for (const query of ['s', 'se', 'ser', 'server', 'server port']) {
      const { results } = await client.search({ requests: [{ indexName: 'docs', query, clickAnalytics: true, userToken: 'anonymous-1' }] });
      result = results[0] as typeof result;
    }
    expect(result!.queryID).toMatch(/^[0-9a-f]{32}$/);
    expect(await insights.pushEvents({
      events: [{ eventType: 'click', eventName: 'Item Selected', index: 'docs', userToken: 'anonymous-1', queryID: result!.queryID!, objectIDs: [result!.hits[2]!.objectID], positions: [3] }],
    })).toEqual({ status: 200, message: 'OK' });
    await server.flushAnalytics();

    const report = await analyticsReport(dir);
    expect(report.topSearches).toEqual([{ search: 'server port', count: 1, nbHits: result!.nbHits }]);
    expect(report.searches).toMatchObject({ count: 1, trackedSearchCount: 1, clickThroughRate: 1, clickCount: 1, averageClickPosition: 3 });
    expect(report.topClickedPages).toEqual([{ page: '/config/server-options', clicks: 1 }]);
    expect((await lines(dir)).map((line) => line.type)).toEqual(['search', 'event']);
  });

  it('takes events sent by sendBeacon (text/plain, credentials in the query string) and stores no address or user agent', async () => {
    await fetch(`${server.url}/1/indexes/docs/query`, {
      method: 'POST',
      headers: { ...auth, 'user-agent': 'Mozilla/5.0 (TestBrowser)', 'x-algolia-usertoken': 'anonymous-2' },
      body: JSON.stringify({ query: 'proxy', clickAnalytics: true }),
    });
    const query = `?X-Algolia-Application-Id=${DEFAULT_APP_ID}&X-Algolia-API-Key=${DEFAULT_API_KEY}&X-Algolia-Agent=insights-js`;
    const view = { eventType: 'view', eventName: 'Items Viewed', index: 'docs', userToken: 'anonymous-2', objectIDs: ['/config/server-options#4'] };
    const answer = await postEvents(server, JSON.stringify({ events: [view] }), { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': 'Mozilla/5.0 (TestBrowser)' }, query);
    expect(answer).toEqual({ status: 200, body: { status: 200, message: 'OK' } });
    await server.flushAnalytics();
    const recorded = await lines(dir);
    // A view does not settle the reader's search (the widget sends views as results show): it is written when it settles.
    expect(recorded.slice(-2)).toEqual([
      expect.objectContaining({ type: 'event', eventType: 'view', userToken: 'anonymous-2', objectIDs: ['/config/server-options#4'] }),
      expect.objectContaining({ type: 'search', query: 'proxy', userToken: 'anonymous-2', queryID: expect.stringMatching(/^[0-9a-f]{32}$/) }),
    ]);
    const text = await readFile(join(dir, 'analytics.jsonl'), 'utf8');
    expect(text).not.toMatch(/127\.0\.0\.1|::1|Mozilla|TestBrowser/);
  });

  it('answers a search without clickAnalytics with no queryID, and leaves a search with analytics: false out', async () => {
    const { client } = clients(server);
    const before = (await lines(dir)).length;
    const { results } = await client.search({ requests: [{ indexName: 'docs', query: 'vite', analytics: false }, { indexName: 'docs', query: 'intellisense' }] });
    expect(results.map((result) => 'queryID' in result)).toEqual([false, false]);
    await server.flushAnalytics();
    expect((await lines(dir)).slice(before)).toEqual([expect.objectContaining({ type: 'search', query: 'intellisense' })]);
  });

  it('answers CORS preflights of the events endpoint', async () => {
    const response = await fetch(`${server.url}/1/events`, {
      method: 'OPTIONS',
      headers: { origin: 'https://docs.example.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-algolia-application-id,x-algolia-api-key' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')).toBe('content-type,x-algolia-application-id,x-algolia-api-key');
  });

  it('answers the provider\'s Analytics REST API in the provider\'s shapes', async () => {
    const { analytics } = clients(server);
    const today = new Date().toISOString().slice(0, 10);
    const keys = (value: object): string[] => Object.keys(value).sort();

    const top = await analytics.getTopSearches({ index: 'docs' });
    expect(top.searches).toEqual([
      { search: 'intellisense', count: 1, nbHits: expect.any(Number) },
      { search: 'proxy', count: 1, nbHits: 1 },
      { search: 'server port', count: 1, nbHits: expect.any(Number) },
    ]);
    const withClicks = await analytics.getTopSearches({ index: 'docs', clickAnalytics: true, orderBy: 'clickThroughRate', direction: 'desc', limit: 1 });
    expect(withClicks.searches).toHaveLength(1);
    expect(withClicks.searches[0]).toMatchObject({ search: 'server port', clickThroughRate: 1, averageClickPosition: 3, trackedSearchCount: 1, clickCount: 1, conversionCount: 0, conversionRate: 0 });
    expect(keys(withClicks.searches[0]!)).toEqual(['averageClickPosition', 'clickCount', 'clickPositions', 'clickThroughRate', 'conversionCount', 'conversionRate', 'count', 'nbHits', 'search', 'trackedSearchCount']);
    expect((withClicks.searches[0] as { clickPositions: unknown[] }).clickPositions[2]).toEqual({ position: [3, 3], clickCount: 1 });

    const count = await analytics.getSearchesCount({ index: 'docs' });
    expect(count.count).toBe(3);
    expect(count.dates).toHaveLength(8);
    expect(count.dates.at(-1)).toEqual({ date: today, count: 3 });

    expect(await analytics.getSearchesNoResults({ index: 'docs' })).toEqual({ searches: [] });
    expect((await analytics.getSearchesNoClicks({ index: 'docs' })).searches).toEqual([{ search: 'proxy', count: 1, nbHits: 1 }]);

    const ctr = await analytics.getClickThroughRate({ index: 'docs', startDate: today, endDate: today });
    expect(ctr).toEqual({ rate: 0.5, clickCount: 1, trackedSearchCount: 2, dates: [{ date: today, rate: 0.5, clickCount: 1, trackedSearchCount: 2 }] });
    expect(await analytics.getAverageClickPosition({ index: 'docs', startDate: today, endDate: today })).toEqual({ average: 3, clickCount: 1, dates: [{ date: today, average: 3, clickCount: 1 }] });
    expect(await analytics.getNoResultsRate({ index: 'docs', startDate: today, endDate: today })).toEqual({ rate: 0, count: 3, noResultCount: 0, dates: [{ date: today, rate: 0, count: 3, noResultCount: 0 }] });
    expect(await analytics.getNoClickRate({ index: 'docs', startDate: today, endDate: today })).toEqual({ rate: 0.5, count: 2, noClickCount: 1, dates: [{ date: today, rate: 0.5, count: 2, noClickCount: 1 }] });
    expect(await analytics.getUsersCount({ index: 'docs', startDate: today, endDate: today })).toEqual({ count: 2, dates: [{ date: today, count: 2 }] });
    expect((await analytics.getStatus({ index: 'docs' })).updatedAt).toMatch(new RegExp(`^${today}T`));
    // Another index has nothing.
    expect(await analytics.getTopSearches({ index: 'blog' })).toEqual({ searches: [] });
  });

  it('refuses a bad analytics request with a status and a message', async () => {
    const get = async (path: string, headers: Record<string, string> = auth): Promise<{ status: number; body: unknown }> => {
      const response = await fetch(`${server.url}${path}`, { headers });
      return { status: response.status, body: await response.json() };
    };
    expect(await get('/2/searches')).toEqual({ status: 400, body: { status: 400, message: 'Missing parameter: index' } });
    expect(await get('/2/searches?index=docs&startDate=2026-02-30')).toEqual({ status: 400, body: { status: 400, message: 'startDate must be a date written YYYY-MM-DD, got "2026-02-30"' } });
    expect(await get('/2/searches?index=docs&limit=5000')).toEqual({ status: 400, body: { status: 400, message: 'limit must be an integer from 1 to 1000, got "5000"' } });
    expect(await get('/2/searches?index=docs', { ...auth, 'x-algolia-api-key': 'wrong' })).toEqual({ status: 403, body: { status: 403, message: 'Invalid credentials' } });
    expect((await get('/2/countries?index=docs')).status).toBe(404);
    const error = await clients(server, 'wrong').analytics.getTopSearches({ index: 'docs' }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 403, message: 'Invalid credentials' });
  });
});

describe('POST /1/events refuses bad input with the provider\'s status and message, and records nothing', () => {
  let server: LocalSearchServer;
  let dir: string;
  beforeAll(async () => ({ server, dir } = await analyticsServer()));
  afterAll(() => server.close());

  const cases: Array<[string, unknown, number, string]> = [
    ['a list instead of {events}', [CLICK], 422, 'Invalid type for field : expected insights.PublicEventsBatch, got array'],
    ['no events field', {}, 422, 'No events to process'],
    ['an empty list', { events: [] }, 422, 'No events to process'],
    ['events that is not a list', { events: CLICK }, 422, 'Invalid type for field events: expected array, got object'],
    ['an event that is not an object', { events: ['click'] }, 422, 'Invalid payload'],
    ['no eventName', { events: [{ ...CLICK, eventName: undefined }] }, 422, 'EventName is required'],
    ['an eventName over 64 characters', { events: [{ ...CLICK, eventName: 'x'.repeat(65) }] }, 422, 'EventName must contain only visible ASCII characters, and be between 1 and 64 characters long'],
    ['no eventType', { events: [{ ...CLICK, eventType: undefined }] }, 422, 'EventType is required'],
    ['an unknown eventType', { events: [{ ...CLICK, eventType: 'purchase' }] }, 422, 'EventType must be one of "click", "conversion" or "view"'],
    ['no index', { events: [{ ...CLICK, index: undefined }] }, 422, 'The index field is required'],
    ['an index that is a number', { events: [{ ...CLICK, index: 5 }] }, 422, 'Invalid type for field index: expected string, got number'],
    ['no userToken', { events: [{ ...CLICK, userToken: undefined }] }, 422, 'The userToken field is required'],
    ['a userToken with spaces', { events: [{ ...CLICK, userToken: 'jane doe' }] }, 422, 'UserToken must contain only alphanumeric, equal, plus, slash, hyphen, or underscore characters, and be between 1 and 128 characters long'],
    ['objectIDs that is a string', { events: [{ ...CLICK, objectIDs: 'x' }] }, 422, 'Invalid type for field objectIDs: expected array, got string'],
    ['an objectID that is a number', { events: [{ ...CLICK, objectIDs: [1] }] }, 422, 'Invalid type for field objectIDs: expected string, got number'],
    ['positions that are strings', { events: [{ ...CLICK, positions: ['1'] }] }, 422, 'Invalid type for field positions: expected integer, got string'],
    ['neither objectIDs nor filters', { events: [{ ...CLICK, objectIDs: undefined, positions: undefined }] }, 422, 'Event should specify either some ObjectIDs or some Filters'],
    ['objectIDs and filters', { events: [{ ...CLICK, filters: ['a:b'] }] }, 422, 'Event should specify ObjectIDs or Filters, but not both'],
    ['positions on a view', { events: [{ ...CLICK, eventType: 'view' }] }, 422, 'Only event of type click should specify the positions attribute'],
    ['positions without queryID', { events: [{ ...CLICK, queryID: undefined }] }, 422, 'Event of type click with positions should specify a queryID'],
    ['a position of 0', { events: [{ ...CLICK, positions: [0] }] }, 422, 'Event of type click may only have strictly positive positions'],
    ['fewer positions than objectIDs', { events: [{ ...CLICK, objectIDs: ['x', 'y'] }] }, 422, 'Event of type click should have the same number of ObjectIDs and Positions'],
    ['a malformed queryID', { events: [{ ...CLICK, queryID: 'abc' }] }, 422, 'Query ID must be a search query ID (32 characters hexadecimal string)'],
    ['a timestamp older than 4 days', { events: [{ ...CLICK, timestamp: Date.now() - 5 * 86_400_000 }] }, 422, 'The timestamp must be at most 4 days in the past'],
    ['one bad event among good ones', { events: [CLICK, { ...CLICK, userToken: undefined }] }, 422, 'The userToken field is required'],
    ['more than 1000 events', { events: new Array(1001).fill(CLICK) }, 422, 'Cannot process more than 1000 events in a batch'],
  ];
  it.each(cases)('%s', async (_name, body, status, message) => {
    expect(await postEvents(server, JSON.stringify(body))).toEqual({ status, body: { status, message } });
  });

  it('a body over 2 MB, malformed JSON, wrong credentials, another method', async () => {
    const huge = JSON.stringify({ events: [{ ...CLICK, eventName: 'x'.repeat(2 * 1024 * 1024) }] });
    expect(await postEvents(server, huge)).toEqual({ status: 413, body: { status: 413, message: 'Request Entity Too Large' } });
    expect(await postEvents(server, '{"events": [')).toEqual({ status: 400, body: { status: 400, message: 'Error: Bad Request. Your client has issued a malformed or illegal request.' } });
    expect(await postEvents(server, JSON.stringify({ events: [CLICK] }), { ...auth, 'x-algolia-api-key': 'wrong' })).toEqual({ status: 401, body: { status: 401, message: 'Invalid credentials' } });
    const get = await fetch(`${server.url}/1/events`, { headers: auth });
    expect(get.status).toBe(405);
    expect(await get.json()).toEqual({ status: 405, message: 'Method Not Allowed' });
  });

  it('reports the refusal to the provider\'s Insights client as the provider does', async () => {
    const error = await clients(server).insights.pushEvents({ events: [{ ...CLICK, positions: [0] }] as never }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 422, message: 'Event of type click may only have strictly positive positions' });
  });

  it('has recorded nothing', async () => {
    await server.flushAnalytics();
    expect(await lines(dir)).toEqual([]);
  });
});

describe('POST /1/events from a site on the local index', () => {
  it('takes events that carry no credentials at all (the site has none), as text/plain from a beacon', async () => {
    const { server, dir } = await analyticsServer();
    try {
      const click = { ...CLICK, userToken: 'anonymous-local' };
      expect(await postEvents(server, JSON.stringify({ events: [click] }), { 'content-type': 'text/plain' })).toEqual({ status: 200, body: { status: 200, message: 'OK' } });
      // Half the credentials are still wrong ones.
      expect((await postEvents(server, JSON.stringify({ events: [click] }), { 'x-algolia-application-id': DEFAULT_APP_ID })).status).toBe(401);
      await server.flushAnalytics();
      expect((await lines(dir)).map((line) => line.type === 'event' && line.userToken)).toEqual(['anonymous-local']);
    } finally {
      await server.close();
    }
  });
});

describe('serve --analytics when the log cannot be written', () => {
  it('says so once and keeps answering searches', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'analytics-full-'));
    // Writes to /dev/full fail with ENOSPC, as on a full disk.
    await symlink('/dev/full', join(dir, 'analytics.jsonl'));
    const problems: string[] = [];
    const server = await startServer({ indexes: { docs: SAMPLE_RECORDS }, analytics: { dir, settleMs: 0, onProblem: (message) => problems.push(message) } });
    try {
      const { client, insights } = clients(server);
      for (const query of ['proxy', 'vite', 'intellisense']) {
        const { results } = await client.search({ requests: [{ indexName: 'docs', query }] });
        expect((results[0] as { nbHits: number }).nbHits).toBeGreaterThan(0);
        await server.flushAnalytics();
      }
      expect(await insights.pushEvents({ events: [{ ...CLICK }] as never })).toEqual({ status: 200, message: 'OK' });
      await server.flushAnalytics();
      expect(problems).toEqual([`analytics: cannot write to ${join(dir, 'analytics.jsonl')} (ENOSPC); searches are still answered but not recorded until it can`]);
    } finally {
      await server.close();
    }
  });
});

describe('the assistant\'s questions', () => {
  it('are recorded with whether the docs answered them', async () => {
    const { server, dir } = await analyticsServer();
    try {
      const ask = async (text: string): Promise<void> => {
        const response = await fetch(`${server.url}/agent-studio/1/agents/agent-7/completions?stream=true&compatibilityMode=ai-sdk-5`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ id: 'c1', trigger: 'submit-message', messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text }] }] }),
        });
        expect(response.status).toBe(200);
        await response.text();
      };
      await ask('How do I set the server port?');
      await ask('Where can I buy sourdough bread?');
      await server.flushAnalytics();
      expect((await lines(dir)).filter((line) => line.type === 'question')).toEqual([
        expect.objectContaining({ index: 'docs', question: 'How do I set the server port?', answered: true }),
        expect.objectContaining({ index: 'docs', question: 'Where can I buy sourdough bread?', answered: false }),
      ]);
      expect((await analyticsReport(dir)).unansweredQuestions).toEqual([{ question: 'Where can I buy sourdough bread?', count: 1, lastAsked: expect.any(String) }]);
    } finally {
      await server.close();
    }
  });

  it('without --analytics, events are answered and nothing is written, and the REST API says analytics are off', async () => {
    const server = await startServer({ indexes: { docs: SAMPLE_RECORDS } });
    try {
      expect(await postEvents(server, JSON.stringify({ events: [CLICK] }))).toEqual({ status: 200, body: { status: 200, message: 'OK' } });
      expect(await postEvents(server, JSON.stringify({ events: [] }))).toEqual({ status: 422, body: { status: 422, message: 'No events to process' } });
      const response = await fetch(`${server.url}/2/searches?index=docs`, { headers: auth });
      expect(response.status).toBe(402);
    } finally {
      await server.close();
    }
  });
});
