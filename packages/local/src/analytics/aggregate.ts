/**
 * One pass over the analytics log: every figure the report and the Analytics REST API give,
 * for a date range and optionally one index. Memory grows with distinct queries, users and days,
 * and with tracked searches by one map entry each (its queryID → where a click on it counts).
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
  /** Order of first appearance in the log (how tracked searches refer to their day). */
  number: number;
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

interface Interaction {
  clicks: number;
  positionSum: number;
  positions: number[] | undefined;
  conversions: number;
}

export async function aggregate(dir: string, options: AggregateOptions): Promise<Aggregate> {
  const { from, to, index, dailyUsers = false } = options;
  const days = new Map<string, DayStats>();
  const dayList: DayStats[] = [];
  const dayOf = (date: string): DayStats => {
    let day = days.get(date);
    if (!day) {
      day = { date, count: 0, noResultCount: 0, trackedSearchCount: 0, trackedWithHits: 0, clickedSearchCount: 0, clickCount: 0, positionSum: 0, positionCount: 0, users: new Set(), number: dayList.length };
      days.set(date, day);
      dayList.push(day);
    }
    return day;
  };
  const queryIndex = new Map<string, number>();
  // The same query typed the same way is normalized once.
  const rawIndex = new Map<string, number>();
  const queries: QueryStats[] = [];
  // queryID → query number × 2^16 + day number: where a click on that search counts.
  const tracked = new Map<string, number>();
  const interactions = new Map<string, Interaction>();
  const users = new Set<string>();
  const pages = new Map<string, number>();
  const questionIndex = new Map<string, QuestionStats>();
  let updatedAt: string | null = null;

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
      tracked.set(line.queryID, number * 65536 + day.number);
    }
  };

  const onEvent = (line: EventLine, day: DayStats): void => {
    if (line.eventType === 'view') return;
    const interaction = line.queryID ? interactionOf(interactions, line.queryID) : undefined;
    if (line.eventType === 'conversion') {
      if (interaction) interaction.conversions++;
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
    if (interaction) {
      interaction.clicks += clicked.length;
      for (const position of line.positions ?? []) {
        interaction.positionSum += position;
        (interaction.positions ??= new Array(POSITION_BUCKETS.length).fill(0))[bucketOf(position)]++;
      }
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

  // Clicks and conversions count for the search they name, when it is in the range.
  for (const [key, interaction] of interactions) {
    const where = tracked.get(key);
    if (where === undefined) continue;
    const stats = queries[Math.floor(where / 65536)]!;
    const day = dayList[where % 65536]!;
    if (interaction.clicks > 0) {
      stats.clickedSearchCount++;
      day.clickedSearchCount++;
      stats.clickCount += interaction.clicks;
      stats.positionSum += interaction.positionSum;
      if (interaction.positions) {
        if (stats.positions.length === 0) stats.positions = new Array(POSITION_BUCKETS.length).fill(0);
        interaction.positions.forEach((count, i) => (stats.positions[i]! += count));
      }
    }
    if (interaction.conversions > 0) {
      stats.convertedSearchCount++;
      stats.conversionCount += interaction.conversions;
    }
  }

  dayList.sort((a, b) => (a.date < b.date ? -1 : 1));
  return { from, to, index, queries, days: dayList, users, pages, questions: [...questionIndex.values()], updatedAt, log };
}

function interactionOf(map: Map<string, Interaction>, key: string): Interaction {
  let interaction = map.get(key);
  if (!interaction) map.set(key, (interaction = { clicks: 0, positionSum: 0, positions: undefined, conversions: 0 }));
  return interaction;
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
