/**
 * The Sidepanel's chat: the chat core, its transport and the chat components. In the panel's own
 * file (see `loadSidepanelChat`); the transport's code and the history screen load on first use.
 */
import { chooseChatBackend, conversationKeyFor } from '../../core/chat/backend.js';
import { createChat } from '../../core/chat/chatStore.js';
import { getConversationList } from '../../core/chat/conversations.js';
import { createChatTransport } from '../../core/chat/createChatTransport.js';
import type { ChatStore, ConversationList } from '../../core/chat/types.js';
import type { ResolvedSidepanelOptions } from '../../core/options/sidepanelOptions.js';
import type { SearchClientLike } from '../../core/options/types.js';
import { createLazyClient } from '../../shell/lazyClient.js';
import { loadSearchClient } from '../searchClient.js';
import { useEffect, useState } from 'react';
import { ChatView } from '../chat/ChatView.js';
import { BackIcon } from '../modal/askAi/askAiIcons.js';
import type { SidepanelBodyProps, SidepanelChat } from './sidepanelTypes.js';

type HistoryComponent = typeof import('../chat/ConversationHistory.js').ConversationHistory;
/**
 * The history screen is a chunk of its own (the modal's too), fetched the first time it opens: the
 * first answer never needs it. A failed fetch (offline) is tried again on the next opening.
 */
let historyChunk: Promise<HistoryComponent> | undefined;
let loadedHistory: HistoryComponent | undefined;
const loadHistory = (): Promise<HistoryComponent> =>
  (historyChunk ??= import('../chat/ConversationHistory.js').then(
    (chunk) => (loadedHistory = chunk.ConversationHistory),
    (error: unknown) => {
      historyChunk = undefined;
      throw error;
    },
  ));

/**
 * The chat for these options. Conversations are the page's shared stored list under the same key
 * as the modal's (`conversationKeyFor`), so both widgets list and update the same history.
 */
export function setUpSidepanelChat(options: ResolvedSidepanelOptions, environment: Window): SidepanelChat {
  const conversations = getConversationList({ environment, key: conversationKeyFor(options) });
  const transport = createChatTransport(options, { searchClient: suggestionsClient(options), environment });
  return { chat: createChat({ transport, conversations, environment }), conversations, local: chooseChatBackend(options) === 'local', Body: SidepanelBody };
}

/**
 * The search client the transport reads through: the given one (the local index's), else, when
 * the assistant backend is to suggest questions, the provider's lite client with the panel's
 * credentials (its suggested questions live in a provider index), imported only on first use.
 */
function suggestionsClient(options: ResolvedSidepanelOptions): SearchClientLike | undefined {
  if (options.searchClient) return options.searchClient;
  const { appId, apiKey } = options;
  if (!options.suggestedQuestions || appId === undefined || apiKey === undefined) return undefined;
  return createLazyClient(() => loadSearchClient({ searchClient: undefined, appId, apiKey }));
}

/** The panel under its header: the conversation (or a new one) with the prompt, or the history. */
export function SidepanelBody({ options, chat, conversations, local, screen, showChat, promptRef, autoFocus }: SidepanelBodyProps & { chat: ChatStore; conversations: ConversationList; local: boolean }) {
  const { translations } = options;
  if (screen === 'history') return <History chat={chat} conversations={conversations} translations={translations} showChat={showChat} />;
  return <ChatView chat={chat} translations={translations} suggestedQuestions={options.suggestedQuestions} promptRef={promptRef} autoFocus={autoFocus} local={local} />;
}

function History({ chat, conversations, translations, showChat }: { chat: ChatStore; conversations: ConversationList; translations: ResolvedSidepanelOptions['translations']; showChat(): void }) {
  // The bar (and its way back) shows at once; the list joins it when its chunk is here.
  const [ConversationHistory, setHistory] = useState(() => loadedHistory);
  useEffect(() => {
    let live = true;
    if (!ConversationHistory) loadHistory().then((loaded) => live && setHistory(() => loaded), () => {});
    return () => {
      live = false;
    };
  }, []);
  return (
    // Focusable so the keyboard can scroll a long list (axe: scrollable-region-focusable).
    <div className="sitesearch-sidepanel-history" tabIndex={0}>
      <div className="sitesearch-sidepanel-history-bar">
        <button type="button" className="sitesearch-sidepanel-action" aria-label={translations.sidepanel.backButtonAriaLabel} title={translations.sidepanel.backButtonAriaLabel} onClick={showChat}>
          <BackIcon />
        </button>
        <p className="sitesearch-sidepanel-history-title">{translations.modal.searchBox.conversationHistoryTitle}</p>
      </div>
      {ConversationHistory ? (
        <ConversationHistory
          conversations={conversations}
          translations={translations}
          currentId={chat.get().id}
          showTitle={false}
          onOpen={(conversation) => {
            chat.load(conversation);
            showChat();
          }}
        />
      ) : null}
    </div>
  );
}
