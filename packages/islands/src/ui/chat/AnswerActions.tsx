import { useState } from 'react';
import type { ChatMessage, ChatStore } from '../../core/chat/types.js';
import type { SiteSearchTranslations } from '../../core/translations.js';
import { stroke } from './iconBase.js';
import { icon } from './chatIcons.js';
import { chatErrorText } from './chatTexts.js';
import { CopyButton } from './CopyButton.js';
import { useCopy } from './useCopy.js';

/**
 * An answer's actions, in a chunk of their own: no answer needs them until it has finished, so
 * `ChatMessages` fetches them once an answer shows (see `lazyPart`), not with the chat.
 */

const LikeIcon = () => icon(<path d="M6 9v8H3V9h3zm0 0 3.5-6.5c1.4 0 2.3 1 2 2.4L11 8h4.6a1.6 1.6 0 0 1 1.6 1.9l-1.1 5.6A2 2 0 0 1 14.1 17H6" {...stroke} />);

const DislikeIcon = () => icon(<path d="M14 11V3h3v8h-3zm0 0-3.5 6.5c-1.4 0-2.3-1-2-2.4L9 12H4.4a1.6 1.6 0 0 1-1.6-1.9l1.1-5.6A2 2 0 0 1 5.9 3H14" {...stroke} />);

type FeedbackStatus = { kind: 'idle' | 'sending' | 'sent' } | { kind: 'failed'; message: string };

export interface AnswerActionsProps {
  message: ChatMessage;
  chat: ChatStore;
  translations: SiteSearchTranslations;
  text: string;
}

/** Copy, like and dislike under a finished answer. */
export function AnswerActions({ message, chat, translations, text }: AnswerActionsProps) {
  const texts = translations.modal.askAiScreen;
  const [copied, copy] = useCopy();
  const [feedback, setFeedback] = useState<FeedbackStatus>({ kind: 'idle' });
  const vote = message.meta?.feedback;
  const sendVote = (choice: 'like' | 'dislike') => {
    setFeedback({ kind: 'sending' });
    chat.sendFeedback(message.id, choice).then(
      () => setFeedback({ kind: 'sent' }),
      (error: unknown) => setFeedback({ kind: 'failed', message: chatErrorText(error, translations) }),
    );
  };
  const locked = feedback.kind === 'sending' || feedback.kind === 'sent';
  return (
    <div className="sitesearch-chat-actions">
      <CopyButton copied={copied} onClick={() => copy(text)} texts={texts} />
      {chat.canGiveFeedback
        ? (['like', 'dislike'] as const).map((choice) => {
            const title = choice === 'like' ? texts.likeButtonTitle : texts.dislikeButtonTitle;
            return (
              <button
                key={choice}
                type="button"
                className="sitesearch-chat-action"
                title={title}
                aria-label={title}
                aria-pressed={vote === choice}
                disabled={locked}
                onClick={() => sendVote(choice)}
              >
                {choice === 'like' ? <LikeIcon /> : <DislikeIcon />}
              </button>
            );
          })
        : null}
      {/* Said in words too: an icon or a label changing on a focused button is not announced. */}
      <span className="sitesearch-chat-feedback" role="status">
        {copied ? texts.copyButtonCopiedText : feedback.kind === 'sent' ? texts.thanksForFeedbackText : feedback.kind === 'failed' ? feedback.message : ''}
      </span>
    </div>
  );
}
