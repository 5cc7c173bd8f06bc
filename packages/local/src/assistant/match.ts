/**
 * Whether a text holds a question's terms, the way the engine would have matched them: the same
 * word, its stem, a camel-case part, a typo away, or one of the term's alternatives. Used to pick
 * sentences to quote and to tell which sections are about the question by their headings.
 */
import { SEGMENTED_CHARACTER } from '../engine/analysis/scripts.js';
import { tokenizeWithOffsets } from '../engine/tokenize.js';
import { stem, type RewrittenQuestion } from './rewrite.js';

function tokens(text: string): string[] {
  // Chinese, Japanese, Thai…: the engine's segmentation (and its camel-case parts), word for word as it indexed them.
  if (SEGMENTED_CHARACTER.test(text)) return tokenizeWithOffsets(text, true).map((token) => token.term);
  const out: string[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = match[0];
    out.push(normalize(word));
    // `defineConfig` also reads as `define` and `config`, as the engine indexes it.
    const parts = word.split(/(?<=\p{Ll}|\p{N})(?=\p{Lu})/u);
    if (parts.length > 1) out.push(...parts.map(normalize));
  }
  return out;
}

function normalize(word: string): string {
  // Most words are ASCII: skip the costly Unicode normalization for them.
  return /^[\x00-\x7f]*$/.test(word) ? word.toLowerCase() : word.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
}

/** Edit distance, giving up beyond `limit` (only small distances matter here). */
function withinDistance(a: string, b: string, limit: number): boolean {
  if (Math.abs(a.length - b.length) > limit) return false;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      rowMin = Math.min(rowMin, current[j]!);
    }
    if (rowMin > limit) return false;
    previous = current;
  }
  return previous[b.length]! <= limit;
}

/** Whether a text word stands for a question word: the same, the same stem, or (unless `strict`) a typo away (the engine's tolerance). */
function wordMatches(token: string, word: string, strict: boolean): boolean {
  if (token === word) return true;
  const root = stem(word);
  if (root.length >= 4 && (token.startsWith(root) || stem(token) === root)) return true;
  if (strict) return false;
  const typos = word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0;
  return typos > 0 && withinDistance(token, word, typos);
}

/** Finds which of a question's terms a text holds; one per question, since it remembers every word it has judged. */
export interface TermMatcher {
  (text: string): number[];
}

const matchers = new WeakMap<RewrittenQuestion, Map<boolean, TermMatcher>>();

/**
 * The matcher of a question (made once, then shared by retrieval and composition). `strict`
 * leaves typos out: a word that only resembles the question's is weaker evidence.
 */
export function termMatcher(plan: RewrittenQuestion, strict = false): TermMatcher {
  let byMode = matchers.get(plan);
  if (!byMode) matchers.set(plan, (byMode = new Map()));
  let matcher = byMode.get(strict);
  if (matcher) return matcher;
  // Each term as lists of words, one list per spelling: a text holds the term if it holds every word of one spelling.
  const forms = plan.terms.map((term) => [term.text, ...(term.alternatives ?? [])].map(tokens).filter((words) => words.length > 0));
  const questionWords = [...new Set(forms.flat(2))];
  const judged = new Map<string, Set<string>>();
  // The question words a text word stands for: judged once per distinct word, so long passages stay cheap.
  const standsFor = (token: string): Set<string> => {
    let words = judged.get(token);
    if (!words) {
      words = new Set(questionWords.filter((word) => wordMatches(token, word, strict)));
      judged.set(token, words);
    }
    return words;
  };
  matcher = (text) => {
    const present = new Set<string>();
    for (const token of new Set(tokens(text))) for (const word of standsFor(token)) present.add(word);
    const found: number[] = [];
    forms.forEach((spellings, i) => {
      if (spellings.some((words) => words.every((word) => present.has(word)))) found.push(i);
    });
    return found;
  };
  byMode.set(strict, matcher);
  return matcher;
}

/** Indexes of the question terms a text holds (every word of a multi-word term). */
export function termsIn(text: string, plan: RewrittenQuestion, strict = false): number[] {
  return termMatcher(plan, strict)(text);
}
