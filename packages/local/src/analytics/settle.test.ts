import { describe, expect, it, vi } from 'vitest';
import type { SearchLine } from './records.js';
import { refines, SearchSettler } from './settle.js';

const search = (query: string, index = 'docs'): SearchLine => ({ type: 'search', time: '2026-11-29T08:00:00.000Z', index, query, nbHits: 1 });

describe('settled searches', () => {
  it('records the last of a reader\'s successive refinements, typed or deleted, once the window passes', () => {
    vi.useFakeTimers();
    try {
      const settled: string[] = [];
      const settler = new SearchSettler((line) => settled.push(line.query), 2000);
      // Typing "server port" quickly, a typo fixed on the way.
      for (const query of ['s', 'se', 'ser', 'serv', 'servr', 'serv', 'server', 'server ', 'server p', 'server port']) {
        settler.add(search(query), 'reader-1');
        vi.advanceTimersByTime(150);
      }
      expect(settled).toEqual([]);
      vi.advanceTimersByTime(2000);
      expect(settled).toEqual(['server port']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('settles at once the search a click names by its queryID, whoever the reader was', () => {
    const settled: string[] = [];
    const settler = new SearchSettler((line) => settled.push(line.query), 60_000);
    settler.add({ ...search('retry'), queryID: 'a'.repeat(32) }, 'anonymous 127.0.0.1 Chrome');
    settler.add({ ...search('flaky'), queryID: 'b'.repeat(32) }, 'reader-2');
    settler.settleQuery('a'.repeat(32));
    expect(settled).toEqual(['retry']);
    settler.settleAll();
  });

  it('settles a search at once when the next is a new one, and keeps readers and indexes apart', () => {
    vi.useFakeTimers();
    try {
      const settled: string[] = [];
      const settler = new SearchSettler((line) => settled.push(`${line.index}:${line.query}`), 2000);
      settler.add(search('retry'), 'reader-1');
      settler.add(search('retr'), 'reader-2');
      settler.add(search('retry', 'blog'), 'reader-1');
      settler.add(search('flaky'), 'reader-1');
      expect(settled).toEqual(['docs:retry']);
      settler.settleReader('docs', 'reader-2');
      expect(settled).toEqual(['docs:retry', 'docs:retr']);
      settler.settleAll();
      expect(settled.sort()).toEqual(['blog:retry', 'docs:flaky', 'docs:retr', 'docs:retry']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts a refinement that comes after the window as a search of its own', () => {
    vi.useFakeTimers();
    try {
      const settled: string[] = [];
      const settler = new SearchSettler((line) => settled.push(line.query), 1000);
      settler.add(search('retry'), 'reader-1');
      vi.advanceTimersByTime(1500);
      settler.add(search('retry options'), 'reader-1');
      vi.advanceTimersByTime(1500);
      expect(settled).toEqual(['retry', 'retry options']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes case and spacing as the same query', () => {
    expect(refines('Server  Po', 'server port')).toBe(true);
    expect(refines('server port', 'server')).toBe(true);
    expect(refines('server', 'serve static')).toBe(false);
  });
});
