/**
 * The evaluation sets of the local engine and assistant: questions as people really ask them,
 * each with the page(s) that answer it, checked by reading the page.
 *
 * Every set is split once, by a rule that does not look at results: a question is in the
 * held-out half when `fnv1a(question) % 2 === 1` (`isHeldOut`), otherwise in the dev half.
 * Ranking is tuned on the dev half only; the bench reports both halves, and a change that
 * raises dev and lowers held-out is a regression.
 */
export interface EvalQuestion {
  /** What the user typed, as they typed it (typos, pasted errors and all). */
  question: string;
  /** Page paths that answer it, e.g. `['/guide/mocking']`; the first is the best one. */
  pages: string[];
  /** What kind of query it is, for the per-kind breakdown. */
  kind: 'question' | 'keywords' | 'error' | 'typo' | 'jest' | 'heading' | 'inline-word';
  /** Where the phrasing came from (an issue, discussion or Q&A URL), when it was taken from one. */
  source?: string;
}

export interface EvalSet {
  /** Short name printed by the bench, e.g. `vitest-en`. */
  name: string;
  /** Folder of `shared/corpus` the set is about, e.g. `vitest`, `vite-ja`. */
  corpus: 'vite' | 'vitest' | 'vitest-zh' | 'vite-ja';
  questions: EvalQuestion[];
}

/** FNV-1a over the UTF-16 code units of a string, as an unsigned 32-bit integer. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** The split rule, fixed once: odd hash → held-out. Never tune on these. */
export function isHeldOut(question: EvalQuestion): boolean {
  return fnv1a(question.question) % 2 === 1;
}
