import { describe, expect, it } from 'vitest';
import { citedUrls, pagePath, rankOf, summarize, topPages } from './scoring.js';

describe('page-level scoring', () => {
  it('reduces URLs to one spelling per page', () => {
    expect(pagePath('http://127.0.0.1:4000/guide/build.html#library-mode')).toBe('/guide/build');
    expect(pagePath('/guide/build#x')).toBe('/guide/build');
    expect(pagePath('/guide/index.html')).toBe('/guide');
    expect(pagePath('/guide/')).toBe('/guide');
    expect(pagePath('/config/?x=1#globals')).toBe('/config');
    expect(pagePath('/')).toBe('/');
    expect(pagePath('/index.html')).toBe('/');
  });

  it('keeps the first occurrence of each page, then the top 5', () => {
    const urls = ['/a#1', '/a#2', '/b', '/a#3', '/c#x', '/d', '/e', '/f', '/g'];
    expect(topPages(urls)).toEqual(['/a', '/b', '/c', '/d', '/e']);
    expect(topPages([])).toEqual([]);
  });

  it('ranks the first expected page, whichever of them it is', () => {
    expect(rankOf(['/a', '/b', '/c'], ['/c', '/b'])).toBe(2);
    expect(rankOf(['/a', '/guide'], ['/guide/'])).toBe(2);
    expect(rankOf(['/a'], ['/z'])).toBeNull();
  });

  it('computes MRR@5, success@1, top-5 and answered on a hand-made list', () => {
    const summary = summarize([
      { rank: 1, answered: true },
      { rank: 2, answered: true },
      { rank: 5, answered: true },
      { rank: null, answered: true },
      { rank: null, answered: false },
    ]);
    expect(summary.n).toBe(5);
    expect(summary.mrr5).toBeCloseTo((1 + 1 / 2 + 1 / 5) / 5, 10);
    expect(summary.success1).toBeCloseTo(1 / 5, 10);
    expect(summary.top5).toBeCloseTo(3 / 5, 10);
    expect(summary.answered).toBeCloseTo(4 / 5, 10);
    // A rank past 5 counts for nothing (the assistant's citations can be longer lists).
    expect(summarize([{ rank: 6, answered: true }]).mrr5).toBe(0);
    expect(summarize([])).toEqual({ n: 0, mrr5: 0, success1: 0, top5: 0, answered: 0 });
  });

  it('reads the links of a Markdown answer in order', () => {
    expect(citedUrls('See [Build](/guide/build#x) and [CLI](/guide/cli).')).toEqual(['/guide/build#x', '/guide/cli']);
  });
});
