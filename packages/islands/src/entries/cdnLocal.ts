/**
 * `sitesearch-local.js` of the CDN build: the local index client, fetched only when a page that
 * uses `sitesearch.localIndex(url)` first searches (or shows intent). Only esbuild reads this
 * file (it bundles the built `@sitesearch/local`); the type checks leave it out, so this package
 * type-checks on a fresh clone before its neighbour is built.
 */
export { createLocalSearchClient } from '@sitesearch/local/client';
