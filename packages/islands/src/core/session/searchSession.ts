import { createStore, type ReadableStore } from '../state/store.js';

/**
 * The screens of the search modal: keyword search, the Ask AI chat (its new-conversation view
 * is the chat with no messages yet), and the list of stored conversations.
 */
export type SessionScreen = 'search' | 'askAi' | 'conversationHistory';

/** A question waiting for the chat: the chat's code loads on first use, so sending is deferred. */
export interface PendingQuestion {
  text: string;
  /** Set when the question is one of the assistant's suggested questions. */
  suggestedQuestionId?: string;
}

export interface SearchSessionState {
  screen: SessionScreen;
  /** The keyword query: what the search box holds on the search screen, and what is searched. */
  query: string;
  /** What the prompt holds on the Ask AI screens (the search box becomes the prompt there). */
  draft: string;
  /** Set by `askAi(question)` until the chat takes it with `takePendingQuestion()`. */
  pendingQuestion: PendingQuestion | undefined;
}

/**
 * One opening of the modal: the single owner of the query and of the current screen. Screens
 * and the search box read it and call its actions; nothing copies it into component state.
 */
export interface SearchSession extends ReadableStore<SearchSessionState> {
  /** Sets the keyword query. */
  setQuery(query: string): void;
  /** Sets the text of the Ask AI prompt. */
  setDraft(draft: string): void;
  /**
   * Opens the Ask AI screen; a non-blank question is queued to be sent (the prompt is cleared,
   * as the question moves into the conversation). The keyword query is kept for `backToSearch()`.
   */
  askAi(question?: string, options?: { suggestedQuestionId?: string }): void;
  /** Hands the queued question to the chat, once: a second call returns `undefined`. */
  takePendingQuestion(): PendingQuestion | undefined;
  /** Back to keyword search, with the query kept, or with `query` (a search the assistant ran). */
  backToSearch(query?: string): void;
  /** Shows the stored conversations. */
  showConversationHistory(): void;
  /** From the history (or anywhere) to the chat, without sending anything. */
  showChat(): void;
}

export function createSearchSession(initial: { query?: string } = {}): SearchSession {
  const store = createStore<SearchSessionState>({ screen: 'search', query: initial.query ?? '', draft: '', pendingQuestion: undefined });
  const update = (patch: Partial<SearchSessionState>) => {
    const current = store.get();
    const changed = (Object.keys(patch) as Array<keyof SearchSessionState>).some((key) => !Object.is(patch[key], current[key]));
    if (changed) store.set({ ...current, ...patch });
  };
  return {
    get: store.get,
    subscribe: store.subscribe,
    setQuery: (query) => update({ query }),
    setDraft: (draft) => update({ draft }),
    askAi(question, options) {
      const text = question?.trim() ?? '';
      if (text === '') {
        update({ screen: 'askAi' });
        return;
      }
      const pendingQuestion: PendingQuestion = options?.suggestedQuestionId === undefined ? { text } : { text, suggestedQuestionId: options.suggestedQuestionId };
      update({ screen: 'askAi', draft: '', pendingQuestion });
    },
    takePendingQuestion() {
      const pending = store.get().pendingQuestion;
      if (pending) update({ pendingQuestion: undefined });
      return pending;
    },
    backToSearch: (query) => update(query === undefined ? { screen: 'search' } : { screen: 'search', query }),
    showConversationHistory: () => update({ screen: 'conversationHistory' }),
    showChat: () => update({ screen: 'askAi' }),
  };
}

/**
 * Runs a keyword search for the session's query now and whenever it changes (typing, a
 * suggestion, a search the assistant ran). Returns a function that stops it.
 */
export function searchOnQueryChange(session: SearchSession, controller: { search(query: string): Promise<void> }): () => void {
  let searched = session.get().query;
  void controller.search(searched);
  return session.subscribe(({ query }) => {
    if (query === searched) return;
    searched = query;
    void controller.search(query);
  });
}
