/** One HTML page → documentation records, structured the way the provider's docs crawler does it. */
import { hash } from 'node:crypto';
import { HIERARCHY_LEVELS, type DocRecord, type Hierarchy, type RecordType } from '../records.js';
import { parseHtml, type HtmlDocument, type HtmlElement, type HtmlNode } from './parse-html.js';
import { hasAttribute, SelectorTable, type SelectorGroup } from './match-selectors.js';
import { resolveSelectors, type IndexerSelectors } from './selectors.js';
import { normalizeLanguage } from '../engine/analysis/language.js';

export interface ExtractOptions {
  /** URL of the page (site-relative or absolute), without anchor. */
  url: string;
  selectors?: Partial<IndexerSelectors>;
  /** Category used when no `lvl0` selector matches (default: the first URL path segment, title-cased). */
  defaultLvl0?: string;
}

export type ExtractResult =
  | {
      records: DocRecord[];
      /**
       * The language of each record (`languages[i]` for `records[i]`): the nearest `lang` above
       * its element, else the page's (`<html lang>`), else `undefined`. Not a record attribute:
       * it decides how the text is analysed, and goes into the index's list of languages.
       */
      languages: (string | undefined)[];
      skipped?: undefined;
    }
  | { records: []; languages?: undefined; skipped: string };

/** Attribute names a meta tag may not set, because they are the record's own structure. */
const RESERVED_ATTRIBUTES = new Set(['objectID', 'url', 'url_without_anchor', 'anchor', 'type', 'hierarchy', 'content']);
const META_PREFIXES = ['sitesearch:', 'docsearch:'];
const INLINE_TAGS = new Set(['a', 'abbr', 'b', 'bdi', 'cite', 'code', 'data', 'del', 'em', 'i', 'ins', 'kbd', 'mark', 'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr']);

type AnyNode = HtmlNode | HtmlDocument;
type Element = HtmlElement;

/** What `visit` makes of an element, as labels of one selector table: the smallest that matches wins, in this order. */
const IGNORED = 0;
/** Labels 1 to 5 are the heading levels 2 to 6. */
const HEADING = 1;
const TEXT = 6;

interface CompiledSelectors {
  selectors: IndexerSelectors;
  /** `selectors.ignore` alone: what text collection skips. */
  ignore: SelectorTable;
  /** `ignore`, then the headings, then `text`: what `visit` asks of every element. */
  roles: SelectorTable;
}

const compiledCache = new WeakMap<IndexerSelectors, CompiledSelectors>();

function compileSelectors(selectors: IndexerSelectors): CompiledSelectors {
  let compiled = compiledCache.get(selectors);
  if (!compiled) {
    const group = (list: string[], name: string, label: number): SelectorGroup => ({
      selectors: list,
      label,
      onInvalid: (reason) => new TypeError(`sitesearch indexer: selectors.${name} is not valid CSS (${reason}): ${list.join(', ')}`),
    });
    const ignore = group(selectors.ignore, 'ignore', IGNORED);
    compiled = {
      selectors,
      ignore: new SelectorTable([ignore]),
      // Labels, not this order, decide which group wins; the order is the one in which errors are reported.
      roles: new SelectorTable([
        ignore,
        group(selectors.text, 'text', TEXT),
        ...selectors.headings.map((selector, i) => group([selector], `headings[${i}]`, HEADING + i)),
      ]),
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

const selectorCache = new Map<string, SelectorTable>();

/** One selector (of `lvl0`, `content`, `lvl1`) as a table: label 0 when it matches. */
function compiledSelector(selector: string): SelectorTable {
  let table = selectorCache.get(selector);
  if (!table) {
    table = new SelectorTable([
      { selectors: [selector], label: 0, onInvalid: (reason) => new TypeError(`sitesearch indexer: "${selector}" is not a valid CSS selector (${reason})`) },
    ]);
    selectorCache.set(selector, table);
  }
  return table;
}

/** Throws what `extractPage` would throw for these selectors, without a page: checked once before a site is indexed. */
export function validateSelectors(overrides?: Partial<IndexerSelectors>): void {
  const selectors = resolveSelectors(overrides);
  compileSelectors(selectors);
  for (const selector of [...selectors.lvl0, ...selectors.content, ...selectors.lvl1]) compiledSelector(selector);
}

/** The first element matching `table` in `element` and its descendants, in document order. */
function firstMatchIn(table: SelectorTable, element: Element): Element | null {
  if (table.matches(element)) return element;
  const children = element.children;
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (isElement(child)) {
      const found = firstMatchIn(table, child);
      if (found) return found;
    }
  }
  return null;
}

/** The first element of the page matching `selector`, in document order (what `selectFirst` on the document finds). */
function selectFirstInPage(selector: string, document: HtmlDocument): Element | null {
  const table = compiledSelector(selector);
  const elements = document.elements;
  for (let i = 0; i < elements.length; i++) if (table.matches(elements[i]!)) return elements[i]!;
  return null;
}

/** Zero-width space, non-joiner, joiner and BOM: dropped from text. */
const ZERO_WIDTH = /[\u200b\u200c\u200d\ufeff]/;
const ZERO_WIDTH_ALL = /[\u200b\u200c\u200d\ufeff]/g;
const SPACES = /\s+/g;
/** Whitespace that collapsing and trimming would change: at either end, other than a space, or two in a row. */
const UNTIDY = /^\s|\s$|[^\S ]|\s\s/;

/**
 * Visible text of an element, without ignored descendants, whitespace collapsed. The text is
 * gathered into one string and cleaned up by regular expressions: they run as native code from
 * the first page on, where a loop over characters would run interpreted until V8 optimizes it.
 */
function textOf(element: Element, ignore: SelectorTable | null): string {
  if (ignore !== null && ignore.matches(element)) return '';
  // The element's own block spaces are left out: they would only be trimmed again.
  textBuffer = '';
  collectChildren(element, ignore);
  let text = textBuffer;
  textBuffer = '';
  if (ZERO_WIDTH.test(text)) text = text.replace(ZERO_WIDTH_ALL, '');
  // Much text is tidy already (single spaces between words): one scan instead of a copy.
  return UNTIDY.test(text) ? text.replace(SPACES, ' ').trim() : text;
}

/** The text being gathered by `textOf`. */
let textBuffer = '';

function collectChildren(element: Element, ignore: SelectorTable | null): void {
  const children = element.children;
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (child.type === 'text') textBuffer += child.data;
    else if (isElement(child)) collectText(child, ignore);
  }
}

function collectText(element: Element, ignore: SelectorTable | null): void {
  if (ignore !== null && ignore.matches(element)) return;
  // A block element's text is a word of its own: whitespace around it stands for the line break.
  const block = !INLINE_TAGS.has(element.name);
  if (block) textBuffer += ' ';
  collectChildren(element, ignore);
  if (block) textBuffer += ' ';
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

/** The record's objectID: the first 16 hex digits of the SHA-1 of its key (type, URL, content or headings) and occurrence. */
function stableId(key: string): string {
  // One-shot hash: a Hash object per record cost more than the rest of making the record.
  return hash('sha1', key, 'hex').slice(0, 16);
}

/** The first descendant matching `[id], a[name]`, in document order. */
function anchorHolder(element: Element): Element | null {
  const children = element.children;
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (!isElement(child)) continue;
    if (hasAttribute(child.attribs, 'id') || (child.name === 'a' && hasAttribute(child.attribs, 'name'))) return child;
    const inner = anchorHolder(child);
    if (inner) return inner;
  }
  return null;
}

function headingAnchor(heading: Element): string | null {
  if (heading.attribs.id) return heading.attribs.id;
  const inner = anchorHolder(heading);
  if (inner) return inner.attribs.id ?? inner.attribs.name ?? null;
  return null;
}

/** Reads `<meta name="sitesearch:KEY">` (and Docusaurus' `docsearch:KEY`) into record attributes. */
function metaAttributes(metas: Element[]): Record<string, string | string[] | number> {
  const attributes: Record<string, string | string[] | number> = {};
  for (const meta of metas) {
    const name = meta.attribs.name ?? '';
    const prefix = META_PREFIXES.find((candidate) => name.startsWith(candidate));
    const content = meta.attribs.content?.trim();
    if (!prefix || content === undefined || content === '') continue;
    const key = name.slice(prefix.length);
    if (!key || RESERVED_ATTRIBUTES.has(key) || key === 'lvl0') continue;
    // The rank is a number, as ranking reads it (and the provider's customRanking sorts it); one that is not is left out.
    if (key === 'page_rank') {
      const rank = Number(content);
      if (Number.isFinite(rank)) attributes[key] = rank;
      continue;
    }
    const existing = attributes[key];
    if (existing === undefined) attributes[key] = content;
    else if (Array.isArray(existing)) {
      if (!existing.includes(content)) existing.push(content);
    } else if (existing !== content) attributes[key] = [String(existing), content];
  }
  return attributes;
}

function isNoIndex(document: HtmlDocument, metas: Element[]): boolean {
  const robots = metas.filter((element) => /^(robots|sitesearch:robots)$/i.test(element.attribs.name ?? ''));
  if (robots.some((meta) => /\bnoindex\b|\bnone\b/i.test(meta.attribs.content ?? ''))) return true;
  return document.elements.some((element) => (element.name === 'html' || element.name === 'body') && 'data-sitesearch-ignore' in element.attribs);
}

/** What a `<title>` puts between a page's name and its site's, the most distinctive first (a hyphen is also a word's). */
const TITLE_SEPARATORS = [' | ', ' — ', ' – ', ' · ', ' - '];

/** The site's name as the page gives it: `og:site_name`, else `application-name`. */
function siteNameOf(metas: Element[]): string | undefined {
  const meta = metas.find((element) => element.attribs.property === 'og:site_name') ?? metas.find((element) => element.attribs.name === 'application-name');
  return meta?.attribs.content?.trim() || undefined;
}

/**
 * A `<title>` as the title of a page without an `h1` (lvl1): without the site's name where the
 * title's separator sets it apart ("Config | Vitest" → "Config" on a page whose `og:site_name`
 * is "Vitest"; "Vitest | Vitest", a home page, → "Vitest"). Otherwise as it is: without the
 * site's name, "Install - Windows" cannot be told from "Install - MySite".
 */
export function titleWithoutSiteName(title: string, siteName: string | undefined): string {
  const site = siteName?.toLowerCase();
  for (const separator of TITLE_SEPARATORS) {
    const parts = title.split(separator).map((part) => part.trim());
    if (parts.length < 2) continue;
    let rest: string[] | undefined;
    if (site !== undefined && parts.at(-1)!.toLowerCase() === site) rest = parts.slice(0, -1);
    else if (site !== undefined && parts[0]!.toLowerCase() === site) rest = parts.slice(1);
    else if (parts.length === 2 && parts[0] === parts[1]) rest = parts.slice(1);
    const text = rest?.join(separator).trim();
    if (text) return text;
  }
  return title;
}

export function extractPage(html: string, options: ExtractOptions): ExtractResult {
  const selectors = resolvedSelectors(options.selectors);
  const { ignore, roles } = compileSelectors(selectors);
  const document = parseHtml(html);
  const metas = document.elements.filter((element) => element.name === 'meta');
  if (isNoIndex(document, metas)) return { records: [], skipped: 'marked noindex' };

  const metaLvl0 = metas.find((element) => /^(sitesearch|docsearch):lvl0$/.test(element.attribs.name ?? ''))?.attribs.content?.trim();
  let lvl0Element: Element | null = null;
  let lvl0Text = '';
  for (const selector of selectors.lvl0) {
    lvl0Element = selectFirstInPage(selector, document);
    if (lvl0Element) lvl0Text = textOf(lvl0Element, null);
    if (lvl0Text) break;
    lvl0Element = null;
  }
  const lvl0 = metaLvl0 || lvl0Text || options.defaultLvl0 || defaultCategory(options.url);

  let root: Element | null = null;
  for (const selector of selectors.content) {
    root = selectFirstInPage(selector, document);
    if (root) break;
  }
  // A fragment without <body> is still a page: search all of it.
  const rootNodes = root ? root.children : document.children;

  let titleElement: Element | null = null;
  let titleText = '';
  for (const selector of selectors.lvl1) {
    titleElement = (root && firstMatchIn(compiledSelector(selector), root)) ?? selectFirstInPage(selector, document);
    if (titleElement) titleText = textOf(titleElement, ignore);
    if (titleText) break;
    titleElement = null;
  }
  if (!titleText) {
    const documentTitle = selectFirstInPage('title', document);
    if (documentTitle) titleText = titleWithoutSiteName(textOf(documentTitle, null), siteNameOf(metas));
  }
  if (!titleText) return { records: [], skipped: 'no title (no <h1> and no <title>)' };

  const page = new PageRecords(options.url, metaAttributes(metas), lvl0, titleText, ignore, roles, titleElement, lvl0Element);
  const htmlElement = document.elements.find((element) => element.name === 'html');
  page.language = normalizeLanguage(htmlElement?.attribs.lang);
  // As the DocSearch scraper gives it: `<html lang>` as written, so `facetFilters: ['lang:en-US']`
  // (VitePress's algolia provider sends one on every search) finds the page.
  page.lang = htmlElement?.attribs.lang?.trim() || undefined;
  // The title and the records of the content root take the languages set on the way to it.
  const titleLanguage = titleElement ? languageAbove(titleElement, page.language) : page.language;
  const rootLanguage = root ? languageAbove(root, page.language) : page.language;
  page.language = titleLanguage;
  page.push('lvl1', null);
  page.language = rootLanguage;
  for (let i = 0; i < rootNodes.length; i++) page.visit(rootNodes[i]!);
  return { records: page.records, languages: page.languages };
}

/** The language of an element: its own `lang`, or the nearest one above it, or `fallback`. */
function languageAbove(element: Element, fallback: string | undefined): string | undefined {
  for (let node: Element | null = element; node; node = node.parent && node.parent.type !== 'root' ? node.parent : null) {
    const lang = node.attribs.lang;
    // `lang=""` says "unknown", which stops the search as a language would.
    if (lang !== undefined) return normalizeLanguage(lang);
  }
  return fallback;
}

/** The records of one page as its elements are visited in document order. */
class PageRecords {
  readonly records: DocRecord[] = [];
  readonly languages: (string | undefined)[] = [];
  /** The language of the element being visited. */
  language: string | undefined = undefined;
  /** The page's `<html lang>` as written: every record's `lang` attribute (a meta tag's `lang` wins). */
  lang: string | undefined = undefined;
  private readonly hierarchy: Hierarchy;
  private readonly seen = new Map<string, number>();
  private anchor: string | null = null;
  private readonly hasShared: boolean;

  constructor(
    private readonly pageUrl: string,
    private readonly shared: Record<string, string | string[] | number>,
    lvl0: string,
    title: string,
    private readonly ignore: SelectorTable,
    private readonly roles: SelectorTable,
    private readonly titleElement: Element | null,
    private readonly lvl0Element: Element | null,
  ) {
    this.hierarchy = { lvl0, lvl1: title, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
    this.hasShared = Object.keys(shared).length > 0;
  }

  push(type: RecordType, content: string | null): void {
    const { anchor, hierarchy: h, pageUrl } = this;
    const url = anchor ? `${pageUrl}#${anchor}` : pageUrl;
    const key = `${type}\u0000${url}\u0000${
      content ?? `${h.lvl0 ?? ''}\u0000${h.lvl1 ?? ''}\u0000${h.lvl2 ?? ''}\u0000${h.lvl3 ?? ''}\u0000${h.lvl4 ?? ''}\u0000${h.lvl5 ?? ''}\u0000${h.lvl6 ?? ''}`
    }`;
    const occurrence = this.seen.get(key) ?? 0;
    this.seen.set(key, occurrence + 1);
    // Records of one shape (the meta-tag attributes only added when a page has some): literal
    // objects, not spreads, which V8 copies property by property through the runtime.
    const record: DocRecord = {
      objectID: stableId(`${key}\u0000${occurrence}`),
      url,
      url_without_anchor: pageUrl,
      anchor,
      type,
      hierarchy: { lvl0: h.lvl0, lvl1: h.lvl1, lvl2: h.lvl2, lvl3: h.lvl3, lvl4: h.lvl4, lvl5: h.lvl5, lvl6: h.lvl6 },
      content,
    };
    if (this.lang !== undefined) record.lang = this.lang;
    this.records.push(this.hasShared ? { ...record, ...this.shared } : record);
    this.languages.push(this.language);
  }

  visit(node: AnyNode): void {
    if (!isElement(node)) return;
    const lang = node.attribs.lang;
    if (lang === undefined) return this.visitElement(node);
    const outer = this.language;
    this.language = normalizeLanguage(lang);
    this.visitElement(node);
    this.language = outer;
  }

  private visitElement(node: Element): void {
    if (node === this.titleElement || node === this.lvl0Element) return;
    const role = this.roles.match(node);
    if (role === IGNORED) return;
    if (role >= HEADING && role < TEXT) {
      const headingText = textOf(node, this.ignore);
      if (!headingText) return;
      const level = role - HEADING;
      const levelName = HIERARCHY_LEVELS[level + 2]!;
      const hierarchy = this.hierarchy;
      hierarchy[levelName] = headingText;
      for (let deeper = level + 3; deeper < HIERARCHY_LEVELS.length; deeper++) hierarchy[HIERARCHY_LEVELS[deeper]!] = null;
      this.anchor = headingAnchor(node) ?? this.anchor;
      this.push(levelName, null);
      return;
    }
    if (role === TEXT) {
      const blockText = textOf(node, this.ignore);
      if (blockText) this.push('content', blockText);
      return;
    }
    const children = node.children;
    for (let i = 0; i < children.length; i++) this.visit(children[i]!);
  }
}
