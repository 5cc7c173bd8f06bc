/**
 * Proximity from a record's text. The index stores no word positions (they would multiply its
 * size), so the engine reads the positions from the text of the records it returns anyway: words
 * of the query next to each other ("watch mode") say more than the same words a paragraph apart.
 */
import type { WordMatcher } from './highlight.js';
import { scanIndexTerms, termHash } from './tokenize.js';

/** Which query word each matched index term stands for, by the term's hash (what the scanner hands over without making strings). */
export type ProximityWords = { byHash: Map<number, number>; count: number };

/** The terms of the `wanted` query words (indexes into `matchers`), numbered 0… in that order. */
export function proximityWords(matchers: readonly WordMatcher[], wanted: readonly number[]): ProximityWords {
  const byHash = new Map<number, number>();
  wanted.forEach((i, n) => {
    const matcher = matchers[i]!;
    byHash.set(termHash(matcher.word), n);
    for (const term of matcher.terms) byHash.set(termHash(term), n);
  });
  return { byHash, count: wanted.length };
}

/**
 * How close together a text holds the query's words, from 0 (fewer than two of them) to 1 (all
 * of them side by side): the share of the words found beyond the first, times how tightly the
 * smallest window holding them all is packed. Positions count index terms (a camel-case name
 * counts its parts too), which is close enough for "next to each other" against "far apart".
 */
export function closeness(text: string, words: ProximityWords): number {
  if (words.count < 2) return 0;
  const positions: number[] = [];
  const found: number[] = [];
  let position = 0;
  const at = (hash: number): void => {
    const word = words.byHash.get(hash);
    if (word !== undefined) {
      positions.push(position);
      found.push(word);
    }
    position++;
  };
  scanIndexTerms(text, { plain: (_text, _start, _end, _upper, hash) => at(hash), term: (term) => at(termHash(term)) });
  const distinct = new Set(found).size;
  if (distinct < 2) return 0;
  // The smallest window holding every word found: two pointers over the matches, in text order.
  const counts = new Array<number>(words.count).fill(0);
  let inWindow = 0;
  let span = Infinity;
  let left = 0;
  for (let right = 0; right < found.length; right++) {
    if (counts[found[right]!]!++ === 0) inWindow++;
    while (inWindow === distinct) {
      span = Math.min(span, positions[right]! - positions[left]! + 1);
      if (--counts[found[left]!]! === 0) inWindow--;
      left++;
    }
  }
  return ((distinct - 1) / (words.count - 1)) * Math.min(1, distinct / span);
}
