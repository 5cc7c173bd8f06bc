export { extractPage, type ExtractOptions, type ExtractResult } from './extract.js';
export { indexSite, pagePath, IndexerError, type IndexSiteOptions, type IndexedSite, type SkippedPage } from './site.js';
export { DEFAULT_SELECTORS, resolveSelectors, type IndexerSelectors } from './selectors.js';
export { writeIndex, serializeIndex, fileSource, type WrittenIndex } from './write-index.js';
export { buildSiteIndex, type BuildSiteIndexOptions, type SiteIndexReport } from './build-site.js';
export { releasePostNote, type PageRankRules } from './page-rank.js';
export { readSynonymsFile, resolveSynonyms } from './synonyms-file.js';
