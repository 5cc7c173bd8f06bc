import { useEffect, useRef, useState } from 'react';
import type { ChatMessage, ChatState, ChatStore, TextPart, ToolPart } from '../../core/chat/types.js';
import type { SiteSearchTranslations } from '../../core/translations.js';
import { useStore } from '../useStore.js';
import { RetryIcon } from './chatIcons.js';
import { chatErrorText, chatLabels } from './chatTexts.js';
import { lazyPart } from './lazyPart.js';
import { Markdown } from './Markdown.js';
import { parseMarkdown, plainTextOf } from './parseMarkdown.js';
import { isToolPart } from './toolLines.js';
import { ToolCalls } from './ToolCalls.js';

export interface ChatMessagesProps {
  chat: ChatStore;
  translations: SiteSearchTranslations;
  /** Runs a keyword search in the host for a query the assistant searched. */
  onSearchQuery?(query: string): void;
  /** Called after a control in the list sent a message (follow-up, retry): the host refocuses its prompt. */
  onSent?(): void;
}

/**
 * What a finished answer adds under it (its related sources, its actions: copy, like, dislike,
 * and the agent's follow-up suggestions) is fetched once an answer shows (its first chunk
 * arrived, or a stored conversation opened): no answer needs it before it has finished, and the
 * question and the start of the first answer do not wait for it.
 */
export const useAnswerEnd = lazyPart(() => import('./AnswerActions.js').then((chunk) => chunk.AnswerEnd));

/**
 * The history screen's list (the modal's and the panel's), a chunk of its own fetched the first
 * time a host shows it: the first answer never needs it.
 */
export const useConversationHistory = lazyPart(() => import('./ConversationHistory.js').then((chunk) => chunk.ConversationHistory));

/** The conversation: questions, answers with their tool calls, sources and actions, and errors. */
export function ChatMessages({ chat, translations, onSearchQuery, onSent }: ChatMessagesProps) {
  const state = useStore(chat);
  const { messages, status, error } = state;
  const labels = chatLabels(translations);
  const busy = status === 'submitted' || status === 'streaming';
  const last = messages[messages.length - 1];
  const announcement = useFinishedAnswerAnnouncement(state);
  const AnswerEnd = useAnswerEnd(messages.some((message) => message.role === 'assistant'));
  const act = (run: () => void) => {
    run();
    onSent?.();
  };

  return (
    <div className="sitesearch-chat-messages">
      {/* A log is polite by default, which would read every streamed token: finished answers are announced below instead. */}
      <div role="log" aria-live="off" aria-busy={busy} className="sitesearch-chat-log">
        {messages.map((message, index) =>
          message.role === 'user' ? (
            <div key={message.id} className="sitesearch-chat-message sitesearch-chat-message--user">
              <p className="sitesearch-chat-question" dir="auto">
                {textOfMessage(message)}
              </p>
            </div>
          ) : (
            <AssistantMessage
              key={message.id}
              message={message}
              chat={chat}
              translations={translations}
              streaming={busy && index === messages.length - 1}
              finished={!(index === messages.length - 1 && status !== 'ready')}
              isLast={index === messages.length - 1}
              AnswerEnd={AnswerEnd}
              onSearchQuery={onSearchQuery}
              onSuggestion={(suggestion) => act(() => chat.send(suggestion))}
            />
          ),
        )}
        {busy && last?.role !== 'assistant' ? (
          <div className="sitesearch-chat-message sitesearch-chat-message--assistant">
            <Thinking text={translations.modal.askAiScreen.thinkingText} />
          </div>
        ) : null}
        {status === 'error' && error ? (
          <div className="sitesearch-chat-error" role="alert">
            <p className="sitesearch-chat-error-title">{labels.errorTitle}</p>
            <p className="sitesearch-chat-error-text">{chatErrorText(error, translations)}</p>
            {error.kind === 'conversation-limit' ? (
              <button type="button" className="sitesearch-chat-button sitesearch-chat-button--outline" onClick={() => act(() => chat.newConversation())}>
                {labels.newConversation}
              </button>
            ) : (
              <button type="button" className="sitesearch-chat-button sitesearch-chat-button--outline" onClick={() => act(() => chat.retry())}>
                <RetryIcon />
                {labels.retry}
              </button>
            )}
          </div>
        ) : null}
      </div>
      <div className="sitesearch-chat-sr-only" aria-live="polite">
        {announcement}
      </div>
    </div>
  );
}

/** The text of a finished answer, once, when it finishes (not every token while it streams). */
function useFinishedAnswerAnnouncement({ messages, status }: ChatState): string {
  const [announcement, setAnnouncement] = useState('');
  const wasBusy = useRef(false);
  useEffect(() => {
    const busy = status === 'submitted' || status === 'streaming';
    const last = messages[messages.length - 1];
    if (wasBusy.current && status === 'ready' && last?.role === 'assistant' && !last.meta?.stopped) {
      setAnnouncement(plainTextOf(parseMarkdown(textOfMessage(last))));
    }
    wasBusy.current = busy;
  }, [status, messages]);
  return announcement;
}

const textOfMessage = (message: ChatMessage) =>
  message.parts
    .filter((part): part is TextPart => part.type === 'text')
    .map((part) => part.text)
    .join('\n\n');

const Thinking = ({ text }: { text: string }) => (
  <p className="sitesearch-chat-thinking">
    <span className="sitesearch-chat-spinner" aria-hidden="true" />
    {text}
  </p>
);

interface AssistantMessageProps {
  message: ChatMessage;
  chat: ChatStore;
  translations: SiteSearchTranslations;
  /** This answer is arriving now. */
  streaming: boolean;
  /** The stream of this answer ended without an error (actions are offered). */
  finished: boolean;
  isLast: boolean;
  onSearchQuery: ((query: string) => void) | undefined;
  onSuggestion(suggestion: string): void;
  /** The finished answer's parts (sources, actions, suggestions), once their chunk is here. */
  AnswerEnd: ReturnType<typeof useAnswerEnd>;
}

type Segment = { kind: 'tools'; parts: ToolPart[] } | { kind: 'text'; text: string };

function AssistantMessage({ message, chat, translations, streaming, finished, isLast, onSearchQuery, onSuggestion, AnswerEnd }: AssistantMessageProps) {
  const texts = translations.modal.askAiScreen;
  const segments: Segment[] = [];
  for (const part of message.parts) {
    const previous = segments[segments.length - 1];
    if (isToolPart(part)) {
      if (previous?.kind === 'tools') previous.parts.push(part);
      else segments.push({ kind: 'tools', parts: [part] });
    } else if (part.type === 'text' && part.text !== '') {
      segments.push({ kind: 'text', text: (part as TextPart).text });
    }
  }
  const text = textOfMessage(message);
  const toolRunning = message.parts.some((part) => isToolPart(part) && (part.state === 'input-streaming' || part.state === 'input-available'));
  const stopped = message.meta?.stopped === true;

  return (
    <div className="sitesearch-chat-message sitesearch-chat-message--assistant">
      {segments.map((segment, index) =>
        segment.kind === 'tools' ? (
          <ToolCalls key={index} parts={segment.parts} translations={translations} onSearchQuery={onSearchQuery} />
        ) : (
          <Markdown key={index} text={streaming && index === segments.length - 1 ? withoutOpenLink(segment.text) : segment.text} translations={translations} />
        ),
      )}
      {streaming && text.trim() === '' && !toolRunning ? <Thinking text={texts.thinkingText} /> : null}
      {stopped ? <p className="sitesearch-chat-stopped">{texts.stoppedStreamingText}</p> : null}
      {AnswerEnd && !streaming ? (
        <AnswerEnd message={message} chat={chat} translations={translations} text={text} withActions={finished && !stopped && text.trim() !== ''} withSuggestions={isLast && finished} onSuggestion={onSuggestion} />
      ) : null}
    </div>
  );
}

/**
 * While an answer streams, a link still being written (`[Install](/ins`) shows as its label
 * rather than as flickering brackets; the finished text is rendered as it is.
 */
export function withoutOpenLink(text: string): string {
  // Inside a code block still open, a trailing `[` is code (`items[0`), not a link.
  const insideFence = (text.match(/^ {0,3}(`{3,}|~{3,})/gm)?.length ?? 0) % 2 === 1;
  return insideFence ? text : text.replace(/!?\[((?:\\.|[^\]\\\n])*)(\]\([^)\s]*)?$/, '$1');
}
