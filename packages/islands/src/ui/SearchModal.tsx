import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type MouseEvent } from 'react';
import type { ResolvedSiteSearchOptions } from '../core/options/siteSearchOptions.js';
import type { DocHit } from '../core/records.js';
import type { SearchController } from '../core/search/searchController.js';
import { toSafeUrl } from '../core/search/safeUrl.js';
import type { Personalization } from '../core/storage/personalization.js';
import { ItemList, type ItemAction, type ListItem, type ListSection } from './ItemList.js';
import { openItem, openModeOf } from './navigation.js';
import { lockPageScroll, trapTab } from './pageEffects.js';
import { ErrorScreen, Footer, NoResultsScreen, SearchBox } from './parts.js';
import { renderTemplate, templateHelpers } from './templates.js';
import { useStore } from './useStore.js';

export interface SearchModalProps {
  options: ResolvedSiteSearchOptions;
  controller: SearchController;
  personalization: Personalization;
  /** Returns the query to start with (keys typed while the widget loaded, else `initialQuery`). */
  takeStartQuery(): string;
  environment: Window;
  onClose(): void;
}

/** Section titles the user has seen this session, offered when a query finds nothing. */
const seenSections = new Set<string>();

/** The search modal: search box, start / results / no-results / error screens, footer. */
export function SearchModal({ options, controller, personalization, takeStartQuery, environment, onClose }: SearchModalProps) {
  const { translations } = options;
  const ids = useId().replace(/:/g, '');
  const inputRef = useRef<HTMLInputElement>(null);
  const modalRef = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState('');
  const state = useStore(controller);
  const recents = useStoredList(personalization.recentSearches);
  const favorites = useStoredList(personalization.favoriteSearches);
  const [chosenId, setActiveId] = useState<string | undefined>(undefined);

  // Taking the typed keys and focusing the input happen in one synchronous step, so no key
  // typed while the widget loaded is lost between the typing proxy and the real input.
  useLayoutEffect(() => {
    const start = takeStartQuery();
    const input = inputRef.current;
    if (input) {
      input.value = start;
      input.focus();
      input.setSelectionRange(start.length, start.length);
    }
    setQuery(start);
    void controller.search(start);
    return lockPageScroll(environment);
  }, []);

  const showStart = query.trim() === '';
  const sections: ListSection[] = useMemo(() => {
    if (showStart) {
      const stored: ListSection[] = [];
      if (favorites.length > 0) {
        stored.push({ id: `${ids}-favorites`, title: translations.modal.startScreen.favoriteSearchesTitle, items: favorites.map((hit) => item(`${ids}-favorite`, hit, 'favorite')) });
      }
      if (recents.length > 0) {
        stored.push({ id: `${ids}-recent`, title: translations.modal.startScreen.recentSearchesTitle, items: recents.map((hit) => item(`${ids}-recent`, hit, 'recent')) });
      }
      return stored;
    }
    return state.groups.map((group, position) => ({
      id: `${ids}-group-${position}`,
      title: group.title,
      items: group.hits.map((hit) => item(`${ids}-${position}`, hit, 'result')),
    }));
  }, [showStart, favorites, recents, state.groups, ids, translations]);

  const flatItems = useMemo(() => sections.flatMap((section) => section.items), [sections]);
  // The active item is derived, not synced in an effect: new results make the first one active
  // in the same render, so an Enter pressed right after they appear opens what the user sees.
  const activeId = flatItems.some((candidate) => candidate.id === chosenId) ? chosenId : flatItems[0]?.id;
  useEffect(() => {
    if (!showStart) for (const section of sections) seenSections.add(section.title);
  }, [sections]);

  useLayoutEffect(() => {
    if (activeId) environment.document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const onQueryChange = (next: string) => {
    setQuery(next);
    setActiveId(undefined);
    void controller.search(next);
  };

  /** Opens an item from the keyboard, or from a click (on our link or on a custom hit that is not a link). */
  const open = (listItem: ListItem, mode: 'same' | 'tab' | 'window', event?: MouseEvent) => {
    personalization.saveOpened(listItem.hit);
    const url = toSafeUrl(listItem.hit.url);
    if (event && (event.currentTarget as Element).matches('a[href]')) {
      // A click on a link: the browser opens it (new tabs and windows for modified clicks), unless
      // a navigator takes plain clicks over.
      if (mode !== 'same') return;
      if (options.navigator?.navigate && url) {
        event.preventDefault();
        safely('navigator', () => options.navigator!.navigate!({ itemUrl: url, item: listItem.hit }));
      }
      onClose();
      return;
    }
    if (url) safely('navigator', () => openItem(environment, options.navigator, url, listItem.hit, mode));
    if (mode === 'same') onClose();
  };

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (modalRef.current) trapTab(event.nativeEvent, modalRef.current);
    if (event.target !== inputRef.current) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (flatItems.length === 0) return;
      const current = flatItems.findIndex((candidate) => candidate.id === activeId);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next = current === -1 ? (step === 1 ? 0 : flatItems.length - 1) : (current + step + flatItems.length) % flatItems.length;
      setActiveId(flatItems[next]!.id);
    } else if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      const active = flatItems.find((candidate) => candidate.id === activeId);
      if (!active) return;
      event.preventDefault();
      open(active, openModeOf(event));
    }
  };

  const startScreen = translations.modal.startScreen;
  const actions: Partial<Record<ListItem['source'], ItemAction[]>> = {
    recent: [
      { title: startScreen.saveRecentSearchButtonTitle, icon: 'star', run: (entry) => personalization.favorite(entry.hit) },
      { title: startScreen.removeRecentSearchButtonTitle, icon: 'close', run: (entry) => personalization.recentSearches.remove(entry.hit.objectID) },
    ],
    favorite: [{ title: startScreen.removeFavoriteSearchButtonTitle, icon: 'close', run: (entry) => personalization.favoriteSearches.remove(entry.hit.objectID) }],
  };

  const listboxId = `${ids}-listbox`;
  const isSettledQuery = state.query === query && !showStart;
  const noResults = isSettledQuery && state.status === 'success' && state.nbHits === 0;
  const failed = isSettledQuery && state.status === 'error';
  const hasList = flatItems.length > 0 && !noResults && !failed;
  const announcement = !isSettledQuery || state.status !== 'success' ? '' : announceCount(state.nbHits, translations.modal.resultsScreen, translations.modal.noResultsScreen.noResultsText, query);

  return (
    <div
      className="sitesearch-container"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div ref={modalRef} className="sitesearch-modal" role="dialog" aria-modal="true" aria-labelledby={`${ids}-label`} onKeyDown={onKeyDown}>
        <SearchBox
          ids={ids}
          inputRef={inputRef}
          query={query}
          placeholder={options.placeholder}
          translations={translations}
          listboxId={hasList ? listboxId : undefined}
          popup={showStart ? 'grid' : 'listbox'}
          activeId={hasList ? activeId : undefined}
          isLoading={state.status === 'loading'}
          onChange={onQueryChange}
          onClose={onClose}
        />
        <div className="sitesearch-dropdown">
          {failed ? (
            <ErrorScreen translations={translations} />
          ) : noResults ? (
            <NoResultsScreen
              query={query}
              translations={translations}
              suggestions={[...state.suggestions, ...seenSections].filter((title, position, all) => title.toLowerCase() !== query.toLowerCase() && all.indexOf(title) === position).slice(0, 3)}
              missingResultsUrl={missingResultsUrl(options, query)}
              onSuggestion={(suggestion) => {
                onQueryChange(suggestion);
                inputRef.current?.focus();
              }}
            />
          ) : hasList ? (
            <>
              <ItemList
                listboxId={listboxId}
                label={showStart ? startScreen.recentSearchesTitle : translations.modal.searchBox.searchInputLabel}
                sections={sections}
                activeId={activeId}
                hitComponent={showStart ? undefined : options.hitComponent}
                actions={showStart ? actions : undefined}
                onHover={setActiveId}
                onOpen={(listItem, event) => open(listItem, openModeOf(event), event)}
              />
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
        <Footer translations={translations} />
        <div className="sitesearch-sr-only" role="status">
          {announcement}
        </div>
      </div>
    </div>
  );
}

/** Runs a user callback from an event handler: its failure is reported, never thrown into the page. */
function safely(option: string, run: () => void): void {
  try {
    run();
  } catch (error) {
    console.error(`sitesearch: option "${option}" threw.`, error);
  }
}

function missingResultsUrl(options: ResolvedSiteSearchOptions, query: string): string | undefined {
  if (!options.getMissingResultsUrl) return undefined;
  try {
    return toSafeUrl(options.getMissingResultsUrl({ query }));
  } catch (error) {
    console.error('sitesearch: option "getMissingResultsUrl" threw; the report link is left out.', error);
    return undefined;
  }
}

function item(prefix: string, hit: DocHit, source: ListItem['source']): ListItem {
  return { id: `${prefix}-${hit.objectID.replace(/[^\w-]/g, '_')}`, hit, source };
}

function announceCount(
  nbHits: number,
  texts: { resultsCountOneText: string; resultsCountOtherText: string },
  noResultsText: string,
  query: string,
): string {
  if (nbHits === 0) return `${noResultsText} "${query}"`;
  return nbHits === 1 ? texts.resultsCountOneText : texts.resultsCountOtherText.replace('{count}', String(nbHits));
}

/** Subscribes to a stored list (recent searches, favorites). */
function useStoredList(list: Personalization['recentSearches']): DocHit[] {
  const [items, setItems] = useState(() => list.getAll());
  useEffect(() => list.subscribe(() => setItems(list.getAll())), [list]);
  return items;
}
