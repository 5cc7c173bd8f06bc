/**
 * `sitesearch analytics <dir>`: what readers search for and do not find, from the log of
 * `sitesearch serve --analytics`, as a table for a terminal or JSON for scripts.
 */
import { aggregate, type Aggregate, type QueryStats } from './aggregate.js';

export interface AnalyticsReport {
  /** The range: the days asked for, else the log's first and last days (null: an empty log). */
  from: string | null;
  to: string | null;
  /** The index reported on (null: all). */
  index: string | null;
  searches: {
    count: number;
    /** Distinct user tokens among the searches that sent one. */
    users: number;
    noResultCount: number;
    noResultRate: number | null;
    /** Searches that asked for `clickAnalytics` (their clicks can be counted). */
    trackedSearchCount: number;
    /** Tracked searches with at least one click ÷ tracked searches; null without tracked searches. */
    clickThroughRate: number | null;
    clickCount: number;
    /** Mean position (1-based) of the clicked hits; null without clicks. */
    averageClickPosition: number | null;
  };
  topSearches: Array<{ search: string; count: number; nbHits: number }>;
  noResults: Array<{ search: string; count: number }>;
  /** Tracked searches that found hits and got no click. */
  noClicks: Array<{ search: string; count: number; nbHits: number }>;
  topClickedPages: Array<{ page: string; clicks: number }>;
  questions: { count: number; unanswered: number };
  /** Questions the assistant could not answer from the docs, most asked first. */
  unansweredQuestions: Array<{ question: string; count: number; lastAsked: string }>;
  log: { files: number; lines: number; skippedLines: number };
}

export interface ReportOptions {
  from?: string;
  to?: string;
  index?: string;
  /** Rows per list (default 10). */
  limit?: number;
}

export async function analyticsReport(dir: string, options: ReportOptions = {}): Promise<AnalyticsReport> {
  return reportOf(await aggregate(dir, options), options.limit ?? 10);
}

export function reportOf(data: Aggregate, limit: number): AnalyticsReport {
  const count = sum(data.days, (day) => day.count);
  const noResultCount = sum(data.days, (day) => day.noResultCount);
  const tracked = sum(data.days, (day) => day.trackedSearchCount);
  const clicked = sum(data.days, (day) => day.clickedSearchCount);
  const positionCount = sum(data.days, (day) => day.positionCount);
  const questions = data.questions;
  return {
    from: data.from ?? data.days[0]?.date ?? null,
    to: data.to ?? data.days.at(-1)?.date ?? null,
    index: data.index ?? null,
    searches: {
      count,
      users: data.users.size,
      noResultCount,
      noResultRate: ratio(noResultCount, count),
      trackedSearchCount: tracked,
      clickThroughRate: ratio(clicked, tracked),
      clickCount: sum(data.days, (day) => day.clickCount),
      averageClickPosition: ratio(sum(data.days, (day) => day.positionSum), positionCount),
    },
    topSearches: top(data.queries, (q) => q.count, limit).map((q) => ({ search: q.search, count: q.count, nbHits: q.nbHits })),
    noResults: top(data.queries, (q) => q.noResultCount, limit).map((q) => ({ search: q.search, count: q.noResultCount })),
    noClicks: top(data.queries, noClickCount, limit).map((q) => ({ search: q.search, count: noClickCount(q), nbHits: q.nbHits })),
    topClickedPages: [...data.pages]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, limit)
      .map(([page, clicks]) => ({ page, clicks })),
    questions: { count: sum(questions, (q) => q.count), unanswered: sum(questions, (q) => q.unanswered) },
    unansweredQuestions: questions
      .filter((q) => q.unanswered > 0)
      .sort((a, b) => b.unanswered - a.unanswered || (a.lastAsked > b.lastAsked ? -1 : 1))
      .slice(0, limit)
      .map((q) => ({ question: q.question, count: q.unanswered, lastAsked: q.lastAsked })),
    log: { files: data.log.files, lines: data.log.lines, skippedLines: data.log.skipped },
  };
}

export function noClickCount(q: QueryStats): number {
  return q.trackedWithHits - q.clickedSearchCount;
}

/** The `limit` entries with the highest positive `value`, ties in alphabetical order. */
export function top(queries: readonly QueryStats[], value: (q: QueryStats) => number, limit: number, offset = 0): QueryStats[] {
  return queries
    .filter((q) => value(q) > 0)
    .sort((a, b) => value(b) - value(a) || (a.search < b.search ? -1 : a.search > b.search ? 1 : 0))
    .slice(offset, offset + limit);
}

export function ratio(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 1000) / 1000;
}

function sum<T>(items: readonly T[], value: (item: T) => number): number {
  let total = 0;
  for (const item of items) total += value(item);
  return total;
}

// ---------------------------------------------------------------- the table

export function formatReport(report: AnalyticsReport): string {
  const { searches } = report;
  const range = report.from === null ? 'an empty log' : `${report.from} to ${report.to}`;
  const lines: string[] = [
    `Analytics from ${range}${report.index ? `, index "${report.index}"` : ''}`,
    '',
    ...table(
      ['', ''],
      [
        ['Searches', String(searches.count)],
        ['Users (with a user token)', String(searches.users)],
        ['Searches with no results', `${searches.noResultCount}${searches.noResultRate === null ? '' : ` (${percent(searches.noResultRate)})`}`],
        ['Tracked searches (clickAnalytics)', String(searches.trackedSearchCount)],
        ['Click-through rate', searches.clickThroughRate === null ? '- (no tracked search)' : percent(searches.clickThroughRate)],
        ['Clicks', String(searches.clickCount)],
        ['Average click position', searches.averageClickPosition === null ? '- (no click)' : searches.averageClickPosition.toFixed(2)],
        ['Assistant questions', `${report.questions.count} (${report.questions.unanswered} not answered)`],
      ],
      false,
    ),
  ];
  const section = (title: string, header: string[], rows: string[][], empty: string): void => {
    lines.push('', title);
    if (rows.length === 0) lines.push(`  ${empty}`);
    else lines.push(...table(header, rows, true));
  };
  section('Top searches', ['Search', 'Count', 'Hits'], report.topSearches.map((s) => [s.search, String(s.count), String(s.nbHits)]), 'none');
  section('Searches with no results', ['Search', 'Count'], report.noResults.map((s) => [s.search, String(s.count)]), 'none');
  section(
    'Searches with results but no click',
    ['Search', 'Count', 'Hits'],
    report.noClicks.map((s) => [s.search, String(s.count), String(s.nbHits)]),
    searches.trackedSearchCount === 0 ? 'none tracked: clicks are known only for searches with clickAnalytics (the widget\'s insights option)' : 'none',
  );
  section('Top clicked pages', ['Page', 'Clicks'], report.topClickedPages.map((p) => [p.page, String(p.clicks)]), 'none');
  section(
    'Questions the assistant could not answer',
    ['Question', 'Count', 'Last asked'],
    report.unansweredQuestions.map((q) => [q.question, String(q.count), q.lastAsked.slice(0, 16).replace('T', ' ')]),
    'none',
  );
  lines.push('', `Read ${report.log.lines} records from ${report.log.files} file${report.log.files === 1 ? '' : 's'}${report.log.skippedLines > 0 ? `; skipped ${report.log.skippedLines} damaged line${report.log.skippedLines === 1 ? '' : 's'} (torn by a crash or corrupted)` : ''}`);
  return `${lines.join('\n')}\n`;
}

/** Columns padded to their widest cell; in a list, numbers (every column but the first) right-aligned. */
function table(header: string[], rows: string[][], withHeader: boolean): string[] {
  const all = withHeader ? [header, ...rows] : rows;
  const cells = all.map((row) => row.map((cell) => clip(oneLine(cell), 60)));
  const widths = header.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)));
  const out = cells.map((row) => `  ${row.map((cell, i) => (i === 0 || !withHeader ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')}`.trimEnd());
  if (withHeader) out.splice(1, 0, `  ${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  return out;
}

/** Data typed by readers never moves the cursor or colours the terminal. */
function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ');
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function percent(rate: number): string {
  return `${(rate * 100).toFixed(1)}%`;
}
