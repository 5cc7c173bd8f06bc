import { mkdtemp, readFile, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { AnalyticsLog, CURRENT_FILE, readLog } from './log.js';
import type { AnalyticsLine, SearchLine } from './records.js';

const search = (i: number): SearchLine => ({ type: 'search', time: `2026-11-29T08:00:${String(i % 60).padStart(2, '0')}.000Z`, index: 'docs', query: `query number ${i}`, nbHits: i % 7 });

async function linesOf(dir: string): Promise<{ lines: AnalyticsLine[]; summary: Awaited<ReturnType<typeof readLog>> }> {
  const lines: AnalyticsLine[] = [];
  const summary = await readLog(dir, (line) => lines.push(line));
  return { lines, summary };
}

describe('the analytics log', () => {
  it('appends JSON lines and reads them back in order', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'analytics-log-'));
    const log = new AnalyticsLog({ dir });
    for (let i = 0; i < 5; i++) log.append(search(i));
    await log.close();
    const text = await readFile(join(dir, CURRENT_FILE), 'utf8');
    expect(text.split('\n')).toHaveLength(6);
    expect(JSON.parse(text.split('\n')[0]!)).toEqual(search(0));
    const { lines, summary } = await linesOf(dir);
    expect(lines).toEqual([0, 1, 2, 3, 4].map(search));
    expect(summary).toEqual({ files: 1, lines: 5, skipped: 0 });
  });

  it('rotates at maxFileBytes and deletes the oldest files to stay under maxTotalBytes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'analytics-log-'));
    const log = new AnalyticsLog({ dir, maxFileBytes: 2048, maxTotalBytes: 8192 });
    // Several turns of the event loop, each a batch; the last batch alone is larger than a file.
    for (let i = 0; i < 300; i++) {
      log.append(search(i));
      if (i % 40 === 0) await log.flush();
    }
    await log.close();
    const files = (await readdir(dir)).sort();
    expect(files.length).toBeGreaterThan(2);
    expect(files).toContain(CURRENT_FILE);
    const sizes = await Promise.all(files.map(async (file) => (await stat(join(dir, file))).size));
    for (const size of sizes) expect(size).toBeLessThanOrEqual(2048);
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(8192);
    // What is left is the newest lines, in order, none damaged.
    const { lines, summary } = await linesOf(dir);
    expect(summary.skipped).toBe(0);
    expect(lines.length).toBeLessThan(300);
    expect(lines.at(-1)).toEqual(search(299));
    const numbers = lines.map((line) => Number((line as SearchLine).query.split(' ').pop()));
    expect(numbers).toEqual(numbers.map((_, i) => 300 - numbers.length + i));
  });

  it('keeps rotated files in order when several rotate within one millisecond', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'analytics-log-'));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-29T08:00:00.000Z'));
    try {
      const log = new AnalyticsLog({ dir, maxFileBytes: 1024, maxTotalBytes: 1 << 20 });
      for (let i = 0; i < 200; i++) {
        log.append(search(i));
        await log.flush();
      }
      await log.close();
    } finally {
      vi.useRealTimers();
    }
    const { lines } = await linesOf(dir);
    expect(lines.map((line) => Number((line as SearchLine).query.split(' ').pop()))).toEqual([...Array(200).keys()]);
  });

  it('skips and counts a line torn by a crash, and does not glue the next record to it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'analytics-log-'));
    await writeFile(join(dir, CURRENT_FILE), `${JSON.stringify(search(1))}\n{"type":"search","time":"2026-11-29T08:0`);
    const log = new AnalyticsLog({ dir });
    log.append(search(2));
    await log.close();
    const { lines, summary } = await linesOf(dir);
    expect(lines).toEqual([search(1), search(2)]);
    expect(summary).toEqual({ files: 1, lines: 2, skipped: 1 });
  });

  it('skips and counts corrupt lines anywhere, and a torn last line with no newline', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'analytics-log-'));
    await writeFile(
      join(dir, CURRENT_FILE),
      [JSON.stringify(search(1)), 'not json', '{"type":"search","time":"2026-11-29T08:00:00Z","index":"docs","query":3,"nbHits":1}', '[1,2]', JSON.stringify(search(2)), '{"type":"sea'].join('\n'),
    );
    const { lines, summary } = await linesOf(dir);
    expect(lines).toEqual([search(1), search(2)]);
    expect(summary).toEqual({ files: 1, lines: 2, skipped: 4 });
  });

  it('says once that it cannot write to a full disk, drops the lines and never throws', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'analytics-log-'));
    // Writes to /dev/full fail with ENOSPC, as on a full disk.
    await symlink('/dev/full', join(dir, CURRENT_FILE));
    const problems: string[] = [];
    const log = new AnalyticsLog({ dir, onProblem: (message) => problems.push(message) });
    for (let i = 0; i < 3; i++) {
      expect(() => log.append(search(i))).not.toThrow();
      await log.flush();
    }
    expect(problems).toEqual([`analytics: cannot write to ${join(dir, CURRENT_FILE)} (ENOSPC); searches are still answered but not recorded until it can`]);
    expect(log.dropped).toBe(3);
  });

  it('says once that its folder cannot be created, then that it works again once it can', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'analytics-log-'));
    await writeFile(join(parent, 'blocker'), 'a file where the folder should be');
    const problems: string[] = [];
    const dir = join(parent, 'blocker', 'analytics');
    const log = new AnalyticsLog({ dir, onProblem: (message) => problems.push(message) });
    log.append(search(1));
    await log.flush();
    log.append(search(2));
    await log.flush();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^analytics: cannot write to .*blocker\/analytics\/analytics\.jsonl \((ENOTDIR|EEXIST)\)/);
    // Once the path is fixed, the same log writes again and says so.
    await rm(join(parent, 'blocker'));
    log.append(search(3));
    await log.close();
    expect(problems[1]).toBe(`analytics: writing to ${join(dir, CURRENT_FILE)} works again`);
    expect((await linesOf(dir)).lines).toEqual([search(3)]);
  });

  it('refuses bounds that cannot hold a line', () => {
    expect(() => new AnalyticsLog({ dir: '/tmp/x', maxFileBytes: 10 })).toThrow('analytics: "maxFileBytes" must be at least 1024 bytes, got 10');
    expect(() => new AnalyticsLog({ dir: '/tmp/x', maxFileBytes: 4096, maxTotalBytes: 2048 })).toThrow('analytics: "maxTotalBytes" must be at least "maxFileBytes" (4096), got 2048');
  });
});
