/**
 * The search engine: answers the provider's search parameters over a sharded index, fetching
 * only the term shards a query's words need and the record shards of the hits it returns.
 * Isomorphic (no Node imports): the same code runs in the browser client and the loopback server.
 */
import type { DocHit, DocRecord } from '../records.js';
import { IndexFormatError, SearchRequestError } from './errors.js';
import type { FilterExpression } from './filters.js';
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
import { resolveParams, type RemoveWordsMode, type ResolvedParams } from './params.js';
import { closeness, proximityWords } from './proximity.js';
import { framingWords, isStopWord, loadStopWords } from './stopwords.js';
import { resolveRanking, typosAllowed, type RankingOptions } from './ranking.js';
import { normalizeTerm, queryTerms, tokenizeWithOffsets, useWordSegmentation } from './tokenize.js';
import { SEGMENTED, SEGMENTED_CHARACTER } from './analysis/scripts.js';
import { stemLanguages } from './analysis/query-languages.js';
import { createAnalyzer, stemmableWords, type Analyzer, type StemExpansion } from './analysis/stem.js';
import type { AddSynonyms } from './synonym-match.js';
import { TermMap } from './term-map.js';

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

/** Options of one search. */
export interface SearchOptions {
  /**
   * Aborted once the caller no longer wants the answer (a newer keystroke superseded it): the
   * search then fetches nothing more (no term shard, no record shard) and rejects with the
   * signal's reason, an `AbortError` by default, as `fetch` does. Shards already on their way
   * are not cancelled: other searches may be waiting on them.
   */
  signal?: AbortSignal;
}

export interface SearchEngineOptions {
  /** Overrides of the ranking weights (see `DEFAULT_RANKING`). */
  ranking?: Partial<RankingOptions>;
  /**
   * The page's language (`<html lang>`; the browser client passes it): a query that names no
   * language (`queryLanguages`, a `language:` filter) is stemmed under it alone when the index
   * holds it, so its page loads no other language's stemmer. Default: every index language.
   */
  pageLanguage?: string;
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
  map: TermMap<TermData>;
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
  /** The page of each record (pages numbered in record order), for page evidence. */
  pages: Int32Array;
  pageCount: number;
  /** The locale its text was segmented under: the index's first language (any gives the same words, see `segment.ts`). */
  locale: string | undefined;
  /** Adds the site's synonyms (`manifest.synonyms`) to a query word's other forms; only for an index that has some. */
  addSynonyms?: AddSynonyms;
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
  /** Bit `i`: the record matched query word `i` (a query has at most `MAX_QUERY_WORDS`). */
  masks: Uint16Array;
  queryStamp: Int32Array;
  /** Per page and query word, the best score of a record of the page (`page * MAX_QUERY_WORDS + word`). */
  pageBest: Float64Array;
  /** Per page, the words some record of it matched. */
  pageMasks: Uint16Array;
  pageStamp: Int32Array;
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
  score: number;
  group: number;
  /** The query words the record matched (bit `i`: word `i`). */
  mask: number;
}

/** Beyond this many words a query is a paste, not a search; the provider truncates too. */
const MAX_QUERY_WORDS = 10;
/** `lastWords` and `firstWords` remove at most this many words, as the provider does. */
const MAX_REMOVED_WORDS = 5;
/** What `sitesearch push` sets on the hosted index, so a site searches alike on both. */
const DEFAULT_REMOVE_WORDS: RemoveWordsMode = 'allOptional';

export class SearchEngine {
  readonly #source: IndexSource;
  readonly #ranking: RankingOptions;
  #manifest: Promise<IndexManifest> | undefined;
  #index: Promise<LoadedIndex> | undefined;
  readonly #termShards = new Map<string, Promise<LoadedShard>>();
  readonly #completionFiles = new Map<string, Promise<CompletionsFile>>();
  readonly #recordShards = new Map<number, Promise<DocRecord[]>>();
  #facets: Promise<FacetData> | undefined;
  /** Analyzers by the languages they stem (`stemLanguages`), each loading only those stemmers. */
  readonly #analyzers = new Map<string, Promise<Analyzer>>();
  readonly #pageLanguage: string | undefined;
  /** The loaded index holds segmented words (see `segmentFor`). */
  #segmented = false;

  constructor(source: IndexSource, options: SearchEngineOptions = {}) {
    this.#source = source;
    this.#ranking = resolveRanking(options.ranking);
    this.#pageLanguage = options.pageLanguage;
  }

  /** Fetches what every query needs (the manifest, and the whole term index when it is one file). */
  async warm(): Promise<void> {
    const manifest = await this.manifest();
    if (manifest.terms.keys.length === 1) await this.#termShard(manifest.terms.keys[0]!);
  }

  /** The analyzer stemming under `languages`, its stemmers loaded once. */
  #analyzer(languages: readonly string[]): Promise<Analyzer> {
    const key = languages.join(',');
    let analyzer = this.#analyzers.get(key);
    if (!analyzer) this.#analyzers.set(key, (analyzer = createAnalyzer(languages)));
    return analyzer;
  }

  manifest(): Promise<IndexManifest> {
    this.#manifest ??= retryable(this.#source.manifest(), () => (this.#manifest = undefined));
    return this.#manifest;
  }

  #loadedIndex(): Promise<LoadedIndex> {
    this.#index ??= retryable(
      this.manifest().then(async (manifest) => {
        const docs = decodeDocTable(manifest);
        await loadStopWords(manifest.languages ?? []);
        this.#segmented = manifest.segmented === true;
        const locale = manifest.languages?.[0];
        // Synonyms are a chunk of their own: an index without them loads none of their code.
        const addSynonyms = manifest.synonyms ? (await import('./synonym-match.js')).compileSynonyms(manifest.synonyms, (text) => queryTerms(text, locale)) : undefined;
        return { manifest, docs, completions: completionPrefixes(manifest), ...pagesOf(docs), locale, ...(addSynonyms ? { addSynonyms } : {}) };
      }),
      () => (this.#index = undefined),
    );
    return this.#index;
  }

  /** Answers one search; `params` is validated and bad values are refused with a `SearchRequestError`. */
  async search(rawParams: unknown, indexName = 'docs', options: SearchOptions = {}): Promise<SearchResponse> {
    const started = now();
    const { signal } = options;
    // `optionalWords` are tokenized as the params are read: segmented, as always since the index
    // was loaded, when they hold such a script.
    await segmentFor(this.#segmented, [(rawParams as { optionalWords?: unknown } | null)?.optionalWords]);
    let params = resolveParams(rawParams);
    // The `filters` syntax is a chunk of its own in the browser: the widgets send facet filters.
    const filter = /\S/.test(params.filters) ? await parseFilterString(params.filters) : null;
    throwIfAborted(signal);
    const index = await this.#loadedIndex();
    const { manifest } = index;
    const [analyzer] = await Promise.all([
      this.#analyzer(stemLanguages({ ...params, filter }, manifest.languages ?? [], this.#pageLanguage)),
      params.queryLanguages.length > 0 && loadStopWords(params.queryLanguages),
    ]);
    throwIfAborted(signal);

    await segmentFor(this.#segmented, [params.query]);
    const locale = index.locale;
    // A longer query keeps its first words. Keeping its most informative ones instead (stop words,
    // frame and repeats out first, then the shortest words) raised the dev halves and lowered the
    // held-out halves of vite-en and vite-ja (issue 33): the assistant searches the parts of a
    // long question on its own (assistant/rewrite.ts).
    const typed = queryTerms(params.query, locale).slice(0, MAX_QUERY_WORDS);
    // The word being typed (a prefix): the last one, unless a space follows it.
    const prefixAt = /\s$/.test(params.query) ? -1 : typed.length - 1;
    // The parts of a camel-case word as typed, as optional words: an API name misremembered
    // (`setupFilesAfterEach` for `setupFilesAfterEnv`) still finds the records with its parts.
    const parts = camelParts(params.query, typed).slice(0, MAX_QUERY_WORDS - typed.length);
    // Facets are fetched before matching: from the match on, ranking is synchronous.
    const facets = filter || params.facetFilters.length > 0 ? await this.#facetData() : undefined;
    throwIfAborted(signal);
    // Stop words weigh little and, with `allOptional`, are optional (see `stopwords.ts`).
    const framing = framingWords(params.query, locale);
    const stopWordsOf = (words: string[]): boolean[] => {
      const stop = words.map((word) => isStopWord(word, params.queryLanguages) || framing.has(word));
      return stop.every(Boolean) ? stop.fill(false) : stop;
    };
    let words = typed;
    let stopWords = stopWordsOf(words);
    // The namespace of a dotted API name (`jest` of `jest.fn`, `vi` of `vi.mock`) is optional, as
    // `optionalWords`: the member names the API, and docs name it under another namespace too.
    const namespaces = dottedNamespaces(params.query).filter((name) => typed.includes(name));
    if (namespaces.length > 0) params = { ...params, optionalWords: new Set([...params.optionalWords, ...namespaces]) };
    const stemmable = stemmableWords(params.query);
    // The size of the index (an empty query asking no hits, as the assistant asks it to weigh
    // words by rarity) is a count: listing every record as a candidate was most of its time.
    if (words.length === 0 && params.hitsPerPage === 0 && !facets && (params.distinct ?? manifest.settings.distinct) === 0) {
      const nbHits = manifest.recordCount;
      return { hits: [], nbHits, page: params.page, nbPages: 0, hitsPerPage: 0, processingTimeMS: Math.round(now() - started), query: params.query, params: encodeParams(rawParams as Record<string, unknown>), index: indexName, exhaustiveNbHits: true };
    }
    let { tiers, matchers } = words.length === 0 ? this.#allRecords(index) : await this.#match(words, stopWords, prefixAt, typed.length, params, index, stemmable, analyzer);
    // Nothing has every word and a word is a camel-case name: search again with its parts as well
    // (only then, so a name that matches costs nothing more, while typed letter by letter too).
    if (parts.length > 0 && tiers[0]!.length === 0) {
      throwIfAborted(signal);
      words = [...typed, ...parts];
      stopWords = stopWordsOf(words);
      ({ tiers, matchers } = await this.#match(words, stopWords, prefixAt, typed.length, params, index, stemmable, analyzer));
    }

    // Tier 0 holds the records with every required word; each further tier relaxes the query a
    // step more, and is only drawn on while the hits so far are too few.
    const distinct = params.distinct ?? manifest.settings.distinct;
    const first = params.page * params.hitsPerPage;
    // `ranked`: the hits in order, or (`nbHits` more) as many of the first as the page shown needs.
    let ranked: Candidate[] = [];
    let nbHits = 0;
    // The tiers' candidates that pass the filters, in tier order: each tier is filtered once.
    let pooled: Candidate[] = [];
    let tierZero = 0;
    for (let tier = 0; tier < tiers.length; tier++) {
      if (tier > 0 && nbHits >= this.#ranking.relaxBelow) break;
      const list = tiers[tier]!;
      if (list.length === 0) continue;
      const passing = facets ? list.filter((candidate) => matchesFilters(candidate.id, filter, params.facetFilters, facets)) : list;
      if (tier === 0) {
        nbHits = distinct > 0 ? keptPerGroup(passing, distinct) : passing.length;
        // No relaxed tier will join (enough hits, or none to add): only the hits up to the page
        // shown need their order. Sorting every match was most of a one-letter search's time.
        if (nbHits >= this.#ranking.relaxBelow || tiers.every((other, i) => i === 0 || other.length === 0)) {
          ranked = bestRanked(passing, distinct, first + params.hitsPerPage);
          break;
        }
      }
      passing.sort(byScore);
      pooled = pooled.concat(passing);
      ranked = distinct > 0 ? keepPerGroup(pooled, distinct) : pooled;
      // With grouping on (a results list, not a caller's raw records), the relaxed hits spread over
      // pages: a page whose title holds one word of a long question would otherwise fill the list.
      if (tier > 0 && distinct > 0) ranked = spreadOverPages(ranked, tierZero, index.pages, this.#ranking.relaxedPerPage);
      // Relaxed hits fill a short list up to `relaxBelow`, no further: each hit shown costs its
      // record shard and its highlighting, and the ones past that say less and less.
      if (tier > 0) ranked = ranked.slice(0, Math.max(this.#ranking.relaxBelow, tierZero));
      else tierZero = ranked.length;
      nbHits = ranked.length;
    }

    const shown = ranked.slice(first, first + params.hitsPerPage);
    // The record shards are most of what a search fetches: none for an answer no one awaits.
    throwIfAborted(signal);
    const records = await Promise.all(shown.map((candidate) => this.#record(candidate.id, manifest)));
    await segmentFor(this.#segmented, records);
    // Proximity, from the text of the records this page of hits fetches anyway: no extra bytes,
    // and each page of hits is reordered within itself, so paging stays consistent.
    const contentWords = words.map((_, i) => i).filter((i) => !stopWords[i]);
    if (contentWords.length >= 2 && this.#ranking.proximityWeight > 0) {
      const weight = this.#ranking.proximityWeight;
      const wanted = proximityWords(matchers, contentWords);
      let contentMask = 0;
      for (const i of contentWords) contentMask |= 1 << i;
      const order = shown.map((candidate, i) => {
        // A record with fewer than two of the words has no distance to measure: no text to scan.
        const both = (candidate.mask & contentMask) & ((candidate.mask & contentMask) - 1);
        const record = records[i]!;
        return { i, score: both ? candidate.score * (1 + weight * closeness(record.content ?? ownHeading(record), wanted)) : candidate.score };
      });
      order.sort((a, b) => b.score - a.score || a.i - b.i);
      const reordered = order.map(({ i }) => records[i]!);
      records.splice(0, records.length, ...reordered);
    }
    const hits = records.map((record) => buildHit(record, params, matchers, locale));

    return {
      hits,
      nbHits,
      page: params.page,
      nbPages: params.hitsPerPage > 0 ? Math.ceil(nbHits / params.hitsPerPage) : 0,
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
    stopWords: boolean[],
    prefixAt: number,
    typedWords: number,
    params: ResolvedParams,
    index: LoadedIndex,
    stemmable: ReadonlySet<string>,
    analyzer: Analyzer,
  ): Promise<{ tiers: Candidate[][]; matchers: WordMatcher[] }> {
    const { manifest } = index;
    const headingFields = headingFieldsOf(params.searchableAttributes);
    // A short word being typed reads its completions file, when the index has one and the engine
    // would score headings only; it holds exactly the terms and postings the ranges would give.
    // One or two letters being typed are completed from headings only; no abbreviation is that short.
    // One or two Chinese or Japanese characters are a whole word, searched as any word.
    const isShort = (word: string, position: number): boolean => position === prefixAt && word.length <= SHORT_PREFIX && !SEGMENTED_CHARACTER.test(word);
    const fromCompletions = (word: string, position: number): boolean => isShort(word, position) && !!index.completions && !headingFields.includes('content');
    // The site's synonyms are searched as the engine's own word groups are, even for a short word.
    const abbreviations = words.map((word, position) => {
      const forms = isShort(word, position) ? [] : abbreviationsOf(word, typosAllowed(word, this.#ranking));
      return index.addSynonyms ? index.addSynonyms(forms, word) : forms;
    });
    // API names and one or two letters being typed are never stemmed. `ignorePlurals` picks the
    // languages whose forms match (`pluralLanguages`: undefined is the index's languages, [] none).
    const plurals = params.pluralLanguages;
    const stems = words.map((word, position) =>
      isShort(word, position) || !stemmable.has(word) || plurals?.length === 0
        ? []
        : analyzer.expansions(word).filter((expansion) => !plurals || plurals.includes('*') || plurals.includes(expansion.language)),
    );
    // The ranges of the words and of their other forms are fetched together: one round trip.
    const [shardsPerWord, abbreviationShards] = await Promise.all([
      Promise.all(
        words.map((word, position) => {
          if (fromCompletions(word, position)) {
            const place = index.completions!.get(word);
            // No place: no term starts with it.
            return Promise.all(place ? [this.#completionList(word, place)] : []);
          }
          // With every range holding words that start with the stem (mostly the word's own range):
          // the word's other forms are found wherever the cuts between ranges fell, as a word being
          // typed is. Typos in another range are still left out.
          const keys = new Set(shardKeysFor(word, position === prefixAt, manifest));
          for (const { prefix } of stems[position]!) for (const key of shardKeysFor(prefix, true, manifest)) keys.add(key);
          return Promise.all([...keys].map((key) => this.#termShard(key)));
        }),
      ),
      Promise.all(abbreviations.map((forms) => Promise.all(forms.map((form) => this.#termShard(shardKeysFor(form.term, false, manifest)[0]!))))),
    ]);
    // From here on everything is synchronous, so the shared scratch arrays are ours alone.
    // Stamps live in Int32Arrays: start over long before they would wrap in a long-lived server.
    if (!index.scratch || index.scratch.stamp > 0x3fffffff) index.scratch = createScratch(manifest.recordCount, index.pageCount);
    const scratch = index.scratch;
    const queryStamp = ++scratch.stamp;
    const touched: number[] = [];
    const matchers: WordMatcher[] = [];
    const documentCounts: number[] = [];
    // A stop word still counts (a record with the whole phrase is the better match), but little.
    const wordWeights = stopWords.map((stop) => (stop ? this.#ranking.stopWordWeight : 1));
    words.forEach((word, position) => {
      const prefix = position === prefixAt;
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
        : shards.flatMap((shard) => this.#derivedTerms(shard, word, prefix, stems[position]!, analyzer));
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
      const bit = 1 << position;
      documentCounts.push(wordTouched.length);
      // Rarer words say more of what a long query is about (one word: the same factor for every record).
      const rarity = words.length > 1 && wordTouched.length > 0 ? Math.log(1 + manifest.recordCount / wordTouched.length) / Math.log(1 + manifest.recordCount) : 1;
      const weight = wordWeights[position]! * rarity ** this.#ranking.rarityPower;
      for (const id of wordTouched) {
        // MiniSearch multiplied by the number of query terms a record matched; for the OR of
        // short-prefix completions that is how many of them it has.
        const sources = short ? scratch.sources[id]! : 1;
        const score = weight * scratch.best[id]! * (1 + this.#ranking.bm25Weight * Math.log1p(scratch.bm25[id]! * sources));
        if (scratch.queryStamp[id] !== queryStamp) {
          scratch.queryStamp[id] = queryStamp;
          scratch.total[id] = score;
          scratch.masks[id] = bit;
          touched.push(id);
        } else {
          scratch.total[id]! += score;
          scratch.masks[id]! |= bit;
        }
        // One word: every record has all of it, so there is no page evidence to gather.
        if (words.length === 1) continue;
        const page = index.pages[id]!;
        if (scratch.pageStamp[page] !== queryStamp) {
          scratch.pageStamp[page] = queryStamp;
          scratch.pageBest.fill(0, page * MAX_QUERY_WORDS, (page + 1) * MAX_QUERY_WORDS);
          scratch.pageMasks[page] = 0;
        }
        const slot = page * MAX_QUERY_WORDS + position;
        if (score > scratch.pageBest[slot]!) scratch.pageBest[slot] = score;
        scratch.pageMasks[page]! |= bit;
      }
    });
    return { tiers: this.#tiers(words, typedWords, params, index, scratch, touched, documentCounts, stopWords), matchers };
  }

  /**
   * The matched records in tiers, each ranked by score: tier 0 has every required word, the next
   * tiers relax the query as `removeWordsIfNoResults` says (the search draws on them only while
   * the hits are too few). Scores are copied out of the scratch arrays, which the next search reuses.
   */
  #tiers(
    words: string[],
    typedWords: number,
    params: ResolvedParams,
    index: LoadedIndex,
    scratch: Scratch,
    touched: number[],
    documentCounts: number[],
    stopWords: boolean[],
  ): Candidate[][] {
    const filtered = params.filters !== '' || params.facetFilters.length > 0;
    const distinct = params.distinct ?? index.manifest.settings.distinct;
    const ranking = this.#ranking;
    const mode = params.removeWordsIfNoResults ?? DEFAULT_REMOVE_WORDS;
    const all = (1 << words.length) - 1;
    // Content words: what the query is about (a query of stop words only, "what is this", is about them).
    let content = 0;
    words.forEach((_, i) => {
      if (!stopWords[i]) content |= 1 << i;
    });
    let optional = 0;
    words.forEach((word, i) => {
      // Camel-case parts (after the words typed) are optional, as `optionalWords`.
      if (params.optionalWords.has(word) || i >= typedWords) optional |= 1 << i;
    });
    // With `allOptional` (the default) stop words are optional from the start: "how do I mock a
    // module" must not need "how" and "do" in a record. The other modes keep the provider's rule.
    const recordCount = index.manifest.recordCount;
    if (mode === 'allOptional') {
      optional |= all & ~content;
      // So are words found in a large share of the records ("vite" on the Vite docs), while a
      // rarer word of the query stays required: they say little about which record is wanted.
      let common = 0;
      documentCounts.forEach((count, i) => {
        if (content & (1 << i) && count > ranking.commonWordShare * recordCount) common |= 1 << i;
      });
      if ((content & ~common & ~optional) !== 0) optional |= common;
    }
    const required = all & ~optional;
    // How informative each word is: rare words say more about what is wanted than common ones.
    const informativeness = documentCounts.map((count, i) => (content & (1 << i) && count > 0 ? Math.log(1 + recordCount / count) : 0));
    const totalInformativeness = informativeness.reduce((sum, value) => sum + value, 0) || 1;
    const maxInformativeness = Math.max(...informativeness) || 1;
    const share = (mask: number): number => {
      let sum = 0;
      for (let i = 0; i < words.length; i++) if (mask & (1 << i)) sum += informativeness[i]!;
      return sum / totalInformativeness;
    };
    // Steps of `lastWords` / `firstWords`: the required words, last (or first) ones dropped one more each step, at most 5.
    const steps: number[] = [required];
    if (mode === 'lastWords' || mode === 'firstWords') {
      const order = words.map((_, i) => i).filter((i) => required & (1 << i));
      if (mode === 'lastWords') order.reverse();
      let mask = required;
      for (const i of order.slice(0, Math.min(MAX_REMOVED_WORDS, order.length - 1))) steps.push((mask &= ~(1 << i)));
    }
    const tiers: Candidate[][] = steps.map(() => []);
    if (mode === 'allOptional' && required !== 0) tiers.push([]);
    const tierOf = new Int8Array(touched.length);
    const fullGroups = new Set<number>();
    touched.forEach((id, n) => {
      const mask = scratch.masks[id]!;
      let tier = 0;
      if (required === 0) {
        // Every word optional: any content word will do.
        if ((mask & content) === 0) tier = -1;
      } else if (mode === 'allOptional') {
        if ((mask & required) !== required) tier = mask & content ? 1 : -1;
      } else {
        while (tier < steps.length && (mask & steps[tier]!) !== steps[tier]!) tier++;
        if (tier === steps.length) tier = -1;
      }
      tierOf[n] = tier;
      if (tier === 0 && fullGroups.size < ranking.relaxBelow) fullGroups.add(distinct > 0 ? index.docs.groups[id]! : id);
    });
    // Enough hits with every word (no filter can take some away): the relaxed tiers would not be
    // drawn on, so they are not scored (a common word touches most of the index).
    const lastTier = !filtered && fullGroups.size >= ranking.relaxBelow ? 0 : tiers.length - 1;
    const { pageRanks } = index.docs;
    for (let n = 0; n < touched.length; n++) {
      const tier = tierOf[n]!;
      if (tier < 0 || tier > lastTier) continue;
      const id = touched[n]!;
      const mask = scratch.masks[id]!;
      const page = index.pages[id]!;
      const pageMask = scratch.pageMasks[page]!;
      // Page evidence: the page's best record per word, for the words this record lacks (and a
      // share for those it has): sections that together answer the query lift each other. A
      // one-word query gathers none (its page arrays are not filled).
      let evidence = 0;
      for (let i = 0; i < words.length && words.length > 1 && (mask !== all || ranking.pageOwnWordShare > 0); i++) {
        const best = scratch.pageBest[page * MAX_QUERY_WORDS + i]!;
        if (best === 0) continue;
        evidence += best * (informativeness[i]! / maxInformativeness) * (mask & (1 << i) ? ranking.pageOwnWordShare : 1);
      }
      let score = scratch.total[id]! * (ranking.typeWeights[index.docs.types[id]!] ?? 1) + ranking.pageWeight * evidence;
      if (pageRanks !== null && pageRanks[id] !== 0) score *= ranking.pageRankWeight ** Math.max(-ranking.maxPageRankSteps, Math.min(ranking.maxPageRankSteps, -pageRanks[id]!));
      if ((mask & content) !== content) {
        const own = share(mask & content);
        const coverage = own + ranking.pageCoverageShare * Math.max(0, share(pageMask & content) - own);
        score *= coverage ** ranking.coveragePower;
      }
      tiers[tier]!.push({ id, score, group: index.docs.groups[id]!, mask });
    }
    return tiers;
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
      for (const term of analyzer.stemmedTerms(word, expansion, shard.map.withPrefix(expansion.prefix))) {
        if (seen.has(term)) continue;
        seen.add(term);
        derived.push({ shard, term, bm25Weight: this.#ranking.stemWeight, quality: this.#ranking.stemWeight });
      }
    }
    if (prefix) {
      for (const term of shard.map.withPrefix(word)) {
        if (seen.has(term)) continue;
        seen.add(term);
        const distance = term.length - word.length;
        derived.push({ shard, term, bm25Weight: (this.#ranking.prefixWeight * term.length) / (term.length + 0.3 * distance), quality: this.#ranking.prefixWeight });
      }
    }
    const typos = typosAllowed(word, this.#ranking);
    if (typos > 0) {
      for (const [term, distance] of shard.map.fuzzy(word, typos)) {
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
  #allRecords(index: LoadedIndex): { tiers: Candidate[][]; matchers: WordMatcher[] } {
    const candidates: Candidate[] = [];
    for (let id = 0; id < index.manifest.recordCount; id++) candidates.push({ id, score: 0, group: index.docs.groups[id]!, mask: 0 });
    return { tiers: [candidates], matchers: [] };
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

/** Word segmentation, once loaded (a chunk of its own in the browser). */
let segmentation: Promise<void> | undefined;
let segmenting = false;

/**
 * Loads word segmentation before a search of an index that holds segmented words tokenizes
 * `values` (the query, the records to highlight…), if one holds a letter of a script written
 * without spaces: until then tokens are the same without it. An English site whose pages quote a
 * few Chinese words, whose index is `segmented` therefore, does not fetch it for English searches.
 */
function segmentFor(segmented: boolean, values: readonly unknown[]): Promise<void> | undefined {
  if (!segmented || segmenting || !values.some(holdsSegmentedText)) return undefined;
  segmentation ??= import('./analysis/segment.js').then(
    (module) => {
      useWordSegmentation(module.pieceSplitter(SEGMENTED));
      segmenting = true;
    },
    (error: unknown) => {
      segmentation = undefined;
      throw error;
    },
  );
  return segmentation;
}

/** Whether a string, or a string in an array or object, holds a letter of a script that is segmented. */
function holdsSegmentedText(value: unknown): boolean {
  if (typeof value === 'string') return SEGMENTED_CHARACTER.test(value);
  if (value === null || typeof value !== 'object') return false;
  return Object.values(value).some(holdsSegmentedText);
}

/** Rejects a search whose caller gave up on it, with the signal's reason (an `AbortError` unless the caller gave one). */
function throwIfAborted(signal: AbortSignal | undefined): void {
  if (!signal?.aborted) return;
  throw signal.reason ?? abortError();
}

function abortError(): Error {
  if (typeof DOMException === 'function') return new DOMException('The search was aborted.', 'AbortError');
  return Object.assign(new Error('The search was aborted.'), { name: 'AbortError' });
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
  const map = new TermMap<TermData>(data.terms.map((entry) => [entry[0], { coded: entry.slice(1) as FieldPostings[] }]));
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

function createScratch(count: number, pageCount: number): Scratch {
  return {
    bm25: new Float64Array(count),
    best: new Float64Array(count),
    sources: new Uint16Array(count),
    termStamp: new Int32Array(count),
    wordStamp: new Int32Array(count),
    total: new Float64Array(count),
    masks: new Uint16Array(count),
    queryStamp: new Int32Array(count),
    pageBest: new Float64Array(pageCount * MAX_QUERY_WORDS),
    pageMasks: new Uint16Array(pageCount),
    pageStamp: new Int32Array(pageCount),
    stamp: 0,
  };
}

/**
 * Pages from the record table: the indexer writes a page's records together, its title (lvl1)
 * first, so a page starts at each title or category record. Hand-made records without titles
 * make one long page, which only weakens page evidence.
 */
function pagesOf(docs: DocTable): { pages: Int32Array; pageCount: number } {
  const pages = new Int32Array(docs.types.length);
  let page = -1;
  for (let id = 0; id < docs.types.length; id++) {
    if (docs.types[id]! <= 1 || page < 0) page++;
    pages[id] = page;
  }
  return { pages, pageCount: page + 1 };
}

/** The camel-case parts of the query's words that are not words of the query already. */
function camelParts(query: string, words: readonly string[]): string[] {
  const seen = new Set(words);
  const parts: string[] = [];
  for (const token of tokenizeWithOffsets(query, true)) {
    if (seen.has(token.term)) continue;
    seen.add(token.term);
    parts.push(token.term);
  }
  return parts;
}

/** The namespaces of the dotted names of a query (`jest.fn()` → `jest`), normalized as query words. */
function dottedNamespaces(query: string): string[] {
  const names: string[] = [];
  for (const match of query.matchAll(/(?<![\w$.])([A-Za-z_$][\w$]*)\.(?=[A-Za-z_$])/g)) names.push(normalizeTerm(match[1]!));
  return names;
}

/** The text of a heading record's own level (a content record has its `content`). */
function ownHeading(record: DocRecord): string {
  const level = record.type === 'content' ? null : record.type;
  return (level && record.hierarchy[level]) ?? '';
}

function byScore(a: Candidate, b: Candidate): number {
  return b.score - a.score || a.id - b.id;
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

/** How many of `candidates` `keepPerGroup` keeps, in any order. */
function keptPerGroup(candidates: readonly Candidate[], perGroup: number): number {
  const seen = new Map<number, number>();
  let kept = 0;
  for (const candidate of candidates) {
    const count = (seen.get(candidate.group) ?? 0) + 1;
    seen.set(candidate.group, count);
    if (count <= perGroup) kept++;
  }
  return kept;
}

/**
 * The first `wanted` (or more) of `keepPerGroup(candidates.sort(byScore), distinct)`, without
 * sorting them all: the best candidates are taken by score (every one scoring at least the
 * `size`-th best: exactly the first of the full order), sorted and grouped; too few left after
 * grouping, and more are taken.
 */
function bestRanked(candidates: Candidate[], distinct: number, wanted: number): Candidate[] {
  for (let size = Math.max(32, 2 * wanted); ; size *= 4) {
    const best = size >= candidates.length ? candidates.sort(byScore) : atLeastScore(candidates, size).sort(byScore);
    const ranked = distinct > 0 ? keepPerGroup(best, distinct) : best;
    if (ranked.length >= wanted || best.length === candidates.length) return ranked;
  }
}

/** The candidates scoring at least the `count`-th best score (`count` < their number): `count` of them or more. */
function atLeastScore(candidates: readonly Candidate[], count: number): Candidate[] {
  const scores = new Float64Array(candidates.length);
  for (let i = 0; i < candidates.length; i++) scores[i] = candidates[i]!.score;
  // Quickselect, descending: the value that sorting would put at `count - 1`.
  const target = count - 1;
  let low = 0;
  let high = scores.length - 1;
  while (low < high) {
    const pivot = scores[(low + high) >> 1]!;
    let i = low;
    let j = high;
    while (i <= j) {
      while (scores[i]! > pivot) i++;
      while (scores[j]! < pivot) j--;
      if (i <= j) {
        const swap = scores[i]!;
        scores[i++] = scores[j]!;
        scores[j--] = swap;
      }
    }
    if (target <= j) high = j;
    else if (target >= i) low = i;
    else break;
  }
  const threshold = scores[target]!;
  return candidates.filter((candidate) => candidate.score >= threshold);
}

/**
 * The hits with a page's relaxed hits beyond its first `perPage` (counting its hits with every
 * word) moved after the other pages' relaxed hits, in order; hits with every word stay first.
 */
function spreadOverPages(ranked: Candidate[], fixed: number, pages: Int32Array, perPage: number): Candidate[] {
  const shown = new Map<number, number>();
  const kept: Candidate[] = [];
  const later: Candidate[] = [];
  ranked.forEach((candidate, i) => {
    const page = pages[candidate.id]!;
    const count = (shown.get(page) ?? 0) + 1;
    shown.set(page, count);
    (i < fixed || count <= perPage ? kept : later).push(candidate);
  });
  return later.length === 0 ? ranked : kept.concat(later);
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
  return filter ? filterModule!.evaluateFilter(filter, hasValue) : true;
}

/** `filters.ts`, once a search has had a `filters` string (whose expression only it evaluates). */
let filterModule: typeof import('./filters.js') | undefined;

/** A `filters` string parsed (a blank one is no filter: the parser would say so without loading). */
async function parseFilterString(source: string): Promise<FilterExpression | null> {
  filterModule ??= await import('./filters.js');
  return filterModule.parseFilterSyntax(source, SearchRequestError);
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
