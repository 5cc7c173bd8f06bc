/**
 * The on-disk (and over-the-wire) index format. An index is a folder of JSON files so that a
 * static host can serve it and a browser can fetch only the parts a query needs:
 *
 * - `manifest.json`: what the index holds and how it is split (small, fetched first);
 * - `terms/<key>.json`: the inverted index, split into ranges of terms;
 * - `records/<n>.json`: the records themselves, in runs of consecutive ids;
 * - `facets.json`: which records carry which filterable value (fetched only to filter).
 */
import type { DocRecord, Hierarchy } from '../records.js';
import { IndexFormatError } from './errors.js';
import type { SynonymRule } from './synonyms.js';

export const INDEX_FORMAT = 'sitesearch-index';
/**
 * 2: postings as delta-coded runs with a precomputed BM25 term-frequency factor, record types
 * and distinct groups once in the manifest, term shards split by term range and size, record
 * shards that store each hierarchy and page URL once.
 * 3: an index split into term ranges also has one small completions file per 1- and 2-letter
 * prefix (`manifest.completions`), so the first keystrokes do not load every range.
 * 4: the completions of consecutive prefixes share a file up to `COMPLETIONS_FILE_BYTES`
 * (`manifest.completions.files`): a 57-page site had 400 of them, most under 300 bytes, and
 * writing them was a fifth of its build; a large site's lists still fill a file each.
 * 5: `manifest.languages`, the languages of the pages (`<html lang>`, an element's own `lang`),
 * which the engine analyses queries for (word segmentation, stemming); words of scripts without
 * spaces are stored segmented into words, no longer one term per sentence.
 * An index of another version is refused by name.
 */
export const INDEX_FORMAT_VERSION = 5;

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
  /**
   * One character per record, `'a'` + type code (`RECORD_TYPES` order) + 8 when the record starts
   * a new distinct group. Ranking and `distinct` need only this, so it is stored once here instead
   * of beside every posting: on a 220,000-record site it is ~220 KB raw but a few KB gzipped.
   */
  docs: string;
  /**
   * Distinct group of each record, only when records sharing a group are not consecutive (the
   * indexer never does that, but hand-made record arrays may); otherwise groups follow `docs`.
   */
  groups?: number[];
  /** How the inverted index is split: shard `i` holds the terms from `from[i]` up to `from[i + 1]`. */
  terms: {
    /** File keys of the shards (see `termShardPath`), in term order. */
    keys: string[];
    /** The smallest term each shard may hold, ascending; the first is always `''`. */
    from: string[];
  };
  /**
   * Only when the terms are split into ranges: a prefix of up to `prefixLength` letters that is
   * being typed reads one completions file instead of every range starting with it. Its list
   * holds the prefix's `size` most frequent completions (records per term, all fields; ties in
   * term order), in that order, with their heading postings only: the engine scores nothing
   * else for so short a prefix. `prefixes` lists, in order, the prefixes that have a list; any
   * other short prefix completes to nothing. The lists are in files of consecutive prefixes:
   * file `i` (`termShardPath(completionKey(i))`, a `CompletionsFile`) holds the next `files[i]`.
   */
  completions?: { prefixLength: number; size: number; prefixes: string[]; files: number[] };
  /** How the records are split: record `id` lives in `records/${Math.floor(id / size)}.json`. */
  records: { size: number; shards: number };
  /** Attributes that `filters` and `facetFilters` may use. */
  filterableAttributes: string[];
  /** Defaults applied when a request leaves them out. */
  settings: { attributeForDistinct: string; distinct: number };
  /**
   * The languages of the records (primary subtags of `lang`, lower case: `en`, `zh`), most
   * records first; empty when no page said. A query is analysed for these: segmented under the
   * first, stemmed under each that has a stemmer (`analysis/stem.ts`), whose code the browser
   * client loads only then.
   */
  languages: string[];
  /**
   * Whether some terms are words segmented out of text written without spaces (Chinese,
   * Japanese, Thai…): the engine then segments queries and highlights too, with code the
   * browser client loads only for such an index. Left out when false.
   */
  segmented?: true;
  /**
   * The records whose page has a `page_rank` other than 0 (the hosted provider's record attribute,
   * `weight.pageRank` once pushed), as flat `[start, end, rank]` runs of record ids (`end`
   * excluded). Left out when every page is 0.
   */
  pageRanks?: number[];
  /**
   * The site's synonyms, as rules `[typos, word, ...alternatives]` (see `synonyms.ts`), from the
   * provider's synonym objects. Left out when the site has none.
   */
  synonyms?: SynonymRule[];
}

/**
 * Postings of one term in one field: `[fieldId, ...numbers]`. Records are coded as runs of
 * consecutive ids sharing one BM25 factor, each run as `gap, length, factor` (`gap` counted from
 * the end of the previous run), because a heading's words occur in every record under the
 * heading. Content (the last field) has one record per run, so its runs are `gap, factor`.
 * `factor` is BM25's term-frequency part, `tf·(k+1) / (tf + k·(1 − b + b·length/avgLength))`,
 * times `BM25_FACTOR_SCALE` and rounded: field lengths need not be shipped at all.
 */
export type FieldPostings = number[];

/** One term and its postings in each field it occurs in. */
export type TermEntry = [term: string, ...fields: FieldPostings[]];

export interface TermShard {
  /** Entries in ascending term order. */
  terms: TermEntry[];
}

/** The completions lists of a few consecutive prefixes: `sizes[i]` entries each, one list after the other in `terms`. */
export interface CompletionsFile {
  sizes: number[];
  terms: TermEntry[];
}

/** Target size of a completions file, in characters of JSON; a longer list fills one alone. */
export const COMPLETIONS_FILE_BYTES = 12_000;

export const CONTENT_FIELD = SEARCHABLE_ATTRIBUTES.length - 1;
/** One decimal of the BM25 factor (0–2.2) is finer than any ranking difference it makes. */
export const BM25_FACTOR_SCALE = 10;
export const BM25 = { k: 1.2, b: 0.7, d: 0.5 } as const;

/**
 * Records a term occurs in, summed over its fields, counted from the coded runs without decoding
 * them. Build and engine rank short-prefix completions by it, so both must count the same way.
 */
export function entryRecordCount(entry: TermEntry): number {
  let count = 0;
  for (let f = 1; f < entry.length; f++) {
    const coded = entry[f] as FieldPostings;
    if (coded[0] === CONTENT_FIELD) count += (coded.length - 1) / 2;
    else for (let i = 2; i < coded.length; i += 3) count += coded[i]!;
  }
  return count;
}

/** Shard key of completions file `file` (see `IndexManifest.completions`); `^` never starts a term range key. */
export function completionKey(file: number): string {
  return `^${file}`;
}

/** Type code of each record and its distinct group, decoded from the manifest. */
export interface DocTable {
  types: Uint8Array;
  groups: Int32Array;
  /** Each record's `page_rank`, or null when every record's is 0. */
  pageRanks: Float32Array | null;
}

export function decodeDocTable(manifest: IndexManifest): DocTable {
  const count = manifest.recordCount;
  const types = new Uint8Array(count);
  const groups = new Int32Array(count);
  let group = -1;
  for (let id = 0; id < count; id++) {
    const code = manifest.docs.charCodeAt(id) - 97;
    types[id] = code & 7;
    if (code & 8 || group < 0) group++;
    groups[id] = manifest.groups ? manifest.groups[id]! : group;
  }
  let pageRanks: Float32Array | null = null;
  const runs = manifest.pageRanks;
  if (runs && runs.length > 0) {
    pageRanks = new Float32Array(count);
    // A damaged run does no harm: fill() clamps its bounds and reads one that is not a number as 0, and a rank that is not one counts 0.
    for (let i = 0; i + 2 < runs.length; i += 3) pageRanks.fill(Number(runs[i + 2]) || 0, runs[i], runs[i + 1]);
  }
  return { types, groups, pageRanks };
}

/** Attribute → value → record id ranges as flat `[start, end)` pairs. */
export type FacetData = Record<string, Record<string, number[]>>;

/** On disk, each range is `gap from the previous end, length`: smaller and gzip-friendlier. */
export function encodeFacets(facets: FacetData): FacetData {
  return mapFacets(facets, (ranges) => {
    const out: number[] = [];
    for (let i = 0, end = 0; i < ranges.length; i += 2) {
      out.push(ranges[i]! - end, ranges[i + 1]! - ranges[i]!);
      end = ranges[i + 1]!;
    }
    return out;
  });
}

export function decodeFacets(facets: FacetData): FacetData {
  return mapFacets(facets, (coded) => {
    const out: number[] = [];
    for (let i = 0, end = 0; i < coded.length; i += 2) {
      const start = end + coded[i]!;
      end = start + coded[i + 1]!;
      out.push(start, end);
    }
    return out;
  });
}

function mapFacets(facets: FacetData, fn: (ranges: number[]) => number[]): FacetData {
  const out: FacetData = {};
  for (const [attribute, values] of Object.entries(facets)) {
    out[attribute] = {};
    for (const [value, ranges] of Object.entries(values)) out[attribute][value] = fn(ranges);
  }
  return out;
}

/**
 * A record shard on disk. Records of a page share their page URL and mostly their hierarchy,
 * which were 40 % of the bytes when repeated; each distinct one is stored once per shard:
 * `h` hierarchies (`lvl0`… with trailing nulls cut), `u` page URLs, `x` extra attributes, and
 * `r` rows `[objectID, typeCode, h, u, anchor, content, x?]`. A record that does not fit the
 * row (a URL that is not `url_without_anchor#anchor`, unusual fields) is stored as it is.
 */
export interface RecordShardFile {
  h: (string | null)[][];
  u: string[];
  x: Record<string, unknown>[];
  r: (unknown[] | DocRecord)[];
}

const HIERARCHY_KEYS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
const ROW_FIELDS = new Set(['objectID', 'url', 'url_without_anchor', 'anchor', 'type', 'hierarchy', 'content']);

export function encodeRecordShard(records: readonly DocRecord[]): RecordShardFile {
  const file: RecordShardFile = { h: [], u: [], x: [], r: [] };
  // One table per kind, each used at one place: a shared helper taking the kind by name made
  // every lookup polymorphic in this hot function.
  const hierarchies = new Map<string, number>();
  const pages = new Map<string, number>();
  const extras = new Map<string, number>();
  // Records of a page mostly repeat the hierarchy and page before them: compared level by level,
  // it takes the same entry without being serialized as a key.
  let previousLevels: (string | null)[] | null = null;
  let previousH = -1;
  let previousPage: string | null = null;
  let previousU = -1;
  for (const record of records) {
    const levels = rowLevels(record);
    if (!levels) {
      file.r.push(record);
      continue;
    }
    if (previousLevels === null || !sameLevels(levels, previousLevels)) {
      const key = JSON.stringify(levels);
      let h = hierarchies.get(key);
      if (h === undefined) {
        h = file.h.length;
        hierarchies.set(key, h);
        file.h.push(levels);
      }
      previousH = h;
    }
    previousLevels = levels;
    const { objectID, url_without_anchor: page, anchor, type, content } = record as { objectID: string; url_without_anchor: string; anchor: string | null; type: string; content: string | null };
    if (page !== previousPage) {
      let u = pages.get(page);
      if (u === undefined) {
        u = file.u.length;
        pages.set(page, u);
        file.u.push(page);
      }
      previousPage = page;
      previousU = u;
    }
    const row: unknown[] = [objectID, (RECORD_TYPES as readonly string[]).indexOf(type), previousH, previousU, anchor, content];
    let extra: Record<string, unknown> | null = null;
    for (const name of Object.keys(record)) if (!ROW_FIELDS.has(name)) (extra ??= {})[name] = record[name];
    if (extra) {
      const key = JSON.stringify(extra);
      let x = extras.get(key);
      if (x === undefined) {
        x = file.x.length;
        extras.set(key, x);
        file.x.push(extra);
      }
      row.push(x);
    }
    file.r.push(row);
  }
  return file;
}

function sameLevels(a: readonly (string | null)[], b: readonly (string | null)[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const level = a[i]!;
    const other = b[i]!;
    // Nulls tested as such (a test that needs no type feedback): levels are mostly strings, and
    // a null met by a comparison compiled for strings threw the compiled code away (a deopt and a
    // recompile of the whole encoder).
    if (level === null) {
      if (other !== null) return false;
    } else if (other === null || level !== other) return false;
  }
  return true;
}

/**
 * The hierarchy levels of a record that fits a row (trailing nulls cut), or null for one that
 * does not (see `RecordShardFile`) and is stored as it is.
 */
function rowLevels(record: DocRecord): (string | null)[] | null {
  const { objectID, url, url_without_anchor: page, anchor, type, hierarchy, content } = record;
  if (typeof objectID !== 'string' || typeof page !== 'string' || !(RECORD_TYPES as readonly string[]).includes(type)) return null;
  if (!(anchor === null || typeof anchor === 'string') || !(content === null || typeof content === 'string')) return null;
  if (!isRowUrl(url, page, anchor)) return null;
  if (!hierarchy || typeof hierarchy !== 'object') return null;
  // Exactly the seven levels, in order.
  const names = Object.keys(hierarchy);
  if (names.length !== HIERARCHY_KEYS.length) return null;
  for (let i = 0; i < names.length; i++) if (names[i] !== HIERARCHY_KEYS[i]) return null;
  // Read by name, not through the list of names: seven monomorphic loads instead of keyed ones.
  const levels: (string | null)[] = [hierarchy.lvl0, hierarchy.lvl1, hierarchy.lvl2, hierarchy.lvl3, hierarchy.lvl4, hierarchy.lvl5, hierarchy.lvl6];
  let length = 0;
  for (let i = 0; i < levels.length; i++) {
    const level = levels[i];
    if (level === null) continue;
    if (typeof level !== 'string') return null;
    length = i + 1;
  }
  // Trailing nulls cut.
  levels.length = length;
  return levels;
}

/** Whether `url` is `page#anchor` (or `page` without an anchor), checked without building that string. */
function isRowUrl(url: unknown, page: string, anchor: string | null): boolean {
  if (!anchor) return url === page;
  return typeof url === 'string' && url.length === page.length + 1 + anchor.length && url.charCodeAt(page.length) === 35 && hasAt(url, 0, page) && hasAt(url, page.length + 1, anchor);
}

/** Whether `text` holds `part` at `at` (a loop the compiler keeps inline, unlike `startsWith`). */
function hasAt(text: string, at: number, part: string): boolean {
  for (let i = 0; i < part.length; i++) if (text.charCodeAt(at + i) !== part.charCodeAt(i)) return false;
  return true;
}

export function decodeRecordShard(file: RecordShardFile): DocRecord[] {
  return file.r.map((row) => {
    if (!Array.isArray(row)) return row;
    const [objectID, typeCode, h, u, anchor, content, x] = row as [string, number, number, number, string | null, string | null, number?];
    const levels = file.h[h]!;
    const page = file.u[u]!;
    const hierarchy = {} as Hierarchy;
    HIERARCHY_KEYS.forEach((key, level) => (hierarchy[key] = levels[level] ?? null));
    const record: DocRecord = { objectID, url: anchor ? `${page}#${anchor}` : page, url_without_anchor: page, anchor, type: RECORD_TYPES[typeCode]!, hierarchy, content };
    // Each record gets its own copy, so no two records share a mutable object.
    return x === undefined ? record : { ...record, ...(JSON.parse(JSON.stringify(file.x[x])) as Record<string, unknown>) };
  });
}

/** Where the engine reads an index from: memory, files, or HTTP. */
export interface IndexSource {
  manifest(): Promise<IndexManifest>;
  /** A term range, or a completions file for a `completionKey` (a `CompletionsFile`). */
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

/** File name of a term shard (or completions file); keys are made safe for any file system and URL. */
export function termShardPath(key: string): string {
  if (key === '') return 'terms/all.json';
  const completion = key.startsWith('^');
  const safe = [...(completion ? key.slice(1) : key)].map((ch) => (/[a-z0-9]/.test(ch) ? ch : `_${ch.codePointAt(0)!.toString(16)}`)).join('');
  return completion ? `terms/p-${safe}.json` : `terms/k-${safe}.json`;
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

const pathParts = new Map<string, string[]>();

/** Gets a possibly dotted attribute (`hierarchy.lvl1`) from a record. */
export function getAttribute(record: Record<string, unknown>, path: string): unknown {
  // Called for every record and field while building: split each path once.
  let parts = pathParts.get(path);
  if (!parts) pathParts.set(path, (parts = path.split('.')));
  let value: unknown = record;
  for (const part of parts) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}
