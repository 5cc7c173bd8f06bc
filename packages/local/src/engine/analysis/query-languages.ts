/**
 * The languages a query's words are stemmed under. An index of several languages (a Starlight
 * site in English and French) needs no French stemmer for an English page's query: loading the
 * stemmers of the query's language alone spares the page a chunk per other language (French's is
 * 2.6 KB) and the query the other languages' forms of its words.
 */
import type { FilterExpression } from '../filters.js';
import { normalizeLanguage } from './language.js';

/** The record attribute the SSG plugins write a page's language into (`language:fr`). */
const LANGUAGE_ATTRIBUTE = 'language';

export interface QueryLanguageInput {
  /** `ignorePlurals` as a list of languages (`['*']`: every one; `[]`: none), or undefined. */
  pluralLanguages: readonly string[] | undefined;
  queryLanguages: readonly string[];
  /** `facetFilters`, an AND of OR lists. */
  facetFilters: readonly (readonly string[])[];
  /** `filters`, parsed. */
  filter: FilterExpression | null;
}

/**
 * In order: the languages `ignorePlurals` names; `queryLanguages`; the languages the search is
 * filtered to (`language:<lang>` in `facetFilters` or `filters`) that the index holds; the page's
 * language (`<html lang>`, given by the browser client) when the index holds it; else every
 * language of the index.
 */
export function stemLanguages(query: QueryLanguageInput, indexLanguages: readonly string[], pageLanguage?: string): string[] {
  const { pluralLanguages } = query;
  if (pluralLanguages && !pluralLanguages.includes('*')) return normalized(pluralLanguages);
  if (query.queryLanguages.length > 0) return normalized(query.queryLanguages);
  const inIndex = (languages: readonly (string | undefined)[]) => normalized(languages).filter((language) => indexLanguages.includes(language));
  const filtered = inIndex([...facetLanguages(query.facetFilters), ...filterLanguages(query.filter)]);
  if (filtered.length > 0) return filtered;
  const page = inIndex([pageLanguage]);
  return page.length > 0 ? page : [...indexLanguages];
}

function normalized(tags: readonly (string | undefined)[]): string[] {
  return [...new Set(tags.map(normalizeLanguage).filter((language): language is string => language !== undefined))];
}

/** The values of an OR list made of `language:<value>` filters alone (one that also allows anything else says nothing). */
function facetLanguages(facetFilters: readonly (readonly string[])[]): string[] {
  const prefix = `${LANGUAGE_ATTRIBUTE}:`;
  return facetFilters.flatMap((anyOf) => (anyOf.length > 0 && anyOf.every((item) => item.startsWith(prefix)) ? anyOf.map((item) => item.slice(prefix.length)) : []));
}

/** The same in `filters`: `language:x`, alone, ANDed with other conditions, or ORed with other languages. */
function filterLanguages(filter: FilterExpression | null): string[] {
  if (!filter) return [];
  if (filter.kind === 'facet') return filter.attribute === LANGUAGE_ATTRIBUTE ? [filter.value] : [];
  if (filter.kind === 'and') return filter.operands.flatMap(filterLanguages);
  if (filter.kind === 'or') {
    const each = filter.operands.map(filterLanguages);
    return each.every((languages) => languages.length > 0) ? each.flat() : [];
  }
  return [];
}
