import { useMemo, useState } from 'react';
import type { ChatMessage, ChatStore, SourceUrlPart } from '../../core/chat/types.js';
import { toSafeUrl } from '../../core/search/safeUrl.js';
import type { SiteSearchTranslations } from '../../core/translations.js';
import { stroke } from './iconBase.js';
import { icon } from './chatIcons.js';
import { chatErrorText } from './chatTexts.js';
import { CopyButton } from './CopyButton.js';
import { linksOf, type LinkRef } from './links.js';
import { useCopy } from './useCopy.js';

/**
 * What a finished answer adds under it: its related sources, its actions (copy, like, dislike)
 * and the agent's follow-up suggestions. A chunk of its own: no answer needs it until it has
 * finished, so `ChatMessages` fetches it once an answer shows (see `lazyPart`), not with the chat.
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

export interface AnswerEndProps extends AnswerActionsProps {
  /** Offer the actions (the answer finished, was not stopped, and has text). */
  withActions: boolean;
  /** Offer the agent's suggestions (the last answer, finished). */
  withSuggestions: boolean;
  onSuggestion(suggestion: string): void;
}

/** Under an answer that is no longer streaming: its sources, its actions, the follow-up suggestions. */
export function AnswerEnd({ withActions, withSuggestions, onSuggestion, ...props }: AnswerEndProps) {
  const { message, text, translations } = props;
  const sources = useMemo(() => sourcesOf(message, text), [message, text]);
  const suggestions = withSuggestions ? suggestionsOf(message) : [];
  return (
    <>
      {sources.length > 0 ? <RelatedSources title={translations.modal.askAiScreen.relatedSourcesText} sources={sources} id={`${message.id}-sources`} /> : null}
      {withActions ? <AnswerActions {...props} /> : null}
      {suggestions.length > 0 ? (
        <div className="sitesearch-chat-suggestions">
          {suggestions.map((suggestion) => (
            <button key={suggestion} type="button" className="sitesearch-chat-suggestion" onClick={() => onSuggestion(suggestion)}>
              {suggestion}
            </button>
          ))}
        </div>
      ) : null}
    </>
  );
}

/** The answer's links and the backend's source parts, safe ones only, each URL once. */
export function sourcesOf(message: ChatMessage, text: string): LinkRef[] {
  const sources = new Map<string, string>();
  for (const link of linksOf(text)) sources.set(link.url, link.title);
  for (const part of message.parts) {
    if (part.type !== 'source-url') continue;
    const { url, title } = part as SourceUrlPart;
    const safe = toSafeUrl(url);
    if (safe !== undefined && !sources.has(safe)) sources.set(safe, title?.trim() || safe);
  }
  return [...sources].map(([url, title]) => ({ url, title }));
}

/** Follow-up prompts of the agent backend (`data-suggestions` with `{suggestions: string[]}`). */
export function suggestionsOf(message: ChatMessage): string[] {
  const part = message.parts.find((candidate) => candidate.type === 'data-suggestions');
  const list = part && 'data' in part ? (part.data as { suggestions?: unknown } | null)?.suggestions : undefined;
  return Array.isArray(list) ? [...new Set(list.filter((item): item is string => typeof item === 'string' && item.trim() !== ''))] : [];
}

function RelatedSources({ title, sources, id }: { title: string; sources: LinkRef[]; id: string }) {
  return (
    <div className="sitesearch-chat-sources">
      <p id={id} className="sitesearch-chat-sources-title">
        {title}
      </p>
      <ul aria-labelledby={id} className="sitesearch-chat-sources-list">
        {sources.map((source) => (
          <li key={source.url}>
            <a href={source.url} target="_blank" rel="noopener noreferrer" className="sitesearch-chat-source">
              {source.title}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
