/**
 * Turns records into the sharded index files. Isomorphic: it returns plain data, and the Node
 * side (`indexer/write-index.ts`) decides where the files go.
 */
import MiniSearch from 'minisearch';
import type { DocRecord } from '../records.js';
import {
  INDEX_FORMAT,
  INDEX_FORMAT_VERSION,
  RECORD_TYPES,
  SEARCHABLE_ATTRIBUTES,
  getAttribute,
  type BuiltIndex,
  type FacetData,
  type ShardDocRow,
  type TermShard,
} from './format.js';
import { indexTerms } from './tokenize.js';

export interface BuildIndexOptions {
  /**
   * Characters of a term that pick its shard. `'auto'` (default) keeps small indexes in one
   * file and splits larger ones, so a query fetches a slice of the index, not all of it.
   */
  termPrefixLength?: number | 'auto';
  /** Records per record shard (default 200): a page of hits usually needs one or two shards. */
  recordShardSize?: number;
  /** Attributes besides `type` and `hierarchy.lvl0` that filters may use (default: every extra string attribute found). */
  filterableAttributes?: string[];
  /** Attribute whose value groups near-duplicate hits for `distinct` (default `url`). */
  attributeForDistinct?: string;
  /** `distinct` when a request leaves it out (default 1: one hit per URL, like the provider's docs crawler). */
  distinct?: number;
}

const BASE_ATTRIBUTES = new Set(['objectID', 'url', 'url_without_anchor', 'anchor', 'type', 'hierarchy', 'content']);

// Measured on the bench corpus: below ~120 KB of postings one file beats several round trips.
const SINGLE_SHARD_MAX_POSTINGS = 120_000;
const ONE_LETTER_MAX_POSTINGS = 3_000_000;

export function buildIndex(records: readonly DocRecord[], options: BuildIndexOptions = {}): BuiltIndex {
  const recordShardSize = options.recordShardSize ?? 200;
  if (!Number.isInteger(recordShardSize) || recordShardSize < 1) {
    throw new RangeError(`buildIndex: "recordShardSize" must be a positive integer, got ${String(options.recordShardSize)}`);
  }
  const attributeForDistinct = options.attributeForDistinct ?? 'url';

  const miniSearch = new MiniSearch<{ id: number; record: DocRecord }>({
    fields: [...SEARCHABLE_ATTRIBUTES],
    extractField: (doc, field) => (field === 'id' ? doc.id : (getAttribute(doc.record, field) as string | null) ?? ''),
    tokenize: indexTerms,
    processTerm: (term) => term,
  });
  miniSearch.addAll(records.map((record, id) => ({ id, record })));
  const serialized = miniSearch.toJSON();

  const distinctGroups = new Map<string, number>();
  const docRows: ShardDocRow[] = records.map((record, id) => {
    const key = JSON.stringify(getAttribute(record, attributeForDistinct) ?? `#${id}`);
    let group = distinctGroups.get(key);
    if (group === undefined) {
      group = distinctGroups.size;
      distinctGroups.set(key, group);
    }
    const lengths = serialized.fieldLength[id] ?? SEARCHABLE_ATTRIBUTES.map(() => 0);
    return [id, group, Math.max(0, RECORD_TYPES.indexOf(record.type)), ...lengths];
  });

  const postingsSize = serialized.index.reduce((sum, [term, fields]) => sum + term.length + JSON.stringify(fields).length, 0);
  const prefixLength =
    options.termPrefixLength === undefined || options.termPrefixLength === 'auto'
      ? postingsSize <= SINGLE_SHARD_MAX_POSTINGS
        ? 0
        : postingsSize <= ONE_LETTER_MAX_POSTINGS
          ? 1
          : 2
      : options.termPrefixLength;

  const termShards = new Map<string, TermShard>();
  const shardDocs = new Map<string, Set<number>>();
  for (const entry of serialized.index) {
    const [term, fields] = entry;
    const key = term.slice(0, prefixLength);
    let shard = termShards.get(key);
    let docs = shardDocs.get(key);
    if (!shard || !docs) {
      shard = { docs: [], index: [] };
      docs = new Set();
      termShards.set(key, shard);
      shardDocs.set(key, docs);
    }
    shard.index.push(entry);
    for (const postings of Object.values(fields)) for (const id of Object.keys(postings)) docs.add(Number(id));
  }
  for (const [key, shard] of termShards) {
    shard.docs = [...(shardDocs.get(key) ?? [])].sort((a, b) => a - b).map((id) => docRows[id]!);
  }

  const recordShards: DocRecord[][] = [];
  for (let start = 0; start < records.length; start += recordShardSize) {
    recordShards.push(records.slice(start, start + recordShardSize));
  }

  const filterableAttributes = options.filterableAttributes
    ? ['type', 'hierarchy.lvl0', ...options.filterableAttributes]
    : ['type', 'hierarchy.lvl0', ...extraStringAttributes(records)];
  const facets = buildFacets(records, [...new Set(filterableAttributes)]);

  return {
    manifest: {
      format: INDEX_FORMAT,
      version: INDEX_FORMAT_VERSION,
      recordCount: records.length,
      averageFieldLength: serialized.averageFieldLength,
      terms: { prefixLength, keys: [...termShards.keys()].sort() },
      records: { size: recordShardSize, shards: recordShards.length },
      filterableAttributes: Object.keys(facets),
      settings: { attributeForDistinct, distinct: options.distinct ?? 1 },
    },
    termShards,
    recordShards,
    facets,
  };
}

function extraStringAttributes(records: readonly DocRecord[]): string[] {
  const found = new Set<string>();
  for (const record of records) {
    for (const [name, value] of Object.entries(record)) {
      if (BASE_ATTRIBUTES.has(name)) continue;
      if (typeof value === 'string' || (Array.isArray(value) && value.every((item) => typeof item === 'string'))) found.add(name);
    }
  }
  return [...found].sort();
}

/** Facet values are stored lower-cased: filters match case-insensitively, as the provider's do. */
export function facetValues(record: DocRecord, attribute: string): string[] {
  const value = getAttribute(record, attribute);
  const values = Array.isArray(value) ? value : [value];
  return values.filter((item): item is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof item)).map((item) => String(item).toLowerCase());
}

function buildFacets(records: readonly DocRecord[], attributes: string[]): FacetData {
  const facets: FacetData = {};
  for (const attribute of attributes) {
    const ranges: Record<string, number[]> = {};
    records.forEach((record, id) => {
      for (const value of facetValues(record, attribute)) {
        const list = (ranges[value] ??= []);
        // Records of a page are consecutive, so per-page values collapse into a few ranges.
        if (list.length > 0 && list[list.length - 1] === id) list[list.length - 1] = id + 1;
        else list.push(id, id + 1);
      }
    });
    facets[attribute] = ranges;
  }
  return facets;
}
