/**
 * The documentation record schema, kept structurally identical to
 * `packages/islands/src/core/records.ts` (`@sitesearch/islands/core`), the reference. It is
 * restated here rather than imported because islands builds against this package (the CDN's
 * local client, the local assistant), so importing islands here would make a build cycle. The
 * typecheck of `tests/` (`tests/fixtures/records.ts`) fails if the two ever drift.
 */

/** Hierarchy levels of a documentation record, from the section (`lvl0`) to the deepest heading. */
export type HierarchyLevel = 'lvl0' | 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6';

/** The levels in order, shallowest first. */
export const HIERARCHY_LEVELS: readonly HierarchyLevel[] = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];

/** Headings above a record: `lvl0` the section or category, `lvl1` the page title, deeper levels the headings. */
export type Hierarchy = Record<HierarchyLevel, string | null>;

/** What a record stands for: a heading of that level, or a content block under a heading. */
export type RecordType = HierarchyLevel | 'content';

/** One documentation record, as stored in the index. */
export interface DocRecord {
  /** Stable identifier of the record. */
  objectID: string;
  /** Absolute or site-relative URL of the record, with its anchor. */
  url: string;
  /** The URL without its anchor (the page). */
  url_without_anchor?: string;
  /** Anchor (fragment, without `#`) of the nearest heading, or null. */
  anchor: string | null;
  /** What the record stands for. */
  type: RecordType;
  /** Headings above the record. */
  hierarchy: Hierarchy;
  /** Text of a content block; null for heading records. */
  content: string | null;
  /** Any other attribute (language, version, tags…). */
  [attribute: string]: unknown;
}

/** How well a highlighted attribute matched the query, in the provider's vocabulary. */
export type MatchLevel = 'none' | 'partial' | 'full';

/** A highlighted or snippeted value, as the provider returns it (HTML with marker tags). */
export interface HighlightResult {
  /** The attribute's text with matches wrapped in the highlight tags. */
  value: string;
  /** How well the attribute matched. */
  matchLevel: MatchLevel;
  /** Query words that matched. */
  matchedWords?: string[];
  /** Whether every query word matched. */
  fullyHighlighted?: boolean;
}

/** A record returned by a search, with its highlight and snippet data. */
export interface DocHit extends DocRecord {
  /** Highlighted attributes (same shape as the record, values replaced by highlight results). */
  _highlightResult?: HitHighlightTree;
  /** Snippeted attributes (same shape as the record, values replaced by highlight results). */
  _snippetResult?: HitHighlightTree;
}

/** A tree that mirrors a record's attributes with highlight results at its leaves. */
export interface HitHighlightTree {
  [attribute: string]: HighlightResult | HitHighlightTree | HighlightResult[] | undefined;
}
