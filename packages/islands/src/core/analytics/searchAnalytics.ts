import type { ResolvedSiteSearchOptions } from '../options/siteSearchOptionsBase.js';
import type { DocHit } from '../records.js';
import type { SearchController, SearchState } from '../search/searchController.js';
import { emitEvent } from './events.js';
import type { InsightsSender } from './insights.js';

/**
 * How long results must stay on screen, the query unchanged, for their search to count as
 * settled: typing "server port" is one search, not one per key. DocSearch waits as long before
 * its view events, which are sent at the same moment.
 */
export const SETTLE_MS = 400;

/** The search modal's analytics: its CustomEvents, and the `insights` events when that is on. */
export interface SearchAnalytics {
  /** The modal opened or closed. */
  modal(isOpen: boolean): void;
  /** A hit was opened; only a result of the search shown counts (not a recent search or a favorite). */
  hitOpened(hit: DocHit): void;
  /** Follows the searches until the returned function is called (an effect's subscribe and cleanup, so React's StrictMode remount keeps it). */
  watch(): () => void;
}

export function createSearchAnalytics(controller: SearchController, options: Pick<ResolvedSiteSearchOptions, 'insights' | 'appId' | 'apiKey' | 'indices'>, environment: Window): SearchAnalytics {
  const { insights } = options;
  let sender: Promise<InsightsSender> | undefined;
  // The insights chunk is imported with the first result, and only when `insights` is on: a page
  // without it fetches nothing more.
  const withInsights = (run: (sender: InsightsSender) => void) => {
    if (insights) (sender ??= import('./insights.js').then((chunk) => chunk.createInsightsSender(insights, options, environment))).then(run, () => {});
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The search shown and not yet reported, and the last one seen (a suggestions update is not a new search). */
  let pending: SearchState | undefined;
  let last: SearchState | undefined;

  const settle = () => {
    clearTimeout(timer);
    const state = pending;
    pending = undefined;
    if (!state) return;
    emitEvent(environment, 'search', { query: state.query, index: options.indices.map((index) => index.name).join(','), nbHits: state.nbHits, empty: state.nbHits === 0 });
    withInsights((events) => events.view(state));
  };

  const follow = (state: SearchState) => {
    if (state.status === 'success' && state.groups === last?.groups) return;
    clearTimeout(timer);
    pending = undefined;
    if (state.status !== 'success') return;
    last = pending = state;
    withInsights(() => {});
    timer = setTimeout(settle, SETTLE_MS);
  };

  return {
    modal(isOpen) {
      if (!isOpen) settle();
      emitEvent(environment, isOpen ? 'modal-open' : 'modal-close', {});
    },
    hitOpened(hit) {
      settle();
      const state = controller.get();
      const group = state.groups.find((candidate) => candidate.hits.includes(hit));
      if (!group) return;
      const position = state.groups.flatMap((candidate) => candidate.hits).indexOf(hit) + 1;
      emitEvent(environment, 'hit-open', { query: state.query, url: hit.url, position, index: group.indexName, objectID: hit.objectID });
      withInsights((events) => events.click(hit, group.indexName, state.queryIDs?.[group.indexName], position));
    },
    watch() {
      const unsubscribe = controller.subscribe(follow);
      return () => {
        clearTimeout(timer);
        unsubscribe();
      };
    },
  };
}
