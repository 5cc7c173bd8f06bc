import type { DocHit, HighlightResult, HitHighlightTree } from '../records.js';

/**
 * Highlight and snippet values arrive as strings with marker tags around the matches. The core
 * turns them into plain text segments so that no HTML string from a backend ever reaches the
 * DOM: the UI renders each segment as text, wrapping highlighted ones in `<mark>` itself.
 */

/** Marker tags we ask the backend to put around matches (unlikely to appear in real text). */
export const HIGHLIGHT_PRE_TAG = '__sitesearch-mark__';
export const HIGHLIGHT_POST_TAG = '__/sitesearch-mark__';

/** A run of text, highlighted or not. */
export interface TextSegment {
  value: string;
  isHighlighted: boolean;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", apos: "'", '#x2F': '/', '#47': '/' };

/** Decodes the few entities backends use when they escape highlighted values. */
export function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#39|#x27|#x2F|#47);/g, (_, name: string) => ENTITIES[name] ?? '');
}

/** Splits a highlighted value into segments (adjacent segments of the same kind are joined). */
export function parseHighlightedValue(value: string, preTag = HIGHLIGHT_PRE_TAG, postTag = HIGHLIGHT_POST_TAG): TextSegment[] {
  const segments: TextSegment[] = [];
  const push = (text: string, isHighlighted: boolean) => {
    if (text === '') return;
    const decoded = decodeEntities(text);
    const last = segments[segments.length - 1];
    if (last && last.isHighlighted === isHighlighted) last.value += decoded;
    else segments.push({ value: decoded, isHighlighted });
  };
  let rest = value;
  while (rest.length > 0) {
    const start = rest.indexOf(preTag);
    if (start === -1) break;
    const end = rest.indexOf(postTag, start + preTag.length);
    if (end === -1) break;
    push(rest.slice(0, start), false);
    push(rest.slice(start + preTag.length, end), true);
    rest = rest.slice(end + postTag.length);
  }
  // An unmatched tag is shown as the text around it, never as markup.
  push(rest.split(preTag).join('').split(postTag).join(''), false);
  return segments;
}

const isHighlightResult = (value: unknown): value is HighlightResult =>
  typeof value === 'object' && value !== null && typeof (value as HighlightResult).value === 'string';

function readPath(tree: HitHighlightTree | Record<string, unknown> | undefined, path: string): unknown {
  let node: unknown = tree;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/**
 * The segments of one attribute of a hit (`hierarchy.lvl2`, `content`…), from its snippet,
 * else its highlight, else its raw value, so a hit always shows something.
 */
export function getHitSegments(hit: DocHit, attribute: string, prefer: 'snippet' | 'highlight' = 'snippet'): TextSegment[] {
  const order = prefer === 'snippet' ? [hit._snippetResult, hit._highlightResult] : [hit._highlightResult, hit._snippetResult];
  for (const tree of order) {
    const result = readPath(tree, attribute);
    if (isHighlightResult(result)) return parseHighlightedValue(result.value);
  }
  const raw = readPath(hit as Record<string, unknown>, attribute);
  return typeof raw === 'string' && raw !== '' ? [{ value: raw, isHighlighted: false }] : [];
}

/** Plain text of segments. */
export const segmentsToText = (segments: TextSegment[]): string => segments.map((segment) => segment.value).join('');

/** A hit without highlight data, for storing (recent searches, favorites). */
export function withoutHighlights(hit: DocHit): DocHit {
  const { _highlightResult: _h, _snippetResult: _s, ...rest } = hit;
  return rest as DocHit;
}
