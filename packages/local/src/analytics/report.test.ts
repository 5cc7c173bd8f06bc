import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyticsReport, formatReport } from './report.js';

/** A log with searches, clicks, a conversion, a view, questions, another index, a day out of range, a torn and a corrupt line. */
const FIXTURE = fileURLToPath(new URL('./__fixtures__', import.meta.url));

describe('the analytics report', () => {
  it('gives the figures of a date range and an index as JSON', async () => {
    const report = await analyticsReport(FIXTURE, { from: '2026-11-20', to: '2026-11-22', index: 'docs', limit: 2 });
    expect(report).toEqual({
      from: '2026-11-20',
      to: '2026-11-22',
      index: 'docs',
      searches: {
        count: 7,
        users: 3,
        noResultCount: 3,
        noResultRate: 0.429,
        // 5 searches asked for clickAnalytics; 2 of them got a click.
        trackedSearchCount: 5,
        clickThroughRate: 0.4,
        // The third click names no search (clickedObjectIDs): counted, but for no search.
        clickCount: 3,
        averageClickPosition: 2,
      },
      // "retry" and "Retry" are one search; it shows as last typed.
      topSearches: [
        { search: 'Retry', count: 3, nbHits: 5 },
        { search: 'flaky', count: 2, nbHits: 0 },
      ],
      noResults: [
        { search: 'flaky', count: 2 },
        { search: 'flaky test', count: 1 },
      ],
      noClicks: [
        { search: 'Retry', count: 1, nbHits: 5 },
        { search: 'server port', count: 1, nbHits: 4 },
      ],
      topClickedPages: [
        { page: '/guide/retry', clicks: 2 },
        { page: '/config/server#2', clicks: 1 },
      ],
      questions: { count: 4, unanswered: 3 },
      unansweredQuestions: [
        { question: 'How do I bake sourdough?', count: 2, lastAsked: '2026-11-21T09:30:00.000Z' },
        { question: 'Which GPU should I buy?', count: 1, lastAsked: '2026-11-22T11:00:00.000Z' },
      ],
      log: { files: 1, lines: 18, skippedLines: 2 },
    });
  });

  it('prints a table for a terminal', async () => {
    const report = await analyticsReport(FIXTURE, { limit: 3 });
    expect(formatReport(report)).toBe(`Analytics from 2026-11-20 to 2026-11-25

  Searches                           9
  Users (with a user token)          4
  Searches with no results           3 (33.3%)
  Tracked searches (clickAnalytics)  7
  Click-through rate                 28.6%
  Clicks                             3
  Average click position             2.00
  Assistant questions                4 (3 not answered)

Top searches
  Search  Count  Hits
  ------  -----  ----
  Retry       3     5
  flaky       2     0
  config      1     3

Searches with no results
  Search      Count
  ----------  -----
  flaky           2
  flaky test      1

Searches with results but no click
  Search       Count  Hits
  -----------  -----  ----
  Retry            1     5
  config           1     3
  server port      1     4

Top clicked pages
  Page              Clicks
  ----------------  ------
  /guide/retry           2
  /config/server#2       1

Questions the assistant could not answer
  Question                  Count        Last asked
  ------------------------  -----  ----------------
  How do I bake sourdough?      2  2026-11-21 09:30
  Which GPU should I buy?       1  2026-11-22 11:00

Read 18 records from 1 file; skipped 2 damaged lines (torn by a crash or corrupted)
`);
  });

  it('says what is missing rather than printing empty tables, and keeps control characters out of the terminal', async () => {
    const report = await analyticsReport(FIXTURE, { from: '2026-12-01', to: '2026-12-02' });
    const text = formatReport(report);
    expect(text).toContain('Analytics from 2026-12-01 to 2026-12-02\n');
    expect(text).toContain('Click-through rate                 - (no tracked search)');
    expect(text).toContain("Searches with results but no click\n  none tracked: clicks are known only for searches with clickAnalytics (the widget's insights option)");
    const hostile = formatReport({ ...report, topSearches: [{ search: 'a\u001b[31mred\nline', count: 1, nbHits: 0 }] });
    expect(hostile).toContain('  a [31mred line      1     0');
    expect(hostile).not.toContain('\u001b');
  });

  it('counts a click for the search it names within an hour of it, and a later one only as a click', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'analytics-report-'));
    const search = (time: string, queryID: string): string => JSON.stringify({ type: 'search', time, index: 'docs', query: 'retry', nbHits: 3, queryID });
    const click = (time: string, queryID: string): string =>
      JSON.stringify({ type: 'event', time, eventType: 'click', eventName: 'Item Selected', index: 'docs', userToken: 'anonymous-1', queryID, objectIDs: ['a'], positions: [2] });
    const [early, late] = ['1'.repeat(32), '2'.repeat(32)];
    const lines = [search('2026-11-20T09:00:00.000Z', early), search('2026-11-20T09:30:00.000Z', late), click('2026-11-20T09:59:00.000Z', early), click('2026-11-20T10:31:00.000Z', late)];
    await writeFile(join(dir, 'analytics.jsonl'), `${lines.join('\n')}\n`);
    const report = await analyticsReport(dir);
    expect(report.searches).toMatchObject({ trackedSearchCount: 2, clickThroughRate: 0.5, clickCount: 2, averageClickPosition: 2 });
    expect(report.noClicks).toEqual([{ search: 'retry', count: 1, nbHits: 3 }]);
  });
});
