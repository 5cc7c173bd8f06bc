import { useEffect, useMemo, useRef } from 'react';
import type { AskAiAddon, ChatStylesheet, ConversationSummary } from './modal/askAiRuntime.js';
import { createStore } from '../core/state/store.js';
import type { ResolvedSiteSearchOptions } from '../core/options/siteSearchOptions.js';
import type { SearchClientLike } from '../core/options/types.js';
import { createSearchController } from '../core/search/searchController.js';
import { createSearchAnalytics } from '../core/analytics/searchAnalytics.js';
import { createPersonalization } from '../core/storage/personalization.js';
import type { ModalStore } from '../core/state/widgetStores.js';
import type { HandOffQuestion } from '../shell/coordinator.js';
import { SearchModal } from './SearchModal.js';
import { useStore } from './useStore.js';

export interface SearchModalHostProps {
  options: ResolvedSiteSearchOptions;
  /** The client searches go through, or a promise of it while its code loads (see `loadSearchClient`). */
  searchClient: SearchClientLike | Promise<SearchClientLike>;
  modalStore: ModalStore;
  environment: Window;
  /** Read when the modal opens: keys typed before the widget loaded, if any. */
  takePendingQuery?: () => string | undefined;
  /** Called after the modal closes (focus goes back to the button). */
  onClosed?: () => void;
  /** The Ask AI parts, loaded with the modal when `askAi` is set. */
  askAiAddon?: AskAiAddon | undefined;
  /** The chat's stylesheet to link on its first use; without it the page's stylesheet holds the chat's rules. */
  chatStylesheet?: ChatStylesheet | undefined;
  /** Hybrid mode: offers a question to the page's Sidepanel (`true`: it took it, see `MountContext`). */
  handOffQuestion?: HandOffQuestion | undefined;
  /** Told which screen shows (keyword search or Ask AI), for the page coordinator. */
  reportScreen?: ((askAi: boolean) => void) | undefined;
}

const NO_CONVERSATIONS = createStore<ConversationSummary[]>([]);

/**
 * Owns what outlives one opening of the modal (the search client, the search state, the stored
 * searches) and renders the modal into its portal while the modal store says it is open.
 */
export function SearchModalHost({ options, searchClient, modalStore, environment, takePendingQuery, onClosed, askAiAddon, chatStylesheet, handOffQuestion, reportScreen }: SearchModalHostProps) {
  const { isOpen } = useStore(modalStore);
  const controller = useMemo(
    () =>
      createSearchController({
        searchClient,
        indices: options.indices,
        transformSearchClient: options.transformSearchClient,
        transformItems: options.transformItems,
        maxResultsPerGroup: options.maxResultsPerGroup,
        clickAnalytics: !!options.insights,
      }),
    // Not `options` itself: the React entry passes a new object on every render, with these
    // members kept stable while the search they define is unchanged.
    [searchClient, options.indices, options.transformSearchClient, options.transformItems, options.maxResultsPerGroup, !options.insights],
  );
  const insightsKey = JSON.stringify(options.insights);
  const analytics = useMemo(() => createSearchAnalytics(controller, options, environment), [controller, insightsKey, environment]);
  useEffect(() => analytics.watch(), [analytics]);
  const personalization = useMemo(
    () =>
      createPersonalization({
        namespace: options.indices.map((index) => index.name).join(','),
        disableUserPersonalization: options.disableUserPersonalization,
        recentSearchesLimit: options.recentSearchesLimit,
        recentSearchesWithFavoritesLimit: options.recentSearchesWithFavoritesLimit,
        environment,
      }),
    [options.indices, options.disableUserPersonalization, options.recentSearchesLimit, options.recentSearchesWithFavoritesLimit, environment],
  );
  // The chat outlives one opening of the modal; its code loads on first use. Keyed by the
  // assistant's settings, since the React entry resolves a new `askAi` object on every render.
  const askAiKey = options.askAi ? JSON.stringify(options.askAi) : '';
  const askAi = useMemo(
    () => (options.askAi && askAiAddon ? askAiAddon.createAskAiRuntime(options.askAi, searchClient, environment, chatStylesheet, !options.disableUserPersonalization) : undefined),
    [askAiKey, askAiAddon, searchClient, environment, chatStylesheet, options.disableUserPersonalization],
  );
  useEffect(() => () => askAi?.destroy(), [askAi]);
  const conversations = useStore(askAi?.recentConversations ?? NO_CONVERSATIONS);
  // However the modal closed (Escape, a click outside, a shortcut), focus goes back where it was.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (isOpen !== wasOpen.current) analytics.modal(isOpen);
    if (wasOpen.current && !isOpen) onClosed?.();
    wasOpen.current = isOpen;
  }, [isOpen]);
  if (!isOpen) return null;
  // Rendered in place: the React entry portals the whole host (Preact builds mount it in its own node).
  return (
    <SearchModal
      options={options}
      controller={controller}
      onHitOpened={analytics.hitOpened}
      personalization={personalization}
      askAi={askAi}
      recentConversations={askAi ? { items: conversations, open: askAi.openConversation, remove: askAi.removeConversation } : undefined}
      takeStartQuery={() => takePendingQuery?.() || options.initialQuery}
      environment={environment}
      onClose={modalStore.close}
      handOffQuestion={handOffQuestion}
      reportScreen={reportScreen}
    />
  );
}
