/**
 * Highlighting and snippeting in the provider's shape. The text is HTML-escaped and only the
 * configured tags are added, so a client can trust that any markup in a value is ours.
 */
import type { HighlightResult } from '../records.js';
import { tokenizeWithOffsets, type TextToken } from './tokenize.js';

/** One query word and the index terms it matched (itself, prefix completions, typo variants). */
export interface WordMatcher {
  word: string;
  terms: ReadonlySet<string>;
  prefix: boolean;
}

export interface MarkTags {
  pre: string;
  post: string;
}

interface Span {
  start: number;
  end: number;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!);
}

function matchingWord(token: TextToken, matchers: readonly WordMatcher[]): WordMatcher | undefined {
  return matchers.find(
    (matcher) => token.term === matcher.word || matcher.terms.has(token.term) || (matcher.prefix && token.term.startsWith(matcher.word)),
  );
}

/** Spans to mark and the words they matched; a camel-case part is marked only when its whole word did not match. */
function findMatches(text: string, matchers: readonly WordMatcher[], locale: string | undefined): { spans: Span[]; words: Set<string> } {
  const spans: Span[] = [];
  const words = new Set<string>();
  let wholeWordEnd = -1;
  let wholeWordMatched = false;
  for (const token of tokenizeWithOffsets(text, true, locale)) {
    const isPart = token.start < wholeWordEnd;
    if (!isPart) {
      wholeWordEnd = token.end;
      wholeWordMatched = false;
    } else if (wholeWordMatched) {
      continue;
    }
    const matcher = matchingWord(token, matchers);
    if (!matcher) continue;
    words.add(matcher.word);
    if (!isPart) wholeWordMatched = true;
    const last = spans[spans.length - 1];
    if (last && token.start <= last.end) last.end = Math.max(last.end, token.end);
    else spans.push({ start: token.start, end: token.end });
  }
  return { spans, words };
}

function mark(text: string, spans: readonly Span[], tags: MarkTags, offset = 0): string {
  let out = '';
  let position = 0;
  for (const span of spans) {
    const start = span.start - offset;
    const end = span.end - offset;
    out += escapeHtml(text.slice(position, start)) + tags.pre + escapeHtml(text.slice(start, end)) + tags.post;
    position = end;
  }
  return out + escapeHtml(text.slice(position));
}

function result(value: string, words: Set<string>, matchers: readonly WordMatcher[], fullyHighlighted: boolean): HighlightResult {
  const matchedWords = matchers.map((matcher) => matcher.word).filter((word) => words.has(word));
  const matchLevel = matchedWords.length === 0 ? 'none' : matchedWords.length === matchers.length ? 'full' : 'partial';
  return { value, matchLevel, matchedWords, fullyHighlighted: matchLevel !== 'none' && fullyHighlighted };
}

export function highlight(text: string, matchers: readonly WordMatcher[], tags: MarkTags, locale?: string): HighlightResult {
  const { spans, words } = findMatches(text, matchers, locale);
  const marked = spans.reduce((sum, span) => sum + span.end - span.start, 0);
  const wordChars = tokenizeWithOffsets(text, false, locale).reduce((sum, token) => sum + token.end - token.start, 0);
  return result(mark(text, spans, tags), words, matchers, marked >= wordChars);
}

/** A window of `wordCount` words around the densest run of matches, marked, with ellipses where text was cut. */
export function snippet(text: string, matchers: readonly WordMatcher[], wordCount: number, tags: MarkTags, ellipsis: string, locale?: string): HighlightResult {
  const tokens = tokenizeWithOffsets(text, false, locale);
  if (tokens.length <= wordCount) {
    const whole = highlight(text, matchers, tags, locale);
    return { ...whole, fullyHighlighted: whole.fullyHighlighted ?? false };
  }
  const { spans } = findMatches(text, matchers, locale);
  const isMatched = tokens.map((token) => spans.some((span) => span.start < token.end && token.start < span.end));
  let bestStart = 0;
  let bestCount = -1;
  let count = 0;
  for (let i = 0; i < tokens.length; i++) {
    if (isMatched[i]) count++;
    if (i >= wordCount && isMatched[i - wordCount]) count--;
    const start = Math.max(0, i - wordCount + 1);
    if (i >= Math.min(wordCount, tokens.length) - 1 && count > bestCount) {
      bestCount = count;
      bestStart = start;
    }
  }
  // Start a word or two before the first match, so the reader sees what leads to it.
  const firstMatch = isMatched.indexOf(true, bestStart);
  if (firstMatch >= 0 && firstMatch === bestStart && bestStart > 0) bestStart = Math.max(0, bestStart - Math.min(2, Math.floor(wordCount / 4)));
  const last = Math.min(tokens.length, bestStart + wordCount) - 1;
  const from = bestStart === 0 ? 0 : tokens[bestStart]!.start;
  const to = last === tokens.length - 1 ? text.length : tokens[last]!.end;
  const windowText = text.slice(from, to);
  const windowMatches = findMatches(windowText, matchers, locale);
  const value = (bestStart > 0 ? ellipsis : '') + mark(windowText, windowMatches.spans, tags) + (to < text.length ? ellipsis : '');
  return result(value, windowMatches.words, matchers, false);
}
