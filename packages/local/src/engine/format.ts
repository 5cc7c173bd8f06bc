/**
 * The on-disk (and over-the-wire) index format. An index is a folder of JSON files so that a
 * static host can serve it and a browser can fetch only the parts a query needs:
 *
 * - `manifest.json`: what the index holds and how it is split (small, fetched first);
 * - `terms/<key>.json`: the inverted index, split by the first letters of each term;
 * - `records/<n>.json`: the records themselves, in runs of consecutive ids;
 * - `facets.json`: which records carry which filterable value (fetched only to filter).
 */
import type { DocRecord } from '../records.js';
import { IndexFormatError } from './errors.js';

export const INDEX_FORMAT = 'sitesearch-index';
export const INDEX_FORMAT_VERSION = 1;

/** The searchable attributes, in field-id order. Paths use the provider's dotted notation. */
export const SEARCHABLE_ATTRIBUTES = [
  'hierarchy.lvl0',
  'hierarchy.lvl1',
  'hierarchy.lvl2',
  'hierarchy.lvl3',
  'hierarchy.lvl4',
  'hierarchy.lvl5',
  'hierarchy.lvl6',
  'content',
] as const;

export type SearchableAttribute = (typeof SEARCHABLE_ATTRIBUTES)[number];

/** Record types in the order of `DocRecord.type`, coded as small integers in term shards. */
export const RECORD_TYPES = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6', 'content'] as const;

export interface IndexManifest {
  format: typeof INDEX_FORMAT;
  version: number;
  /** Number of records; record ids run from 0 to `recordCount - 1` in page order. */
  recordCount: number;
  /** Mean token count of each searchable attribute, for BM25 length normalization. */
  averageFieldLength: number[];
  /** How the inverted index is split. */
  terms: {
    /** A term lives in the shard named by its first `prefixLength` characters (0: one shard). */
    prefixLength: number;
    /** Keys of the shards that exist. */
    keys: string[];
  };
  /** How the records are split: record `id` lives in `records/${Math.floor(id / size)}.json`. */
  records: { size: number; shards: number };
  /** Attributes that `filters` and `facetFilters` may use. */
  filterableAttributes: string[];
  /** Defaults applied when a request leaves them out. */
  settings: { attributeForDistinct: string; distinct: number };
}

/**
 * Per record that a term shard mentions: `[id, distinctGroup, typeCode, ...fieldLengths]`.
 * The group and type let the engine rank and de-duplicate before fetching any record.
 */
export type ShardDocRow = number[];

/** Postings: term → field id → record id → term frequency (MiniSearch's own serialized shape). */
export type ShardPostings = [term: string, fields: Record<string, Record<string, number>>][];

export interface TermShard {
  docs: ShardDocRow[];
  index: ShardPostings;
}

/** Attribute → value → record id ranges as flat `[start, end)` pairs. */
export type FacetData = Record<string, Record<string, number[]>>;

/** Where the engine reads an index from: memory, files, or HTTP. */
export interface IndexSource {
  manifest(): Promise<IndexManifest>;
  termShard(key: string): Promise<TermShard>;
  recordShard(shard: number): Promise<DocRecord[]>;
  facets(): Promise<FacetData>;
}

/** Every file of a built index, keyed by its path inside the index folder. */
export interface BuiltIndex {
  manifest: IndexManifest;
  termShards: Map<string, TermShard>;
  recordShards: DocRecord[][];
  facets: FacetData;
}

/** File name of a term shard; keys are made safe for any file system and URL. */
export function termShardPath(key: string): string {
  if (key === '') return 'terms/all.json';
  const safe = [...key].map((ch) => (/[a-z0-9]/.test(ch) ? ch : `_${ch.codePointAt(0)!.toString(16)}`)).join('');
  return `terms/k-${safe}.json`;
}

export function recordShardPath(shard: number): string {
  return `records/${shard}.json`;
}

export const MANIFEST_PATH = 'manifest.json';
export const FACETS_PATH = 'facets.json';

/** Checks that parsed JSON is a manifest this version reads, naming what is wrong and where. */
export function assertManifest(value: unknown, where: string): asserts value is IndexManifest {
  const manifest = value as Partial<IndexManifest> | null;
  if (!manifest || typeof manifest !== 'object' || manifest.format !== INDEX_FORMAT) {
    throw new IndexFormatError(`${where} is not a SiteSearch index manifest (expected "format": "${INDEX_FORMAT}")`);
  }
  if (manifest.version !== INDEX_FORMAT_VERSION) {
    throw new IndexFormatError(
      `${where} has index format version ${String(manifest.version)}; this version of @sitesearch/local reads version ${INDEX_FORMAT_VERSION}. Rebuild the index.`,
    );
  }
}

/** Gets a possibly dotted attribute (`hierarchy.lvl1`) from a record. */
export function getAttribute(record: Record<string, unknown>, path: string): unknown {
  let value: unknown = record;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}
