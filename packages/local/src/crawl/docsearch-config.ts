/**
 * `--config docsearch.json`: the open-source docsearch-scraper's config format, read into crawl
 * options. Every key is either honoured, or reported by name with the reason it cannot be; an
 * unknown key is reported too, never dropped silently.
 */
import { readFile } from 'node:fs/promises';
import { validateSelectors } from '../indexer/extract.js';
import { DEFAULT_SELECTORS, type IndexerSelectors } from '../indexer/selectors.js';
import { HIERARCHY_LEVELS, type DocRecord, type HierarchyLevel } from '../records.js';
import type { CrawlOptions } from './crawl.js';
import { CrawlError } from './errors.js';

export interface DocsearchConfig {
  /** Crawl options from the config (start URLs, stop URLs, sitemaps, selectors, rendering, record changes). */
  options: Pick<CrawlOptions, 'urls' | 'sitemaps' | 'excludeRegexps' | 'render' | 'pageSettings' | 'transformRecords' | 'settingsKey'>;
  /** `index_name`: the index `--push` writes when `--index` is not given. */
  indexName?: string;
  /** `custom_settings`: added to the pushed settings. */
  customSettings?: Record<string, unknown>;
  /** Keys not honoured, each with why; unknown keys by name. */
  notes: string[];
}

interface SelectorSpec {
  selector: string;
  global: boolean;
  defaultValue?: string;
  stripChars?: string;
}

type SelectorSet = Partial<Record<HierarchyLevel | 'text', SelectorSpec>>;

interface StartUrl {
  url: string;
  selectorsKey: string;
  tags: string[];
  pageRank: number;
}

/** A tag that no page has: a heading level the config does not give matches nothing. */
const NO_ELEMENT = 'sitesearch-no-such-element';

const NOT_HONOURED: Record<string, string> = {
  allowed_domains: 'the crawl stays on the origins of start_urls',
  sitemap_alternate_links: 'alternate language links of sitemaps are not read; list those sitemaps in sitemap_urls',
  js_wait: 'with js_render, a page is read once its network is idle (at most 5 s), not after a fixed wait',
  user_agent: 'the crawler always identifies as SiteSearchBot, the name robots.txt rules address',
  use_anchors: 'anchors always come from the ids of headings',
  force_sitemap_urls_crawling: 'sitemap URLs are crawled when they are inside the start URLs\' folders',
  stop_content: 'pages are not skipped by their text; use stop_urls',
  nb_hits: 'a count written by the scraper, not a setting',
  conversation_id: 'used by the hosted DocSearch program only',
  scrap_start_urls: 'misspelled key: use scrape_start_urls',
};

export async function loadDocsearchConfig(file: string): Promise<DocsearchConfig> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new CrawlError(`--config: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new CrawlError(`--config: ${file} is not valid JSON (${(error as Error).message})`);
  }
  return parseDocsearchConfig(raw, file);
}

export function parseDocsearchConfig(raw: unknown, file = 'the config'): DocsearchConfig {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new CrawlError(`--config: ${file} must hold a JSON object`);
  const config = raw as Record<string, unknown>;
  const notes: string[] = [];
  const bad = (key: string, expected: string): never => {
    throw new CrawlError(`--config: "${key}" must be ${expected}, got ${JSON.stringify(config[key])}`);
  };

  const startUrls: StartUrl[] = [];
  const rawStarts = typeof config.start_urls === 'string' ? [config.start_urls] : config.start_urls;
  if (!Array.isArray(rawStarts) || rawStarts.length === 0) bad('start_urls', 'a URL or a list of URLs or of {url, selectors_key, tags, page_rank}');
  (rawStarts as unknown[]).forEach((entry, i) => {
    const item = typeof entry === 'string' ? { url: entry } : (entry as Record<string, unknown>);
    if (typeof item !== 'object' || item === null || typeof item.url !== 'string') bad('start_urls', 'a list of URLs or of {url, selectors_key, tags, page_rank}');
    for (const key of Object.keys(item)) {
      if (!['url', 'selectors_key', 'tags', 'page_rank', 'extra_attributes'].includes(key)) notes.push(`start_urls[${i}].${key}: unknown key, ignored`);
    }
    if (item.extra_attributes !== undefined) notes.push(`start_urls[${i}].extra_attributes: not supported; use <meta name="sitesearch:KEY"> tags on the pages`);
    const url = item.url as string;
    if (/\(\?P?<|[\\^$]/.test(url)) notes.push(`start_urls[${i}].url "${url}" is a regular expression: it is crawled as a plain URL, and its variables are not extracted`);
    const tags = item.tags === undefined ? [] : item.tags;
    if (!Array.isArray(tags) || !tags.every((tag) => typeof tag === 'string')) bad('start_urls', `a list whose tags are lists of strings (start_urls[${i}].tags)`);
    const pageRank = item.page_rank === undefined ? 0 : Number(item.page_rank);
    if (!Number.isFinite(pageRank)) bad('start_urls', `a list whose page_rank values are numbers (start_urls[${i}].page_rank)`);
    startUrls.push({ url, selectorsKey: typeof item.selectors_key === 'string' ? item.selectors_key : 'default', tags: tags as string[], pageRank });
  });

  // `selectors` is one set (lvl0…text) or sets by key, "default" being the one for start URLs without a key.
  if (typeof config.selectors !== 'object' || config.selectors === null || Array.isArray(config.selectors)) bad('selectors', 'an object of selectors (lvl0…lvl6, text), or of such objects by key');
  const rawSelectors = config.selectors as Record<string, unknown>;
  const isSingleSet = Object.keys(rawSelectors).some((key) => /^lvl\d$|^text$/.test(key));
  const sets = new Map<string, SelectorSet>();
  for (const [key, value] of Object.entries(isSingleSet ? { default: rawSelectors } : rawSelectors)) sets.set(key, parseSelectorSet(value, isSingleSet ? 'selectors' : `selectors.${key}`, notes));
  for (const start of startUrls) {
    if (!sets.has(start.selectorsKey)) throw new CrawlError(`--config: start URL ${start.url} has selectors_key "${start.selectorsKey}", which "selectors" does not define (it has: ${[...sets.keys()].join(', ')})`);
  }

  const exclude = config.selectors_exclude === undefined ? [] : config.selectors_exclude;
  if (!Array.isArray(exclude) || !exclude.every((selector) => typeof selector === 'string')) bad('selectors_exclude', 'a list of CSS selectors');
  const stopUrls = config.stop_urls === undefined ? [] : typeof config.stop_urls === 'string' ? [config.stop_urls] : config.stop_urls;
  if (!Array.isArray(stopUrls) || !stopUrls.every((url) => typeof url === 'string')) bad('stop_urls', 'a list of regular expressions');
  const stopRegexps = (stopUrls as string[]).map((pattern) => {
    try {
      return new RegExp(pattern);
    } catch (error) {
      throw new CrawlError(`--config: stop_urls has "${pattern}", which is not a regular expression (${(error as Error).message})`);
    }
  });
  const sitemaps = config.sitemap_urls === undefined ? [] : config.sitemap_urls;
  if (!Array.isArray(sitemaps) || !sitemaps.every((url) => typeof url === 'string')) bad('sitemap_urls', 'a list of URLs');
  const minLevel = config.min_indexed_level === undefined ? 0 : config.min_indexed_level;
  if (typeof minLevel !== 'number' || !Number.isInteger(minLevel) || minLevel < 0 || minLevel > 6) bad('min_indexed_level', 'an integer from 0 to 6');
  const onlyContent = config.only_content_level === undefined ? false : config.only_content_level;
  if (typeof onlyContent !== 'boolean') bad('only_content_level', 'true or false');
  const globalStrip = config.strip_chars === undefined ? undefined : config.strip_chars;
  if (globalStrip !== undefined && typeof globalStrip !== 'string') bad('strip_chars', 'a string of characters');
  const scrapeStart = config.scrape_start_urls === undefined ? true : config.scrape_start_urls;
  if (typeof scrapeStart !== 'boolean') bad('scrape_start_urls', 'true or false');
  const customSettings = config.custom_settings;
  if (customSettings !== undefined && (typeof customSettings !== 'object' || customSettings === null || Array.isArray(customSettings))) bad('custom_settings', 'an object of index settings');
  if (config.index_name !== undefined && typeof config.index_name !== 'string') bad('index_name', 'a string');
  if (config.js_render !== undefined && typeof config.js_render !== 'boolean') bad('js_render', 'true or false');

  const handled = new Set(['index_name', 'start_urls', 'stop_urls', 'sitemap_urls', 'selectors', 'selectors_exclude', 'min_indexed_level', 'only_content_level', 'js_render', 'custom_settings', 'strip_chars', 'scrape_start_urls']);
  for (const key of Object.keys(config)) {
    if (handled.has(key)) continue;
    notes.push(NOT_HONOURED[key] ? `${key}: not honoured (${NOT_HONOURED[key]})` : `${key}: unknown key, ignored (not a docsearch-scraper setting)`);
  }

  const resolved = new Map([...sets].map(([key, set]) => [key, toIndexerSettings(set, exclude as string[])]));
  for (const [key, settings] of resolved) {
    try {
      validateSelectors(settings.selectors);
    } catch (error) {
      throw new CrawlError(`--config: a selector of ${isSingleSet ? 'selectors' : `selectors.${key}`} (or selectors_exclude) is not valid: ${(error as Error).message.replace(/^sitesearch indexer: /, '')}`);
    }
  }
  // The most specific start URL a page is under decides its selectors, tags and page rank.
  const byLength = [...startUrls].sort((a, b) => b.url.length - a.url.length);
  const startOf = (url: string): StartUrl => byLength.find((start) => url.startsWith(start.url)) ?? startUrls[0]!;
  const startSet = new Set(startUrls.map((start) => new URL(start.url).href));

  return {
    options: {
      urls: startUrls.map((start) => start.url),
      sitemaps: sitemaps as string[],
      excludeRegexps: stopRegexps,
      render: config.js_render === true,
      pageSettings: (url) => resolved.get(startOf(url).selectorsKey)!,
      transformRecords: (records, url) => {
        if (!scrapeStart && startSet.has(url)) return [];
        const start = startOf(url);
        const set = sets.get(start.selectorsKey)!;
        return records
          .filter((record) => (onlyContent ? record.type === 'content' : true) && deepestLevel(record) >= (minLevel as number))
          .map((record) => stripRecord(record, set, globalStrip as string | undefined))
          .map((record) => ({ ...record, ...(start.tags.length > 0 ? { tags: start.tags } : {}), ...(start.pageRank !== 0 ? { page_rank: start.pageRank } : {}) }));
      },
      settingsKey: JSON.stringify(config),
    },
    ...(typeof config.index_name === 'string' ? { indexName: config.index_name } : {}),
    ...(customSettings ? { customSettings: customSettings as Record<string, unknown> } : {}),
    notes,
  };
}

function parseSelectorSet(value: unknown, where: string, notes: string[]): SelectorSet {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new CrawlError(`--config: ${where} must be an object of selectors (lvl0…lvl6, text)`);
  const set: SelectorSet = {};
  for (const [level, spec] of Object.entries(value as Record<string, unknown>)) {
    // "content" is the hosted crawler's name for docsearch-scraper's "text".
    const name = level === 'content' ? 'text' : level;
    if (level === 'content') notes.push(`${where}.content: read as "text" (docsearch-scraper's name for it)`);
    if (!(HIERARCHY_LEVELS as readonly string[]).includes(name) && name !== 'text') {
      notes.push(`${where}.${level}: unknown selector level, ignored (levels are lvl0…lvl6 and text)`);
      continue;
    }
    if (typeof spec === 'string') {
      set[name as HierarchyLevel | 'text'] = { selector: spec, global: false };
      continue;
    }
    if (typeof spec !== 'object' || spec === null || typeof (spec as { selector?: unknown }).selector !== 'string') {
      throw new CrawlError(`--config: ${where}.${level} must be a CSS selector or {selector, global, default_value, strip_chars}`);
    }
    const object = spec as Record<string, unknown>;
    for (const key of Object.keys(object)) {
      if (key === 'type' && object.type === 'xpath') throw new CrawlError(`--config: ${where}.${level} is an XPath selector, which is not supported: use a CSS selector`);
      // "defaultValue" is the hosted crawler's spelling, which configs shipped by real sites (the
      // Vitest docs') mix with the scraper's keys: ignoring it would drop their category.
      if (key === 'defaultValue') notes.push(`${where}.${level}.defaultValue: read as "default_value" (the hosted crawler's name for it)`);
      else if (!['selector', 'global', 'default_value', 'strip_chars', 'type'].includes(key)) notes.push(`${where}.${level}.${key}: unknown key, ignored`);
    }
    const defaultValue = object.default_value ?? object.defaultValue;
    if (object.global === true && name !== 'lvl0' && name !== 'lvl1') {
      notes.push(`${where}.${level}.global: not honoured (only lvl0 and lvl1 are read from the whole page; deeper levels come from the headings above each record)`);
    }
    set[name as HierarchyLevel | 'text'] = {
      selector: object.selector as string,
      global: object.global === true,
      ...(typeof defaultValue === 'string' ? { defaultValue } : {}),
      ...(typeof object.strip_chars === 'string' ? { stripChars: object.strip_chars } : {}),
    };
  }
  if (!set.lvl1 && !set.text) throw new CrawlError(`--config: ${where} needs at least lvl1 or text`);
  return set;
}

/** A selector set as the indexer's selectors: the whole page is the content root, lvl2–lvl6 are its heading levels. */
function toIndexerSettings(set: SelectorSet, exclude: string[]): { selectors: Partial<IndexerSelectors>; defaultLvl0?: string } {
  const list = (spec: SelectorSpec | undefined): string[] => (spec && spec.selector.trim() !== '' ? [spec.selector] : []);
  const heading = (level: HierarchyLevel): string => (set[level] && set[level]!.selector.trim() !== '' ? set[level]!.selector : NO_ELEMENT);
  return {
    selectors: {
      content: ['body'],
      lvl0: list(set.lvl0),
      lvl1: set.lvl1 ? list(set.lvl1) : [NO_ELEMENT],
      headings: [heading('lvl2'), heading('lvl3'), heading('lvl4'), heading('lvl5'), heading('lvl6')],
      text: set.text ? list(set.text) : [NO_ELEMENT],
      ignore: [...DEFAULT_SELECTORS.ignore, ...exclude],
    },
    ...(set.lvl0?.defaultValue ? { defaultLvl0: set.lvl0.defaultValue } : {}),
  };
}

function deepestLevel(record: DocRecord): number {
  let deepest = 0;
  HIERARCHY_LEVELS.forEach((level, i) => {
    if (record.hierarchy[level]) deepest = i;
  });
  return deepest;
}

/** `strip_chars` of each level (or the config's): those characters removed from both ends, as Python's `str.strip(chars)`. */
function stripRecord(record: DocRecord, set: SelectorSet, globalStrip: string | undefined): DocRecord {
  const strip = (text: string | null, chars: string | undefined): string | null => {
    if (text === null || !chars) return text;
    let start = 0;
    let end = text.length;
    while (start < end && chars.includes(text[start]!)) start++;
    while (end > start && chars.includes(text[end - 1]!)) end--;
    return text.slice(start, end);
  };
  const hierarchy = { ...record.hierarchy };
  for (const level of HIERARCHY_LEVELS) hierarchy[level] = strip(hierarchy[level], set[level]?.stripChars ?? globalStrip);
  return { ...record, hierarchy, content: strip(record.content, set.text?.stripChars ?? globalStrip) };
}
