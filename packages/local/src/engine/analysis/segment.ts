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
 */

/** The scripts that are segmented (`scx`: so that `ー`, `々` and kana voicing marks count). */
const SCRIPTS = '\\p{scx=Han}\\p{scx=Hiragana}\\p{scx=Katakana}\\p{scx=Thai}\\p{scx=Lao}\\p{scx=Khmer}\\p{scx=Myanmar}';
/** A code point of those scripts. */
export const SEGMENTED_CHARACTER = new RegExp(`[${SCRIPTS}]`, 'u');
/** A run of such code points in a word; marks of other scripts never follow them in real text, but stay attached if they do. */
const SEGMENTED_RUN = new RegExp(`[${SCRIPTS}][${SCRIPTS}\\p{M}]*`, 'gu');
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
 * Calls `push(start, end)` for each piece of the word `word` (a `[\p{L}\p{M}\p{N}]` run): the
 * parts between segmented-script runs as they are (`kind` `'spaced'`, which the caller
 * lower-cases and splits at camel-case boundaries as any word), and the words of each
 * segmented-script run (`'segmented'`), in text order. Offsets are relative to `word`.
 */
export function forEachPiece(word: string, locale: string | undefined, push: (start: number, end: number, kind: 'spaced' | 'segmented') => void): void {
  let position = 0;
  for (const match of word.matchAll(SEGMENTED_RUN)) {
    const start = match.index;
    if (start > position) push(position, start, 'spaced');
    segmentRun(match[0], start, locale, push);
    position = start + match[0].length;
  }
  if (position < word.length) push(position, word.length, 'spaced');
}

function segmentRun(run: string, offset: number, locale: string | undefined, push: (start: number, end: number, kind: 'segmented') => void): void {
  if (Segmenter) {
    for (const { segment, index } of segmenterFor(locale).segment(run)) {
      // Inside a run of letters every segment is a word, but a lone mark ICU sets apart is not.
      if (segment.length === 1 && MARK.test(segment)) continue;
      push(offset + index, offset + index + segment.length, 'segmented');
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
  if (characters === 1) return push(offset, offset + run.length, 'segmented');
  for (let c = 0; c + 2 <= characters; c++) push(offset + starts[c]!, offset + starts[c + 2]!, 'segmented');
}
