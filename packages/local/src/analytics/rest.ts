/**
 * The provider's Analytics REST API (`GET /2/...`) over the log, with the provider's parameters
 * (`index` required; `startDate`, `endDate`, `limit`, `offset`, `clickAnalytics`, `orderBy`,
 * `direction`) and answer shapes, so a client written for the provider's analytics works here.
 * The default range is the provider's: the last 8 days, today included (UTC).
 */
import { aggregate, daysBetween, isDate, lastDays, POSITION_BUCKETS, type Aggregate, type DayStats, type QueryStats } from './aggregate.js';
import { noClickCount, ratio, top } from './report.js';

/** A refusal with the provider's status (`{status, message}` on the wire). */
export class AnalyticsApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Answer = (data: Aggregate, params: URLSearchParams, range: { from: string; to: string }) => unknown;

const ANSWERS: Record<string, Answer> = {
  '/2/searches': topSearches,
  '/2/searches/count': (data, _params, range) => ({ count: total(data, 'count'), dates: daily(data, range, (day) => ({ count: day?.count ?? 0 })) }),
  '/2/searches/noResults': (data, params) => ({
    searches: top(data.queries, (q) => q.noResultCount, limitOf(params), offsetOf(params)).map((q) => ({ search: q.search, count: q.noResultCount, withFilterCount: 0 })),
  }),
  '/2/searches/noClicks': (data, params) => ({
    searches: top(data.queries, noClickCount, limitOf(params), offsetOf(params)).map((q) => ({ search: q.search, count: noClickCount(q), nbHits: q.nbHits })),
  }),
  '/2/searches/noResultRate': (data, _params, range) => ({
    rate: ratio(total(data, 'noResultCount'), total(data, 'count')),
    count: total(data, 'count'),
    noResultCount: total(data, 'noResultCount'),
    dates: daily(data, range, (day) => ({ rate: ratio(day?.noResultCount ?? 0, day?.count ?? 0), count: day?.count ?? 0, noResultCount: day?.noResultCount ?? 0 })),
  }),
  '/2/searches/noClickRate': (data, _params, range) => {
    const noClicks = (day: DayStats | undefined): number => (day ? day.trackedWithHits - day.clickedSearchCount : 0);
    const tracked = total(data, 'trackedSearchCount');
    const none = data.days.reduce((sum, day) => sum + noClicks(day), 0);
    return {
      rate: ratio(none, tracked),
      count: tracked,
      noClickCount: none,
      dates: daily(data, range, (day) => ({ rate: ratio(noClicks(day), day?.trackedSearchCount ?? 0), count: day?.trackedSearchCount ?? 0, noClickCount: noClicks(day) })),
    };
  },
  '/2/clicks/clickThroughRate': (data, _params, range) => ({
    rate: ratio(total(data, 'clickedSearchCount'), total(data, 'trackedSearchCount')),
    clickCount: total(data, 'clickCount'),
    trackedSearchCount: total(data, 'trackedSearchCount'),
    dates: daily(data, range, (day) => ({
      rate: ratio(day?.clickedSearchCount ?? 0, day?.trackedSearchCount ?? 0),
      clickCount: day?.clickCount ?? 0,
      trackedSearchCount: day?.trackedSearchCount ?? 0,
    })),
  }),
  '/2/clicks/averageClickPosition': (data, _params, range) => ({
    average: ratio(total(data, 'positionSum'), total(data, 'positionCount')),
    clickCount: total(data, 'positionCount'),
    dates: daily(data, range, (day) => ({ average: ratio(day?.positionSum ?? 0, day?.positionCount ?? 0), clickCount: day?.positionCount ?? 0 })),
  }),
  '/2/users/count': (data, _params, range) => ({ count: data.users.size, dates: daily(data, range, (day) => ({ count: day?.users.size ?? 0 })) }),
  '/2/status': (data) => ({ updatedAt: data.updatedAt }),
};

/** The paths answered, for the 404 message and the docs. */
export const ANALYTICS_PATHS = Object.keys(ANSWERS);
/** Daily breakdowns list every day of the range: a range is bounded so that an answer is. */
const MAX_RANGE_DAYS = 3660;

export function isAnalyticsPath(pathname: string): boolean {
  return pathname.startsWith('/2/');
}

/** The answer to `GET <pathname>?<params>` from the log in `dir`. */
export async function answerAnalyticsApi(dir: string, pathname: string, params: URLSearchParams, now = Date.now()): Promise<unknown> {
  const answer = ANSWERS[pathname];
  if (!answer) throw new AnalyticsApiError(404, `Path not supported by this server's Analytics REST API: ${pathname}; it answers ${ANALYTICS_PATHS.join(', ')}`);
  const index = params.get('index');
  if (!index) throw new AnalyticsApiError(400, 'Missing parameter: index');
  const defaults = lastDays(8, now);
  const from = dateParam(params, 'startDate') ?? defaults.from;
  const to = dateParam(params, 'endDate') ?? defaults.to;
  if (from > to) throw new AnalyticsApiError(400, `startDate (${from}) must be before endDate (${to})`);
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 >= MAX_RANGE_DAYS) throw new AnalyticsApiError(400, `the range from ${from} to ${to} is over ${MAX_RANGE_DAYS} days`);
  limitOf(params);
  offsetOf(params);
  return answer(await aggregate(dir, { from, to, index, dailyUsers: pathname === '/2/users/count' }), params, { from, to });
}

function topSearches(data: Aggregate, params: URLSearchParams): unknown {
  const withClicks = params.get('clickAnalytics') === 'true' || params.get('revenueAnalytics') === 'true';
  const orderBy = params.get('orderBy') ?? 'searchCount';
  const rates: Record<string, (q: QueryStats) => number | null> = {
    searchCount: (q) => q.count,
    clickThroughRate: (q) => ratio(q.clickedSearchCount, q.trackedSearchCount),
    conversionRate: (q) => ratio(q.convertedSearchCount, q.trackedSearchCount),
    averageClickPosition: (q) => ratio(q.positionSum, q.clickCount),
  };
  const value = rates[orderBy];
  if (!value) throw new AnalyticsApiError(400, `orderBy must be one of ${Object.keys(rates).join(', ')}, got "${orderBy}"`);
  const direction = params.get('direction') ?? 'desc';
  if (direction !== 'asc' && direction !== 'desc') throw new AnalyticsApiError(400, `direction must be "asc" or "desc", got "${direction}"`);
  const sign = direction === 'asc' ? 1 : -1;
  const offset = offsetOf(params);
  const rows = [...data.queries]
    .sort((a, b) => sign * ((value(a) ?? -1) - (value(b) ?? -1)) || (a.search < b.search ? -1 : 1))
    .slice(offset, offset + limitOf(params));
  return {
    searches: rows.map((q) =>
      withClicks
        ? {
            search: q.search,
            count: q.count,
            nbHits: q.nbHits,
            clickThroughRate: ratio(q.clickedSearchCount, q.trackedSearchCount),
            averageClickPosition: ratio(q.positionSum, q.clickCount),
            clickPositions: POSITION_BUCKETS.map((position, i) => ({ position, clickCount: q.positions[i] ?? 0 })),
            conversionRate: ratio(q.convertedSearchCount, q.trackedSearchCount),
            trackedSearchCount: q.trackedSearchCount,
            clickCount: q.clickCount,
            conversionCount: q.conversionCount,
          }
        : { search: q.search, count: q.count, nbHits: q.nbHits },
    ),
  };
}

type DayField = 'count' | 'noResultCount' | 'trackedSearchCount' | 'clickedSearchCount' | 'clickCount' | 'positionSum' | 'positionCount';

function total(data: Aggregate, field: DayField): number {
  return data.days.reduce((sum, day) => sum + day[field], 0);
}

/** One entry per day of the range, days without records included, as the provider lists them. */
function daily<T extends object>(data: Aggregate, range: { from: string; to: string }, entry: (day: DayStats | undefined) => T): Array<T & { date: string }> {
  const days = new Map(data.days.map((day) => [day.date, day]));
  return daysBetween(range.from, range.to).map((date) => ({ ...entry(days.get(date)), date }));
}

function dateParam(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name);
  if (value === null || value === '') return undefined;
  if (!isDate(value)) throw new AnalyticsApiError(400, `${name} must be a date written YYYY-MM-DD, got "${value}"`);
  return value;
}

function limitOf(params: URLSearchParams): number {
  return integerParam(params, 'limit', 10, 1, 1000);
}

function offsetOf(params: URLSearchParams): number {
  return integerParam(params, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
}

function integerParam(params: URLSearchParams, name: string, fallback: number, min: number, max: number): number {
  const value = params.get(name);
  if (value === null || value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) throw new AnalyticsApiError(400, `${name} must be an integer from ${min} to ${max}, got "${value}"`);
  return Number(value);
}
