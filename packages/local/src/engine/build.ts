/**
 * Turns records into the sharded index files. Isomorphic: it returns plain data, and the Node
 * side (`indexer/write-index.ts`) decides where the files go.
 */
import type { DocRecord } from '../records.js';
import {
  BM25,
  BM25_FACTOR_SCALE,
  COMPLETIONS_FILE_BYTES,
  CONTENT_FIELD,
  INDEX_FORMAT,
  INDEX_FORMAT_VERSION,
  RECORD_TYPES,
  SEARCHABLE_ATTRIBUTES,
  completionKey,
  entryRecordCount,
  getAttribute,
  type IndexManifest,
  type BuiltIndex,
  type CompletionsFile,
  type FacetData,
  type FieldPostings,
  type TermEntry,
  type TermShard,
} from './format.js';
import { scanIndexTerms, termHash, useWordSegmentation, type IndexTermSink } from './tokenize.js';
import { normalizeLanguage } from './analysis/language.js';
import { SEGMENTED, SEGMENTED_CHARACTER } from './analysis/scripts.js';
import { pieceSplitter } from './analysis/segment.js';
import { synonymRules, type SynonymHit } from './synonyms.js';

// The indexer always segments: what it met decides what the index holds.
useWordSegmentation(pieceSplitter(SEGMENTED));

export interface BuildIndexOptions {
  /**
   * How the term index is split. `'auto'` (default) keeps a small index in one file and cuts a
   * larger one into ranges of terms of about `termShardBytes` each, so a query fetches a slice
   * of the index, not all of it. A number splits by that many first characters of each term.
   */
  termPrefixLength?: number | 'auto';
  /**
   * Target size of a term shard, in characters of JSON, when `termPrefixLength` is `'auto'`.
   * Default: one shard up to 150,000 characters in all, else 20,000 each.
   */
  termShardBytes?: number;
  /** Records per record shard (default 48): a page of hits needs a few, and a small one wastes fewer bytes. */
  recordShardSize?: number;
  /** Attributes besides `type` and `hierarchy.lvl0` that filters may use (default: every extra string attribute found). */
  filterableAttributes?: string[];
  /** Attribute whose value groups near-duplicate hits for `distinct` (default `url`). */
  attributeForDistinct?: string;
  /** `distinct` when a request leaves it out (default 1: one hit per URL, like the provider's docs crawler). */
  distinct?: number;
  /** Language of the records added without one (a `lang` tag: `en`, `zh-CN`); default none. */
  language?: string;
  /** The site's synonyms, in the provider's format, checked (`validateSynonyms`); default none. */
  synonyms?: readonly SynonymHit[];
}

const BASE_ATTRIBUTES = new Set(['objectID', 'url', 'url_without_anchor', 'anchor', 'type', 'hierarchy', 'content']);

// Measured with the bench: one file up to this size beats several round trips while typing;
// beyond it, ranges of this target size keep the bytes before the first result down.
const SINGLE_SHARD_MAX_BYTES = 150_000;
// Term ranges of 20,000 characters and record shards of 48 records (issue #20; were 40,000 and 32):
// averaged over the bench's keyword queries on the Vite and Vitest docs, a visitor's first result
// fetches 39.9 / 39.6 KB gz instead of 43.7 / 45.1, a question typed letter by letter 197 / 256 KB
// instead of 203 / 260 (a keyword query typed: 112 / 110 against 105 / 103), and the index is 96 /
// 240 files instead of 123 / 315: each file is a cost at build time (creating one took up to 1 ms
// of system time on the bench machine) and at deploy. 64-record shards would cut files further but
// made a typed query fetch a fifth more (`tsx bench/layout.ts` prints all of these).
const DEFAULT_TERM_SHARD_BYTES = 20_000;
const DEFAULT_RECORD_SHARD_SIZE = 48;
/**
 * What the engine does with a word being typed that is this short: it scores only the
 * `COMPLETIONS_PER_PREFIX` most frequent completions, in headings (`SHORT_PREFIX` and
 * `SHORT_PREFIX_COMPLETIONS` in engine.ts; the engine checks the manifest's figures match).
 */
export const COMPLETION_PREFIX_LENGTH = 2;
export const COMPLETIONS_PER_PREFIX = 40;

/**
 * Postings while building. Heading fields: per term and field, flat runs `start, length, tf,
 * fieldLength` (a heading's terms run over every record under it). Content (one record per
 * posting, most of them): `term id, record id, tf` appended to one typed array as records come,
 * grouped by term at the end, so the build holds 12 bytes per posting and no object or array
 * per term that the garbage collector would walk (on the 10,000-page site the per-term arrays
 * this replaces made adding records the main thread's largest cost).
 */
interface BuildPostings {
  /** Terms by id, in order of first appearance. */
  terms: string[];
  /** Term ids in term order. */
  order: number[];
  /** Heading runs, `RUN` ints each: term id, field, start, length, tf, field length. */
  runs: Int32Array;
  /** Heading runs of term id `t`: run indexes `runOrder[runStart[t]]` to `runOrder[runStart[t + 1] - 1]`, in record order. */
  runStart: Int32Array;
  runOrder: Int32Array;
  /** Content postings, `term id, record id, tf` each, of term id `t`: `contentOrder[contentStart[t]]`… likewise. */
  log: Int32Array;
  contentStart: Int32Array;
  contentOrder: Int32Array;
}

/** `languages[i]`, when given, is the language of `records[i]` (else `options.language`). */
export function buildIndex(records: readonly DocRecord[], options: BuildIndexOptions = {}, languages?: readonly (string | undefined)[]): BuiltIndex {
  const builder = createIndexBuilder(options);
  records.forEach((record, i) => builder.add(record, undefined, undefined, languages?.[i]));
  const recordShards: DocRecord[][] = [];
  for (let start = 0; start < records.length; start += builder.recordShardSize) {
    recordShards.push(records.slice(start, start + builder.recordShardSize));
  }
  return { ...builder.finish(), recordShards };
}

/**
 * Term counts of one record's searchable fields, in field order, in the order terms first appear
 * (`[term, tf, term, tf, …]` per field), each term as its number in the counter's `TermVocabulary`.
 */
export type RecordTermCounts = number[][];

/**
 * Terms by number, in the order a term counter first met them; it only grows. Counts from
 * another thread come with terms as these numbers: the thread building the index then looks
 * each term up once, not once per record it occurs in (on the 10,000-page site those lookups
 * were a tenth of its main thread), and numbers cross between threads cheaper than strings.
 */
export type TermVocabulary = string[];

/**
 * Counts the terms of each searchable field of records taken in order. Records under one heading
 * repeat its text, so a field is tokenized again only when its text changes. Terms are counted
 * as their numbers in `vocabulary`, new terms appended.
 */
export function createTermCounter(vocabulary: TermVocabulary): (record: DocRecord, language?: string) => RecordTermCounts {
  const lastText: (string | undefined)[] = SEARCHABLE_ATTRIBUTES.map(() => undefined);
  const lastCounts: number[][] = SEARCHABLE_ATTRIBUTES.map(() => []);
  const counter = new NumberCounter(vocabulary);
  let lastLanguage: string | undefined;
  const counts = (field: number, text: string): number[] => {
    if (text !== lastText[field]) {
      lastText[field] = text;
      lastCounts[field] = counter.countText(text, lastLanguage);
    }
    return lastCounts[field]!;
  };
  // The fields read directly, in `SEARCHABLE_ATTRIBUTES` order (a test checks that they match):
  // this runs for every record, which then costs no dotted path looked up per field, callback per
  // field or array made by `map`. One array literal also gives every record's counts one map,
  // which the builder's `add` is then compiled for ("wrong map" deopts before).
  return (record, language) => {
    // The language picks the segmenter: a text counted under another one is counted again.
    if (language !== lastLanguage) {
      lastLanguage = language;
      lastText.fill(undefined);
    }
    const hierarchy = levelsOf(record);
    return [
      counts(0, fieldString(hierarchy.lvl0)),
      counts(1, fieldString(hierarchy.lvl1)),
      counts(2, fieldString(hierarchy.lvl2)),
      counts(3, fieldString(hierarchy.lvl3)),
      counts(4, fieldString(hierarchy.lvl4)),
      counts(5, fieldString(hierarchy.lvl5)),
      counts(6, fieldString(hierarchy.lvl6)),
      counts(7, fieldString(record.content)),
    ];
  };
}

const NO_LEVELS: Record<string, unknown> = {};

/** A record's hierarchy, or no levels where it has none (as `getAttribute` reads a path through it). */
function levelsOf(record: DocRecord): Record<string, unknown> {
  const hierarchy = record.hierarchy as unknown;
  return hierarchy !== null && typeof hierarchy === 'object' ? (hierarchy as Record<string, unknown>) : NO_LEVELS;
}

/** A field's value as the text its terms are counted in. */
function fieldString(value: unknown): string {
  return typeof value === 'string' ? value : value == null ? '' : String(value);
}

/**
 * Counts a text's terms as their numbers in `vocabulary` (appending new ones), the counts in
 * arrays indexed by number. Terms are looked up in a hash table of their own: a word is compared
 * where it stands in the text, so a word already met costs no string (slicing and lower-casing
 * each word for a `Map` lookup was most of counting). A class, not closures: every counter then
 * shares one set of methods, which the tokenizer's calls stay compiled for (closures of the
 * warm-up's counter below made them a "wrong call target" for the next counter).
 */
class NumberCounter implements IndexTermSink {
  // Every array starts small: they grow while the first texts are counted (the warm-up below
  // included), so the compiled counter knows that path; one first met later cost a deopt and a
  // recompile.
  /** Open addressing: each slot holds a term's number + 1, or 0; at most half of them are used. */
  slots = new Int32Array(8);
  /** `termHash` of each number's term. */
  hashes = new Int32Array(8);
  tf = new Int32Array(8);
  /** Text (`stamp`) in which each number was last counted. */
  seen = new Int32Array(8);
  stamp = 0;
  order: number[] = [];

  constructor(readonly vocabulary: TermVocabulary) {
    // Terms the vocabulary already holds keep their numbers.
    for (const term of vocabulary.splice(0)) this.addTerm(term, termHash(term));
  }

  countText(text: string, language?: string): number[] {
    this.stamp++;
    this.order.length = 0;
    scanIndexTerms(text, this, language);
    // In the order terms first appear, as the counts by text are.
    const { order, tf } = this;
    const flat: number[] = [];
    for (const number of order) flat.push(number, tf[number]!);
    return flat;
  }

  plain(text: string, start: number, end: number, upper: boolean, hash: number): void {
    const { slots, hashes, vocabulary } = this;
    const mask = slots.length - 1;
    const length = end - start;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = slots[slot]!;
      if (entry === 0) break;
      if (hashes[entry - 1] !== hash) continue;
      const term = vocabulary[entry - 1]!;
      if (term.length !== length) continue;
      let k = 0;
      while (k < length) {
        let code = text.charCodeAt(start + k);
        if (upper && code >= 65 && code <= 90) code += 32;
        if (code !== term.charCodeAt(k)) break;
        k++;
      }
      if (k === length) return this.count(entry - 1);
    }
    const word = text.slice(start, end);
    this.count(this.addTerm(upper ? word.toLowerCase() : word, hash));
  }

  term(term: string): void {
    const hash = termHash(term);
    const { slots, hashes, vocabulary } = this;
    const mask = slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = slots[slot]!;
      if (entry === 0) break;
      if (hashes[entry - 1] === hash && vocabulary[entry - 1] === term) return this.count(entry - 1);
    }
    this.count(this.addTerm(term, hash));
  }

  count(number: number): void {
    if (this.seen[number] !== this.stamp) {
      this.seen[number] = this.stamp;
      this.tf[number] = 1;
      this.order.push(number);
    } else {
      this.tf[number]!++;
    }
  }

  addTerm(term: string, hash: number): number {
    const { vocabulary } = this;
    const number = vocabulary.length;
    vocabulary.push(term);
    if (number >= this.hashes.length) {
      const size = 2 * this.hashes.length;
      const hashes = new Int32Array(size);
      const tf = new Int32Array(size);
      const seen = new Int32Array(size);
      hashes.set(this.hashes);
      tf.set(this.tf);
      seen.set(this.seen);
      this.hashes = hashes;
      this.tf = tf;
      this.seen = seen;
    }
    this.hashes[number] = hash;
    if (2 * vocabulary.length > this.slots.length) {
      this.slots = new Int32Array(2 * this.slots.length);
      for (let known = 0; known < vocabulary.length; known++) this.insert(known);
    } else {
      this.insert(number);
    }
    return number;
  }

  insert(number: number): void {
    const { slots } = this;
    const mask = slots.length - 1;
    let slot = this.hashes[number]! & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = number + 1;
  }
}

// The counter is compiled after the indexer's first few texts, for the paths those took: on the
// Vitest docs they held no non-ASCII character, and the first one met later threw the compiled
// code away to compile it again (twice, ~60 ms of compile CPU). A few runs over every path at
// load, enough for V8 to record them, let the first compile cover them all (counters made later
// share what V8 recorded). Each run meets a letter and a symbol not seen before, so the first-time
// paths of the lookups are recorded too.
{
  const warm = new NumberCounter([]);
  for (let run = 0; run < 12; run++) {
    warm.countText(`R\u00e9sum\u00e9 ${String.fromCharCode(0xc0 + run)}x ${String.fromCharCode(0x2190 + run)} na\u00efveCase, HTMLParser \u{1d4b3}x1 fooBar Foo foo`);
  }
}

/**
 * Builds an index one record at a time, keeping only postings, the record table and facet
 * ranges: the records themselves (their text) can be written out and dropped as they come,
 * so a large site streams through. `buildIndex` is this over an array.
 */
export interface IndexBuilder {
  readonly recordShardSize: number;
  /**
   * Adds the next record; `terms` (from `createTermCounter`, maybe computed in another thread)
   * saves tokenizing it here, its terms numbers in that counter's `vocabulary` (without it, the
   * record is counted here).
   */
  add(record: DocRecord, terms?: RecordTermCounts, vocabulary?: TermVocabulary, language?: string): void;
  /** The index of every record added, without its record shards (`records` in the manifest counts them). */
  finish(): Omit<BuiltIndex, 'recordShards'>;
}

export function createIndexBuilder(options: BuildIndexOptions = {}): IndexBuilder {
  const recordShardSize = options.recordShardSize ?? DEFAULT_RECORD_SHARD_SIZE;
  if (!Number.isInteger(recordShardSize) || recordShardSize < 1) {
    throw new RangeError(`buildIndex: "recordShardSize" must be a positive integer, got ${String(options.recordShardSize)}`);
  }
  const attributeForDistinct = options.attributeForDistinct ?? 'url';
  const synonyms = synonymRules(options.synonyms ?? []);
  const inverter = createInverter();
  // Records given without their terms are counted here, as numbers in a vocabulary of its own.
  const vocabulary: TermVocabulary = [];
  const countTerms = createTermCounter(vocabulary);
  const docs = createDocTable(attributeForDistinct);
  const facets = createFacetsBuilder(options.filterableAttributes);
  const defaultLanguage = normalizeLanguage(options.language);
  /** Records per language, for `manifest.languages`. */
  const languageCounts = new Map<string, number>();
  // Records of a page share its language: the last tag is normalized once.
  let lastTag: string | undefined;
  let lastLanguage = defaultLanguage;
  let count = 0;
  return {
    recordShardSize,
    add(record, terms, termVocabulary, language) {
      if (language !== lastTag) {
        lastTag = language;
        lastLanguage = language === undefined ? defaultLanguage : normalizeLanguage(language);
      }
      const recordLanguage = lastLanguage;
      if (recordLanguage !== undefined) languageCounts.set(recordLanguage, (languageCounts.get(recordLanguage) ?? 0) + 1);
      if (terms && termVocabulary) inverter.add(count, terms, termVocabulary);
      else inverter.add(count, countTerms(record, recordLanguage), vocabulary);
      docs.add(record, count);
      facets.add(record, count);
      count++;
    },
    finish() {
      const { postings, averageFieldLength, contentLength } = inverter.finish(count);
      const entries = encodeEntries(postings, averageFieldLength, contentLength);
      const termShards = shardTerms(entries, options);
      // One file holds every term anyway; completions files would only add bytes.
      const completions = termShards.layout.keys.length > 1 ? buildCompletions(entries, termShards.shards) : undefined;
      const facetData = facets.finish();
      return {
        manifest: {
          format: INDEX_FORMAT,
          version: INDEX_FORMAT_VERSION,
          recordCount: count,
          ...docs.finish(),
          terms: termShards.layout,
          ...(completions ? { completions } : {}),
          records: { size: recordShardSize, shards: Math.ceil(count / recordShardSize) },
          filterableAttributes: Object.keys(facetData),
          settings: { attributeForDistinct, distinct: options.distinct ?? 1 },
          // Most records first (the query's segmenter is the first's), ties by name: the same for the same pages.
          languages: [...languageCounts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([name]) => name),
          ...(holdsSegmentedWords(entries) ? { segmented: true as const } : {}),
          ...(synonyms.length > 0 ? { synonyms } : {}),
        },
        termShards: termShards.shards,
        facets: facetData,
      };
    },
  };
}

/**
 * Whether some term is a word of a script without spaces. Terms are in code-unit order and those
 * scripts start at U+0E00 (Thai), after Latin, Greek and Cyrillic: only the last terms are read.
 */
function holdsSegmentedWords(entries: readonly TermEntry[]): boolean {
  for (let i = entries.length - 1; i >= 0 && entries[i]![0].charCodeAt(0) >= 0x0e00; i--) {
    if (SEGMENTED_CHARACTER.test(entries[i]![0])) return true;
  }
  return false;
}

/** A record's `page_rank`: its own attribute (the indexer's and docsearch-scraper's), or the pushed `weight.pageRank`. */
export function pageRankOf(record: DocRecord): number {
  const rank = typeof record.page_rank === 'number' ? record.page_rank : (record.weight as { pageRank?: unknown } | undefined)?.pageRank;
  return typeof rank === 'number' && Number.isFinite(rank) ? rank : 0;
}

/** Record types and distinct groups as one character per record (see `IndexManifest.docs`), and the runs of page ranks. */
function createDocTable(attributeForDistinct: string): { add(record: DocRecord, id: number): void; finish(): { docs: string; groups?: number[]; pageRanks?: number[] } } {
  // Strings (most values: URLs) are keyed as themselves, other values as their JSON.
  const groupOfString = new Map<string, number>();
  const groupOfJson = new Map<string, number>();
  const groups: number[] = [];
  let consecutive = true;
  const codes: string[] = [];
  // Records of a page are consecutive and share its URL: the group of the last string value
  // answers most records without a lookup.
  let lastString: string | undefined;
  let lastGroup = -1;
  const pageRanks: number[] = [];
  return {
    add(record, id) {
      const rank = pageRankOf(record);
      if (rank !== 0) {
        const last = pageRanks.length - 3;
        if (last >= 0 && pageRanks[last + 1] === id && pageRanks[last + 2] === rank) pageRanks[last + 1] = id + 1;
        else pageRanks.push(id, id + 1, rank);
      }
      const value = getAttribute(record, attributeForDistinct) ?? `#${id}`;
      let group: number | undefined;
      let starts = false;
      if (typeof value === 'string' && value === lastString) {
        group = lastGroup;
      } else {
        const byKey = typeof value === 'string' ? groupOfString : groupOfJson;
        const key = typeof value === 'string' ? value : JSON.stringify(value);
        group = byKey.get(key);
        if (group === undefined) {
          starts = true;
          group = groupOfString.size + groupOfJson.size;
          byKey.set(key, group);
        } else if (group !== groups[id - 1]) {
          consecutive = false;
        }
        lastString = typeof value === 'string' ? value : undefined;
        lastGroup = group;
      }
      groups.push(group);
      const type = Math.max(0, (RECORD_TYPES as readonly string[]).indexOf(record.type));
      codes.push(String.fromCharCode(97 + type + (starts ? 8 : 0)));
    },
    finish: () => ({ docs: codes.join(''), ...(consecutive ? {} : { groups }), ...(pageRanks.length > 0 ? { pageRanks } : {}) }),
  };
}

/** Heading fields: every searchable one before content. */
const HEADING_FIELDS = CONTENT_FIELD;
/** Ints per heading run: term id, field, start (record id), length (records), tf, field length. */
const RUN = 6;

function createInverter(): {
  add(id: number, terms: RecordTermCounts, vocabulary: TermVocabulary): void;
  finish(count: number): { postings: BuildPostings; averageFieldLength: number[]; contentLength: number[] };
} {
  const termIds = new Map<string, number>();
  const terms: string[] = [];
  // Every typed array starts small, so that it grows while the first records come, before `add`
  // is compiled: growing first later cost a deopt.
  /** Content postings as they come: `term id, record id, tf`. */
  let log = new Int32Array(3 * 64);
  let logSize = 0;
  /**
   * Heading runs as they come (`RUN` ints each), one typed array instead of an array per term
   * and field: those were most of what the build allocated, and V8 deciding to allocate them in
   * the old generation threw `add`'s compiled code away (twice on the Vitest docs).
   */
  let runs = new Int32Array(RUN * 64);
  let runCount = 0;
  /** Last run + 1 of term id `t` in heading field `f`, at `t * HEADING_FIELDS + f` (0: none yet). */
  let lastRun = new Int32Array(HEADING_FIELDS * 64);
  const totalLength = SEARCHABLE_ATTRIBUTES.map(() => 0);
  const contentLength: number[] = [];
  // Records under one heading share its counts (the same array): their runs only grow by one,
  // without looking each term up again.
  const previousCounts: (number[] | null)[] = SEARCHABLE_ATTRIBUTES.map(() => null);
  const previousRuns: number[][] = SEARCHABLE_ATTRIBUTES.map(() => []);
  const idOf = (term: string): number => {
    let termId = termIds.get(term);
    if (termId === undefined) {
      termId = terms.length;
      termIds.set(term, termId);
      terms.push(term);
      if (terms.length * HEADING_FIELDS > lastRun.length) {
        const grown = new Int32Array(2 * lastRun.length);
        grown.set(lastRun);
        lastRun = grown;
      }
    }
    return termId;
  };
  /** Each vocabulary's numbers as this inverter's term ids, extended as the vocabulary grows. */
  const translations = new WeakMap<TermVocabulary, number[]>();
  const translationOf = (vocabulary: TermVocabulary): number[] => {
    let ids = translations.get(vocabulary);
    if (!ids) translations.set(vocabulary, (ids = []));
    while (ids.length < vocabulary.length) ids.push(idOf(vocabulary[ids.length]!));
    return ids;
  };
  const addContent = (id: number, counts: number[], ids: number[]): void => {
    if (logSize + 3 * (counts.length / 2) > log.length) {
      const grown = new Int32Array(Math.max(2 * log.length, logSize + 3 * (counts.length / 2)));
      grown.set(log.subarray(0, logSize));
      log = grown;
    }
    for (let i = 0; i < counts.length; i += 2) {
      log[logSize++] = ids[counts[i]!]!;
      log[logSize++] = id;
      log[logSize++] = counts[i + 1]!;
    }
  };
  const addHeading = (id: number, field: number, counts: number[], ids: number[]): void => {
    const length = counts.length / 2;
    const fieldRuns = previousRuns[field]!;
    if (counts === previousCounts[field] && id > 0) {
      // The previous record (id - 1) ended a run of each of these terms with this tf and length.
      for (let k = 0; k < fieldRuns.length; k++) runs[fieldRuns[k]! * RUN + 3]!++;
      return;
    }
    previousCounts[field] = counts;
    fieldRuns.length = 0;
    if (RUN * (runCount + length) > runs.length) {
      const grown = new Int32Array(Math.max(2 * runs.length, RUN * (runCount + length)));
      grown.set(runs.subarray(0, RUN * runCount));
      runs = grown;
    }
    for (let i = 0; i < counts.length; i += 2) {
      const termId = ids[counts[i]!]!;
      const tf = counts[i + 1]!;
      const key = termId * HEADING_FIELDS + field;
      const last = lastRun[key]! - 1;
      if (last >= 0 && runs[last * RUN + 2]! + runs[last * RUN + 3]! === id && runs[last * RUN + 4] === tf && runs[last * RUN + 5] === length) {
        runs[last * RUN + 3]!++;
        fieldRuns.push(last);
      } else {
        const at = runCount * RUN;
        runs[at] = termId;
        runs[at + 1] = field;
        runs[at + 2] = id;
        runs[at + 3] = 1;
        runs[at + 4] = tf;
        runs[at + 5] = length;
        lastRun[key] = runCount + 1;
        fieldRuns.push(runCount++);
      }
    }
  };
  return {
    add(id, recordTerms, vocabulary) {
      const ids = translationOf(vocabulary);
      for (let field = 0; field < SEARCHABLE_ATTRIBUTES.length; field++) {
        const counts = recordTerms[field]!;
        // Field length in distinct terms, as MiniSearch counted it, so BM25 ranks as it did.
        const length = counts.length / 2;
        totalLength[field]! += length;
        if (field === CONTENT_FIELD) {
          contentLength[id] = length;
          addContent(id, counts, ids);
        } else {
          addHeading(id, field, counts, ids);
        }
      }
    },
    finish(count) {
      const records = Math.max(1, count);
      const content = groupByTerm(log, 3, logSize / 3, terms.length);
      const headings = groupByTerm(runs, RUN, runCount, terms.length);
      log = new Int32Array(0);
      lastRun = new Int32Array(0);
      // Term ids in term order: the terms sorted as strings (the engine's order, UTF-16 code
      // units) by the built-in comparison, then looked up, cost less than sorting ids by a
      // comparison function reading both terms at every step.
      const order = terms.slice().sort().map((term) => termIds.get(term)!);
      termIds.clear();
      return {
        postings: { terms, order, runs, runStart: headings.start, runOrder: headings.order, contentStart: content.start, contentOrder: content.order, log: content.items },
        averageFieldLength: totalLength.map((total) => total / records),
        contentLength,
      };
    },
  };
}

/**
 * Items of `size` ints that start with a term id, grouped by term: item indexes of term `t` are
 * `order[start[t]]` to `order[start[t + 1] - 1]`, in the order they came (a counting sort).
 */
function groupByTerm(items: Int32Array, size: number, count: number, termCount: number): { start: Int32Array; order: Int32Array; items: Int32Array } {
  const start = new Int32Array(termCount + 1);
  for (let k = 0; k < count; k++) start[items[k * size]! + 1]!++;
  for (let t = 0; t < termCount; t++) start[t + 1]! += start[t]!;
  const next = start.slice(0, termCount);
  const order = new Int32Array(count);
  for (let k = 0; k < count; k++) order[next[items[k * size]!]!++] = k;
  return { start, order, items };
}

function bm25Factor(tf: number, length: number, average: number): number {
  return bm25FactorOf(tf, bm25LengthNorm(length, average));
}

/** The length part of BM25's term-frequency factor: one per record and field, whatever the term. */
function bm25LengthNorm(length: number, average: number): number {
  const { k, b } = BM25;
  return k * (1 - b + (b * length) / (average || 1));
}

function bm25FactorOf(tf: number, lengthNorm: number): number {
  const factor = (tf * (BM25.k + 1)) / (tf + lengthNorm);
  return Math.round(factor * BM25_FACTOR_SCALE);
}

function encodeEntries(postings: BuildPostings, average: number[], contentLength: readonly number[]): TermEntry[] {
  const { terms, order, runs, runStart, runOrder, log, contentStart, contentOrder } = postings;
  // Each record's content length part, computed once instead of once per posting.
  const contentNorm = new Float64Array(contentLength.length);
  for (let id = 0; id < contentLength.length; id++) contentNorm[id] = bm25LengthNorm(contentLength[id]!, average[CONTENT_FIELD]!);
  const entries: TermEntry[] = [];
  for (const termId of order) {
    const entry: TermEntry = [terms[termId]!];
    const firstRun = runStart[termId]!;
    const endRun = runStart[termId + 1]!;
    if (endRun > firstRun) {
      // The term's runs are in record order, its fields mixed: one pass per field it occurs in.
      let fields = 0;
      for (let k = firstRun; k < endRun; k++) fields |= 1 << runs[runOrder[k]! * RUN + 1]!;
      for (let field = 0; field < HEADING_FIELDS; field++) {
        if (fields & (1 << field)) entry.push(encodeHeadingRuns(runs, runOrder, firstRun, endRun, field, average[field]!));
      }
    }
    const from = contentStart[termId]!;
    const to = contentStart[termId + 1]!;
    if (to > from) {
      // Sized at once: two numbers per posting.
      const coded: FieldPostings = new Array<number>(1 + 2 * (to - from));
      coded[0] = CONTENT_FIELD;
      let end = 0;
      for (let k = from, at = 1; k < to; k++, at += 2) {
        const posting = 3 * contentOrder[k]!;
        const id = log[posting + 1]!;
        coded[at] = id - end;
        coded[at + 1] = bm25FactorOf(log[posting + 2]!, contentNorm[id]!);
        end = id + 1;
      }
      entry.push(coded);
    }
    entries.push(entry);
  }
  return entries;
}

/** A term's runs (`start, length, tf, fieldLength`) in one heading field as coded postings (`gap, length, factor`). */
function encodeHeadingRuns(runs: Int32Array, runOrder: Int32Array, firstRun: number, endRun: number, field: number, average: number): FieldPostings {
  const coded: FieldPostings = [field];
  let end = 0;
  for (let k = firstRun; k < endRun; k++) {
    const at = runOrder[k]! * RUN;
    if (runs[at + 1] !== field) continue;
    const start = runs[at + 2]!;
    const length = runs[at + 3]!;
    const factor = bm25Factor(runs[at + 4]!, runs[at + 5]!, average);
    const last = coded.length - 3;
    // Runs that differed in tf or length but round to one factor join.
    if (last >= 1 && start === end && coded[last + 2] === factor) coded[last + 1]! += length;
    else coded.push(start - end, length, factor);
    end = start + length;
  }
  return coded;
}

/**
 * `JSON.stringify(entry).length`, counted without making the string: shards are cut by it, and
 * the files are serialized once more when written (on the Vitest docs this was half of `finish`).
 */
export function entryJsonLength(entry: TermEntry): number {
  // `[` `"term"` `]`, then `,[…]` per field.
  let length = jsonStringLength(entry[0]) + 2;
  for (let f = 1; f < entry.length; f++) {
    const coded = entry[f] as FieldPostings;
    // `,[` `]` and a comma between numbers.
    length += 2 + coded.length;
    for (let i = 0; i < coded.length; i++) length += integerLength(coded[i]!);
  }
  return length;
}

/** Characters of a string's JSON: quotes around it, and escapes where JSON needs them (never in a term the tokenizer makes). */
function jsonStringLength(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x22 || code === 0x5c || (code >= 0xd800 && code <= 0xdfff)) return JSON.stringify(text).length;
  }
  return text.length + 2;
}

/** Characters of a number's JSON: counted for a non-negative integer, the postings' every number. */
function integerLength(value: number): number {
  if (value >= 0 && value < 1e9 && Number.isInteger(value)) {
    let length = 1;
    for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) length++;
    return length;
  }
  return JSON.stringify(value).length;
}

function shardTerms(entries: TermEntry[], options: BuildIndexOptions): { layout: { keys: string[]; from: string[] }; shards: Map<string, TermShard> } {
  const shards = new Map<string, TermShard>();
  const from: string[] = [];
  const option = options.termPrefixLength ?? 'auto';
  if (option !== 'auto') {
    for (const entry of entries) {
      const key = entry[0].slice(0, option);
      let shard = shards.get(key);
      if (!shard) shards.set(key, (shard = { terms: [] }));
      shard.terms.push(entry);
    }
    const keys = [...shards.keys()].sort();
    return { layout: { keys, from: keys.map((key, i) => (i === 0 ? '' : key)) }, shards };
  }
  const sizes = entries.map((entry) => entryJsonLength(entry) + 1);
  const total = sizes.reduce((sum, size) => sum + size, 0);
  const target = options.termShardBytes ?? (total <= SINGLE_SHARD_MAX_BYTES ? Infinity : DEFAULT_TERM_SHARD_BYTES);
  let current: TermShard | undefined;
  let size = 0;
  entries.forEach((entry, i) => {
    if (!current || (size > 0 && size + sizes[i]! > target)) {
      current = { terms: [] };
      size = 0;
      shards.set(target === Infinity ? '' : String(shards.size), current);
      from.push(from.length === 0 ? '' : entry[0]);
    }
    current.terms.push(entry);
    size += sizes[i]!;
  });
  if (shards.size === 0) {
    shards.set('', { terms: [] });
    from.push('');
  }
  return { layout: { keys: [...shards.keys()], from }, shards };
}

/**
 * For each 1- and 2-letter prefix, the completions the engine would score after that many typed
 * letters, with the postings it would read: the most frequent completions (records per term over
 * all fields, ties in term order, as the engine ranks them), each with its heading fields only.
 * Typing `t` on a 10,000-page site then reads ~18 KB gzipped instead of the 40 ranges holding
 * `t…` terms (~426 KB). The files go into `shards` under `completionKey(file)`.
 */
function buildCompletions(entries: readonly TermEntry[], shards: Map<string, TermShard>): NonNullable<IndexManifest['completions']> {
  const counts = entries.map(entryRecordCount);
  // Entries are in term order, so the terms of one prefix are one slice: walk each length once.
  const byPrefix = new Map<string, number[]>();
  for (let length = 1; length <= COMPLETION_PREFIX_LENGTH; length++) {
    let start = 0;
    while (start < entries.length) {
      const prefix = entries[start]![0].slice(0, length);
      // A term shorter than the prefix length (`t` when looking at 2 letters) starts none.
      if (prefix.length < length) {
        start++;
        continue;
      }
      let end = start + 1;
      while (end < entries.length && entries[end]![0].startsWith(prefix)) end++;
      byPrefix.set(prefix, mostFrequent(counts, start, end, COMPLETIONS_PER_PREFIX));
      start = end;
    }
  }
  const prefixes = [...byPrefix.keys()].sort();
  // Lists of consecutive prefixes share a file up to COMPLETIONS_FILE_BYTES (see the format's version 4).
  const files: number[] = [];
  let file: CompletionsFile = { sizes: [], terms: [] };
  let bytes = 0;
  const flush = (): void => {
    shards.set(completionKey(files.length), file);
    files.push(file.sizes.length);
    file = { sizes: [], terms: [] };
    bytes = 0;
  };
  for (const prefix of prefixes) {
    const terms = byPrefix.get(prefix)!.map((i): TermEntry => {
      const [term, ...fields] = entries[i]!;
      // Completions without heading postings stay: they hold a place in the top list all the same.
      return [term, ...(fields as FieldPostings[]).filter((field) => field[0] !== CONTENT_FIELD)];
    });
    let size = 0;
    for (const entry of terms) size += entryJsonLength(entry) + 2;
    if (file.sizes.length > 0 && bytes + size > COMPLETIONS_FILE_BYTES) flush();
    file.sizes.push(terms.length);
    for (const entry of terms) file.terms.push(entry);
    bytes += size;
  }
  if (file.sizes.length > 0) flush();
  return { prefixLength: COMPLETION_PREFIX_LENGTH, size: COMPLETIONS_PER_PREFIX, prefixes, files };
}

/**
 * The `size` indexes from `start` to `end` with the highest counts, highest first, equal counts
 * in index order (term order, as the engine ranks them): what a stable sort of the whole range
 * by count would start with, without sorting the thousands of terms of a one-letter prefix.
 */
function mostFrequent(counts: readonly number[], start: number, end: number, size: number): number[] {
  const top: number[] = [];
  for (let i = start; i < end; i++) {
    const count = counts[i]!;
    if (top.length === size && count <= counts[top[size - 1]!]!) continue;
    // After every kept index with a count at least this one's: equal counts stay in index order.
    let at = top.length === size ? size - 1 : top.length;
    while (at > 0 && counts[top[at - 1]!]! < count) at--;
    if (top.length === size) top.pop();
    top.splice(at, 0, i);
  }
  return top;
}

/** Facet values are stored lower-cased: filters match case-insensitively, as the provider's do. */
export function facetValues(record: DocRecord, attribute: string): string[] {
  return facetValuesOf(getAttribute(record, attribute));
}

function facetValuesOf(value: unknown): string[] {
  const values = Array.isArray(value) ? value : [value];
  return values.filter((item): item is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof item)).map((item) => String(item).toLowerCase());
}

/**
 * Facet ranges per attribute, record by record. Without `filterableAttributes`, every extra
 * attribute is collected and kept at the end if some record has it as a string (or list of).
 */
function createFacetsBuilder(filterableAttributes: string[] | undefined): { add(record: DocRecord, id: number): void; finish(): FacetData } {
  /**
   * Per attribute, its values' ranges (a `Map`: the values are many and come in any order, which
   * an object keyed by them made a deopt and a recompile of this), the last single value seen
   * and its list: records of a page mostly repeat their values, which then extend that list
   * without being lower-cased and looked up again.
   */
  interface Attribute {
    path: string;
    byValue: Map<string, number[]>;
    lastRaw: unknown;
    lastList: number[] | null;
  }
  const attributes = new Map<string, Attribute>();
  const attributeOf = (path: string): Attribute => {
    let attribute = attributes.get(path);
    if (!attribute) attributes.set(path, (attribute = { path, byValue: new Map(), lastRaw: undefined, lastList: null }));
    return attribute;
  };
  const stringValued = new Set<string>();
  const extend = (list: number[], id: number): void => {
    // Records of a page are consecutive, so per-page values collapse into a few ranges.
    if (list.length > 0 && list[list.length - 1] === id) list[list.length - 1] = id + 1;
    else list.push(id, id + 1);
  };
  const listOf = (attribute: Attribute, value: string): number[] => {
    const list = attribute.byValue.get(value) ?? [];
    // Set even where it was there (the order stays that of first appearance): one path, which
    // V8 has seen before compiling this, instead of a first-time path met after (a deopt).
    attribute.byValue.set(value, list);
    return list;
  };
  const addValues = (attribute: Attribute, raw: unknown, id: number): void => {
    if (typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean') {
      if (attribute.lastList !== null && attribute.lastRaw === raw) return extend(attribute.lastList, id);
      const list = listOf(attribute, String(raw).toLowerCase());
      extend(list, id);
      attribute.lastRaw = raw;
      attribute.lastList = list;
      return;
    }
    if (raw == null) return;
    for (const value of facetValuesOf(raw)) extend(listOf(attribute, value), id);
  };
  const fixed = [...new Set(['type', 'hierarchy.lvl0', ...(filterableAttributes ?? [])])].map(attributeOf);
  return {
    add(record, id) {
      for (const attribute of fixed) addValues(attribute, getAttribute(record, attribute.path), id);
      if (filterableAttributes) return;
      for (const name of Object.keys(record)) {
        if (BASE_ATTRIBUTES.has(name)) continue;
        const value = record[name];
        addValues(attributeOf(name), getAttribute(record, name), id);
        if (typeof value === 'string' || (Array.isArray(value) && value.every((item) => typeof item === 'string'))) stringValued.add(name);
      }
    },
    finish() {
      const paths = filterableAttributes ? fixed.map((attribute) => attribute.path) : [...fixed.map((attribute) => attribute.path), ...[...stringValued].sort()];
      const facets: FacetData = {};
      // In the order values first came, as an object keyed by them would hold them.
      for (const path of paths) facets[path] = Object.fromEntries(attributes.get(path)?.byValue ?? []);
      return facets;
    },
  };
}
