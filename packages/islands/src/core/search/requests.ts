import { HIERARCHY_LEVELS } from '../records.js';
import type { ResolvedIndex } from '../options/siteSearchOptions.js';
import type { SearchRequest } from '../options/types.js';
import { HIGHLIGHT_POST_TAG, HIGHLIGHT_PRE_TAG } from './highlight.js';

/** Hits asked of each index: enough to fill several groups of `maxResultsPerGroup`. */
export const DEFAULT_HITS_PER_PAGE = 20;

const HIERARCHY_ATTRIBUTES = HIERARCHY_LEVELS.map((level) => `hierarchy.${level}`);

/**
 * Parameters sent for documentation records, before each index's own parameters. Only what a
 * result shows is asked for (see `ui/hitDisplay.ts`): headings are shown whole, from their
 * highlight; a content block from its snippet. So headings get no snippet and content no
 * highlight (the whole text again, marked, beside the snippet), and the answer is that much
 * smaller. `content` itself is still retrieved: a stored recent search or favorite has no
 * snippet and shows it, and custom `hitComponent`s may read it (DocSearch retrieves it too).
 */
export const DEFAULT_SEARCH_PARAMETERS = {
  attributesToRetrieve: [...HIERARCHY_ATTRIBUTES, 'content', 'type', 'url'],
  attributesToSnippet: ['content:10'],
  // Explicit: without it the provider highlights every searchable attribute, `content` included.
  attributesToHighlight: [...HIERARCHY_ATTRIBUTES],
  snippetEllipsisText: '…',
  highlightPreTag: HIGHLIGHT_PRE_TAG,
  highlightPostTag: HIGHLIGHT_POST_TAG,
  hitsPerPage: DEFAULT_HITS_PER_PAGE,
} as const;

/**
 * One request per index, in the order of `indices`, for one multi-index call. An index's own
 * parameters win over the defaults, except the highlight tags: the core parses highlights with its
 * own markers, so those are fixed. With `clickAnalytics` (the `insights` option), each asks the
 * provider for the `queryID` that click events name; without it nothing is sent for it, the
 * provider's default being off.
 */
export function buildSearchRequests(query: string, indices: readonly ResolvedIndex[], clickAnalytics?: boolean): SearchRequest[] {
  return indices.map((index) => ({
    ...DEFAULT_SEARCH_PARAMETERS,
    ...(clickAnalytics && { clickAnalytics }),
    ...index.searchParameters,
    highlightPreTag: HIGHLIGHT_PRE_TAG,
    highlightPostTag: HIGHLIGHT_POST_TAG,
    indexName: index.name,
    query,
  }));
}
