/**
 * What `sitesearch serve --analytics` records, and the endpoints that feed and read it: settled
 * searches (from the search endpoints), Insights events (`POST /1/events`), the assistant's
 * questions, and the Analytics REST API (`GET /2/...`) over the log.
 *
 * Privacy: a line holds the index, the query or question, counts, times and the pseudonymous
 * user token the client chose. No IP address, no user agent, no `authenticatedUserToken`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SearchResponse } from '../engine/engine.js';
import { HttpError, header, readBody, checkJsonContentType, sendJson } from '../server/http.js';
import { validateEvents, InsightsError, MAX_EVENTS_BODY_BYTES } from './events.js';
import { AnalyticsLog, type AnalyticsLogOptions } from './log.js';
import type { EventLine } from './records.js';
import { AnalyticsApiError, answerAnalyticsApi } from './rest.js';
import { DEFAULT_SETTLE_MS, SearchSettler } from './settle.js';

export interface AnalyticsOptions extends AnalyticsLogOptions {
  /** A reader's successive refinements of a query within this many ms are one search (default 2000; see `settle.ts`). */
  settleMs?: number;
}

/** The provider's user token: a pseudonym of 1 to 128 characters from this set. Anything else is not recorded. */
const USER_TOKEN = /^[a-zA-Z0-9_=/+-]{1,128}$/;
/** Pages of recently shown hits, to name the pages clicked (objectID → URL), bounded. */
const MAX_KNOWN_URLS = 50_000;

export class AnalyticsRecorder {
  readonly log: AnalyticsLog;
  private readonly settler: SearchSettler;
  private readonly urls = new Map<string, string>();

  constructor(options: AnalyticsOptions) {
    const settleMs = options.settleMs ?? DEFAULT_SETTLE_MS;
    if (!Number.isInteger(settleMs) || settleMs < 0) throw new TypeError(`analytics: "settleMs" must be an integer of 0 or more, got ${String(options.settleMs)}`);
    this.log = new AnalyticsLog(options);
    this.settler = new SearchSettler((line) => this.log.append(line), settleMs);
  }

  /** A search of `index` as answered (`queryID` set when it asked for `clickAnalytics`). */
  recordSearch(request: IncomingMessage, index: string, params: Record<string, unknown>, result: SearchResponse & { queryID?: string }): void {
    // As on the provider, `analytics: false` keeps a search out of the analytics.
    if (params.analytics === false || params.analytics === 'false') return;
    // Only a tracked search can be clicked with its queryID: the others pay nothing for URLs.
    if (result.queryID) for (const hit of result.hits) this.remember(index, hit.objectID, hit.url);
    const token = userTokenOf(request, params);
    this.settler.add(
      {
        type: 'search',
        time: new Date().toISOString(),
        index,
        query: typeof params.query === 'string' ? params.query : '',
        nbHits: result.nbHits,
        ...(token ? { userToken: token } : {}),
        ...(result.queryID ? { queryID: result.queryID } : {}),
      },
      // Held in memory for the settle window only, never written.
      token ?? `anonymous ${request.socket.remoteAddress ?? ''} ${header(request, 'user-agent') ?? ''}`,
    );
  }

  /** A question to the assistant and whether it found an answer in the docs. */
  recordQuestion(index: string, question: string, answered: boolean): void {
    if (question.trim() === '') return;
    this.log.append({ type: 'question', time: new Date().toISOString(), index, question, answered });
  }

  /** `POST /1/events`, once the credentials are checked. */
  async handleEvents(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const events = await readEvents(request);
    const time = new Date().toISOString();
    for (const event of events) {
      // A click or conversion ends the reader's search: it is settled before the event is written.
      if (event.eventType !== 'view') {
        this.settler.settleReader(event.index, event.userToken);
        if (event.queryID) this.settler.settleQuery(event.queryID);
      }
      const urls = event.objectIDs?.map((objectID) => this.urls.get(`${event.index}\u0000${objectID}`) ?? '');
      const line: EventLine = {
        type: 'event',
        time,
        eventType: event.eventType,
        eventName: event.eventName,
        index: event.index,
        userToken: event.userToken,
        ...(event.queryID ? { queryID: event.queryID } : {}),
        ...(event.objectIDs ? { objectIDs: event.objectIDs } : {}),
        ...(event.positions ? { positions: event.positions } : {}),
        ...(event.filters ? { filters: event.filters } : {}),
        ...(urls?.some(Boolean) ? { urls } : {}),
        ...(event.timestamp !== undefined ? { timestamp: event.timestamp } : {}),
      };
      this.log.append(line);
    }
    sendJson(response, 200, { status: 200, message: 'OK' });
  }

  /** `GET /2/...`: the Analytics REST API over what is recorded so far. */
  async handleApi(response: ServerResponse, url: URL): Promise<void> {
    // Searches still settling are left out; lines already settled are read back once written.
    await this.log.flush();
    try {
      sendJson(response, 200, await answerAnalyticsApi(this.log.dir, url.pathname, url.searchParams));
    } catch (error) {
      if (error instanceof AnalyticsApiError) throw new HttpError(error.status, error.message);
      throw error;
    }
  }

  /** Settles the searches still settling (their lines are then queued). */
  settleAll(): void {
    this.settler.settleAll();
  }

  /** Settles pending searches and writes everything out. */
  async close(): Promise<void> {
    this.settler.settleAll();
    await this.log.close();
  }

  private remember(index: string, objectID: string, url: string | undefined): void {
    if (!url) return;
    if (this.urls.size >= MAX_KNOWN_URLS) this.urls.clear();
    this.urls.set(`${index}\u0000${objectID}`, url);
  }
}

/**
 * The body of `POST /1/events`, checked as the provider checks it. Without `--analytics` the
 * server still answers it (a site with `insights` on sees no error) and records nothing.
 */
export async function readEvents(request: IncomingMessage): Promise<ReturnType<typeof validateEvents>> {
  checkJsonContentType(request);
  let text: string;
  try {
    text = (await readBody(request, MAX_EVENTS_BODY_BYTES)).toString('utf8');
  } catch (error) {
    if (error instanceof HttpError && error.status === 413) throw new HttpError(413, 'Request Entity Too Large');
    throw error;
  }
  let body: unknown;
  try {
    body = text.trim() === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    throw new HttpError(400, 'Error: Bad Request. Your client has issued a malformed or illegal request.');
  }
  try {
    return validateEvents(body);
  } catch (error) {
    if (error instanceof InsightsError) throw new HttpError(error.status, error.message);
    throw error;
  }
}

function userTokenOf(request: IncomingMessage, params: Record<string, unknown>): string | undefined {
  const token = typeof params.userToken === 'string' ? params.userToken : header(request, 'x-algolia-usertoken');
  return token !== undefined && USER_TOKEN.test(token) ? token : undefined;
}
