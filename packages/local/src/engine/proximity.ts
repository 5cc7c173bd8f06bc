/**
 * Proximity from a record's text. The index stores no word positions (they would multiply its
 * size), so the engine reads the positions from the text of the records it returns anyway: words
 * of the query next to each other ("watch mode") say more than the same words a paragraph apart.
 */
import type { WordMatcher } from './highlight.js';
import { tokenizeWithOffsets } from './tokenize.js';

/** Which query word each matched index term stands for. */
export type ProximityWords = { byTerm: Map<string, number>; count: number };

/** The terms of the `wanted` query words (indexes into `matchers`), numbered 0… in that order. */
export function proximityWords(matchers: readonly WordMatcher[], wanted: readonly number[]): ProximityWords {
  const byTerm = new Map<string, number>();
  wanted.forEach((i, n) => {
    const matcher = matchers[i]!;
    byTerm.set(matcher.word, n);
    for (const term of matcher.terms) byTerm.set(term, n);
  });
  return { byTerm, count: wanted.length };
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
  const at = (term: string, position: number): void => {
    const word = words.byTerm.get(term);
    if (word === undefined) return;
    positions.push(position);
    found.push(word);
  };
  // The tokenizer the highlighter uses: for ASCII text (most docs) its tokens are cached, and the
  // highlighting of the same record reads them again.
  tokenizeWithOffsets(text, true).forEach((token, position) => at(token.term, position));
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
