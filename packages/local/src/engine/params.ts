/**
 * Validation of the search parameters the provider's lite client sends, with the provider's
 * defaults. Anything else is refused by name: a silently ignored parameter is a wrong answer.
 */
import { SearchRequestError } from './errors.js';
import { SEARCHABLE_ATTRIBUTES, type SearchableAttribute } from './format.js';

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
  /** Analytics switches: accepted and ignored, since a local index records no analytics. */
  clickAnalytics?: boolean;
  analytics?: boolean;
  analyticsTags?: string[];
  userToken?: string;
  enablePersonalization?: boolean;
}

export type FacetFiltersParam = string | (string | string[])[];

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
  };
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
