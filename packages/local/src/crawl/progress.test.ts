import { describe, expect, it } from 'vitest';
import { CrawlProgress } from './progress.js';

function capture(isTTY: boolean): { write(text: string): void; isTTY: boolean; text: string } {
  const sink = { isTTY, text: '', write: (chunk: string) => void (sink.text += chunk) };
  return sink;
}

describe('CrawlProgress', () => {
  it('redraws one line on a terminal, and ends it before any other line', () => {
    const output = capture(true);
    const progress = new CrawlProgress(output);
    progress.pageDone(false, 7);
    expect(output.text).toMatch(/^\r1 pages done, 7 queued, 0 failed, [\d.]+ pages\/s\u001b\[K$/);
    progress.line('  failed http://x/: HTTP 500');
    expect(output.text.endsWith('\n  failed http://x/: HTTP 500\n')).toBe(true);
    progress.end();
    expect(output.text.endsWith('HTTP 500\n')).toBe(true);
  });

  it('writes plain lines every 20 pages off a terminal (a file, CI), never a carriage return', () => {
    const output = capture(false);
    const progress = new CrawlProgress(output);
    for (let page = 1; page <= 45; page++) progress.pageDone(page % 10 === 0, 50 - page);
    expect(output.text.split('\n').filter(Boolean).map((line) => line.replace(/[\d.]+ pages\/s/, 'R'))).toEqual([
      '  20 pages done, 30 queued, 2 failed, R',
      '  40 pages done, 10 queued, 4 failed, R',
    ]);
    expect(output.text).not.toContain('\r');
  });
});
