import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { ChatStore } from '../../core/chat/types.js';
import { resolveAskAiPlaceholder, type SiteSearchTranslations } from '../../core/translations.js';
import { useStore } from '../useStore.js';
import { ChatMessages } from './ChatMessages.js';
import { ChatPrompt } from './ChatPrompt.js';
import { chatLabels } from './chatTexts.js';
import { Disclaimer } from './Disclaimer.js';
import { NewConversation } from './NewConversation.js';

export interface ChatViewProps {
  chat: ChatStore;
  translations: SiteSearchTranslations;
  /** Replaces the prompt's placeholder (otherwise chosen from the translations by state). */
  placeholder?: string;
  /** Runs a keyword search in the host for a query the assistant searched. */
  onSearchQuery?(query: string): void;
  /** Offer suggested questions in a new conversation. */
  suggestedQuestions?: boolean;
  /** Focus the prompt when the view mounts (desktop hosts; avoid on touch screens). */
  autoFocus?: boolean;
  /** The prompt's textarea, for a host that focuses it later (a panel opened again). */
  promptRef?: RefObject<HTMLTextAreaElement | null>;
  /** The local assistant answers (`chooseChatBackend` gave `local`): the disclaimer says it quotes the docs. */
  local?: boolean;
}

/** A whole chat for any host: the conversation (or a new one), the prompt and the disclaimer. */
export function ChatView({ chat, translations, placeholder, onSearchQuery, suggestedQuestions, autoFocus, promptRef, local }: ChatViewProps) {
  const state = useStore(chat);
  const labels = chatLabels(translations);
  const texts = translations.modal.searchBox;
  const streaming = state.status === 'submitted' || state.status === 'streaming';
  const isNew = state.messages.length === 0;
  const ownRef = useRef<HTMLTextAreaElement>(null);
  const textareaRef = promptRef ?? ownRef;
  const scrollRef = useStickToBottom(state.messages);
  const focusPrompt = () => textareaRef.current?.focus();

  return (
    <div className="sitesearch-chat">
      <div ref={scrollRef} className="sitesearch-chat-scroll">
        {isNew ? (
          <NewConversation chat={chat} translations={translations} suggestedQuestions={suggestedQuestions} onSent={focusPrompt} />
        ) : (
          <ChatMessages chat={chat} translations={translations} onSearchQuery={onSearchQuery} onSent={focusPrompt} />
        )}
      </div>
      <div className="sitesearch-chat-footer">
        <ChatPrompt
          textareaRef={textareaRef}
          placeholder={placeholder ?? (streaming ? texts.placeholderTextAskAiStreaming : isNew ? texts.newConversationPlaceholder : resolveAskAiPlaceholder(translations))}
          enterKeyHint={texts.enterKeyHintAskAi}
          label={labels.prompt}
          sendLabel={labels.send}
          stopLabel={labels.stop}
          streaming={streaming}
          onSend={(text) => chat.send(text)}
          onStop={() => chat.stop()}
          autoFocus={autoFocus}
        />
        <Disclaimer translations={translations} local={local} />
      </div>
    </div>
  );
}

/**
 * Keeps a scroll container at its bottom while content arrives, unless the user scrolled up to
 * read; a new question always scrolls down.
 */
export function useStickToBottom(content: unknown[]) {
  const ref = useRef<HTMLDivElement>(null);
  const count = useRef(content.length);
  const atBottom = useRef(true);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Measured when the user scrolls, not after an update: a tall block arriving must not
    // count as the user scrolling away.
    const onScroll = () => {
      atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 24;
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, []);
  useLayoutEffect(() => {
    const element = ref.current;
    const asked = content.length > count.current;
    count.current = content.length;
    if (element && (asked || atBottom.current)) element.scrollTop = element.scrollHeight;
  }, [content]);
  return ref;
}
