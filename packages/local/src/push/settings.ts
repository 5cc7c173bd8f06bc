/**
 * The hosted index's settings that the widget relies on, as close to the local engine as the
 * provider's ranking allows (see `engine/ranking.ts` for the local weights).
 */
import { normalizeLanguage } from '../engine/analysis/language.js';
import { HIERARCHY_LEVELS, type DocRecord } from '../records.js';

/** Attributes of every record that are not filters (the indexer's own fields, and what push adds). */
const NOT_FACETS = new Set(['objectID', 'url', 'url_without_anchor', 'anchor', 'type', 'hierarchy', 'content', 'weight', 'contentHash']);

export type PushSettings = Record<string, unknown>;

/**
 * `languages[i]` is the language of `records[i]` (the page's `<html lang>`), when known: the
 * index is told its languages, as the local index's manifest is, so the provider (and the
 * loopback server) segment and match inflected forms as the local engine does.
 */
export function pushSettings(records: readonly DocRecord[], languages: readonly (string | undefined)[] = []): PushSettings {
  const siteLanguages = languagesByRecords(languages);
  const levels = HIERARCHY_LEVELS.filter((level) => level !== 'lvl0').map((level) => `unordered(hierarchy.${level})`);
  return {
    // Page titles, then headings by depth, then text. The category (lvl0) comes last: the local
    // engine weighs it below body text (0.6), since every record of a section carries it.
    searchableAttributes: [...levels, 'content', 'unordered(hierarchy.lvl0)'],
    // The filters the plugins and the local engine offer: record type, category and every
    // attribute from the pages' meta tags (language, version, tags, docusaurus_tag…).
    attributesForFaceting: ['type', 'hierarchy.lvl0', ...metaAttributes(records)],
    attributesToRetrieve: ['hierarchy', 'content', 'anchor', 'url', 'url_without_anchor', 'type', ...metaAttributes(records)],
    attributesToHighlight: [...HIERARCHY_LEVELS.map((level) => `hierarchy.${level}`), 'content'],
    attributesToSnippet: ['content:10'],
    // One hit per URL (page and anchor), like the local index and the provider's docs crawler.
    attributeForDistinct: 'url',
    distinct: 1,
    // Typos and words as the local engine: 1 typo from 4 letters, 2 from 8; if no record has
    // every word, the records with the most words; camelCase API names match by part.
    ranking: ['words', 'filters', 'typo', 'attribute', 'proximity', 'exact', 'custom'],
    customRanking: ['desc(weight.pageRank)', 'desc(weight.level)', 'asc(weight.position)'],
    minWordSizefor1Typo: 4,
    minWordSizefor2Typos: 8,
    removeWordsIfNoResults: 'allOptional',
    camelCaseAttributes: ['hierarchy', 'content'],
    // The local engine matches a word's inflected forms in the page's language (stemming); the
    // provider's nearest is plurals in the query languages. Without a known language, neither.
    ignorePlurals: siteLanguages.length > 0,
    ...(siteLanguages.length > 0 ? { indexLanguages: siteLanguages, queryLanguages: siteLanguages } : {}),
    advancedSyntax: false,
    highlightPreTag: '<em>',
    highlightPostTag: '</em>',
    snippetEllipsisText: '…',
  };
}

/** The records' languages as ISO 639-1 codes, most records first (the local manifest's order). */
function languagesByRecords(languages: readonly (string | undefined)[]): string[] {
  const counts = new Map<string, number>();
  for (const tag of languages) {
    const language = normalizeLanguage(tag);
    if (language !== undefined) counts.set(language, (counts.get(language) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([language]) => language);
}

/** Extra string (or string list) attributes found on records, in first-seen order. */
export function metaAttributes(records: readonly DocRecord[]): string[] {
  const found = new Set<string>();
  for (const record of records) {
    for (const [name, value] of Object.entries(record)) {
      if (NOT_FACETS.has(name) || found.has(name)) continue;
      if (typeof value === 'string' || (Array.isArray(value) && value.every((item) => typeof item === 'string'))) found.add(name);
    }
  }
  return [...found];
}

/** Whether the live index lacks any of our settings (others it has, set by hand, are left alone). */
export function settingsDiffer(wanted: PushSettings, current: Record<string, unknown> | null): boolean {
  if (!current) return true;
  return Object.entries(wanted).some(([name, value]) => JSON.stringify(current[name]) !== JSON.stringify(value));
}
