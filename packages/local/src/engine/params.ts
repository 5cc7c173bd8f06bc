/**
 * Validation of the search parameters the provider's lite client sends, with the provider's
 * defaults. Anything else is refused by name: a silently ignored parameter is a wrong answer.
 */
import { SearchRequestError } from './errors.js';
import { SEARCHABLE_ATTRIBUTES, type SearchableAttribute } from './format.js';
import { queryTerms } from './tokenize.js';

/** Search parameters as a client sends them (the provider's names). */
export interface SearchParams {
  query?: string;
  hitsPerPage?: number;
  page?: number;
  attributesToRetrieve?: string[];
  attributesToSnippet?: string[];
  attributesToHighlight?: string[];
  highlightPreTag?: string;
  highlightPostTag?: string;
  snippetEllipsisText?: string;
  facetFilters?: FacetFiltersParam;
  filters?: string;
  restrictSearchableAttributes?: string[];
  distinct?: boolean | number | string;
  /** What to do when every word together finds too little: the provider's strategies (see `RemoveWordsMode`). */
  removeWordsIfNoResults?: RemoveWordsMode;
  /** Words that need not match, as one string of words or a list of them (each string may hold several). */
  optionalWords?: string | string[];
  /** Whether singular and plural (and other inflected forms) match: `true` for the query languages, or a list of language codes. */
  ignorePlurals?: boolean | string | string[];
  /** Languages of the queries (ISO 639-1 codes): the languages `ignorePlurals: true` applies to. */
  queryLanguages?: string[];
  /** Analytics switches: ignored by the engine; the loopback server answers `clickAnalytics` with a `queryID` and records searches with `--analytics`. */
  clickAnalytics?: boolean;
  analytics?: boolean;
  analyticsTags?: string[];
  userToken?: string;
  enablePersonalization?: boolean;
}

export type FacetFiltersParam = string | (string | string[])[];

/**
 * The provider's word-removal strategies: `none` (every word is required), `lastWords` /
 * `firstWords` (the last / first words become optional one after another, at most 5), and
 * `allOptional` (any word may be missing; records with more of them rank higher).
 */
export type RemoveWordsMode = 'none' | 'lastWords' | 'firstWords' | 'allOptional';
export const REMOVE_WORDS_MODES: readonly RemoveWordsMode[] = ['none', 'lastWords', 'firstWords', 'allOptional'];

/** Parameters after validation, defaults applied. */
export interface ResolvedParams {
  query: string;
  hitsPerPage: number;
  page: number;
  attributesToRetrieve: string[];
  /** Attribute → number of words. */
  attributesToSnippet: Map<string, number>;
  attributesToHighlight: string[];
  highlightPreTag: string;
  highlightPostTag: string;
  snippetEllipsisText: string;
  facetFilters: string[][];
  filters: string;
  searchableAttributes: SearchableAttribute[];
  /** Hits kept per distinct group; 0 turns grouping off. `undefined`: the index's setting. */
  distinct: number | undefined;
  /** `undefined`: the index's default (`allOptional`, what `sitesearch push` sets on the hosted index). */
  removeWordsIfNoResults: RemoveWordsMode | undefined;
  /** Normalized terms of `optionalWords`: a query word among them is never required. */
  optionalWords: Set<string>;
  /**
   * Languages whose plural (and inflected) forms match each other: `ignorePlurals` as a list, or
   * `queryLanguages` when it is `true` (`['*']`: every language, when no query language is set);
   * empty when `false`; `undefined` when left out: the index's languages (the local index stems
   * by default, see `analysis/stem.ts`).
   */
  pluralLanguages: string[] | undefined;
  queryLanguages: string[];
}

const IGNORED = new Set(['clickAnalytics', 'analytics', 'analyticsTags', 'userToken', 'enablePersonalization']);
const SUPPORTED = new Set([
  'query',
  'hitsPerPage',
  'page',
  'attributesToRetrieve',
  'attributesToSnippet',
  'attributesToHighlight',
  'highlightPreTag',
  'highlightPostTag',
  'snippetEllipsisText',
  'facetFilters',
  'filters',
  'restrictSearchableAttributes',
  'distinct',
  'removeWordsIfNoResults',
  'optionalWords',
  'ignorePlurals',
  'queryLanguages',
  ...IGNORED,
]);

export const MAX_HITS_PER_PAGE = 1000;

export function resolveParams(input: unknown): ResolvedParams {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new SearchRequestError(`search parameters must be an object, got ${describe(input)}`);
  }
  const params = input as Record<string, unknown>;
  for (const name of Object.keys(params)) {
    if (!SUPPORTED.has(name)) {
      throw new SearchRequestError(
        `unsupported search parameter "${name}"; the local engine supports: ${[...SUPPORTED].filter((n) => !IGNORED.has(n)).join(', ')}`,
      );
    }
  }

  const searchable = optionalStringList(params, 'restrictSearchableAttributes');
  if (searchable) {
    for (const attribute of searchable) {
      if (!(SEARCHABLE_ATTRIBUTES as readonly string[]).includes(attribute)) {
        throw new SearchRequestError(
          `"restrictSearchableAttributes" got "${attribute}", which is not searchable; searchable attributes: ${SEARCHABLE_ATTRIBUTES.join(', ')}`,
        );
      }
    }
  }

  const queryLanguages = languageList('queryLanguages', optionalStringList(params, 'queryLanguages')) ?? [];
  return {
    query: optionalString(params, 'query') ?? '',
    hitsPerPage: optionalInteger(params, 'hitsPerPage', 0, MAX_HITS_PER_PAGE) ?? 20,
    page: optionalInteger(params, 'page', 0, Number.MAX_SAFE_INTEGER) ?? 0,
    attributesToRetrieve: optionalStringList(params, 'attributesToRetrieve') ?? ['*'],
    attributesToSnippet: parseSnippetAttributes(optionalStringList(params, 'attributesToSnippet') ?? []),
    attributesToHighlight: optionalStringList(params, 'attributesToHighlight') ?? [...SEARCHABLE_ATTRIBUTES],
    highlightPreTag: optionalString(params, 'highlightPreTag') ?? '<em>',
    highlightPostTag: optionalString(params, 'highlightPostTag') ?? '</em>',
    snippetEllipsisText: optionalString(params, 'snippetEllipsisText') ?? '…',
    facetFilters: parseFacetFilters(params.facetFilters),
    filters: optionalString(params, 'filters') ?? '',
    searchableAttributes: (searchable as SearchableAttribute[] | undefined) ?? [...SEARCHABLE_ATTRIBUTES],
    distinct: parseDistinct(params.distinct),
    removeWordsIfNoResults: parseRemoveWords(params.removeWordsIfNoResults),
    optionalWords: parseOptionalWords(params.optionalWords),
    pluralLanguages: parseIgnorePlurals(params, queryLanguages),
    queryLanguages,
  };
}

function parseRemoveWords(value: unknown): RemoveWordsMode | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && (REMOVE_WORDS_MODES as readonly string[]).includes(value)) return value as RemoveWordsMode;
  throw new SearchRequestError(`"removeWordsIfNoResults" must be one of ${REMOVE_WORDS_MODES.map((mode) => `"${mode}"`).join(', ')}, got ${describe(value)}`);
}

/** The provider reads each string as a set of words (no commas needed), so every string is tokenized like a query. */
function parseOptionalWords(value: unknown): Set<string> {
  if (value === undefined) return new Set();
  let strings: unknown[] | undefined = typeof value === 'string' ? [value] : Array.isArray(value) ? value : undefined;
  // The legacy `params` string carries a list as JSON.
  if (typeof value === 'string' && value.startsWith('[')) {
    try {
      const parsed = JSON.parse(value) as unknown;
      if (Array.isArray(parsed)) strings = parsed;
    } catch {
      // Not JSON: words, as any other string.
    }
  }
  if (!strings || !strings.every((item) => typeof item === 'string')) {
    throw new SearchRequestError(`"optionalWords" must be a string or an array of strings, got ${describe(value)}`);
  }
  return new Set((strings as string[]).flatMap((text) => queryTerms(text)));
}

/** ISO 639-1 codes, as the provider takes them (`en`, `fr`, `zh`…). */
const LANGUAGE_CODE = /^[a-z]{2}$/;

function languageList(name: string, list: string[] | undefined): string[] | undefined {
  if (!list) return undefined;
  for (const code of list) {
    if (!LANGUAGE_CODE.test(code)) throw new SearchRequestError(`"${name}" takes ISO 639-1 language codes such as "en" or "fr", got ${describe(code)}`);
  }
  return list;
}

function parseIgnorePlurals(params: Record<string, unknown>, queryLanguages: string[]): string[] | undefined {
  const value = params.ignorePlurals;
  if (value === undefined) return undefined;
  if (value === false || value === 'false') return [];
  // `true` means the query languages, or every language the engine can stem when none is set.
  if (value === true || value === 'true') return queryLanguages.length > 0 ? queryLanguages : ['*'];
  if (typeof value === 'string' || Array.isArray(value)) {
    const list = optionalStringList(params, 'ignorePlurals');
    if (list) return languageList('ignorePlurals', list)!;
  }
  throw new SearchRequestError(`"ignorePlurals" must be a boolean or a list of language codes (e.g. ["en", "fr"]), got ${describe(value)}`);
}

function parseSnippetAttributes(list: string[]): Map<string, number> {
  const result = new Map<string, number>();
  for (const item of list) {
    const match = /^([^:]+?)(?::(\d+))?$/.exec(item.trim());
    if (!match) {
      throw new SearchRequestError(`"attributesToSnippet" got "${item}"; expected "attribute" or "attribute:words", e.g. "content:10"`);
    }
    result.set(match[1]!, match[2] === undefined ? 10 : Number(match[2]));
  }
  return result;
}

/** Normalizes `facetFilters` to an AND of OR lists. */
export function parseFacetFilters(value: unknown): string[][] {
  if (value === undefined) return [];
  if (typeof value === 'string') return [[checkFacetFilter(value)]];
  if (!Array.isArray(value)) {
    throw new SearchRequestError(`"facetFilters" must be a string or an array of strings and string arrays, got ${describe(value)}`);
  }
  return value.map((item) => {
    if (typeof item === 'string') return [checkFacetFilter(item)];
    if (Array.isArray(item) && item.every((inner) => typeof inner === 'string')) return item.map(checkFacetFilter);
    throw new SearchRequestError(`"facetFilters" items must be strings or arrays of strings, got ${describe(item)}`);
  });
}

function checkFacetFilter(filter: string): string {
  if (!/^-?[^:]+:/.test(filter)) {
    throw new SearchRequestError(`"facetFilters" got "${filter}"; expected "attribute:value" (or "-attribute:value" to exclude)`);
  }
  return filter;
}

function parseDistinct(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (value === true || value === 'true') return 1;
  if (value === false || value === 'false') return 0;
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof number === 'number' && Number.isInteger(number) && number >= 0 && number <= 4) return number;
  throw new SearchRequestError(`"distinct" must be a boolean or an integer from 0 to 4, got ${describe(value)}`);
}

function optionalString(params: Record<string, unknown>, name: string): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new SearchRequestError(`"${name}" must be a string, got ${describe(value)}`);
  return value;
}

function optionalInteger(params: Record<string, unknown>, name: string, min: number, max: number): number | undefined {
  const raw = params[name];
  if (raw === undefined) return undefined;
  // The provider accepts numbers sent as strings (the legacy `params` query string has no types).
  const value = typeof raw === 'string' && /^-?\d+$/.test(raw) ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new SearchRequestError(`"${name}" must be an integer from ${min} to ${max}, got ${describe(raw)}`);
  }
  return value;
}

function optionalStringList(params: Record<string, unknown>, name: string): string[] | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  // The legacy `params` string carries lists as JSON or as comma-separated text.
  if (typeof value === 'string') {
    if (value.startsWith('[')) {
      try {
        return optionalStringList({ [name]: JSON.parse(value) as unknown }, name);
      } catch (error) {
        if (error instanceof SearchRequestError) throw error;
      }
    }
    return value.split(',').map((item) => item.trim()).filter(Boolean);
  }
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw new SearchRequestError(`"${name}" must be an array of strings, got ${describe(value)}`);
  }
  return value;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array (${JSON.stringify(value).slice(0, 60)})`;
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${JSON.stringify(value)?.slice(0, 60)}`;
}
