import { useEffect, useLayoutEffect, useMemo, useState, type KeyboardEvent, type RefObject } from 'react';
import type { ResolvedSiteSearchOptions } from '../../core/options/siteSearchOptions.js';
import type { DocHit } from '../../core/records.js';
import type { SearchController, SearchState } from '../../core/search/searchController.js';
import type { SearchSession } from '../../core/session/searchSession.js';
import type { Personalization } from '../../core/storage/personalization.js';
import { ItemList, type ItemAction, type ListItem, type ListSection } from '../ItemList.js';
import { openModeOf } from '../navigation.js';
import { ErrorScreen, Footer, NoResultsScreen, SearchBox } from '../parts.js';
import { renderTemplate, templateHelpers } from '../templateSupport.js';
import { useStore } from '../useStore.js';
import type { AskAiKeywordParts, ConversationSummary } from './askAiRuntime.js';
import { useListNavigation } from './useListNavigation.js';
import { useOpenHit } from './useOpenHit.js';
import type * as NoResultsParts from './NoResultsHelp.js';


/** The stored conversations offered on the start screen (Ask AI only). */
export interface RecentConversations {
  items: ConversationSummary[];
  open(id: string): void;
  remove(id: string): void;
}

export interface KeywordScreenProps {
  ids: string;
  inputRef: RefObject<HTMLInputElement | null>;
  options: ResolvedSiteSearchOptions;
  controller: SearchController;
  /** Reports a hit opened (events, insights) before it opens. */
  onHitOpened(hit: DocHit): void;
  personalization: Personalization;
  session: SearchSession;
  environment: Window;
  /** The Ask AI entry and the stored conversations' rows, when `askAi` is set (the addon's). */
  askAiParts: AskAiKeywordParts | undefined;
  recentConversations: RecentConversations | undefined;
  /** The Ask AI entry is active (first, or hovered) with the results on screen: a good moment to fetch the chat's code. */
  onAskAiIntent(): void;
  onClose(): void;
}

/** Section titles the user has seen this session, offered when a query finds nothing. */
const seenSections = new Set<string>();

/** Keyword search: the search box and the start, results, no-results and error screens. */
export function KeywordScreen({ ids, inputRef, options, controller, onHitOpened, personalization, session, environment, askAiParts, recentConversations, onAskAiIntent, onClose }: KeywordScreenProps) {
  const { translations } = options;
  const { query } = useStore(session);
  const state = useStore(controller);
  const recents = useStoredList(personalization.recentSearches);
  const favorites = useStoredList(personalization.favoriteSearches);
  const openHit = useOpenHit(options, personalization, environment, onClose);
  const startScreen = translations.modal.startScreen;
  const showStart = query.trim() === '';

  // Back from the Ask AI screen, the search box takes the focus again.
  useLayoutEffect(() => inputRef.current?.focus(), []);

  const isSettledQuery = state.query === query && !showStart;
  const noResults = isSettledQuery && state.status === 'success' && state.nbHits === 0;
  const failed = isSettledQuery && state.status === 'error';
  const help = useNoResultsHelp(noResults);

  const sections = useMemo(
    () => buildSections({ ids, showStart, state, favorites, recents, conversations: recentConversations?.items ?? [], options, askAiParts, query, noResults, failed }),
    [ids, showStart, state.groups, favorites, recents, recentConversations?.items, translations, query, noResults, failed, askAiParts],
  );
  const flatItems = useMemo(() => sections.flatMap((section) => section.items), [sections]);
  const navigation = useListNavigation(
    flatItems.map((item) => item.id),
    query,
    environment,
  );
  const activeItem = flatItems.find((item) => item.id === navigation.activeId);
  // The chat is fetched only once the first results show (the Ask AI entry is active from the
  // first key, and the chat's code would otherwise compete with the search for the network).
  const resultsShown = isSettledQuery && state.status === 'success';
  useEffect(() => {
    if (resultsShown && activeItem?.source === 'askAi') onAskAiIntent();
  }, [resultsShown, activeItem?.source]);
  useEffect(() => {
    if (!showStart) for (const section of sections) if (section.title) seenSections.add(section.title);
  }, [sections]);

  const onQueryChange = (next: string) => session.setQuery(next);

  const open = (item: ListItem, event?: Parameters<typeof openHit>[2], mode = openModeOf(event ?? { ctrlKey: false, metaKey: false, shiftKey: false })) => {
    if (item.source === 'askAi') session.askAi(item.query);
    else if (item.source === 'conversation') recentConversations?.open(item.conversationId);
    else {
      onHitOpened(item.hit);
      openHit(item.hit, mode, event);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== inputRef.current || navigation.onArrowKey(event)) return;
    if (event.key === 'Enter' && !event.nativeEvent.isComposing && activeItem) {
      event.preventDefault();
      open(activeItem, undefined, openModeOf(event));
    }
  };

  const actions: Partial<Record<ListItem['source'], ItemAction[]>> = {
    recent: [
      { title: startScreen.saveRecentSearchButtonTitle, icon: 'star', run: (entry) => 'hit' in entry && personalization.favorite(entry.hit) },
      { title: startScreen.removeRecentSearchButtonTitle, icon: 'close', run: (entry) => 'hit' in entry && personalization.recentSearches.remove(entry.hit.objectID) },
    ],
    favorite: [{ title: startScreen.removeFavoriteSearchButtonTitle, icon: 'close', run: (entry) => 'hit' in entry && personalization.favoriteSearches.remove(entry.hit.objectID) }],
    conversation: [
      { title: startScreen.removeRecentConversationButtonTitle, icon: 'close', run: (entry) => entry.source === 'conversation' && recentConversations?.remove(entry.conversationId) },
    ],
  };

  const listboxId = `${ids}-listbox`;
  const hasList = flatItems.length > 0;
  const announcement = !isSettledQuery || state.status !== 'success' ? '' : announceCount(state.nbHits, translations.modal.resultsScreen, translations.modal.noResultsScreen.noResultsText, query);
  const list = hasList ? (
    <ItemList
      listboxId={listboxId}
      label={showStart ? startScreen.recentSearchesTitle : translations.modal.searchBox.searchInputLabel}
      sections={sections}
      activeId={navigation.activeId}
      hitComponent={showStart ? undefined : options.hitComponent}
      actions={showStart ? actions : undefined}
      OtherContent={askAiParts?.Content}
      onHover={navigation.setActiveId}
      onOpen={(item, event) => open(item, event)}
    />
  ) : null;

  return (
    <div className="sitesearch-screen-frame" onKeyDown={onKeyDown}>
      <SearchBox
        ids={ids}
        inputRef={inputRef}
        query={query}
        placeholder={options.placeholder}
        translations={translations}
        listboxId={hasList ? listboxId : undefined}
        popup={showStart ? 'grid' : 'listbox'}
        activeId={hasList ? navigation.activeId : undefined}
        isLoading={state.status === 'loading'}
        onChange={onQueryChange}
        onClose={onClose}
      />
      {/* Focusable so the keyboard can scroll it (axe: scrollable-region-focusable); the
          options stay out of the tab order, reached from the input (combobox pattern). */}
      <div className="sitesearch-dropdown" tabIndex={0}>
        {failed ? (
          <>
            {list}
            <ErrorScreen translations={translations} />
          </>
        ) : noResults ? (
          <>
            {list}
            <NoResultsScreen query={query} translations={translations} icon={help && <help.NoResultsIcon />}>
              {help ? (
                <help.NoResultsHelp
                  query={query}
                  options={options}
                  candidates={[state.suggestions, seenSections]}
                  onSuggestion={(suggestion) => {
                    onQueryChange(suggestion);
                    inputRef.current?.focus();
                  }}
                />
              ) : null}
            </NoResultsScreen>
          </>
        ) : list ? (
          <>
            {list}
            {!showStart && options.resultsFooterComponent ? (
              <div className="sitesearch-results-footer">
                {renderTemplate('resultsFooterComponent', () => options.resultsFooterComponent!({ state: { query: state.query, context: { nbHits: state.nbHits } } }, templateHelpers), null)}
              </div>
            ) : null}
          </>
        ) : showStart ? (
          <p className="sitesearch-screen sitesearch-start-empty">{startScreen.noRecentSearchesText}</p>
        ) : null}
      </div>
      <Footer translations={translations} selectText={activeItem?.source === 'askAi' ? translations.modal.footer.submitQuestionText : undefined} />
      <div className="sitesearch-sr-only" role="status">
        {announcement}
      </div>
    </div>
  );
}

interface SectionInput {
  ids: string;
  showStart: boolean;
  state: SearchState;
  favorites: DocHit[];
  recents: DocHit[];
  conversations: ConversationSummary[];
  options: ResolvedSiteSearchOptions;
  askAiParts: AskAiKeywordParts | undefined;
  query: string;
  noResults: boolean;
  failed: boolean;
}

/** The list's sections: stored conversations and searches on the start screen; else the Ask AI entry, then the results. */
function buildSections({ ids, showStart, state, favorites, recents, conversations, options, askAiParts, query, noResults, failed }: SectionInput): ListSection[] {
  const texts = options.translations.modal;
  const { startScreen } = texts;
  // The addon's sections come first: the stored conversations, or the Ask AI entry.
  const sections = askAiParts?.sections({ ids, showStart, query, noResults, conversations, texts }) ?? [];
  const hit = (prefix: string, entry: DocHit, source: 'result' | 'recent' | 'favorite'): ListItem => ({ id: `${prefix}-${entry.objectID.replace(/[^\w-]/g, '_')}`, hit: entry, source });
  if (showStart) {
    if (favorites.length > 0) sections.push({ id: `${ids}-favorites`, title: startScreen.favoriteSearchesTitle, items: favorites.map((entry) => hit(`${ids}-favorite`, entry, 'favorite')) });
    if (recents.length > 0) sections.push({ id: `${ids}-recent`, title: startScreen.recentSearchesTitle, items: recents.map((entry) => hit(`${ids}-recent`, entry, 'recent')) });
    return sections;
  }
  // Without results to show (none found, or the search failed), only the Ask AI entry is left.
  const groups = noResults || failed ? [] : state.groups;
  for (const [position, group] of groups.entries()) {
    sections.push({ id: `${ids}-group-${position}`, title: group.title, items: group.hits.map((entry) => hit(`${ids}-${position}`, entry, 'result')) });
  }
  return sections;
}

function announceCount(nbHits: number, texts: { resultsCountOneText: string; resultsCountOtherText: string }, noResultsText: string, query: string): string {
  if (nbHits === 0) return `${noResultsText} "${query}"`;
  return nbHits === 1 ? texts.resultsCountOneText : texts.resultsCountOtherText.replace('{count}', String(nbHits));
}

/** Subscribes to a stored list (recent searches, favorites). */
function useStoredList(list: Personalization['recentSearches']): DocHit[] {
  const [items, setItems] = useState(() => list.getAll());
  useEffect(() => list.subscribe(() => setItems(list.getAll())), [list]);
  return items;
}

let loadedHelp: typeof NoResultsParts | undefined;

/** The no-results screen's icon and help (NoResultsHelp.tsx), fetched the first time a search finds nothing; `undefined` until then. */
function useNoResultsHelp(wanted: boolean): typeof NoResultsParts | undefined {
  const [help, setHelp] = useState(() => loadedHelp);
  useEffect(() => {
    if (wanted && !help) import('./NoResultsHelp.js').then((chunk) => setHelp((loadedHelp = chunk)), () => {});
  }, [wanted]);
  return help;
}
