import { useEffect, useState } from 'react';
import type { ChatStore, SuggestedQuestion } from '../../core/chat/types.js';
import type { SiteSearchTranslations } from '../../core/translations.js';
import { SparkIcon } from './chatIcons.js';

export interface NewConversationProps {
  chat: ChatStore;
  translations: SiteSearchTranslations;
  /** Offer the backend's suggested questions (the `suggestedQuestions` option). */
  suggestedQuestions?: boolean;
  /** Called after a suggested question was sent: the host refocuses its prompt. */
  onSent?(): void;
}

/** The empty conversation: a welcome, a one-line description, and suggested questions. */
export function NewConversation({ chat, translations, suggestedQuestions = false, onSent }: NewConversationProps) {
  const texts = translations.modal.newConversation;
  const [questions, setQuestions] = useState<SuggestedQuestion[]>([]);
  useEffect(() => {
    if (!suggestedQuestions) return;
    let current = true;
    // The store resolves to an empty list when the backend has none or fails: nothing to show.
    chat.getSuggestedQuestions().then(
      (list) => current && setQuestions(list),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [chat, suggestedQuestions]);

  return (
    <div className="sitesearch-chat-new">
      <SparkIcon />
      <p className="sitesearch-chat-new-title">{texts.newConversationTitle}</p>
      <p className="sitesearch-chat-new-description">{texts.newConversationDescription}</p>
      {questions.length > 0 ? (
        <ul className="sitesearch-chat-suggested">
          {questions.map((question) => (
            <li key={question.id ?? question.question}>
              <button
                type="button"
                className="sitesearch-chat-suggestion"
                onClick={() => {
                  chat.send(question.question, question.id === undefined ? undefined : { suggestedQuestionId: question.id });
                  onSent?.();
                }}
              >
                {question.question}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
