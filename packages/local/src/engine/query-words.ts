/**
 * Which words of a long query the engine searches. A query holds at most `max` words (a record's
 * matched words are a bit mask); a longer one (a question asked in full, an error pasted with its
 * stack) keeps its most informative words, not its first ones: the specific word often comes
 * last ("… in the reporter option"), after the question's frame.
 */
import { SEGMENTED_CHARACTER } from './analysis/scripts.js';

/**
 * How much a word says, without the index: a stop word or a word of the question's frame says
 * least; otherwise a long word says more than a short one (long words are the rare ones, in docs
 * as in any text, and API names are long), a number or a word holding digits (`5173`, `ts2582`)
 * more again. Looking up each word's count in the index would cost a fetch per word in the browser.
 */
export function informativeness(word: string, weak: boolean): number {
  if (weak) return 0;
  // A Chinese or Japanese word of two characters says as much as an English word of six.
  const length = SEGMENTED_CHARACTER.test(word) ? word.length * 3 : word.length;
  return 1 + Math.min(length, 12) / 12 + (/\p{N}/u.test(word) ? 0.25 : 0);
}

/**
 * Positions of the words to search, in query order: all of them up to `max`, else the `max` most
 * informative (a repeated word counts once; ties go to the earlier word).
 */
export function informativeWords(words: readonly string[], max: number, isWeak: (word: string) => boolean): number[] {
  if (words.length <= max) return words.map((_, i) => i);
  const seen = new Set<string>();
  return words
    .map((word, i) => {
      const repeated = seen.has(word);
      seen.add(word);
      return { i, score: repeated ? -1 : informativeness(word, isWeak(word)) };
    })
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, max)
    .map(({ i }) => i)
    .sort((a, b) => a - b);
}
