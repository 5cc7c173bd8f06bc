import { describe, expect, it } from 'vitest';
import { parseFilters } from '../parse-filters.js';
import { stemLanguages } from './query-languages.js';

const INDEX = ['en', 'fr'];
const query = (parts: Partial<Parameters<typeof stemLanguages>[0]> = {}) => ({ pluralLanguages: undefined, queryLanguages: [], facetFilters: [], filter: null, ...parts });

describe('the languages a query is stemmed under', () => {
  it('every language of the index when nothing names one (the loopback server)', () => {
    expect(stemLanguages(query(), INDEX)).toEqual(['en', 'fr']);
  });

  it('the page\'s language when the index holds it, else every language', () => {
    expect(stemLanguages(query(), INDEX, 'en-US')).toEqual(['en']);
    expect(stemLanguages(query(), INDEX, 'fr')).toEqual(['fr']);
    expect(stemLanguages(query(), INDEX, 'de')).toEqual(['en', 'fr']);
  });

  it('the language a facet filter or a filters string keeps, over the page\'s', () => {
    expect(stemLanguages(query({ facetFilters: [['language:fr']] }), INDEX, 'en')).toEqual(['fr']);
    expect(stemLanguages(query({ facetFilters: [['type:content'], ['language:fr-CA', 'language:en']] }), INDEX, 'en')).toEqual(['fr', 'en']);
    // An OR with another attribute keeps any language: it says nothing.
    expect(stemLanguages(query({ facetFilters: [['language:fr', 'type:content']] }), INDEX, 'en')).toEqual(['en']);
    expect(stemLanguages(query({ filter: parseFilters('language:"fr" AND type:content') }), INDEX)).toEqual(['fr']);
    expect(stemLanguages(query({ filter: parseFilters('language:fr OR type:content') }), INDEX)).toEqual(['en', 'fr']);
  });

  it('queryLanguages and an ignorePlurals list win', () => {
    expect(stemLanguages(query({ queryLanguages: ['fr'], facetFilters: [['language:en']] }), INDEX, 'en')).toEqual(['fr']);
    expect(stemLanguages(query({ pluralLanguages: ['en'], queryLanguages: ['fr'] }), INDEX)).toEqual(['en']);
    expect(stemLanguages(query({ pluralLanguages: ['*'] }), INDEX, 'fr')).toEqual(['fr']);
  });
});
