/**
 * One tokenizer for indexing, querying and highlighting, so that what the engine matched is
 * exactly what the highlighter marks.
 */

/** A word of a text with where it sits, in UTF-16 offsets of the original text. */
export interface TextToken {
  /** The normalized form: lower case, accents removed. */
  term: string;
  start: number;
  end: number;
}

const WORD = /[\p{L}\p{N}]+/gu;
// Splits `defineConfig` → define|Config and `HTMLParser` → HTML|Parser, the way people type API names.
const CAMEL_BOUNDARY = /(?<=\p{Ll}|\p{N})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;
const COMBINING_MARKS = /\p{M}+/gu;
const ASCII = /^[\x00-\x7f]*$/;
/** An ASCII word with no upper-case letter after its first has no camel-case boundary. */
const ASCII_WITHOUT_INNER_CAPITAL = /^[\x00-\x7f][\x00-\x40\x5b-\x7f]*$/;

/** Lower-cases and strips diacritics, so `Résumé` and `resume` meet. */
export function normalizeTerm(word: string): string {
  // ASCII has no decomposition and no marks: most words of most docs skip both.
  if (ASCII.test(word)) return word.toLowerCase();
  return word.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase();
}

/** The words of a text with their offsets; camel-case parts are returned as extra tokens after the whole word. */
export function tokenizeWithOffsets(text: string, splitCamelCase: boolean): TextToken[] {
  const tokens: TextToken[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    const start = match.index;
    tokens.push({ term: normalizeTerm(word), start, end: start + word.length });
    if (!splitCamelCase || ASCII_WITHOUT_INNER_CAPITAL.test(word)) continue;
    const parts = word.split(CAMEL_BOUNDARY);
    if (parts.length < 2) continue;
    let offset = start;
    for (const part of parts) {
      tokens.push({ term: normalizeTerm(part), start: offset, end: offset + part.length });
      offset += part.length;
    }
  }
  return tokens;
}

/** Terms stored in the index for a field's text: every word, plus the parts of camel-case API names. */
export function indexTerms(text: string): string[] {
  const terms: string[] = [];
  pushIndexTerms(text, terms);
  return terms;
}

/** 1 for the ASCII characters of `WORD` (digits and letters). */
const ASCII_WORD_CHAR = new Uint8Array(128);
for (let code = 0; code < 128; code++) ASCII_WORD_CHAR[code] = /[0-9A-Za-z]/.test(String.fromCharCode(code)) ? 1 : 0;
/** Whether a non-ASCII code point is a letter or a number, as `WORD` decides; few distinct ones occur in a site. */
const wordCodePoints = new Map<number, boolean>();
const LETTER_OR_NUMBER = /^[\p{L}\p{N}]$/u;

function isWordCodePoint(codePoint: number): boolean {
  let word = wordCodePoints.get(codePoint);
  if (word === undefined) wordCodePoints.set(codePoint, (word = LETTER_OR_NUMBER.test(String.fromCodePoint(codePoint))));
  return word;
}

/**
 * What `tokenizeWithOffsets(text, true)` gives as terms, appended to `terms`, without its regular
 * expression match and token object per word: the indexer runs this over every field of every
 * record (a quarter of its main thread on the Vite docs went to tokenizing and counting). ASCII
 * words are scanned and lower-cased here; a word with other characters or an inner capital
 * takes `tokenizeWithOffsets`' own steps, so the terms are the same.
 */
export function pushIndexTerms(text: string, terms: string[]): void {
  const length = text.length;
  let i = 0;
  while (i < length) {
    // Skip to the next word character.
    let code = text.charCodeAt(i);
    if (code < 128) {
      if (ASCII_WORD_CHAR[code] === 0) {
        i++;
        continue;
      }
    } else {
      const point = text.codePointAt(i)!;
      if (!isWordCodePoint(point)) {
        i += point > 0xffff ? 2 : 1;
        continue;
      }
    }
    const start = i;
    let ascii = true;
    let upper = false;
    let innerUpper = false;
    while (i < length) {
      code = text.charCodeAt(i);
      if (code < 128) {
        if (ASCII_WORD_CHAR[code] === 0) break;
        if (code >= 65 && code <= 90) {
          upper = true;
          if (i > start) innerUpper = true;
        }
        i++;
      } else {
        const point = text.codePointAt(i)!;
        if (!isWordCodePoint(point)) break;
        ascii = false;
        i += point > 0xffff ? 2 : 1;
      }
    }
    const word = text.slice(start, i);
    if (ascii) {
      terms.push(upper ? word.toLowerCase() : word);
      if (!innerUpper) continue;
    } else {
      terms.push(normalizeTerm(word));
    }
    const parts = word.split(CAMEL_BOUNDARY);
    if (parts.length < 2) continue;
    for (const part of parts) terms.push(normalizeTerm(part));
  }
}

/** Terms of a query, in order, without duplicates. */
export function queryTerms(query: string): string[] {
  const seen = new Set<string>();
  for (const token of tokenizeWithOffsets(query, false)) seen.add(token.term);
  return [...seen];
}

// V8 compiles `pushIndexTerms` after the indexer's first few texts, for the paths those took: on
// the Vitest docs they held no non-ASCII character, and the first one met later threw the compiled
// code away to compile it again (twice, ~60 ms of compile CPU). A few runs over every path at load,
// enough for V8 to record them, let the first compile cover them all. Each run meets a letter and
// a symbol not seen before, so the lookup's first-time path is recorded too.
for (let run = 0; run < 12; run++) {
  pushIndexTerms(`R\u00e9sum\u00e9 ${String.fromCharCode(0xc0 + run)}x ${String.fromCharCode(0x2190 + run)} naïveCase, HTMLParser 𝒳x1 fooBar`, []);
}
