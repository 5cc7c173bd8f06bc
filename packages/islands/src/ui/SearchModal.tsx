import { useEffect, useId, useLayoutEffect, useMemo, useRef } from 'react';
import type { ResolvedSiteSearchOptions } from '../core/options/siteSearchOptions.js';
import type { DocHit } from '../core/records.js';
import type { SearchController } from '../core/search/searchController.js';
import { createSearchSession, searchOnQueryChange } from '../core/session/searchSession.js';
import type { Personalization } from '../core/storage/personalization.js';
import type { HandOffQuestion } from '../shell/coordinator.js';
import type { AskAiRuntime } from './modal/askAiRuntime.js';
import { KeywordScreen, type RecentConversations } from './modal/KeywordScreen.js';
import { ModalShell } from './modal/ModalShell.js';
import { useStore } from './useStore.js';

export interface SearchModalProps {
  options: ResolvedSiteSearchOptions;
  controller: SearchController;
  /** Reports a hit opened (events, insights) before it opens. */
  onHitOpened(hit: DocHit): void;
  personalization: Personalization;
  /** The chat, when `askAi` is set. */
  askAi?: AskAiRuntime | undefined;
  /** Stored conversations for the start screen, when `askAi` is set and they have loaded. */
  recentConversations?: RecentConversations | undefined;
  /** Returns the query to start with (keys typed while the widget loaded, else `initialQuery`). */
  takeStartQuery(): string;
  environment: Window;
  onClose(): void;
  /** Hybrid mode: a question the page's Sidepanel takes (`true`) is not asked here. */
  handOffQuestion?: HandOffQuestion | undefined;
  /** Told which screen shows (keyword search or Ask AI). */
  reportScreen?: ((askAi: boolean) => void) | undefined;
}

/** The search modal: one search session, shown as the keyword screen or the Ask AI screens. */
export function SearchModal({ options, controller, onHitOpened, personalization, askAi, recentConversations, takeStartQuery, environment, onClose, handOffQuestion, reportScreen }: SearchModalProps) {
  const ids = useId().replace(/:/g, '');
  const inputRef = useRef<HTMLInputElement>(null);
  // Hybrid mode (the page has a Sidepanel): questions go to it first, through the Ask AI addon
  // (only an Ask AI entry or screen asks one).
  const { session, offer } = useMemo(() => {
    const own = createSearchSession();
    return askAi && handOffQuestion ? askAi.handOff(own, handOffQuestion) : { session: own, offer: undefined };
  }, []);
  const { screen } = useStore(session);
  useEffect(() => reportScreen?.(screen !== 'search'), [screen]);

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
    session.setQuery(start);
    return searchOnQueryChange(session, controller);
  }, []);

  return (
    <ModalShell labelledBy={`${ids}-label`} environment={environment} onClose={onClose}>
      {screen !== 'search' && askAi ? (
        <askAi.Slot ids={ids} options={options} session={session} environment={environment} onClose={onClose} handOffQuestion={offer} />
      ) : (
        <KeywordScreen
          ids={ids}
          inputRef={inputRef}
          options={options}
          controller={controller}
          onHitOpened={onHitOpened}
          personalization={personalization}
          session={session}
          environment={environment}
          askAiParts={askAi?.keyword}
          recentConversations={
            recentConversations && askAi
              ? {
                  ...recentConversations,
                  open(id) {
                    recentConversations.open(id);
                    session.showChat();
                  },
                }
              : undefined
          }
          onAskAiIntent={() => askAi?.prefetch()}
          onClose={onClose}
        />
      )}
    </ModalShell>
  );
}
