/** Reads an index folder over HTTP with `fetch`, one file per shard, only when asked. */
import { IndexFormatError } from '../engine/errors.js';
import {
  FACETS_PATH,
  MANIFEST_PATH,
  assertManifest,
  decodeFacets,
  decodeRecordShard,
  recordShardPath,
  termShardPath,
  type FacetData,
  type IndexManifest,
  type IndexSource,
  type RecordShardFile,
  type TermShard,
} from '../engine/format.js';

export type FetchLike = (url: string, init?: { signal?: AbortSignal }) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;

/** Resolves the index folder URL against the page, so `/sitesearch/` works in a browser. */
export function resolveIndexUrl(url: string): URL {
  const base = (globalThis as { location?: { href?: string } }).location?.href;
  try {
    const resolved = new URL(url, base);
    if (!resolved.pathname.endsWith('/')) resolved.pathname += '/';
    return resolved;
  } catch {
    throw new TypeError(`createLocalSearchClient: "url" must be an absolute URL, or a path when running in a page; got ${JSON.stringify(url)}`);
  }
}

export function fetchSource(indexUrl: URL, fetchImpl: FetchLike): IndexSource {
  const getJson = async (path: string): Promise<unknown> => {
    const url = new URL(path, indexUrl).href;
    const response = await fetchImpl(url);
    if (!response.ok) throw new IndexFormatError(`sitesearch: GET ${url} answered ${response.status}; is the index built and served there?`);
    try {
      return await response.json();
    } catch (error) {
      throw new IndexFormatError(`sitesearch: ${url} is not valid JSON (${(error as Error).message}); rebuild the index`);
    }
  };
  return {
    manifest: async (): Promise<IndexManifest> => {
      const manifest = await getJson(MANIFEST_PATH);
      assertManifest(manifest, new URL(MANIFEST_PATH, indexUrl).href);
      return manifest;
    },
    termShard: async (key) => (await getJson(termShardPath(key))) as TermShard,
    recordShard: async (shard) => decodeRecordShard((await getJson(recordShardPath(shard))) as RecordShardFile),
    facets: async () => decodeFacets((await getJson(FACETS_PATH)) as FacetData),
  };
}
