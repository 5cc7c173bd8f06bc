import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchClientLike, SearchRequest } from '../options/types.js';
import type { DocHit } from '../records.js';
import type { ResolvedInsights } from '../options/siteSearchOptionsBase.js';
import { createSearchController } from '../search/searchController.js';
import { createSearchAnalytics, SETTLE_MS } from './searchAnalytics.js';
import { createInsightsSender } from './insights.js';

const hit = (id: string, lvl0: string): DocHit => ({
  objectID: id,
  url: `/${id}`,
  anchor: null,
  type: 'lvl1',
  content: null,
  hierarchy: { lvl0, lvl1: `Page ${id}`, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
});

/** Answers at once: queries with "nothing" find nothing; others find three hits in two sections. */
const client: SearchClientLike & { requests: SearchRequest[] } = {
  requests: [],
  async search({ requests }) {
    client.requests.push(...requests);
    return {
      results: requests.map((request) => {
        const hits = request.query.includes('nothing') ? [] : [hit('a', 'Guide'), hit('b', 'API'), hit('c', 'Guide')];
        return { hits, nbHits: hits.length, queryID: request.clickAnalytics ? 'f'.repeat(32) : undefined };
      }),
    };
  },
};

const indices = [{ name: 'docs', searchParameters: {} }];
const events: Array<{ type: string; detail: unknown }> = [];
const stops: Array<() => void> = [];
const record = (event: Event) => events.push({ type: event.type, detail: (event as CustomEvent).detail });
const NAMES = ['search', 'hit-open', 'modal-open', 'modal-close'].map((name) => `sitesearch:${name}`);

beforeEach(() => {
  vi.useFakeTimers();
  events.length = 0;
  client.requests.length = 0;
  for (const name of NAMES) window.addEventListener(name, record);
});
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  for (const name of NAMES) window.removeEventListener(name, record);
  vi.useRealTimers();
});

function setUp(insights?: ResolvedInsights) {
  const controller = createSearchController({ searchClient: client, indices, maxResultsPerGroup: 5, clickAnalytics: !!insights });
  const analytics = createSearchAnalytics(controller, { insights, appId: 'APP', apiKey: 'KEY', indices }, window);
  stops.push(analytics.watch());
  return { controller, analytics };
}

describe('the modal\'s CustomEvents', () => {
  it('send one search event per settled search, not one per keystroke, on window', async () => {
    const { controller } = setUp();
    for (const query of ['s', 'se', 'server', 'server p', 'server port']) {
      await controller.search(query);
      await vi.advanceTimersByTimeAsync(SETTLE_MS / 4);
    }
    expect(events).toEqual([]);
    await vi.advanceTimersByTimeAsync(SETTLE_MS);
    expect(events).toEqual([{ type: 'sitesearch:search', detail: { query: 'server port', index: 'docs', nbHits: 3, empty: false } }]);
  });

  it('count an empty search once, though its suggestions arrive after it settled', async () => {
    const { controller } = setUp();
    await controller.search('server nothing');
    await vi.advanceTimersByTimeAsync(SETTLE_MS * 3);
    // The suggestions' code is a chunk the controller imports then (suggest.ts): they come later still.
    await vi.waitFor(() => expect(controller.get().suggestions).toEqual(['server']));
    expect(events).toEqual([{ type: 'sitesearch:search', detail: { query: 'server nothing', index: 'docs', nbHits: 0, empty: true } }]);
  });

  it('report an opened result with its 1-based position among the results shown, after its search', async () => {
    const { controller, analytics } = setUp();
    await controller.search('server');
    // Grouped by section: a, c (Guide), then b (API): the third shown is b.
    const third = controller.get().groups[1]!.hits[0]!;
    analytics.hitOpened(third);
    analytics.hitOpened(hit('recent', 'Guide'));
    expect(events).toEqual([
      { type: 'sitesearch:search', detail: { query: 'server', index: 'docs', nbHits: 3, empty: false } },
      { type: 'sitesearch:hit-open', detail: { query: 'server', url: '/b', position: 3, index: 'docs', objectID: 'b' } },
    ]);
  });

  it('report the modal opening and closing, and never throw when a listener does', async () => {
    const { analytics } = setUp();
    const throwing = () => {
      throw new Error('listener bug');
    };
    window.addEventListener('sitesearch:modal-open', throwing);
    expect(() => analytics.modal(true)).not.toThrow();
    window.removeEventListener('sitesearch:modal-open', throwing);
    analytics.modal(false);
    expect(events.map((event) => event.type)).toEqual(['sitesearch:modal-open', 'sitesearch:modal-close']);
  });
});

describe('insights', () => {
  it('is not asked of the provider, nor loaded, when off', async () => {
    const { controller } = setUp();
    await controller.search('server');
    expect(client.requests[0]).not.toHaveProperty('clickAnalytics');
  });

  it('asks for a queryID and sends views, then one click with it and the 1-based position', async () => {
    const beacons: Array<{ url: string; body: unknown }> = [];
    const sendBeacon = (url: string, body: string) => beacons.push({ url, body: JSON.parse(body) }) > 0;
    vi.spyOn(window.navigator, 'sendBeacon').mockImplementation(sendBeacon as never);
    const { controller, analytics } = setUp({ host: 'https://insights.algolia.io', userToken: 'reader-1', useCookie: false });
    await controller.search('server');
    expect(client.requests[0]).toMatchObject({ clickAnalytics: true });
    analytics.hitOpened(controller.get().groups[1]!.hits[0]!);
    await vi.waitFor(() => expect(beacons).toHaveLength(2));
    expect(beacons[0]!.url).toBe('https://insights.algolia.io/1/events?X-Algolia-Application-Id=APP&X-Algolia-API-Key=KEY&X-Algolia-Agent=sitesearch-insights%20(1)');
    expect(beacons.map((beacon) => beacon.body)).toEqual([
      { events: [{ eventType: 'view', eventName: 'Items Viewed', index: 'docs', objectIDs: ['a', 'c', 'b'], userToken: 'reader-1' }] },
      { events: [{ eventType: 'click', eventName: 'Item Selected', index: 'docs', queryID: 'f'.repeat(32), objectIDs: ['b'], positions: [3], userToken: 'reader-1' }] },
    ]);
  });
});

describe('a click without a queryID', () => {
  it('is sent without positions, as the Insights API takes a click on an object outside a search', () => {
    const bodies: Array<{ events: Array<Record<string, unknown>> }> = [];
    vi.spyOn(window.navigator, 'sendBeacon').mockImplementation(((_url: string, body: string) => bodies.push(JSON.parse(body)) > 0) as never);
    createInsightsSender({ host: 'https://example.com', userToken: 'reader-1', useCookie: false }, { appId: undefined, apiKey: undefined }, window).click(hit('a', 'Guide'), 'docs', undefined, 2);
    expect(bodies[0]!.events).toEqual([{ eventType: 'click', eventName: 'Item Selected', index: 'docs', objectIDs: ['a'], userToken: 'reader-1' }]);
  });
});

describe('the user token', () => {
  const sent = (environment: Window) => {
    const bodies: Array<{ events: Array<{ userToken: string }> }> = [];
    const sender = createInsightsSender({ host: 'https://example.com', userToken: undefined, useCookie: false }, { appId: undefined, apiKey: undefined }, environment);
    vi.spyOn(environment.navigator, 'sendBeacon').mockImplementation(((_url: string, body: string) => bodies.push(JSON.parse(body)) > 0) as never);
    sender.click(hit('a', 'Guide'), 'docs', undefined, 1);
    return bodies[0]!.events[0]!.userToken;
  };

  it('is anonymous-<uuid>, kept in localStorage (no cookie) and reused', () => {
    localStorage.clear();
    document.cookie = '_ALGOLIA=; max-age=0; path=/';
    const first = sent(window);
    expect(first).toMatch(/^anonymous-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(localStorage.getItem('_ALGOLIA')).toBe(first);
    expect(document.cookie).not.toContain('_ALGOLIA=anonymous');
    expect(sent(window)).toBe(first);
  });

  it('goes in the _ALGOLIA cookie with useCookie, not in localStorage', () => {
    localStorage.clear();
    const bodies: Array<{ events: Array<{ userToken: string }> }> = [];
    vi.spyOn(window.navigator, 'sendBeacon').mockImplementation(((_url: string, body: string) => bodies.push(JSON.parse(body)) > 0) as never);
    createInsightsSender({ host: 'https://example.com', userToken: undefined, useCookie: true }, { appId: undefined, apiKey: undefined }, window).click(hit('a', 'Guide'), 'docs', undefined, 1);
    const token = bodies[0]!.events[0]!.userToken;
    expect(document.cookie).toContain(`_ALGOLIA=${token}`);
    expect(localStorage.getItem('_ALGOLIA')).toBeNull();
  });
});
