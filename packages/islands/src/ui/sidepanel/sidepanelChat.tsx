/**
 * The Sidepanel's chat: the chat core, its transport and the chat components. In the panel's own
 * file (see `loadSidepanelChat`); the transport's code and the history screen load on first use.
 */
import { chooseChatBackend } from '../../core/chat/backend.js';
import { emitEvent } from '../../core/analytics/events.js';
import { createChat } from '../../core/chat/chatStore.js';
import { deferredConversationList } from '../../core/chat/deferredConversations.js';
import { createChatTransport } from '../../core/chat/createChatTransport.js';
import type { ChatStore, ConversationList } from '../../core/chat/types.js';
import type { ResolvedSidepanelOptions } from '../../core/options/sidepanelOptions.js';
import type { SearchClientLike } from '../../core/options/types.js';
import { createLazyClient } from '../../shell/lazyClient.js';
import { loadSearchClient } from '../searchClient.js';
import { ChatView } from '../chat/ChatView.js';
import { useConversationHistory } from '../chat/ChatMessages.js';
import { BackIcon } from '../modal/askAi/askAiIcons.js';
import { PanelAction } from './sidepanelIcons.js';
import type { SidepanelBodyProps, SidepanelChat } from './sidepanelTypes.js';

/**
 * The chat for these options. Conversations are the page's shared stored list under the same key
 * as the modal's (`conversationKeyFor`), so both widgets list and update the same history.
 */
export function setUpSidepanelChat(options: ResolvedSidepanelOptions, environment: Window): SidepanelChat {
  // The stored list's code is the modal's start-screen chunk, fetched when first used (saving the
  // first answer, the history): see deferredConversationList.
  const conversations = deferredConversationList(() => import('../modal/askAi/conversationsChunk.js').then((chunk) => chunk.conversationListFor(options, environment)));
  const transport = createChatTransport(options, { searchClient: suggestionsClient(options), environment });
  return { chat: createChat({ transport, conversations, environment, onEvent: (name, detail) => emitEvent(environment, name, { ...detail, surface: 'sidepanel' } as never) }), conversations, local: chooseChatBackend(options) === 'local', Body: SidepanelBody };
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
  const ConversationHistory = useConversationHistory();
  return (
    // Focusable so the keyboard can scroll a long list (axe: scrollable-region-focusable).
    <div className="sitesearch-sidepanel-history" tabIndex={0}>
      <div className="sitesearch-sidepanel-history-bar">
        <PanelAction label={translations.sidepanel.backButtonAriaLabel} icon={<BackIcon />} onClick={showChat} />
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
