/** Shapes a stored record into a hit: retrieved attributes, highlights and snippets. */
import type { DocHit, DocRecord, HighlightResult, HitHighlightTree } from '../records.js';
import { getAttribute } from './format.js';
import { highlight, snippet, type MarkTags, type WordMatcher } from './highlight.js';
import type { ResolvedParams } from './params.js';

/** `locale`: the one the query was segmented under, so that highlights cut text as the index did. */
export function buildHit(record: DocRecord, params: ResolvedParams, matchers: readonly WordMatcher[], locale?: string): DocHit {
  const hit = retrieve(record, params.attributesToRetrieve) as DocHit;
  const tags: MarkTags = { pre: params.highlightPreTag, post: params.highlightPostTag };

  const highlighted: HitHighlightTree = {};
  for (const attribute of expandAttributes(record, params.attributesToHighlight)) {
    const value = getAttribute(record, attribute);
    const result = mapText(value, (text) => highlight(text, matchers, tags, locale));
    if (result) setPath(highlighted, attribute, result);
  }
  const snippeted: HitHighlightTree = {};
  for (const [attribute, words] of params.attributesToSnippet) {
    for (const path of expandAttributes(record, [attribute])) {
      const value = getAttribute(record, path);
      const result = mapText(value, (text) => snippet(text, matchers, words, tags, params.snippetEllipsisText, locale));
      if (result) setPath(snippeted, path, result);
    }
  }
  if (Object.keys(highlighted).length > 0) hit._highlightResult = highlighted;
  if (Object.keys(snippeted).length > 0) hit._snippetResult = snippeted;
  return hit;
}

function mapText(value: unknown, fn: (text: string) => HighlightResult): HighlightResult | HighlightResult[] | undefined {
  if (typeof value === 'string') return fn(value);
  if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string')) return value.map(fn);
  return undefined;
}

/** Expands `*` and `hierarchy` into the record's leaf attribute paths. */
function expandAttributes(record: DocRecord, attributes: readonly string[]): string[] {
  const paths = new Set<string>();
  for (const attribute of attributes) {
    if (attribute === '*') {
      for (const [name, value] of Object.entries(record)) {
        if (name === 'objectID') continue;
        if (value && typeof value === 'object' && !Array.isArray(value)) {
          for (const key of Object.keys(value)) paths.add(`${name}.${key}`);
        } else paths.add(name);
      }
      continue;
    }
    const value = getAttribute(record, attribute);
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const key of Object.keys(value)) paths.add(`${attribute}.${key}`);
    } else paths.add(attribute);
  }
  return [...paths];
}

function setPath(tree: HitHighlightTree, path: string, value: HighlightResult | HighlightResult[]): void {
  const parts = path.split('.');
  let node = tree;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (next && typeof next === 'object' && !Array.isArray(next) && !('value' in next)) node = next as HitHighlightTree;
    else node = node[part] = {};
  }
  node[parts[parts.length - 1]!] = value;
}

/** Copies the attributes to retrieve (`*`, `-attr` exclusions, dotted paths); `objectID` always comes along. */
export function retrieve(record: DocRecord, attributes: readonly string[]): Record<string, unknown> {
  const excluded = attributes.filter((a) => a.startsWith('-')).map((a) => a.slice(1));
  const included = attributes.filter((a) => !a.startsWith('-'));
  const out: Record<string, unknown> = {};
  if (included.includes('*')) {
    for (const [name, value] of Object.entries(record)) out[name] = structuredCloneValue(value);
  } else {
    for (const path of included) {
      const value = getAttribute(record, path);
      if (value === undefined) continue;
      const parts = path.split('.');
      let node = out;
      for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
      node[parts[parts.length - 1]!] = structuredCloneValue(value);
    }
  }
  for (const path of excluded) {
    const parts = path.split('.');
    let node: unknown = out;
    for (const part of parts.slice(0, -1)) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    if (node && typeof node === 'object') delete (node as Record<string, unknown>)[parts[parts.length - 1]!];
  }
  out.objectID = record.objectID;
  return out;
}

// Hits must not share objects with the cached records, or a caller's edits would leak into later searches.
function structuredCloneValue(value: unknown): unknown {
  return value !== null && typeof value === 'object' ? JSON.parse(JSON.stringify(value)) : value;
}
