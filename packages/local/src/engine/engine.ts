/**
 * The search engine: answers the provider's search parameters over a sharded index, fetching
 * only the term shards a query's words need and the record shards of the hits it returns.
 * Isomorphic (no Node imports): the same code runs in the browser client and the loopback server.
 */
import SearchableMap from 'minisearch/SearchableMap';
import type { DocHit, DocRecord } from '../records.js';
import { IndexFormatError, SearchRequestError } from './errors.js';
import { evaluateFilter, parseFilters, type FilterExpression } from './filters.js';
import {
  BM25,
  BM25_FACTOR_SCALE,
  CONTENT_FIELD,
  SEARCHABLE_ATTRIBUTES,
  completionKey,
  decodeDocTable,
  entryRecordCount,
  type CompletionsFile,
  type DocTable,
  type FacetData,
  type FieldPostings,
  type IndexManifest,
  type IndexSource,
  type SearchableAttribute,
  type TermEntry,
  type TermShard,
} from './format.js';
import { abbreviationsOf, type Abbreviation } from './abbreviations.js';
import type { WordMatcher } from './highlight.js';
import { buildHit } from './hits.js';
import { resolveParams, type ResolvedParams } from './params.js';
import { resolveRanking, typosAllowed, type RankingOptions } from './ranking.js';
import { queryTerms, useWordSegmentation } from './tokenize.js';
import { SEGMENTED, SEGMENTED_CHARACTER } from './analysis/scripts.js';
import { createAnalyzer, stemmableWords, type Analyzer, type StemExpansion } from './analysis/stem.js';

/** The provider's response to one search, for one index. */
export interface SearchResponse {
  hits: DocHit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  processingTimeMS: number;
  query: string;
  params: string;
  index: string;
  exhaustiveNbHits: boolean;
}

export interface SearchEngineOptions {
  /** Overrides of the ranking weights (see `DEFAULT_RANKING`). */
  ranking?: Partial<RankingOptions>;
}

/** A term's postings as stored, decoded into arrays the first time a query needs them. */
interface TermData {
  coded: FieldPostings[];
  decoded?: DecodedField[];
}

interface DecodedField {
  field: number;
  ids: Int32Array;
  /** BM25 term-frequency factor of each record (`d` included), already divided by the scale. */
  factors: Float32Array;
}

interface LoadedShard {
  map: SearchableMap<TermData>;
  /** Terms in order with their record counts, built on the first short prefix that needs them. */
  vocabulary?: { terms: string[]; counts: number[] };
  entries: TermEntry[];
}

/** What a loaded index keeps beside its shards: the manifest and its decoded record table. */
interface LoadedIndex {
  manifest: IndexManifest;
  docs: DocTable;
  /** Where each short prefix's completions list is, when the index has them in the layout this engine scores. */
  completions?: Map<string, CompletionPlace>;
  /** The stemmers of the index's languages, and the locale its text was segmented under. */
  analyzer: Analyzer;
  scratch?: Scratch;
}

/**
 * Per-record accumulators, one slot per record id, reused by every search of the engine: a
 * search scores synchronously once its shards are loaded, so two searches never interleave here.
 * Typed arrays instead of maps of result objects is most of what made common words fast.
 */
interface Scratch {
  bm25: Float64Array;
  best: Float64Array;
  sources: Uint16Array;
  termStamp: Int32Array;
  wordStamp: Int32Array;
  total: Float64Array;
  words: Uint8Array;
  queryStamp: Int32Array;
  stamp: number;
}

/**
 * A prefix this short completes to thousands of terms; scoring them all is what made a single
 * typed letter the slowest search. Only the most frequent completions are kept, which is also
 * what a user who has typed one letter can mean.
 */
const SHORT_PREFIX = 2;
const SHORT_PREFIX_COMPLETIONS = 40;

interface DerivedTerm {
  shard: LoadedShard;
  term: string;
  bm25Weight: number;
  /** How well the term stands for the query word: 1 for the word itself, less for a completion, a typo or an abbreviation. */
  quality: number;
}

interface Candidate {
  id: number;
  words: number;
  score: number;
  group: number;
}

/** Beyond this many words a query is a paste, not a search; the provider truncates too. */
const MAX_QUERY_WORDS = 10;

export class SearchEngine {
  readonly #source: IndexSource;
  readonly #ranking: RankingOptions;
  #manifest: Promise<IndexManifest> | undefined;
  #index: Promise<LoadedIndex> | undefined;
  readonly #termShards = new Map<string, Promise<LoadedShard>>();
  readonly #completionFiles = new Map<string, Promise<CompletionsFile>>();
  readonly #recordShards = new Map<number, Promise<DocRecord[]>>();
  #facets: Promise<FacetData> | undefined;

  constructor(source: IndexSource, options: SearchEngineOptions = {}) {
    this.#source = source;
    this.#ranking = resolveRanking(options.ranking);
  }

  /** Fetches what every query needs (the manifest, and the whole term index when it is one file). */
  async warm(): Promise<void> {
    const manifest = await this.manifest();
    if (manifest.terms.keys.length === 1) await this.#termShard(manifest.terms.keys[0]!);
  }

  manifest(): Promise<IndexManifest> {
    this.#manifest ??= retryable(this.#source.manifest(), () => (this.#manifest = undefined));
    return this.#manifest;
  }

  #loadedIndex(): Promise<LoadedIndex> {
    this.#index ??= retryable(
      this.manifest().then(async (manifest) => ({
        manifest,
        docs: decodeDocTable(manifest),
        completions: completionPrefixes(manifest),
        analyzer: (await Promise.all([createAnalyzer(manifest.languages ?? []), manifest.segmented && loadWordSegmentation()]))[0],
      })),
      () => (this.#index = undefined),
    );
    return this.#index;
  }

  /** Answers one search; `params` is validated and bad values are refused with a `SearchRequestError`. */
  async search(rawParams: unknown, indexName = 'docs'): Promise<SearchResponse> {
    const started = now();
    const params = resolveParams(rawParams);
    const filter = parseFilters(params.filters);
    const index = await this.#loadedIndex();
    const { manifest } = index;

    const locale = index.analyzer.locale;
    const words = queryTerms(params.query, locale).slice(0, MAX_QUERY_WORDS);
    const prefixLast = !/\s$/.test(params.query);
    const { candidates, matchers } =
      words.length === 0 ? this.#allRecords(index) : await this.#match(words, prefixLast, params, index, stemmableWords(params.query));

    let ranked = candidates;
    if (filter || params.facetFilters.length > 0) {
      const facets = await this.#facetData();
      ranked = ranked.filter((candidate) => matchesFilters(candidate.id, filter, params.facetFilters, facets));
    }
    const distinct = params.distinct ?? manifest.settings.distinct;
    if (distinct > 0) ranked = keepPerGroup(ranked, distinct);

    const first = params.page * params.hitsPerPage;
    const pageIds = ranked.slice(first, first + params.hitsPerPage).map((candidate) => candidate.id);
    const records = await Promise.all(pageIds.map((id) => this.#record(id, manifest)));
    const hits = records.map((record) => buildHit(record, params, matchers, locale));

    return {
      hits,
      nbHits: ranked.length,
      page: params.page,
      nbPages: params.hitsPerPage > 0 ? Math.ceil(ranked.length / params.hitsPerPage) : 0,
      hitsPerPage: params.hitsPerPage,
      processingTimeMS: Math.round(now() - started),
      query: params.query,
      params: encodeParams(rawParams as Record<string, unknown>),
      index: indexName,
      exhaustiveNbHits: true,
    };
  }

  async #match(
    words: string[],
    prefixLast: boolean,
    params: ResolvedParams,
    index: LoadedIndex,
    stemmable: ReadonlySet<string>,
  ): Promise<{ candidates: Candidate[]; matchers: WordMatcher[] }> {
    const { manifest } = index;
    const headingFields = headingFieldsOf(params.searchableAttributes);
    // A short word being typed reads its completions file, when the index has one and the engine
    // would score headings only; it holds exactly the terms and postings the ranges would give.
    // One or two letters being typed are completed from headings only; no abbreviation is that short.
    // One or two Chinese or Japanese characters are a whole word, searched as any word.
    const isShort = (word: string, position: number): boolean =>
      prefixLast && position === words.length - 1 && word.length <= SHORT_PREFIX && !SEGMENTED_CHARACTER.test(word);
    const fromCompletions = (word: string, position: number): boolean => isShort(word, position) && !!index.completions && !headingFields.includes('content');
    const abbreviations = words.map((word, position) => (isShort(word, position) ? [] : abbreviationsOf(word, typosAllowed(word, this.#ranking))));
    // API names and one or two letters being typed are never stemmed.
    const stems = words.map((word, position) => (isShort(word, position) || !stemmable.has(word) ? [] : index.analyzer.expansions(word)));
    // The ranges of the words and of their other forms are fetched together: one round trip.
    const [shardsPerWord, abbreviationShards] = await Promise.all([
      Promise.all(
        words.map((word, position) => {
          if (fromCompletions(word, position)) {
            const place = index.completions!.get(word);
            // No place: no term starts with it.
            return Promise.all(place ? [this.#completionList(word, place)] : []);
          }
          // With the range holding the stem (mostly the word's own): the words sharing it start
          // there; those past the end of that range are left out, as typos in another range are.
          const keys = new Set(shardKeysFor(word, prefixLast && position === words.length - 1, manifest));
          for (const { prefix } of stems[position]!) keys.add(shardKeysFor(prefix, false, manifest)[0]!);
          return Promise.all([...keys].map((key) => this.#termShard(key)));
        }),
      ),
      Promise.all(abbreviations.map((forms) => Promise.all(forms.map((form) => this.#termShard(shardKeysFor(form.term, false, manifest)[0]!))))),
    ]);
    // From here on everything is synchronous, so the shared scratch arrays are ours alone.
    // Stamps live in Int32Arrays: start over long before they would wrap in a long-lived server.
    if (!index.scratch || index.scratch.stamp > 0x3fffffff) index.scratch = createScratch(manifest.recordCount);
    const scratch = index.scratch;
    const queryStamp = ++scratch.stamp;
    const touched: number[] = [];
    const matchers: WordMatcher[] = [];
    words.forEach((word, position) => {
      const prefix = prefixLast && position === words.length - 1;
      const wordStamp = ++scratch.stamp;
      const wordTouched: number[] = [];
      const terms = new Set<string>();
      const short = isShort(word, position);
      // After one or two letters people look for titles; body text would only add noise and time.
      const fields = fieldMask(short ? headingFields : params.searchableAttributes);
      const shards = shardsPerWord[position]!;
      // Short prefixes: the most frequent completions over all the word's shards, so a word
      // spanning several ranges ranks the same terms as one file would (and as its completions file).
      const derived = short
        ? fromCompletions(word, position)
          ? shards.flatMap((shard) => shard.entries.map((entry) => ({ shard, term: entry[0], bm25Weight: 1, quality: entry[0] === word ? 1 : this.#ranking.prefixWeight })))
          : frequentCompletions(shards, word, this.#ranking.prefixWeight)
        : shards.flatMap((shard) => this.#derivedTerms(shard, word, prefix, stems[position]!, index.analyzer));
      derived.push(...this.#abbreviationTerms(abbreviations[position]!, abbreviationShards[position]!, derived));
      for (const { shard, term, bm25Weight, quality } of derived) {
        const data = shard.map.get(term)!;
        const termStamp = ++scratch.stamp;
        let matched = false;
        for (const posting of decode(data)) {
          if (!fields[posting.field]) continue;
          matched = true;
          const { ids, factors, field } = posting;
          const attributeWeight = this.#ranking.attributeWeights[SEARCHABLE_ATTRIBUTES[field]!] * quality;
          const inheritedWeight = attributeWeight * this.#ranking.inheritedWeight;
          const df = ids.length;
          const idf = Math.log(1 + (manifest.recordCount - df + 0.5) / (df + 0.5)) * bm25Weight;
          for (let i = 0; i < ids.length; i++) {
            const id = ids[i]!;
            if (scratch.wordStamp[id] !== wordStamp) {
              scratch.wordStamp[id] = wordStamp;
              scratch.bm25[id] = 0;
              scratch.best[id] = 0;
              scratch.sources[id] = 0;
              wordTouched.push(id);
            }
            scratch.bm25[id]! += idf * factors[i]!;
            // A heading the record only inherits (above its own level) counts less than its own.
            const weight = field < index.docs.types[id]! ? inheritedWeight : attributeWeight;
            if (weight > scratch.best[id]!) scratch.best[id] = weight;
            if (scratch.termStamp[id] !== termStamp) {
              scratch.termStamp[id] = termStamp;
              scratch.sources[id]!++;
            }
          }
        }
        if (matched) terms.add(term);
      }
      matchers.push({ word, terms, prefix });
      for (const id of wordTouched) {
        // MiniSearch multiplied by the number of query terms a record matched; for the OR of
        // short-prefix completions that is how many of them it has.
        const sources = short ? scratch.sources[id]! : 1;
        const score = scratch.best[id]! * (1 + this.#ranking.bm25Weight * Math.log1p(scratch.bm25[id]! * sources));
        if (scratch.queryStamp[id] !== queryStamp) {
          scratch.queryStamp[id] = queryStamp;
          scratch.total[id] = score;
          scratch.words[id] = 1;
          touched.push(id);
        } else {
          scratch.total[id]! += score;
          scratch.words[id]!++;
        }
      }
    });

    // Every word is required, like the provider; when no record has them all, fall back to the
    // records that have the most, so a stray word does not empty the results.
    let mostWords = 0;
    for (const id of touched) if (scratch.words[id]! > mostWords) mostWords = scratch.words[id]!;
    const candidates: Candidate[] = [];
    for (const id of touched) {
      if (scratch.words[id] !== mostWords) continue;
      const score = scratch.total[id]! * (this.#ranking.typeWeights[index.docs.types[id]!] ?? 1);
      candidates.push({ id, words: mostWords, score, group: index.docs.groups[id]! });
    }
    candidates.sort((a, b) => b.score - a.score || a.id - b.id);
    return { candidates, matchers };
  }

  /**
   * The index terms of one shard that a query word stands for, with MiniSearch's weights so BM25
   * adds up as it did: the word itself; the words sharing its stem; its completions when it is
   * being typed; its typo variants. (After one or two letters, `frequentCompletions` picks the
   * terms instead.)
   */
  #derivedTerms(shard: LoadedShard, word: string, prefix: boolean, stems: readonly StemExpansion[], analyzer: Analyzer): DerivedTerm[] {
    const derived: DerivedTerm[] = [];
    if (shard.map.has(word)) derived.push({ shard, term: word, bm25Weight: 1, quality: 1 });
    const seen = new Set<string>([word]);
    // Before completions, so a completion that is also a form of the word weighs as the form.
    for (const expansion of stems) {
      for (const term of analyzer.stemmedTerms(word, expansion, shard.map.atPrefix(expansion.prefix).keys())) {
        if (seen.has(term)) continue;
        seen.add(term);
        derived.push({ shard, term, bm25Weight: this.#ranking.stemWeight, quality: this.#ranking.stemWeight });
      }
    }
    if (prefix) {
      for (const term of shard.map.atPrefix(word).keys()) {
        if (seen.has(term)) continue;
        seen.add(term);
        const distance = term.length - word.length;
        derived.push({ shard, term, bm25Weight: (this.#ranking.prefixWeight * term.length) / (term.length + 0.3 * distance), quality: this.#ranking.prefixWeight });
      }
    }
    const typos = typosAllowed(word, this.#ranking);
    if (typos > 0) {
      for (const [term, [, distance]] of shard.map.fuzzyGet(word, typos)) {
        if (seen.has(term) || distance === 0) continue;
        derived.push({
          shard,
          term,
          bm25Weight: (this.#ranking.typoWeight * term.length) / (term.length + distance),
          // A variant that only adds letters past the end of the word weighs as a completion of it.
          quality: term.startsWith(word) ? this.#ranking.prefixWeight : this.#ranking.typoWeight,
        });
      }
    }
    return derived;
  }

  /**
   * The other form of a query word (`env` for `environment`, and back), when the index has it and
   * the word's own terms did not already include it: weighted by `abbreviationWeight`, and by
   * `typoWeight` too when the word was a misspelt full word.
   */
  #abbreviationTerms(forms: Abbreviation[], shards: LoadedShard[], already: DerivedTerm[]): DerivedTerm[] {
    const derived: DerivedTerm[] = [];
    forms.forEach((form, i) => {
      const shard = shards[i]!;
      if (!shard.map.has(form.term) || already.some((other) => other.term === form.term)) return;
      const quality = this.#ranking.abbreviationWeight * (form.typos > 0 ? this.#ranking.typoWeight : 1);
      derived.push({ shard, term: form.term, bm25Weight: quality, quality });
    });
    return derived;
  }

  /** The empty query: every record in page order, grouped from the manifest; no shard is fetched. */
  #allRecords(index: LoadedIndex): { candidates: Candidate[]; matchers: WordMatcher[] } {
    const candidates: Candidate[] = [];
    for (let id = 0; id < index.manifest.recordCount; id++) candidates.push({ id, words: 0, score: 0, group: index.docs.groups[id]! });
    return { candidates, matchers: [] };
  }

  #termShard(key: string): Promise<LoadedShard> {
    let shard = this.#termShards.get(key);
    if (!shard) {
      shard = retryable(
        this.#source.termShard(key).then((data) => loadShard(data)),
        () => this.#termShards.delete(key),
      );
      this.#termShards.set(key, shard);
    }
    return shard;
  }

  /** The completions list of a short prefix, as a shard of its own, from the file it shares with its neighbours. */
  #completionList(prefix: string, place: CompletionPlace): Promise<LoadedShard> {
    const cacheKey = `${place.key}\u0000${prefix}`;
    let shard = this.#termShards.get(cacheKey);
    if (!shard) {
      shard = retryable(
        this.#completionFile(place.key).then((file) => {
          if (!file || !Array.isArray(file.sizes) || !Array.isArray(file.terms) || file.sizes.length <= place.index) {
            throw new IndexFormatError('a completions file is not in the expected format (no "sizes" list for its prefixes); rebuild the index');
          }
          let start = 0;
          for (let i = 0; i < place.index; i++) start += file.sizes[i]!;
          return loadShard({ terms: file.terms.slice(start, start + file.sizes[place.index]!) });
        }),
        () => this.#termShards.delete(cacheKey),
      );
      this.#termShards.set(cacheKey, shard);
    }
    return shard;
  }

  #completionFile(key: string): Promise<CompletionsFile> {
    let file = this.#completionFiles.get(key);
    if (!file) {
      file = retryable(this.#source.termShard(key) as Promise<CompletionsFile>, () => this.#completionFiles.delete(key));
      this.#completionFiles.set(key, file);
    }
    return file;
  }

  #recordShard(shard: number): Promise<DocRecord[]> {
    let records = this.#recordShards.get(shard);
    if (!records) {
      records = retryable(this.#source.recordShard(shard), () => this.#recordShards.delete(shard));
      this.#recordShards.set(shard, records);
    }
    return records;
  }

  async #record(id: number, manifest: IndexManifest): Promise<DocRecord> {
    const records = await this.#recordShard(Math.floor(id / manifest.records.size));
    const record = records[id % manifest.records.size];
    if (!record) throw new Error(`record ${id} is missing from its record shard; the index files are inconsistent, rebuild the index`);
    return record;
  }

  #facetData(): Promise<FacetData> {
    this.#facets ??= retryable(this.#source.facets(), () => (this.#facets = undefined));
    return this.#facets;
  }
}

/** Word segmentation for an index that holds segmented words: a chunk of its own in the browser. */
async function loadWordSegmentation(): Promise<void> {
  useWordSegmentation((await import('./analysis/segment.js')).pieceSplitter(SEGMENTED));
}

/** A failed fetch must not stay cached: the next search tries again. */
function retryable<T>(promise: Promise<T>, forget: () => void): Promise<T> {
  promise.catch(forget);
  return promise;
}

function loadShard(data: TermShard): LoadedShard {
  if (!data || !Array.isArray(data.terms)) {
    throw new IndexFormatError('a term shard is not in the expected format (no "terms" list); rebuild the index');
  }
  const map = SearchableMap.from<TermData>(data.terms.map((entry) => [entry[0], { coded: entry.slice(1) as FieldPostings[] }]));
  return { map, entries: data.terms };
}

function decode(data: TermData): DecodedField[] {
  if (data.decoded) return data.decoded;
  data.decoded = data.coded.map((coded) => {
    const field = coded[0]!;
    const ids: number[] = [];
    const factors: number[] = [];
    let end = 0;
    if (field === CONTENT_FIELD) {
      for (let i = 1; i < coded.length; i += 2) {
        end += coded[i]!;
        ids.push(end);
        factors.push(BM25.d + coded[i + 1]! / BM25_FACTOR_SCALE);
        end++;
      }
    } else {
      for (let i = 1; i < coded.length; i += 3) {
        const start = end + coded[i]!;
        end = start + coded[i + 1]!;
        const factor = BM25.d + coded[i + 2]! / BM25_FACTOR_SCALE;
        for (let id = start; id < end; id++) {
          ids.push(id);
          factors.push(factor);
        }
      }
    }
    return { field, ids: Int32Array.from(ids), factors: Float32Array.from(factors) };
  });
  return data.decoded;
}

function createScratch(count: number): Scratch {
  return {
    bm25: new Float64Array(count),
    best: new Float64Array(count),
    sources: new Uint16Array(count),
    termStamp: new Int32Array(count),
    wordStamp: new Int32Array(count),
    total: new Float64Array(count),
    words: new Uint8Array(count),
    queryStamp: new Int32Array(count),
    stamp: 0,
  };
}

function fieldMask(fields: readonly SearchableAttribute[]): boolean[] {
  return SEARCHABLE_ATTRIBUTES.map((attribute) => fields.includes(attribute));
}

function headingFieldsOf(fields: SearchableAttribute[]): SearchableAttribute[] {
  const headings = fields.filter((field) => field !== 'content');
  return headings.length > 0 ? headings : fields;
}

/**
 * The most frequent completions of a short prefix over its shards (given in term order), ties in
 * term order: the build's `buildCompletions` picks the same, which is what makes a completions
 * file answer exactly as the ranges do.
 */
function frequentCompletions(shards: LoadedShard[], prefix: string, prefixWeight: number): DerivedTerm[] {
  const completions: { shard: LoadedShard; term: string; count: number }[] = [];
  for (const shard of shards) {
    shard.vocabulary ??= { terms: shard.entries.map((entry) => entry[0]), counts: shard.entries.map(entryRecordCount) };
    const { terms, counts } = shard.vocabulary;
    let low = 0;
    let high = terms.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (terms[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    for (let i = low; i < terms.length && terms[i]!.startsWith(prefix); i++) completions.push({ shard, term: terms[i]!, count: counts[i]! });
  }
  completions.sort((a, b) => b.count - a.count);
  return completions.slice(0, SHORT_PREFIX_COMPLETIONS).map(({ shard, term }) => ({ shard, term, bm25Weight: 1, quality: term === prefix ? 1 : prefixWeight }));
}

/** A completions list: the key of its file, and its place among the file's lists. */
interface CompletionPlace {
  key: string;
  index: number;
}

/** Where each short prefix's completions list is, if the manifest's layout is the one this engine scores. */
function completionPrefixes(manifest: IndexManifest): Map<string, CompletionPlace> | undefined {
  const completions = manifest.completions;
  if (!completions || completions.size !== SHORT_PREFIX_COMPLETIONS || completions.prefixLength < SHORT_PREFIX || !Array.isArray(completions.files)) return undefined;
  const places = new Map<string, CompletionPlace>();
  let prefix = 0;
  completions.files.forEach((count, file) => {
    for (let index = 0; index < count && prefix < completions.prefixes.length; index++) places.set(completions.prefixes[prefix++]!, { key: completionKey(file), index });
  });
  return places;
}

/**
 * Term shards that may hold a word's matches: the one whose range holds the word, and for a
 * prefix every following shard whose range starts with it.
 */
function shardKeysFor(word: string, prefix: boolean, manifest: IndexManifest): string[] {
  const { keys, from } = manifest.terms;
  let low = 0;
  let high = from.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (from[middle]! <= word) low = middle;
    else high = middle - 1;
  }
  const picked = [keys[low]!];
  if (prefix) for (let i = low + 1; i < from.length && from[i]!.startsWith(word); i++) picked.push(keys[i]!);
  return picked;
}

function keepPerGroup(candidates: Candidate[], perGroup: number): Candidate[] {
  const seen = new Map<number, number>();
  return candidates.filter((candidate) => {
    const count = (seen.get(candidate.group) ?? 0) + 1;
    seen.set(candidate.group, count);
    return count <= perGroup;
  });
}

function matchesFilters(id: number, filter: FilterExpression | null, facetFilters: string[][], facets: FacetData): boolean {
  const hasValue = (attribute: string, value: string): boolean => inRanges(facets[normalizeAttribute(attribute)]?.[value.toLowerCase()], id);
  for (const alternatives of facetFilters) {
    const any = alternatives.some((item) => {
      const negated = item.startsWith('-');
      const body = negated ? item.slice(1) : item;
      const colon = body.indexOf(':');
      const matched = hasValue(body.slice(0, colon), unquote(body.slice(colon + 1)));
      return negated ? !matched : matched;
    });
    if (!any) return false;
  }
  return filter ? evaluateFilter(filter, hasValue) : true;
}

function normalizeAttribute(attribute: string): string {
  return attribute === 'lvl0' ? 'hierarchy.lvl0' : attribute;
}

function unquote(value: string): string {
  return /^".*"$/.test(value) ? value.slice(1, -1) : value;
}

function inRanges(ranges: number[] | undefined, id: number): boolean {
  if (!ranges) return false;
  let low = 0;
  let high = ranges.length / 2 - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (id < ranges[middle * 2]!) high = middle - 1;
    else if (id >= ranges[middle * 2 + 1]!) low = middle + 1;
    else return true;
  }
  return false;
}

function encodeParams(params: Record<string, unknown>): string {
  return Object.entries(params ?? {})
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`)
    .join('&');
}

function now(): number {
  return typeof performance === 'undefined' ? Date.now() : performance.now();
}

export { SearchRequestError };
