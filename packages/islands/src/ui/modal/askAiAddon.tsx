/**
 * The Ask AI parts of the modal around the chat (see `AskAiAddon`): the runtime that loads the
 * chat's chunk, the stored conversations for the start screen, the keyword screen's Ask AI rows
 * and the slot the screens render in.
 */
import { useEffect, useMemo, useState } from 'react';
import type { ChatStore, ConversationList } from '../../core/chat/types.js';
import type { ResolvedAskAi } from '../../core/options/askAi.js';
import type { SearchClientLike } from '../../core/options/types.js';
import type { SearchSession } from '../../core/session/searchSession.js';
import type { HandOffQuestion } from '../../shell/coordinator.js';
import { createStore } from '../../core/state/store.js';
import { askAiKeywordParts } from './askAiEntries.js';
import type { AskAiRuntime, AskAiSlotProps, ChatStylesheet, ConversationSummary, LoadedAskAi } from './askAiRuntime.js';

/** How many stored conversations the start screen lists (the history screen has them all). */
const START_SCREEN_LIMIT = 3;

export function createAskAiRuntime(
  askAi: ResolvedAskAi,
  searchClient: SearchClientLike | Promise<SearchClientLike>,
  environment: Window,
  chatStylesheet?: ChatStylesheet,
  persist = true,
): AskAiRuntime {
  let pending: Promise<LoadedAskAi> | undefined;
  let loaded: LoadedAskAi | undefined;
  let styled: Promise<unknown> | undefined;
  const load = () => {
    // The chat's code and its stylesheet side by side; the chat shows once both are here, never unstyled.
    pending ??= Promise.all([import('./askAi/askAiChunk.js'), chatStylesheet && (styled ??= linkStylesheet(chatStylesheet))])
      .then(([chunk]) => chunk.setUpAskAi({ askAi, searchClient, environment, persist }))
      .then(
        (result) => (loaded = result),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
    return pending;
  };
  const conversations = (): Promise<ConversationList> =>
    loaded ? Promise.resolve(loaded.conversations) : import('./askAi/conversationsChunk.js').then((chunk) => chunk.conversationListFor(askAi, environment, persist));

  // Read from storage the first time the start screen shows, then kept live.
  const recent = createStore<ConversationSummary[]>([]);
  let watching = false;
  const recentConversations = {
    get: recent.get,
    subscribe(listener: (value: ConversationSummary[]) => void) {
      if (!watching) {
        watching = true;
        conversations().then(
          (list) => {
            const read = () => recent.set(list.getAll().slice(0, START_SCREEN_LIMIT).map(({ id, title }) => ({ id, title })));
            read();
            list.subscribe(read);
          },
          () => (watching = false),
        );
      }
      return recent.subscribe(listener);
    },
  };

  const runtime: AskAiRuntime = {
    // Once the browser is idle: what the results screen still draws (and a search the next key
    // starts) comes before code that is needed only when the entry is chosen.
    prefetch: () => whenIdle(environment, () => void load().catch(() => {})),
    load,
    get loaded() {
      return loaded;
    },
    recentConversations,
    openConversation(id) {
      void load().then(({ chat, conversations: list }) => {
        const conversation = list.getAll().find((candidate) => candidate.id === id);
        if (conversation) chat.load(conversation);
      });
    },
    removeConversation: (id) => void conversations().then((list) => list.remove(id)),
    Slot: (props) => <AskAiSlot runtime={runtime} {...props} />,
    keyword: askAiKeywordParts,
    handOff(session, handOffQuestion) {
      const offer = offeredOnce(handOffQuestion);
      return { session: handingOff(session, offer), offer };
    },
    destroy: () => loaded?.chat.destroy(),
  };
  return runtime;
}

/** Runs `task` when `environment` is next idle (within a second), or soon where idle callbacks are missing (Safari). */
function whenIdle(environment: Window, task: () => void): void {
  if (environment.requestIdleCallback) environment.requestIdleCallback(task, { timeout: 1000 });
  else environment.setTimeout(task, 50);
}

/**
 * A question the page declined (a narrow window, or the Sidepanel's code failed to load) is not
 * offered again when the modal's own chat then sends it: the keyword screen offers it, and the
 * chat's `send` would offer it a second time (and load a failed chunk twice).
 */
function offeredOnce(handOffQuestion: HandOffQuestion): HandOffQuestion {
  let declined: string | undefined;
  return async (question, conversationId) => {
    if (question === declined) {
      declined = undefined;
      return false;
    }
    const taken = await handOffQuestion(question, conversationId);
    declined = taken ? undefined : question;
    return taken;
  };
}

/**
 * Hybrid mode: a question asked from the keyword screen (the Ask AI entry) is offered to the
 * page's Sidepanel first; when it takes it, the modal closes without loading its own chat.
 */
function handingOff(session: SearchSession, handOffQuestion: HandOffQuestion): SearchSession {
  return {
    ...session,
    askAi(question, options) {
      if (!question?.trim()) return session.askAi(question, options);
      void handOffQuestion(question).then((taken) => taken || session.askAi(question, options));
    },
  };
}

/**
 * A `<link>` (allowed under `style-src 'self'`, unlike inline styles), settled once it applies. A
 * stylesheet that fails settles too: it must not keep the chat away.
 */
function linkStylesheet({ href, parent }: ChatStylesheet): Promise<unknown> {
  const link = parent.ownerDocument.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  parent.append(link);
  return new Promise((settle) => (link.onload = link.onerror = settle));
}

/**
 * Where the Ask AI screens go: the chat's chunk is fetched on first use; until it arrives (or if
 * it cannot, offline) a plain frame keeps the dialog in place with a way back to keyword search.
 */
function AskAiSlot({ runtime, ...props }: AskAiSlotProps & { runtime: AskAiRuntime }) {
  const [loaded, setLoaded] = useState<LoadedAskAi | undefined>(runtime.loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    runtime.load().then(
      (result) => live && setLoaded(result),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [runtime]);
  const { handOffQuestion } = props;
  // Hybrid mode: typed and suggested questions go to the page's Sidepanel when it takes them.
  const chat = useMemo(
    () =>
      loaded && handOffQuestion
        ? // The chat itself as prototype (its getters stay live); only `send` asks the page first.
          (Object.assign(Object.create(loaded.chat), {
            // A follow-up names the conversation it continues, so the Sidepanel answers it there.
            send: (text: string, options?: { suggestedQuestionId?: string }) => {
              const { id, messages } = loaded.chat.get();
              void handOffQuestion(text, messages.length > 0 ? id : undefined).then((taken) => taken || loaded.chat.send(text, options));
            },
          }) as ChatStore)
        : loaded?.chat,
    [loaded, handOffQuestion],
  );
  if (loaded && chat) return <loaded.Screen {...props} chat={chat} conversations={loaded.conversations} local={loaded.local} />;
  const { searchBox, askAiScreen, errorScreen } = props.options.translations.modal;
  return (
    <div className="sitesearch-screen" role={failed ? 'alert' : 'status'}>
      <p id={`${props.ids}-label`} className="sitesearch-screen-title">
        {failed ? errorScreen.titleText : askAiScreen.thinkingText}
      </p>
      {failed ? <p className="sitesearch-screen-help">{errorScreen.helpText}</p> : null}
      <button type="button" className="sitesearch-suggestion" onClick={() => props.session.backToSearch()}>
        {searchBox.backToKeywordSearchButtonText}
      </button>
    </div>
  );
}
