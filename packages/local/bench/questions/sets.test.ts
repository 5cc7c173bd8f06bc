/**
 * Every evaluation set is usable as it is written: no question twice, every expected page a page
 * of its corpus, enough questions for a figure, both halves non-empty. Reads files only (no
 * index build), so it runs with the unit tests.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCorpus } from '../render-corpus.js';
import { loadSets } from './index.js';
import { isHeldOut } from './types.js';

const sets = await loadSets();
const corpus = findCorpus();

/** `/guide/mocking` → `guide/mocking.md` or `guide/mocking/index.md`; `/` → `index.md`. */
function pageExists(corpusDir: string, page: string): boolean {
  const path = page.split('#')[0]!.replace(/^\/+|\/+$/g, '');
  const candidates = path === '' ? ['index.md'] : [`${path}.md`, `${path}/index.md`];
  return candidates.some((candidate) => existsSync(join(corpusDir, candidate)));
}

describe('evaluation sets', () => {
  it('are each a set file of bench/questions', () => {
    // No set is a valid state (a branch before its sets land); a set without a file would be a discovery bug.
    expect(sets.every((set) => set.file.endsWith('.ts'))).toBe(true);
  });

  describe.each(sets.map((set) => [set.name, set] as const))('%s', (_name, set) => {
    it('has at least 40 questions, none twice, each with a page', () => {
      expect(set.questions.length).toBeGreaterThanOrEqual(40);
      const texts = set.questions.map((question) => question.question);
      expect(texts.filter((text, i) => texts.indexOf(text) !== i)).toEqual([]);
      expect(set.questions.filter((question) => question.pages.length === 0 || question.question.trim() === '')).toEqual([]);
    });

    it('names only pages that exist in its corpus', () => {
      const corpusDir = join(corpus, set.corpus);
      expect(existsSync(corpusDir)).toBe(true);
      const missing = set.questions.flatMap((question) => question.pages.filter((page) => !page.startsWith('/') || !pageExists(corpusDir, page)).map((page) => `${page} (for "${question.question}")`));
      expect(missing).toEqual([]);
    });

    it('has both halves non-empty', () => {
      const heldOut = set.questions.filter(isHeldOut).length;
      expect(heldOut).toBeGreaterThan(0);
      expect(set.questions.length - heldOut).toBeGreaterThan(0);
    });
  });
});

describe('pageExists', () => {
  it('finds pages and folder indexes, and nothing else', () => {
    const vite = join(corpus, 'vite');
    expect(pageExists(vite, '/guide/build')).toBe(true);
    expect(pageExists(vite, '/guide/')).toBe(true);
    expect(pageExists(vite, '/guide')).toBe(true);
    expect(pageExists(vite, '/')).toBe(true);
    expect(pageExists(vite, '/guide/no-such-page')).toBe(false);
  });
});
