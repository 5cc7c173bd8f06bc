/**
 * Word segmentation for scripts written without spaces between words (Chinese, Japanese, Thai,
 * Lao, Khmer, Myanmar). A run of their letters is one `[\p{L}\p{N}]+` match, so without this a
 * whole sentence was one term and a word inside it was found only when it happened to start it.
 *
 * `Intl.Segmenter` (granularity `word`) cuts such a run into dictionary words; Node and every
 * current browser ship it. Its dictionaries are per script, not per locale: segmenting the
 * 15,417 runs of the Chinese Vitest and Japanese Vite docs under `zh`, `ja`, `en` and no locale
 * gave identical words, so an index built under the page's language and a query or highlight
 * segmented under the index's language cut text the same way. Where a runtime lacks it, runs are
 * cut into overlapping pairs of characters (bigrams) instead, the classic fallback for CJK search:
 * consistent between index and query as long as both sides lack the segmenter (see README).
 *
 * The tokenizer is handed a `pieceSplitter` (`useWordSegmentation`): the indexer at load, the
 * engine when an index's manifest says it holds segmented words, so that a browser searching an
 * index without any does not load this module.
 */

// No imports: the browser client loads this module as a chunk of its own, and a module shared
// with the client's entry (`scripts.ts`) would become a third file to fetch; the scripts'
// pattern is handed to `pieceSplitter` instead.

const MARK = /^\p{M}$/u;

interface WordSegmenter {
  segment(text: string): Iterable<{ segment: string; index: number; isWordLike?: boolean }>;
}

type SegmenterConstructor = new (locale: string | undefined, options: { granularity: 'word' }) => WordSegmenter;

/** Read when the module loads, so a test can load it again with `Intl.Segmenter` removed. */
const Segmenter = (Intl as unknown as { Segmenter?: SegmenterConstructor }).Segmenter;
const segmenters = new Map<string, WordSegmenter>();

/** Whether word segmentation uses `Intl.Segmenter` here (`'intl'`) or the bigram fallback (`'bigram'`). */
export const SEGMENTATION: 'intl' | 'bigram' = Segmenter ? 'intl' : 'bigram';

function segmenterFor(locale: string | undefined): WordSegmenter {
  const key = locale ?? '';
  let segmenter = segmenters.get(key);
  if (!segmenter) {
    try {
      segmenter = new Segmenter!(locale, { granularity: 'word' });
    } catch {
      // A tag the runtime does not accept: the root locale segments these scripts the same way.
      segmenter = new Segmenter!(undefined, { granularity: 'word' });
    }
    segmenters.set(key, segmenter);
  }
  return segmenter;
}

/**
 * Calls `push` for each piece of a word (a run of letters, marks and numbers) holding letters of
 * a script without spaces: the parts between such runs as they are (`'spaced'`: the tokenizer
 * lower-cases them and splits them at camel-case boundaries as any word) and the words of each
 * run (`'segmented'`), in order, offsets relative to the word.
 */
export type PieceSplitter = (word: string, locale: string | undefined, push: (start: number, end: number, kind: 'spaced' | 'segmented') => void) => void;

/** The splitter for runs of `segmented`, a pattern of one code point of those scripts (`SEGMENTED` in `scripts.ts`). */
export function pieceSplitter(segmented: string): PieceSplitter {
  // Marks stay in the run (Thai vowels).
  const runs = new RegExp(`${segmented}(?:${segmented}|\\p{M})*`, 'gu');
  return (word, locale, push) => {
    let position = 0;
    for (const match of word.matchAll(runs)) {
      const start = match.index;
      if (start > position) push(position, start, 'spaced');
      segmentRun(match[0], locale, (from, to) => push(start + from, start + to, 'segmented'));
      position = start + match[0].length;
    }
    if (position < word.length) push(position, word.length, 'spaced');
  };
}

/** Calls `push(start, end)` for each word of `run`, a run of a script without spaces, in order; offsets relative to `run`. */
function segmentRun(run: string, locale: string | undefined, push: (start: number, end: number) => void): void {
  if (Segmenter) {
    for (const { segment, index } of segmenterFor(locale).segment(run)) {
      // Inside a run of letters every segment is a word, but a lone mark ICU sets apart is not.
      if (segment.length === 1 && MARK.test(segment)) continue;
      push(index, index + segment.length);
    }
    return;
  }
  // Bigrams of characters, a character being a code point and the marks after it (Thai vowels).
  const starts: number[] = [];
  for (let i = 0; i < run.length; ) {
    starts.push(i);
    i += run.codePointAt(i)! > 0xffff ? 2 : 1;
    while (i < run.length && MARK.test(String.fromCodePoint(run.codePointAt(i)!))) i += run.codePointAt(i)! > 0xffff ? 2 : 1;
  }
  starts.push(run.length);
  const characters = starts.length - 1;
  if (characters === 1) return push(0, run.length);
  for (let c = 0; c + 2 <= characters; c++) push(starts[c]!, starts[c + 2]!);
}
