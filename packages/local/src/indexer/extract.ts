/** One HTML page → documentation records, structured the way the provider's docs crawler does it. */
import { hash } from 'node:crypto';
import { compile } from 'css-select';
import { HIERARCHY_LEVELS, type DocRecord, type Hierarchy, type RecordType } from '../records.js';
import { parseHtml, type HtmlDocument, type HtmlElement, type HtmlNode } from './parse-html.js';
import { resolveSelectors, type IndexerSelectors } from './selectors.js';

export interface ExtractOptions {
  /** URL of the page (site-relative or absolute), without anchor. */
  url: string;
  selectors?: Partial<IndexerSelectors>;
  /** Category used when no `lvl0` selector matches (default: the first URL path segment, title-cased). */
  defaultLvl0?: string;
}

export type ExtractResult = { records: DocRecord[]; skipped?: undefined } | { records: []; skipped: string };

/** Attribute names a meta tag may not set, because they are the record's own structure. */
const RESERVED_ATTRIBUTES = new Set(['objectID', 'url', 'url_without_anchor', 'anchor', 'type', 'hierarchy', 'content']);
const META_PREFIXES = ['sitesearch:', 'docsearch:'];
const INLINE_TAGS = new Set(['a', 'abbr', 'b', 'bdi', 'cite', 'code', 'data', 'del', 'em', 'i', 'ins', 'kbd', 'mark', 'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr']);

type AnyNode = HtmlNode | HtmlDocument;
type Element = HtmlElement;
type Matcher = (element: Element) => boolean;

/**
 * A compiled selector. css-select's default adapter (domutils) is typed for domhandler's nodes
 * but reads them by field name only, which `parseHtml`'s nodes share (see parse-html.ts).
 */
function compileMatcher(selector: string): Matcher {
  return compile(selector) as unknown as Matcher;
}

interface CompiledSelectors {
  selectors: IndexerSelectors;
  ignore: Matcher;
  text: Matcher;
  headings: Matcher[];
}

const compiledCache = new WeakMap<IndexerSelectors, CompiledSelectors>();

function compileSelectors(selectors: IndexerSelectors): CompiledSelectors {
  let compiled = compiledCache.get(selectors);
  if (!compiled) {
    const matcher = (list: string[], name: string): Matcher => {
      try {
        return compileMatcher(list.join(', '));
      } catch (error) {
        throw new TypeError(`sitesearch indexer: selectors.${name} is not valid CSS (${(error as Error).message}): ${list.join(', ')}`);
      }
    };
    compiled = {
      selectors,
      ignore: matcher(selectors.ignore, 'ignore'),
      text: matcher(selectors.text, 'text'),
      headings: selectors.headings.map((selector, i) => matcher([selector], `headings[${i}]`)),
    };
    compiledCache.set(selectors, compiled);
  }
  return compiled;
}

/** Resolved selectors per overrides object, so that a site's pages share one compiled set. */
const resolvedCache = new WeakMap<object, IndexerSelectors>();
const NO_OVERRIDES = {};
function resolvedSelectors(overrides: Partial<IndexerSelectors> | undefined): IndexerSelectors {
  const key = overrides ?? NO_OVERRIDES;
  let resolved = resolvedCache.get(key);
  if (!resolved) {
    resolved = resolveSelectors(overrides);
    resolvedCache.set(key, resolved);
  }
  return resolved;
}

function isElement(node: AnyNode): node is Element {
  return node.type === 'tag' || node.type === 'script' || node.type === 'style';
}

const selectorCache = new Map<string, Matcher>();

function compiledSelector(selector: string): Matcher {
  let match = selectorCache.get(selector);
  if (!match) {
    try {
      match = compileMatcher(selector);
    } catch (error) {
      throw new TypeError(`sitesearch indexer: "${selector}" is not a valid CSS selector (${(error as Error).message})`);
    }
    selectorCache.set(selector, match);
  }
  return match;
}

/** Throws what `extractPage` would throw for these selectors, without a page: checked once before a site is indexed. */
export function validateSelectors(overrides?: Partial<IndexerSelectors>): void {
  const selectors = resolveSelectors(overrides);
  compileSelectors(selectors);
  for (const selector of [...selectors.lvl0, ...selectors.content, ...selectors.lvl1]) compiledSelector(selector);
}

function selectFirst(selector: string, root: AnyNode | AnyNode[]): Element | null {
  const match = compiledSelector(selector);
  const stack: AnyNode[] = Array.isArray(root) ? [...root].reverse() : [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!isElement(node) && node.type !== 'root') continue;
    if (isElement(node) && match(node)) return node;
    const children = (node as Element).children;
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return null;
}

/** The first element of the page matching `selector`, in document order (what `selectFirst` on the document finds). */
function selectFirstInPage(selector: string, document: HtmlDocument): Element | null {
  const match = compiledSelector(selector);
  for (const element of document.elements) if (match(element)) return element;
  return null;
}

/** Visible text of an element, without ignored descendants, whitespace collapsed. */
function textOf(node: AnyNode, ignore: Matcher | null): string {
  const parts: string[] = [];
  const visit = (current: AnyNode): void => {
    if (current.type === 'text') {
      parts.push(current.data);
      return;
    }
    if (!isElement(current)) return;
    if (ignore && ignore(current)) return;
    const block = !INLINE_TAGS.has(current.name);
    if (block) parts.push(' ');
    for (const child of current.children) visit(child);
    if (block) parts.push(' ');
  };
  visit(node);
  return parts.join('').replace(/[\u200b\u200c\u200d\ufeff]/g, '').replace(/\s+/g, ' ').trim();
}

function titleCase(segment: string): string {
  const words = decodeURIComponent(segment).replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function defaultCategory(url: string): string {
  const path = url.replace(/^[a-z]+:\/\/[^/]+/i, '');
  const first = path.split('/').find((segment) => segment !== '');
  return first ? titleCase(first.replace(/\.html?$/, '')) : 'Documentation';
}

function stableId(...parts: string[]): string {
  // One-shot hash: a Hash object per record cost more than the rest of making the record.
  return hash('sha1', parts.join('\u0000'), 'hex').slice(0, 16);
}

function headingAnchor(heading: Element): string | null {
  if (heading.attribs.id) return heading.attribs.id;
  const inner = selectFirst('[id], a[name]', heading.children);
  if (inner) return inner.attribs.id ?? inner.attribs.name ?? null;
  return null;
}

/** Reads `<meta name="sitesearch:KEY">` (and Docusaurus' `docsearch:KEY`) into record attributes. */
function metaAttributes(metas: Element[]): Record<string, string | string[]> {
  const attributes: Record<string, string | string[]> = {};
  for (const meta of metas) {
    const name = meta.attribs.name ?? '';
    const prefix = META_PREFIXES.find((candidate) => name.startsWith(candidate));
    const content = meta.attribs.content?.trim();
    if (!prefix || content === undefined || content === '') continue;
    const key = name.slice(prefix.length);
    if (!key || RESERVED_ATTRIBUTES.has(key) || key === 'lvl0') continue;
    const existing = attributes[key];
    if (existing === undefined) attributes[key] = content;
    else if (Array.isArray(existing)) {
      if (!existing.includes(content)) existing.push(content);
    } else if (existing !== content) attributes[key] = [existing, content];
  }
  return attributes;
}

function isNoIndex(document: HtmlDocument, metas: Element[]): boolean {
  const robots = metas.filter((element) => /^(robots|sitesearch:robots)$/i.test(element.attribs.name ?? ''));
  if (robots.some((meta) => /\bnoindex\b|\bnone\b/i.test(meta.attribs.content ?? ''))) return true;
  return document.elements.some((element) => (element.name === 'html' || element.name === 'body') && 'data-sitesearch-ignore' in element.attribs);
}

export function extractPage(html: string, options: ExtractOptions): ExtractResult {
  const selectors = resolvedSelectors(options.selectors);
  const { ignore, text, headings } = compileSelectors(selectors);
  const document = parseHtml(html);
  const metas = document.elements.filter((element) => element.name === 'meta');
  if (isNoIndex(document, metas)) return { records: [], skipped: 'marked noindex' };

  const metaLvl0 = metas.find((element) => /^(sitesearch|docsearch):lvl0$/.test(element.attribs.name ?? ''))?.attribs.content?.trim();
  let lvl0Element: Element | null = null;
  for (const selector of selectors.lvl0) {
    lvl0Element = selectFirstInPage(selector, document);
    if (lvl0Element && textOf(lvl0Element, null)) break;
    lvl0Element = null;
  }
  const lvl0 = metaLvl0 || (lvl0Element ? textOf(lvl0Element, null) : '') || options.defaultLvl0 || defaultCategory(options.url);

  let root: Element | null = null;
  for (const selector of selectors.content) {
    root = selectFirstInPage(selector, document);
    if (root) break;
  }
  // A fragment without <body> is still a page: search all of it.
  const rootNodes = root ? root.children : document.children;

  let titleElement: Element | null = null;
  for (const selector of selectors.lvl1) {
    titleElement = (root && selectFirst(selector, root)) ?? selectFirstInPage(selector, document);
    if (titleElement && textOf(titleElement, ignore)) break;
    titleElement = null;
  }
  const documentTitle = selectFirstInPage('title', document);
  const title = (titleElement ? textOf(titleElement, ignore) : '') || (documentTitle ? textOf(documentTitle, null) : '');
  if (!title) return { records: [], skipped: 'no title (no <h1> and no <title>)' };

  const pageUrl = options.url;
  const shared = metaAttributes(metas);
  const hierarchy: Hierarchy = { lvl0, lvl1: title, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
  const records: DocRecord[] = [];
  const seen = new Map<string, number>();
  let anchor: string | null = null;

  const push = (type: RecordType, content: string | null): void => {
    const url = anchor ? `${pageUrl}#${anchor}` : pageUrl;
    const key = `${type}\u0000${url}\u0000${content ?? HIERARCHY_LEVELS.map((level) => hierarchy[level] ?? '').join('\u0000')}`;
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    records.push({
      objectID: stableId(key, String(occurrence)),
      url,
      url_without_anchor: pageUrl,
      anchor,
      type,
      hierarchy: { ...hierarchy },
      content,
      ...shared,
    });
  };

  push('lvl1', null);
  const visit = (node: AnyNode): void => {
    if (!isElement(node)) return;
    if (node === titleElement || node === lvl0Element || ignore(node)) return;
    const level = headings.findIndex((matches) => matches(node));
    if (level >= 0) {
      const headingText = textOf(node, ignore);
      if (!headingText) return;
      const levelName = HIERARCHY_LEVELS[level + 2]!;
      hierarchy[levelName] = headingText;
      for (const deeper of HIERARCHY_LEVELS.slice(level + 3)) hierarchy[deeper] = null;
      anchor = headingAnchor(node) ?? anchor;
      push(levelName, null);
      return;
    }
    if (text(node)) {
      const blockText = textOf(node, ignore);
      if (blockText) push('content', blockText);
      return;
    }
    for (const child of node.children) visit(child);
  };
  for (const child of rootNodes) visit(child);
  return { records };
}
