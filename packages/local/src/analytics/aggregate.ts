/**
 * One pass over the analytics log: every figure the report and the Analytics REST API give,
 * for a date range and optionally one index. Memory grows with distinct queries, users and days,
 * and with the tracked searches of one hour (see `CLICK_WINDOW_MS`), not with the log's size.
 */
import { readLog, type ReadSummary } from './log.js';
import type { AnalyticsLine, EventLine, SearchLine } from './records.js';
import { normalizeQuery } from './settle.js';

export interface QueryStats {
  /** The query as last typed (the group is the query in lower case, spaces collapsed). */
  search: string;
  count: number;
  /** Hits of the latest search of the group. */
  nbHits: number;
  noResultCount: number;
  trackedSearchCount: number;
  /** Tracked searches with hits: those that could be clicked. */
  trackedWithHits: number;
  clickedSearchCount: number;
  convertedSearchCount: number;
  clickCount: number;
  conversionCount: number;
  positionSum: number;
  /** Clicks per position bucket: 1…10 one by one, 11–20, 21 and up (the provider's `clickPositions`). */
  positions: number[];
}

export interface DayStats {
  date: string;
  count: number;
  noResultCount: number;
  trackedSearchCount: number;
  trackedWithHits: number;
  clickedSearchCount: number;
  clickCount: number;
  positionSum: number;
  positionCount: number;
  /** Distinct user tokens of the day; filled only with `dailyUsers` (the REST API's users/count). */
  users: Set<string>;
}

export interface QuestionStats {
  question: string;
  count: number;
  unanswered: number;
  lastAsked: string;
}

export interface Aggregate {
  from: string | undefined;
  to: string | undefined;
  index: string | undefined;
  queries: QueryStats[];
  /** The days that have records, in order. */
  days: DayStats[];
  users: Set<string>;
  /** Clicks per page (URL without its #anchor), or per objectID when the URL was not known. */
  pages: Map<string, number>;
  questions: QuestionStats[];
  /** Time of the latest record of the range, or null. */
  updatedAt: string | null;
  log: ReadSummary;
}

export interface AggregateOptions {
  /** First day (YYYY-MM-DD, UTC), inclusive; default: the log's first. */
  from?: string;
  /** Last day (YYYY-MM-DD, UTC), inclusive; default: the log's last. */
  to?: string;
  index?: string;
  /** Count distinct users per day too (costs a set per day and a lookup per search). */
  dailyUsers?: boolean;
}

export const POSITION_BUCKETS: ReadonlyArray<[number, number]> = [
  [1, 1], [2, 2], [3, 3], [4, 4], [5, 5], [6, 6], [7, 7], [8, 8], [9, 9], [10, 10], [11, 20], [21, -1],
];

function bucketOf(position: number): number {
  return position <= 10 ? position - 1 : position <= 20 ? 10 : 11;
}

/** A tracked search still open to clicks: where a click on it counts, and whether one already did. */
interface OpenSearch {
  time: string;
  stats: QueryStats;
  day: DayStats;
  clicked: boolean;
  converted: boolean;
}

/**
 * A click or conversion counts for the search it names when it comes within this time of it.
 * Readers click within seconds; the bound keeps the report's memory to an hour of tracked
 * searches, whatever the size of the log.
 */
export const CLICK_WINDOW_MS = 60 * 60 * 1000;

export async function aggregate(dir: string, options: AggregateOptions): Promise<Aggregate> {
  const { from, to, index, dailyUsers = false } = options;
  const days = new Map<string, DayStats>();
  const dayList: DayStats[] = [];
  const dayOf = (date: string): DayStats => {
    let day = days.get(date);
    if (!day) {
      day = { date, count: 0, noResultCount: 0, trackedSearchCount: 0, trackedWithHits: 0, clickedSearchCount: 0, clickCount: 0, positionSum: 0, positionCount: 0, users: new Set() };
      days.set(date, day);
      dayList.push(day);
    }
    return day;
  };
  const queryIndex = new Map<string, number>();
  // The same query typed the same way is normalized once.
  const rawIndex = new Map<string, number>();
  const queries: QueryStats[] = [];
  // queryID → the tracked searches of the last CLICK_WINDOW_MS, oldest first (a Map keeps insertion order).
  const open = new Map<string, OpenSearch>();
  let openMinute: string | undefined;
  const users = new Set<string>();
  const pages = new Map<string, number>();
  const questionIndex = new Map<string, QuestionStats>();
  let updatedAt: string | null = null;

  /** Closes the searches older than the window, once per minute of log time. */
  const closeOld = (time: string): void => {
    if (openMinute !== undefined && time.startsWith(openMinute)) return;
    openMinute = time.slice(0, 16);
    const cutoff = new Date(Date.parse(time) - CLICK_WINDOW_MS).toISOString();
    for (const [queryID, search] of open) {
      if (search.time >= cutoff) break;
      open.delete(queryID);
    }
  };

  const onSearch = (line: SearchLine, day: DayStats): void => {
    let number = rawIndex.get(line.query);
    if (number === undefined) {
      const key = normalizeQuery(line.query);
      number = queryIndex.get(key);
      if (number === undefined) {
        number = queries.length;
        queryIndex.set(key, number);
        queries.push({ search: line.query, count: 0, nbHits: 0, noResultCount: 0, trackedSearchCount: 0, trackedWithHits: 0, clickedSearchCount: 0, convertedSearchCount: 0, clickCount: 0, conversionCount: 0, positionSum: 0, positions: [] });
      }
      rawIndex.set(line.query, number);
    }
    const stats = queries[number]!;
    stats.search = line.query;
    stats.count++;
    stats.nbHits = line.nbHits;
    day.count++;
    if (line.nbHits === 0) {
      stats.noResultCount++;
      day.noResultCount++;
    }
    if (line.userToken) {
      users.add(line.userToken);
      if (dailyUsers) day.users.add(line.userToken);
    }
    if (line.queryID) {
      stats.trackedSearchCount++;
      day.trackedSearchCount++;
      if (line.nbHits > 0) {
        stats.trackedWithHits++;
        day.trackedWithHits++;
      }
      closeOld(line.time);
      open.set(line.queryID, { time: line.time, stats, day, clicked: false, converted: false });
    }
  };

  const onEvent = (line: EventLine, day: DayStats): void => {
    if (line.eventType === 'view') return;
    if (line.queryID) closeOld(line.time);
    const search = line.queryID ? open.get(line.queryID) : undefined;
    if (line.eventType === 'conversion') {
      if (search) {
        if (!search.converted) search.stats.convertedSearchCount++;
        search.converted = true;
        search.stats.conversionCount++;
      }
      return;
    }
    const clicked = line.objectIDs ?? [];
    day.clickCount += clicked.length;
    clicked.forEach((objectID, i) => {
      const url = line.urls?.[i];
      const page = url ? url.split('#')[0]! || url : objectID;
      pages.set(page, (pages.get(page) ?? 0) + 1);
    });
    for (const position of line.positions ?? []) {
      day.positionSum += position;
      day.positionCount++;
    }
    if (!search) return;
    const { stats } = search;
    if (!search.clicked) {
      search.clicked = true;
      stats.clickedSearchCount++;
      search.day.clickedSearchCount++;
    }
    stats.clickCount += clicked.length;
    for (const position of line.positions ?? []) {
      stats.positionSum += position;
      if (stats.positions.length === 0) stats.positions = new Array<number>(POSITION_BUCKETS.length).fill(0);
      stats.positions[bucketOf(position)]!++;
    }
  };

  // Lines come in time order, mostly: the day of the line before is checked first.
  let day: DayStats | undefined;
  const log = await readLog(dir, (line: AnalyticsLine) => {
    if (index !== undefined && line.index !== index) return;
    if (day === undefined || !line.time.startsWith(day.date)) {
      const date = line.time.slice(0, 10);
      if ((from !== undefined && date < from) || (to !== undefined && date > to)) return;
      day = dayOf(date);
    }
    if (updatedAt === null || line.time > updatedAt) updatedAt = line.time;
    if (line.type === 'search') onSearch(line, day);
    else if (line.type === 'event') onEvent(line, day);
    else {
      const key = normalizeQuery(line.question);
      let stats = questionIndex.get(key);
      if (!stats) questionIndex.set(key, (stats = { question: line.question, count: 0, unanswered: 0, lastAsked: line.time }));
      stats.count++;
      if (!line.answered) stats.unanswered++;
      if (line.time >= stats.lastAsked) stats.lastAsked = line.time;
    }
  });

  dayList.sort((a, b) => (a.date < b.date ? -1 : 1));
  return { from, to, index, queries, days: dayList, users, pages, questions: [...questionIndex.values()], updatedAt, log };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `value` is a real calendar date written YYYY-MM-DD. */
export function isDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value;
}

export function daysBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let time = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); time <= end; time += 86_400_000) {
    dates.push(new Date(time).toISOString().slice(0, 10));
  }
  return dates;
}

/** Today and the days before it, `span` days in all (UTC): the provider's default range is 8 days. */
export function lastDays(span: number, now = Date.now()): { from: string; to: string } {
  const to = new Date(now).toISOString().slice(0, 10);
  const from = new Date(now - (span - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}
