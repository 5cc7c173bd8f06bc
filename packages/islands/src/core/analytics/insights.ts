/**
 * The `insights` option's events, on the wire as the provider's own insights client sends them:
 * `POST {host}/1/events` with the credentials and agent as query parameters, by
 * `navigator.sendBeacon` (a `text/plain` body: no preflight, and it outlives the page it leaves),
 * else `fetch` with `keepalive`. A chunk of its own, imported only when `insights` is on.
 */
import { getLocalStorage } from '../storage/safeStorage.js';
// The option's rule, for the widget chunks that import it with the sender (keywordOnlyOptions.ts).
export { resolveInsights } from '../options/insightsOption.js';
import type { ResolvedInsights } from '../options/siteSearchOptionsBase.js';
import type { DocHit } from '../records.js';
import type { SearchState } from '../search/searchController.js';

/** Named in the agent query parameter, as the provider's clients name themselves. */
const AGENT = 'sitesearch-insights (1)';
/** The provider's limit of object IDs in one event. */
const MAX_OBJECT_IDS = 20;
/** Where the anonymous token is kept: the provider's client's cookie name, so a token carries over when a site switches to SiteSearch. */
const TOKEN_KEY = '_ALGOLIA';
/** The provider client's cookie lifetime: six months. */
const COOKIE_SECONDS = 6 * 30 * 24 * 3600;

export interface InsightsSender {
  /** "Items Viewed": the results a settled search showed, one event per index (at most 20 IDs each). */
  view(state: SearchState): void;
  /** "Item Selected": one click on a result, with its search's queryID and its 1-based position. */
  click(hit: DocHit, index: string, queryID: string | undefined, position: number): void;
}

export function createInsightsSender(insights: ResolvedInsights, credentials: { appId: string | undefined; apiKey: string | undefined }, environment: Window): InsightsSender {
  const userToken = insights.userToken ?? anonymousToken(insights.useCookie, environment);
  const parameters = [
    ['X-Algolia-Application-Id', credentials.appId],
    ['X-Algolia-API-Key', credentials.apiKey],
    ['X-Algolia-Agent', AGENT],
  ]
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${encodeURIComponent(value!)}`);
  const url = `${insights.host}/1/events?${parameters.join('&')}`;

  function send(events: object[]) {
    const body = JSON.stringify({ events: events.map((event) => ({ ...event, userToken })) });
    try {
      if (environment.navigator.sendBeacon(url, body)) return;
    } catch {
      // No beacon (or the browser refused it, over its quota): fetch below.
    }
    try {
      environment.fetch(url, { method: 'POST', body, keepalive: true }).catch(() => {});
    } catch {
      // An event lost is never worth an error in the page.
    }
  }

  return {
    view(state) {
      const shown = new Map<string, string[]>();
      for (const group of state.groups) shown.set(group.indexName, [...(shown.get(group.indexName) ?? []), ...group.hits.map((hit) => hit.objectID)]);
      const events: object[] = [];
      for (const [index, objectIDs] of shown) {
        for (let start = 0; start < objectIDs.length; start += MAX_OBJECT_IDS) events.push({ eventType: 'view', eventName: 'Items Viewed', index, objectIDs: objectIDs.slice(start, start + MAX_OBJECT_IDS) });
      }
      if (events.length > 0) send(events);
    },
    click(hit, index, queryID, position) {
      // A position without its search's queryID is refused by the Insights API (422): a search
      // client that gives none (a custom one) gets a plain click on the object.
      send([{ eventType: 'click', eventName: 'Item Selected', index, objectIDs: [hit.objectID], ...(queryID && { queryID, positions: [position] }) }]);
    },
  };
}

/**
 * The anonymous token: `anonymous-<uuid>`, random, nothing about the reader in it; kept in
 * localStorage, or in the first-party `_ALGOLIA` cookie when the site opts in with `useCookie`.
 * Where neither can be written, it lasts as long as the page.
 */
function anonymousToken(useCookie: boolean, environment: Window): string {
  const storage = useCookie ? undefined : getLocalStorage(environment);
  const found = useCookie ? /(?:^|;\s*)_ALGOLIA=(anonymous-[\w-]+)/.exec(environment.document.cookie)?.[1] : storage?.getItem(TOKEN_KEY);
  if (found?.startsWith('anonymous-')) return found;
  const token = `anonymous-${uuid(environment)}`;
  try {
    if (useCookie) environment.document.cookie = `${TOKEN_KEY}=${token}; max-age=${COOKIE_SECONDS}; path=/; SameSite=Lax`;
    else storage?.setItem(TOKEN_KEY, token);
  } catch {
    // Kept for this page only.
  }
  return token;
}

/** A version 4 UUID; `getRandomValues`, since `randomUUID` exists only on secure origins. */
function uuid(environment: Window): string {
  const bytes = environment.crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
