/**
 * `@sitesearch/local/engine`: the isomorphic search engine and index format. No Node imports:
 * safe to bundle for the browser.
 */
export { SearchEngine, type SearchEngineOptions, type SearchOptions, type SearchResponse } from './engine.js';
export { buildIndex, type BuildIndexOptions } from './build.js';
export { memorySource } from './memory-source.js';
export { SearchRequestError, IndexFormatError } from './errors.js';
export { resolveParams, type SearchParams, type FacetFiltersParam, MAX_HITS_PER_PAGE } from './params.js';
export { parseFilters, type FilterExpression } from './parse-filters.js';
export { DEFAULT_RANKING, type RankingOptions } from './ranking.js';
export { Analyzer, createAnalyzer, hasStemmer, loadStemmer, stemmableWords, type Stem, type StemExpansion } from './analysis/stem.js';
export { normalizeLanguage } from './analysis/language.js';
export { validateSynonyms, SynonymsError, SYNONYM_TYPES, type SynonymHit, type SynonymType } from './synonyms.js';
export {
  INDEX_FORMAT,
  INDEX_FORMAT_VERSION,
  SEARCHABLE_ATTRIBUTES,
  MANIFEST_PATH,
  FACETS_PATH,
  termShardPath,
  recordShardPath,
  assertManifest,
  type BuiltIndex,
  type IndexManifest,
  type IndexSource,
  type TermShard,
  type FacetData,
} from './format.js';
export type { DocRecord, DocHit, HighlightResult, Hierarchy, HierarchyLevel, RecordType } from '../records.js';
export { normalizeMultiQuery, normalizeQuery, parseParamsString, type IndexQuery } from './requests.js';
