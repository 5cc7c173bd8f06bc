/**
 * The search engine: answers the provider's search parameters over a sharded index, fetching
 * only the term shards a query's words need and the record shards of the hits it returns.
 * Isomorphic (no Node imports): the same code runs in the browser client and the loopback server.
 */
import MiniSearch from 'minisearch';
import type { DocHit, DocRecord } from '../records.js';
import { SearchRequestError } from './errors.js';
import { evaluateFilter, parseFilters, type FilterExpression } from './filters.js';
import {
  SEARCHABLE_ATTRIBUTES,
  getAttribute,
  type FacetData,
  type IndexManifest,
  type IndexSource,
  type SearchableAttribute,
  type ShardDocRow,
  type TermShard,
} from './format.js';
import type { WordMatcher } from './highlight.js';
import { buildHit } from './hits.js';
import { resolveParams, type ResolvedParams } from './params.js';
import { resolveRanking, typosAllowed, type RankingOptions } from './ranking.js';
import { queryTerms } from './tokenize.js';

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

interface LoadedShard {
  miniSearch: MiniSearch;
  docs: Map<number, ShardDocRow>;
  /** Terms in order with their record counts, built on the first short prefix that needs them. */
  vocabulary?: { terms: string[]; counts: number[] };
  postings: TermShard['index'];
}

/**
 * A prefix this short completes to thousands of terms; scoring them all is what made a single
 * typed letter the slowest search. Only the most frequent completions are kept, which is also
 * what a user who has typed one letter can mean.
 */
const SHORT_PREFIX = 2;
const SHORT_PREFIX_COMPLETIONS = 40;

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
  readonly #termShards = new Map<string, Promise<LoadedShard>>();
  readonly #recordShards = new Map<number, Promise<DocRecord[]>>();
  #facets: Promise<FacetData> | undefined;

  constructor(source: IndexSource, options: SearchEngineOptions = {}) {
    this.#source = source;
    this.#ranking = resolveRanking(options.ranking);
  }

  /** Fetches what every query needs (the manifest, and the whole term index when it is one file). */
  async warm(): Promise<void> {
    const manifest = await this.manifest();
    if (manifest.terms.prefixLength === 0 && manifest.terms.keys.includes('')) await this.#termShard('', manifest);
  }

  manifest(): Promise<IndexManifest> {
    this.#manifest ??= retryable(this.#source.manifest(), () => (this.#manifest = undefined));
    return this.#manifest;
  }

  /** Answers one search; `params` is validated and bad values are refused with a `SearchRequestError`. */
  async search(rawParams: unknown, indexName = 'docs'): Promise<SearchResponse> {
    const started = now();
    const params = resolveParams(rawParams);
    const filter = parseFilters(params.filters);
    const manifest = await this.manifest();

    const words = queryTerms(params.query).slice(0, MAX_QUERY_WORDS);
    const prefixLast = !/\s$/.test(params.query);
    const { candidates, matchers } =
      words.length === 0 ? await this.#allRecords(manifest) : await this.#match(words, prefixLast, params, manifest);

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
    const hits = records.map((record) => buildHit(record, params, matchers));

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
    manifest: IndexManifest,
  ): Promise<{ candidates: Candidate[]; matchers: WordMatcher[] }> {
    const perWord = await Promise.all(
      words.map(async (word, position) => {
        const prefix = prefixLast && position === words.length - 1;
        const shards = await Promise.all(shardKeysFor(word, prefix, manifest).map((key) => this.#termShard(key, manifest)));
        const scores = new Map<number, number>();
        const terms = new Set<string>();
        const rows = new Map<number, ShardDocRow>();
        for (const shard of shards) {
          const short = prefix && word.length <= SHORT_PREFIX;
          const results = shard.miniSearch.search(short ? { queries: frequentCompletions(shard, word), combineWith: 'OR' } : word, {
            // After one or two letters people look for titles; body text would only add noise and time.
            fields: short ? headingFieldsOf(params.searchableAttributes) : params.searchableAttributes,
            prefix: !short && prefix,
            fuzzy: short ? false : typosAllowed(word, this.#ranking),
            weights: { prefix: this.#ranking.prefixWeight, fuzzy: this.#ranking.typoWeight },
          });
          for (const result of results) {
            const id = result.id as number;
            const row = shard.docs.get(id);
            if (!row) continue;
            const score = this.#wordScore(word, result.match, row[2]!) * (1 + this.#ranking.bm25Weight * Math.log1p(result.score));
            scores.set(id, Math.max(scores.get(id) ?? 0, score));
            for (const term of result.terms) terms.add(term);
            rows.set(id, row);
          }
        }
        return { matcher: { word, terms, prefix }, scores, rows };
      }),
    );

    const byId = new Map<number, Candidate>();
    const rows = new Map<number, ShardDocRow>();
    for (const entry of perWord) {
      for (const [id, score] of entry.scores) {
        const candidate = byId.get(id);
        if (candidate) {
          candidate.words++;
          candidate.score += score;
        } else {
          byId.set(id, { id, words: 1, score, group: -1 - id });
        }
      }
      for (const [id, row] of entry.rows) rows.set(id, row);
    }
    let candidates = [...byId.values()];
    for (const candidate of candidates) {
      const row = rows.get(candidate.id);
      if (!row) continue;
      candidate.group = row[1]!;
      candidate.score *= this.#ranking.typeWeights[row[2]!] ?? 1;
    }
    // Every word is required, like the provider; when no record has them all, fall back to the
    // records that have the most, so a stray word does not empty the results.
    const mostWords = candidates.reduce((max, candidate) => Math.max(max, candidate.words), 0);
    candidates = candidates.filter((candidate) => candidate.words === mostWords);
    candidates.sort((a, b) => b.score - a.score || a.id - b.id);
    return { candidates, matchers: perWord.map((entry) => entry.matcher) };
  }

  /**
   * How well one word matched one record, the way the provider's tie-breaking sees it: the best
   * attribute it matched in (a title beats a heading beats body text; a heading the record only
   * inherits counts less than its own), and whether it matched exactly, as a prefix or with a typo.
   */
  #wordScore(word: string, match: Record<string, string[]>, typeCode: number): number {
    let best = 0;
    for (const [term, fields] of Object.entries(match)) {
      const quality = term === word ? 1 : term.startsWith(word) ? this.#ranking.prefixWeight : this.#ranking.typoWeight;
      for (const field of fields) {
        const fieldIndex = (SEARCHABLE_ATTRIBUTES as readonly string[]).indexOf(field);
        const inherited = fieldIndex < typeCode ? this.#ranking.inheritedWeight : 1;
        const weight = this.#ranking.attributeWeights[field as SearchableAttribute] * inherited * quality;
        if (weight > best) best = weight;
      }
    }
    return best;
  }

  async #allRecords(manifest: IndexManifest): Promise<{ candidates: Candidate[]; matchers: WordMatcher[] }> {
    const groups = new Map<string, number>();
    const candidates: Candidate[] = [];
    for (let shard = 0; shard < manifest.records.shards; shard++) {
      const records = await this.#recordShard(shard);
      records.forEach((record, offset) => {
        const key = JSON.stringify(getAttribute(record, manifest.settings.attributeForDistinct) ?? `#${shard}:${offset}`);
        if (!groups.has(key)) groups.set(key, groups.size);
        candidates.push({ id: shard * manifest.records.size + offset, words: 0, score: 0, group: groups.get(key)! });
      });
    }
    return { candidates, matchers: [] };
  }

  #termShard(key: string, manifest: IndexManifest): Promise<LoadedShard> {
    let shard = this.#termShards.get(key);
    if (!shard) {
      shard = retryable(
        this.#source.termShard(key).then((data) => loadShard(data, manifest)),
        () => this.#termShards.delete(key),
      );
      this.#termShards.set(key, shard);
    }
    return shard;
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

/** A failed fetch must not stay cached: the next search tries again. */
function retryable<T>(promise: Promise<T>, forget: () => void): Promise<T> {
  promise.catch(forget);
  return promise;
}

function loadShard(data: TermShard, manifest: IndexManifest): LoadedShard {
  const docs = new Map<number, ShardDocRow>();
  const documentIds: Record<number, number> = {};
  const fieldLength: Record<number, number[]> = {};
  let nextId = 0;
  for (const row of data.docs) {
    const id = row[0]!;
    docs.set(id, row);
    documentIds[id] = id;
    fieldLength[id] = row.slice(3);
    nextId = Math.max(nextId, id + 1);
  }
  const miniSearch = MiniSearch.loadJS(
    {
      // Global statistics, so that scores from different shards compare.
      documentCount: manifest.recordCount,
      averageFieldLength: manifest.averageFieldLength,
      nextId,
      documentIds,
      fieldIds: Object.fromEntries(SEARCHABLE_ATTRIBUTES.map((name, id) => [name, id])),
      fieldLength,
      storedFields: {},
      dirtCount: 0,
      index: data.index,
      serializationVersion: 2,
    },
    { fields: [...SEARCHABLE_ATTRIBUTES], tokenize: (text) => [text], processTerm: (term) => term },
  );
  return { miniSearch, docs, postings: data.index };
}

function headingFieldsOf(fields: SearchableAttribute[]): SearchableAttribute[] {
  const headings = fields.filter((field) => field !== 'content');
  return headings.length > 0 ? headings : fields;
}

function frequentCompletions(shard: LoadedShard, prefix: string): string[] {
  if (!shard.vocabulary) {
    const entries = shard.postings
      .map(([term, fields]) => [term, Object.values(fields).reduce((sum, postings) => sum + Object.keys(postings).length, 0)] as const)
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    shard.vocabulary = { terms: entries.map(([term]) => term), counts: entries.map(([, count]) => count) };
  }
  const { terms, counts } = shard.vocabulary;
  let low = 0;
  let high = terms.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (terms[middle]! < prefix) low = middle + 1;
    else high = middle;
  }
  const completions: { term: string; count: number }[] = [];
  for (let i = low; i < terms.length && terms[i]!.startsWith(prefix); i++) completions.push({ term: terms[i]!, count: counts[i]! });
  completions.sort((a, b) => b.count - a.count);
  const picked = completions.slice(0, SHORT_PREFIX_COMPLETIONS).map((completion) => completion.term);
  // An empty OR query would match nothing anyway; keep the word so the query stays well-formed.
  return picked.length > 0 ? picked : [prefix];
}

/** Term shards that may hold a word's matches: its own, and for a short prefix every shard it begins. */
function shardKeysFor(word: string, prefix: boolean, manifest: IndexManifest): string[] {
  const { prefixLength, keys } = manifest.terms;
  const own = word.slice(0, prefixLength);
  return keys.filter((key) => key === own || (prefix && key.startsWith(word)) || (key.length < prefixLength && key === word));
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
