/**
 * `@sitesearch/local` (Node): the indexer, the loopback server and the engine. The browser
 * client is `@sitesearch/local/client`; the isomorphic engine alone is `@sitesearch/local/engine`.
 */
export * from './engine/index.js';
export * from './indexer/index.js';
export * from './server/index.js';
export { HIERARCHY_LEVELS } from './records.js';
export { pushHint, pushCommand, firstIndexName, type PushHintOptions, type PushHintConfigShape } from './push/hint.js';
