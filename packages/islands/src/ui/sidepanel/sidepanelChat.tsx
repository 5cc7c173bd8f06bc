/**
 * The Sidepanel's chat: the chat core, its transport and the chat components, a chunk of its own
 * so the panel's frame opens at once while this loads (it starts loading when the panel's code
 * does, on the first sign of intent).
 */
import { chooseChatBackend, conversationKeyFor } from '../../core/chat/backend.js';
import { createChat } from '../../core/chat/chatStore.js';
import { getConversationList } from '../../core/chat/conversations.js';
import { createChatTransport } from '../../core/chat/createChatTransport.js';
import type { ChatStore, ConversationList } from '../../core/chat/types.js';
import type { ResolvedSidepanelOptions } from '../../core/options/sidepanelOptions.js';
import { ChatView } from '../chat/ChatView.js';
import { ConversationHistory } from '../chat/ConversationHistory.js';
import { BackIcon } from '../modal/askAi/askAiIcons.js';
import type { SidepanelBodyProps, SidepanelChat } from './sidepanelTypes.js';

/**
 * The chat for these options. Conversations are the page's shared stored list under the same key
 * as the modal's (`conversationKeyFor`), so both widgets list and update the same history.
 */
export function setUpSidepanelChat(options: ResolvedSidepanelOptions, environment: Window): SidepanelChat {
  const conversations = getConversationList({ environment, key: conversationKeyFor(options) });
  const transport = createChatTransport(options, { searchClient: options.searchClient, environment });
  return { chat: createChat({ transport, conversations, environment }), conversations, local: chooseChatBackend(options) === 'local', Body: SidepanelBody };
}

/** The panel under its header: the conversation (or a new one) with the prompt, or the history. */
export function SidepanelBody({ options, chat, conversations, local, screen, showChat, promptRef, autoFocus }: SidepanelBodyProps & { chat: ChatStore; conversations: ConversationList; local: boolean }) {
  const { translations } = options;
  if (screen === 'history') return <History chat={chat} conversations={conversations} translations={translations} showChat={showChat} />;
  return <ChatView chat={chat} translations={translations} suggestedQuestions={options.suggestedQuestions} promptRef={promptRef} autoFocus={autoFocus} local={local} />;
}

function History({ chat, conversations, translations, showChat }: { chat: ChatStore; conversations: ConversationList; translations: ResolvedSidepanelOptions['translations']; showChat(): void }) {
  return (
    // Focusable so the keyboard can scroll a long list (axe: scrollable-region-focusable).
    <div className="sitesearch-sidepanel-history" tabIndex={0}>
      <div className="sitesearch-sidepanel-history-bar">
        <button type="button" className="sitesearch-sidepanel-action" aria-label={translations.sidepanel.backButtonAriaLabel} title={translations.sidepanel.backButtonAriaLabel} onClick={showChat}>
          <BackIcon />
        </button>
        <p className="sitesearch-sidepanel-history-title">{translations.modal.searchBox.conversationHistoryTitle}</p>
      </div>
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
    </div>
  );
}
