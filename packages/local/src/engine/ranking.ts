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
  typeWeights: [1, 1.6, 1.4, 1.25, 1.15, 1.1, 1.05, 1],
  prefixWeight: 0.5,
  typoWeight: 0.35,
  stemWeight: 0.7,
  abbreviationWeight: 0.5,
  minWordSizeForOneTypo: 4,
  minWordSizeForTwoTypos: 8,
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
