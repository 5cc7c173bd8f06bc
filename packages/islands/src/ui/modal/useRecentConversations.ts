import { useEffect, useState } from 'react';
import type { AskAiRuntime } from './askAiRuntime.js';
import type { ConversationSummary, RecentConversations } from './KeywordScreen.js';

/** How many stored conversations the start screen lists (the history screen has them all). */
const START_SCREEN_LIMIT = 3;

/**
 * The stored conversations for the start screen, once the chat has loaded them; opening one
 * loads it into the chat.
 */
export function useRecentConversations(askAi: AskAiRuntime | undefined, isOpen: boolean): RecentConversations | undefined {
  const [items, setItems] = useState<ConversationSummary[]>([]);
  useEffect(() => {
    if (!askAi || !isOpen) return;
    let stop: (() => void) | undefined;
    let live = true;
    askAi.loadConversations().then(
      (conversations) => {
        if (!live) return;
        const read = () => setItems(conversations.getAll().slice(0, START_SCREEN_LIMIT).map(({ id, title }) => ({ id, title })));
        read();
        stop = conversations.subscribe(read);
      },
      () => {},
    );
    return () => {
      live = false;
      stop?.();
    };
  }, [askAi, isOpen]);
  if (!askAi) return undefined;
  return {
    items,
    open(id) {
      void askAi.load().then(({ chat, conversations }) => {
        const conversation = conversations.getAll().find((candidate) => candidate.id === id);
        if (conversation) chat.load(conversation);
      });
    },
    remove(id) {
      void askAi.loadConversations().then((conversations) => conversations.remove(id));
    },
  };
}
