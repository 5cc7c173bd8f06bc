import { useEffect, useRef } from 'react';
import { useStore } from '../../useStore.js';
import { ChatMessages, useConversationHistory } from '../../chat/ChatMessages.js';
import { ChatPrompt } from '../../chat/ChatPrompt.js';
import { chatLabels } from '../../chat/chatTexts.js';
import { Disclaimer } from '../../chat/Disclaimer.js';
import { NewConversation } from '../../chat/NewConversation.js';
import type { AskAiScreenProps } from '../askAiRuntime.js';
import { askAiPlaceholder } from './askAiPlaceholder.js';
import { AskAiFooter } from './AskAiFooter.js';
import { BackIcon, HistoryIcon, NewConversationIcon } from './askAiIcons.js';

/**
 * The Ask AI screens of the modal: the search box becomes the prompt (Enter sends, Shift+Enter
 * adds a line), under it the conversation, the new-conversation screen or the history.
 */
export function AskAiScreen({ ids, options, session, chat, conversations, onClose, local }: AskAiScreenProps) {
  const { translations } = options;
  const texts = translations.modal.searchBox;
  const { screen } = useStore(session);
  const state = useStore(chat);
  const promptRef = useRef<HTMLTextAreaElement>(null);
  const streaming = state.status === 'submitted' || state.status === 'streaming';
  const labels = chatLabels(translations);
  const focusPrompt = () => promptRef.current?.focus();

  // The question asked from the keyword screen (or a suggestion) waits in the session until the
  // chat is here to send it; a question asked while an answer streams replaces that answer.
  useEffect(() => {
    const sendPending = () => {
      const pending = session.takePendingQuestion();
      if (!pending) return;
      const { status } = chat.get();
      if (status === 'submitted' || status === 'streaming') chat.stop();
      chat.send(pending.text, pending.suggestedQuestionId === undefined ? undefined : { suggestedQuestionId: pending.suggestedQuestionId });
    };
    sendPending();
    return session.subscribe(sendPending);
  }, [chat, session]);

  const isHistory = screen === 'conversationHistory';
  // A failed fetch (offline) leaves the body empty; opening the history again tries again.
  const ConversationHistory = useConversationHistory(isHistory);
  return (
    <div className="sitesearch-screen-frame">
      <div className="sitesearch-searchbar sitesearch-ask-ai-bar">
        <button
          type="button"
          className="sitesearch-ask-ai-back"
          title={texts.backToKeywordSearchButtonText}
          aria-label={texts.backToKeywordSearchButtonAriaLabel}
          onClick={() => session.backToSearch()}
        >
          <BackIcon />
        </button>
        <span id={`${ids}-label`} className="sitesearch-sr-only">
          {isHistory ? texts.conversationHistoryTitle : labels.prompt}
        </span>
        <ChatPrompt
          placeholder={askAiPlaceholder(options, { streaming, newConversation: state.messages.length === 0 })}
          enterKeyHint={texts.enterKeyHintAskAi}
          label={labels.prompt}
          sendLabel={labels.send}
          stopLabel={labels.stop}
          streaming={streaming}
          onSend={(text) => {
            if (isHistory) session.showChat();
            chat.send(text);
          }}
          onStop={() => chat.stop()}
          textareaRef={promptRef}
          autoFocus
        />
        <button type="button" className="sitesearch-cancel" aria-label={texts.closeButtonAriaLabel} onClick={onClose}>
          {texts.closeButtonText}
        </button>
      </div>
      {/* The history screen's title is the list's own; the toolbar only holds the actions. */}
      <div className="sitesearch-ask-ai-toolbar">
        <button
          type="button"
          className="sitesearch-ask-ai-action"
          title={texts.startNewConversationText}
          onClick={() => {
            chat.newConversation();
            session.showChat();
            focusPrompt();
          }}
        >
          <NewConversationIcon />
          <span className="sitesearch-ask-ai-action-text">{texts.startNewConversationText}</span>
        </button>
        <button
          type="button"
          className="sitesearch-ask-ai-action"
          title={texts.viewConversationHistoryText}
          aria-pressed={isHistory}
          onClick={() => (isHistory ? session.showChat() : session.showConversationHistory())}
        >
          <HistoryIcon />
          <span className="sitesearch-ask-ai-action-text">{texts.viewConversationHistoryText}</span>
        </button>
      </div>
      {/* Focusable so the keyboard can scroll a long answer (axe: scrollable-region-focusable). */}
      <div className="sitesearch-dropdown sitesearch-ask-ai-body" tabIndex={0}>
        {isHistory ? (
          ConversationHistory ? (
            <ConversationHistory
              conversations={conversations}
              translations={translations}
              currentId={state.id}
              onOpen={(conversation) => {
                chat.load(conversation);
                session.showChat();
                focusPrompt();
              }}
            />
          ) : null
        ) : state.messages.length === 0 ? (
          <NewConversation chat={chat} translations={translations} suggestedQuestions={options.askAi?.suggestedQuestions} onSent={focusPrompt} />
        ) : (
          <ChatMessages chat={chat} translations={translations} onSearchQuery={(query) => session.backToSearch(query)} onSent={focusPrompt} />
        )}
      </div>
      {isHistory ? null : <Disclaimer translations={translations} local={local} />}
      <AskAiFooter translations={translations} onBack={() => session.backToSearch()} />
    </div>
  );
}
