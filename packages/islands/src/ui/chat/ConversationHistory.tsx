import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { ConversationList, StoredConversation } from '../../core/chat/types.js';
import type { SiteSearchTranslations } from '../../core/translations.js';
import { ChatBubbleIcon, RemoveIcon } from './historyIcons.js';

interface StoredConversationsProps {
  /** The stored conversations of the assistant, shared by every widget on the page. */
  conversations: ConversationList;
  translations: SiteSearchTranslations;
  onOpen(conversation: StoredConversation): void;
  /** The conversation shown now, marked as current. */
  currentId?: string;
  /** Show the list's title (default); a host that shows it in its own header passes false. */
  showTitle?: boolean;
}

export type ConversationHistoryProps = StoredConversationsProps;

export interface RecentConversationsProps extends StoredConversationsProps {
  /** How many to show (newest first); all by default. */
  limit?: number;
}

/** The history screen: every stored conversation, to reopen or remove. */
export function ConversationHistory(props: ConversationHistoryProps) {
  return <StoredConversations {...props} title={props.translations.modal.searchBox.conversationHistoryTitle} />;
}

/** Recent conversations on a start screen (nothing when there are none). */
export function RecentConversations({ limit, ...props }: RecentConversationsProps) {
  return <StoredConversations {...props} title={props.translations.modal.startScreen.recentConversationsTitle} limit={limit} />;
}

/** Subscribes to the list without assuming `getAll` returns a cached array. */
export function useConversations(list: ConversationList): StoredConversation[] {
  const [all, setAll] = useState(() => list.getAll());
  useEffect(() => {
    setAll(list.getAll());
    return list.subscribe(() => setAll(list.getAll()));
  }, [list]);
  return all;
}

/**
 * A plain list of buttons, reached with Tab: each row holds an open button and a remove button,
 * which a listbox could not hold (axe: nested-interactive), and a grid would need arrow-key
 * handling of its own for no gain here.
 */
function StoredConversations({ conversations, translations, onOpen, currentId, showTitle = true, title, limit }: StoredConversationsProps & { title: string; limit?: number | undefined }) {
  const ids = useId().replace(/:/g, '');
  const all = useConversations(conversations);
  const shown = limit === undefined ? all : all.slice(0, limit);
  const listRef = useRef<HTMLUListElement>(null);
  // After a removal, focus goes to the row that took its place, not to the page.
  const [focusAfterRemove, setFocusAfterRemove] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    if (focusAfterRemove === undefined) return;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('.sitesearch-conversation-open');
    const target = buttons?.[Math.min(focusAfterRemove, buttons.length - 1)];
    (target ?? listRef.current?.closest<HTMLElement>('[tabindex],.sitesearch-conversations'))?.focus();
    setFocusAfterRemove(undefined);
  }, [focusAfterRemove]);
  if (shown.length === 0) return null;
  const removeText = translations.modal.startScreen.removeRecentConversationButtonTitle;

  return (
    <section className="sitesearch-conversations" aria-label={title} tabIndex={-1}>
      {showTitle ? (
        <p className="sitesearch-conversations-title" aria-hidden="true">
          {title}
        </p>
      ) : null}
      <ul ref={listRef} className="sitesearch-conversations-list">
        {shown.map((conversation, index) => (
          <li key={conversation.id} className="sitesearch-conversation">
            <button
              type="button"
              id={`${ids}-${index}`}
              className="sitesearch-conversation-open"
              aria-current={conversation.id === currentId || undefined}
              onClick={() => onOpen(conversation)}
            >
              <ChatBubbleIcon />
              <span className="sitesearch-conversation-text">
                <span className="sitesearch-conversation-title">{conversation.title}</span>
                <time className="sitesearch-conversation-date" dateTime={new Date(conversation.updatedAt).toISOString()}>
                  {formatDate(conversation.updatedAt)}
                </time>
              </span>
            </button>
            <button
              type="button"
              className="sitesearch-chat-action"
              title={removeText}
              aria-label={removeText}
              aria-describedby={`${ids}-${index}`}
              onClick={() => {
                conversations.remove(conversation.id);
                setFocusAfterRemove(index);
              }}
            >
              <RemoveIcon />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function formatDate(time: number): string {
  const locale = typeof document === 'undefined' ? undefined : document.documentElement.lang || undefined;
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(time);
  } catch {
    return new Date(time).toLocaleString();
  }
}
