/**
 * The knobs of ranking. Defaults were tuned on the bench's relevance set (`bench/queries.ts`):
 * a match in a page title outweighs one in a heading, which outweighs one in body text, and a
 * record that *is* a title or heading outranks the paragraphs below it.
 */
import type { SearchableAttribute } from './format.js';

export interface RankingOptions {
  /** Weight of a match in each searchable attribute. */
  attributeWeights: Record<SearchableAttribute, number>;
  /** Multiplier of a match in a heading the record inherits (above its own level), against one in its own text. */
  inheritedWeight: number;
  /** How much the BM25 score (term rarity and frequency) adds to the structural score. */
  bm25Weight: number;
  /** A word's score is multiplied by its rarity (idf over the largest idf possible) to this power: 0 treats every word alike. */
  rarityPower: number;
  /** Multiplier by record type code (lvl0…lvl6, content), applied to the record's score. */
  typeWeights: readonly number[];
  /** Weight of a prefix completion of the last word, relative to an exact word (MiniSearch's scale). */
  prefixWeight: number;
  /** Weight of a typo-tolerant match, relative to an exact word. */
  typoWeight: number;
  /** Weight of another word with the query word's stem (`configuration` for `configuring`), relative to the word itself. */
  stemWeight: number;
  /** Weight of a match on the other form of an abbreviated word (`env` for `environment`, and back), relative to an exact word. */
  abbreviationWeight: number;
  /** Shortest word allowed one typo, and two typos (the provider's defaults are 4 and 8). */
  minWordSizeForOneTypo: number;
  minWordSizeForTwoTypos: number;
  /** Weight of a stop word ("how", "the", "de") in a record's score and in how much of the query a record holds, against another word. */
  stopWordWeight: number;
  /** Below this many hits for all the words, words become optional (as `removeWordsIfNoResults` says) to fill the list. */
  relaxBelow: number;
  /** Relaxed hits of one page shown before every other page's relaxed hits (with `distinct` on). */
  relaxedPerPage: number;
  /**
   * Share of its page's evidence a record gets: per query word, the best score of any record of
   * the page, summed; a word the record itself lacks counts fully, one it has by `pageOwnWordShare`.
   */
  pageWeight: number;
  pageOwnWordShare: number;
  /** A record missing words is judged by its share of the query (rarity-weighted), raised to `coveragePower`… */
  coveragePower: number;
  /**
   * …moved this far towards its page's share (a page whose sections hold every word is about the
   * query). 0 by default: on the dev halves of the evaluation sets, a section holding more of the
   * words was the better answer more often than the sections of a page holding them together.
   */
  pageCoverageShare: number;
  /** Bonus of a record holding every content word of the query in its own text (a paragraph or heading), against one whose words are spread over the headings it inherits; a share of it for some of them. */
  proximityWeight: number;
  /** With `allOptional`, a word found in more than this share of the records is optional from the start (when a rarer word of the query is not). */
  commonWordShare: number;
  /**
   * A record's score is multiplied by this for each step of its page's `page_rank` below 0, and
   * divided by it for each step above (at most `maxPageRankSteps` steps either way). The provider
   * only breaks ties with it (`customRanking: desc(weight.pageRank)`); a score has no ties to
   * break, so here it is a weight that tips close matches, as ties would be tipped there.
   */
  pageRankWeight: number;
  maxPageRankSteps: number;
}

export const DEFAULT_RANKING: RankingOptions = {
  attributeWeights: {
    'hierarchy.lvl0': 0.6,
    'hierarchy.lvl1': 4,
    'hierarchy.lvl2': 2.6,
    'hierarchy.lvl3': 2,
    'hierarchy.lvl4': 1.6,
    'hierarchy.lvl5': 1.4,
    'hierarchy.lvl6': 1.3,
    content: 1,
  },
  inheritedWeight: 0.75,
  bm25Weight: 0.1,
  rarityPower: 1,
  typeWeights: [1, 1.6, 1.4, 1.25, 1.15, 1.1, 1.05, 1],
  prefixWeight: 0.5,
  typoWeight: 0.35,
  stemWeight: 0.7,
  abbreviationWeight: 0.5,
  minWordSizeForOneTypo: 4,
  minWordSizeForTwoTypos: 8,
  stopWordWeight: 0.2,
  relaxBelow: 10,
  relaxedPerPage: 3,
  pageWeight: 0.6,
  pageOwnWordShare: 0.15,
  coveragePower: 1,
  pageCoverageShare: 0,
  proximityWeight: 0.5,
  commonWordShare: 0.1,
  // 0.5-0.8 gave the same dev halves (release posts -1: 7 questions up, none down); the middle of it.
  pageRankWeight: 0.7,
  maxPageRankSteps: 3,
};

export function resolveRanking(overrides: Partial<RankingOptions> = {}): RankingOptions {
  return {
    ...DEFAULT_RANKING,
    ...overrides,
    attributeWeights: { ...DEFAULT_RANKING.attributeWeights, ...overrides.attributeWeights },
  };
}

export function typosAllowed(word: string, ranking: RankingOptions): number {
  if (word.length >= ranking.minWordSizeForTwoTypos) return 2;
  if (word.length >= ranking.minWordSizeForOneTypo) return 1;
  return 0;
}
