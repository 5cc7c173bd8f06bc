/**
 * One tokenizer for indexing, querying and highlighting, so that what the engine matched is
 * exactly what the highlighter marks. Words of scripts written without spaces are segmented
 * (`analysis/segment.ts`) the same way on all three sides.
 */
import { SEGMENTED_CHARACTER } from './analysis/scripts.js';
import type { PieceSplitter } from './analysis/segment.js';

let splitPieces: PieceSplitter | undefined;

/**
 * Turns word segmentation on (`analysis/segment.ts`' `pieceSplitter`). Until then, a run of
 * letters of a script without spaces is one word, as an index without such words needs: the
 * indexer hands it over when it loads, the engine when a manifest says `segmented`.
 */
export function useWordSegmentation(split: PieceSplitter): void {
  splitPieces = split;
}

/** A word of a text with where it sits, in UTF-16 offsets of the original text. */
export interface TextToken {
  /** The normalized form: lower case, accents removed. */
  term: string;
  start: number;
  end: number;
}

// Marks belong to the word they follow: Thai vowels, Devanagari vowel signs and decomposed
// accents are marks, and a word cut at each of them was cut into meaningless pieces.
const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu;
// Splits `defineConfig` → define|Config and `HTMLParser` → HTML|Parser, the way people type API names.
const CAMEL_BOUNDARY = /(?<=\p{Ll}|\p{N})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;
/**
 * The marks folded away: the combining diacritics of Latin, Greek and Cyrillic (`Résumé` =
 * `resume`, as users type), Hebrew points and Arabic vowel signs (optional in writing); the
 * rare extended diacritic blocks are kept, which no one types. Other scripts' marks are part of the letter: kana voicing (`が` is not `か`, `ぱ` is
 * not `は`), Thai and Indic vowel signs. NFKD splits those off too, so the rest is composed
 * again (NFC) after folding.
 */
// The breve stays on Cyrillic и and у: й and ў are letters of their own (Russian `файл` is not
// `фаил`), while ё folds to е as Russian writers do.
const FOLDED_MARKS = /[\u0300-\u0305\u0307-\u036f\u0591-\u05c7\u064b-\u065f\u0670]|(?<![\u0418\u0438\u0423\u0443])\u0306/g;
/** What NFC would change after folding: marks left, or Hangul jamo that NFKD took out of syllables. */
const TO_COMPOSE = /[\p{M}\u1100-\u11ff]/u;
const ASCII = /^[\x00-\x7f]*$/;
/** `WORD` in ASCII text. */
const ASCII_WORDS = /[0-9A-Za-z]+/g;
/** Tokens of ASCII texts, by text, with and without camel-case parts; shared, never to be changed by a caller. */
const camelTokens = new Map<string, TextToken[]>();
const plainTokens = new Map<string, TextToken[]>();
const TOKEN_CACHE_SIZE = 256;
/** An ASCII word with no upper-case letter after its first has no camel-case boundary. */
const ASCII_WITHOUT_INNER_CAPITAL = /^[\x00-\x7f][\x00-\x40\x5b-\x7f]*$/;

/** Lower-cases and strips diacritics where they do not change the letter, so `Résumé` and `resume` meet. */
export function normalizeTerm(word: string): string {
  // ASCII has no decomposition and no marks: most words of most docs skip both.
  if (ASCII.test(word)) return word.toLowerCase();
  const folded = word.normalize('NFKD').replace(FOLDED_MARKS, '');
  return (TO_COMPOSE.test(folded) ? folded.normalize('NFC') : folded).toLowerCase();
}

/**
 * The words of a text with their offsets; camel-case parts are returned as extra tokens after the
 * whole word. `locale` picks the segmenter of scripts without spaces (it does not change how they
 * are cut; see `analysis/segment.ts`).
 */
export function tokenizeWithOffsets(text: string, splitCamelCase: boolean, locale?: string): TextToken[] {
  // ASCII text (most of most docs) has no marks, accents or words to segment, so neither the
  // locale nor the segmenter changes its tokens: they are cached (a search tokenizes a hit's text
  // for proximity, highlighting and its snippet), and its words found by a plain pattern.
  const ascii = ASCII.test(text);
  const cache = splitCamelCase ? camelTokens : plainTokens;
  const cached = ascii ? cache.get(text) : undefined;
  if (cached) return cached;
  const tokens: TextToken[] = [];
  if (ascii) {
    if (cache.size >= TOKEN_CACHE_SIZE) cache.clear();
    cache.set(text, tokens);
  }
  for (const match of text.matchAll(ascii ? ASCII_WORDS : WORD)) {
    const word = match[0];
    const start = match.index;
    const segmented = !ascii && splitPieces && !ASCII.test(word) && SEGMENTED_CHARACTER.test(word);
    // A closure per word only where one is needed: most words are plain (a closure for each made
    // highlighting twice as slow).
    if (!segmented && (!splitCamelCase || ASCII_WITHOUT_INNER_CAPITAL.test(word))) {
      tokens.push({ term: ascii ? word.toLowerCase() : normalizeTerm(word), start, end: start + word.length });
      continue;
    }
    const push = (term: string, from: number, to: number): number => tokens.push({ term, start: start + from, end: start + to });
    if (segmented) forEachWordTerm(splitPieces!, word, splitCamelCase, locale, push);
    else pushWordTerms(word, 0, splitCamelCase, push);
  }
  return tokens;
}

/** A word's term, then, with `splitCamelCase`, the terms of its camel-case parts; `offset` is where it starts. */
function pushWordTerms(word: string, offset: number, splitCamelCase: boolean, push: (term: string, start: number, end: number) => void): void {
  push(normalizeTerm(word), offset, offset + word.length);
  if (!splitCamelCase || ASCII_WITHOUT_INNER_CAPITAL.test(word)) return;
  const parts = word.split(CAMEL_BOUNDARY);
  if (parts.length < 2) return;
  for (const part of parts) {
    push(normalizeTerm(part), offset, offset + part.length);
    offset += part.length;
  }
}

/**
 * The terms of a word holding letters of a script written without spaces, with their offsets in
 * the word: its segmented words, and its other parts as any word (whole, then camel-case parts).
 */
function forEachWordTerm(split: PieceSplitter, word: string, splitCamelCase: boolean, locale: string | undefined, push: (term: string, start: number, end: number) => void): void {
  split(word, locale, (start, end, kind) => pushWordTerms(word.slice(start, end), start, kind === 'spaced' && splitCamelCase, push));
}

/** Terms stored in the index for a field's text: every word, plus the parts of camel-case API names. */
export function indexTerms(text: string, locale?: string): string[] {
  const terms: string[] = [];
  pushIndexTerms(text, terms, locale);
  return terms;
}

/** 1 for the ASCII characters of `WORD` (digits and letters). */
// Built by a pure call, so that a bundle without the indexer's tokenizer (the browser client) drops it.
const ASCII_WORD_CHAR = /* @__PURE__ */ Uint8Array.from({ length: 128 }, (_, code) => (/[0-9A-Za-z]/.test(String.fromCharCode(code)) ? 1 : 0));
/** What `WORD` makes of a non-ASCII code point (`CODE_*`); few distinct ones occur in a site. */
const codePointClasses = new Map<number, number>();
/** Neither starts nor continues a word. */
const CODE_OTHER = 0;
/** Starts or continues a word (a letter or a number). */
const CODE_WORD = 1;
/** Only continues a word (a mark). */
const CODE_MARK = 2;
/** Added to the class of a code point of a script that is segmented. */
const CODE_SEGMENTED = 4;
const LETTER_OR_NUMBER = /^[\p{L}\p{N}]$/u;
const MARK_CHARACTER = /^\p{M}$/u;

function codePointClass(codePoint: number): number {
  let found = codePointClasses.get(codePoint);
  if (found === undefined) {
    const character = String.fromCodePoint(codePoint);
    found = LETTER_OR_NUMBER.test(character) ? CODE_WORD : MARK_CHARACTER.test(character) ? CODE_MARK : CODE_OTHER;
    if (found !== CODE_OTHER && SEGMENTED_CHARACTER.test(character)) found |= CODE_SEGMENTED;
    codePointClasses.set(codePoint, found);
  }
  return found;
}

/**
 * Where `scanIndexTerms` hands the terms of a text, in order. An ASCII word (most words) and its
 * camel-case parts are handed as their places in the text, so that a counter can look them up
 * without making a string of them; any other word's terms come as strings.
 */
export interface IndexTermSink {
  /** The term `text.slice(start, end)`, lower-cased when `upper`; `hash` is its `termHash`. */
  plain(text: string, start: number, end: number, upper: boolean, hash: number): void;
  term(term: string): void;
}

/** FNV-1a over a term's UTF-16 code units (what `IndexTermSink.plain` is given for its span). */
export function termHash(term: string): number {
  let hash = FNV_OFFSET;
  for (let i = 0; i < term.length; i++) hash = Math.imul(hash ^ term.charCodeAt(i), FNV_PRIME);
  return hash;
}

// 0x811c9dc5 as a 32-bit signed integer, written out so that a bundle without the indexer drops it.
const FNV_OFFSET = -2128831035;
const FNV_PRIME = 0x01000193;

/**
 * What `tokenizeWithOffsets(text, true)` gives as terms, handed to `sink`, without its regular
 * expression match and token object per word: the indexer runs this over every field of every
 * record (a quarter of its main thread on the Vite docs went to tokenizing and counting). ASCII
 * words are scanned, lower-cased and split at camel-case boundaries here; a word with other
 * characters takes `tokenizeWithOffsets`' own steps, so the terms are the same.
 */
export function scanIndexTerms(text: string, sink: IndexTermSink, locale?: string): void {
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
      if ((codePointClass(point) & CODE_WORD) === 0) {
        i += point > 0xffff ? 2 : 1;
        continue;
      }
    }
    const start = i;
    let ascii = true;
    let segmented = false;
    let upper = false;
    let innerUpper = false;
    let hash = FNV_OFFSET;
    while (i < length) {
      code = text.charCodeAt(i);
      if (code < 128) {
        if (ASCII_WORD_CHAR[code] === 0) break;
        if (code >= 65 && code <= 90) {
          upper = true;
          if (i > start) innerUpper = true;
          code += 32;
        }
        hash = Math.imul(hash ^ code, FNV_PRIME);
        i++;
      } else {
        const point = text.codePointAt(i)!;
        const type = codePointClass(point);
        if (type === CODE_OTHER) break;
        if (type & CODE_SEGMENTED) segmented = true;
        ascii = false;
        i += point > 0xffff ? 2 : 1;
      }
    }
    if (ascii) {
      sink.plain(text, start, i, upper, hash);
      if (innerUpper) pushAsciiCamelParts(text, start, i, sink);
      continue;
    }
    const word = text.slice(start, i);
    if (segmented && splitPieces) {
      forEachWordTerm(splitPieces, word, true, locale, (term) => sink.term(term));
      continue;
    }
    sink.term(normalizeTerm(word));
    const parts = word.split(CAMEL_BOUNDARY);
    if (parts.length < 2) continue;
    for (const part of parts) sink.term(normalizeTerm(part));
  }
}

/**
 * The camel-case parts of the ASCII word `text[start, end)`, handed as plain terms, when it has
 * two or more: where `CAMEL_BOUNDARY` splits it (after a lower-case letter or digit before a
 * capital, or between two capitals before a lower-case letter), found without the expression
 * and without a string per part.
 */
function pushAsciiCamelParts(text: string, start: number, end: number, sink: IndexTermSink): void {
  let partStart = start;
  for (let k = start + 1; k < end; k++) {
    const code = text.charCodeAt(k);
    if (code < 65 || code > 90) continue;
    const before = text.charCodeAt(k - 1);
    const boundary = (before >= 97 && before <= 122) || (before >= 48 && before <= 57) || (before >= 65 && before <= 90 && k + 1 < end && text.charCodeAt(k + 1) >= 97 && text.charCodeAt(k + 1) <= 122);
    if (!boundary) continue;
    pushPlainPart(text, partStart, k, sink);
    partStart = k;
  }
  if (partStart > start) pushPlainPart(text, partStart, end, sink);
}

function pushPlainPart(text: string, start: number, end: number, sink: IndexTermSink): void {
  let hash = FNV_OFFSET;
  for (let k = start; k < end; k++) {
    const code = text.charCodeAt(k);
    hash = Math.imul(hash ^ (code >= 65 && code <= 90 ? code + 32 : code), FNV_PRIME);
  }
  sink.plain(text, start, end, true, hash);
}

/** `scanIndexTerms`' terms appended to `terms`. */
export function pushIndexTerms(text: string, terms: string[], locale?: string): void {
  scanIndexTerms(text, {
    plain: (source, start, end, upper) => {
      const word = source.slice(start, end);
      terms.push(upper ? word.toLowerCase() : word);
    },
    term: (term) => terms.push(term),
  }, locale);
}

/** Terms of a query, in order, without duplicates. */
export function queryTerms(query: string, locale?: string): string[] {
  const seen = new Set<string>();
  for (const token of tokenizeWithOffsets(query, false, locale)) seen.add(token.term);
  return [...seen];
}
