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
  return tokenizeWithOffsets(text, true).map((token) => token.term);
}

/** Terms of a query, in order, without duplicates. */
export function queryTerms(query: string): string[] {
  const seen = new Set<string>();
  for (const token of tokenizeWithOffsets(query, false)) seen.add(token.term);
  return [...seen];
}
