/**
 * A conversation list whose code (conversations.ts: storage, sanitizing, other tabs) is fetched
 * the first time the list is used, not with the chat: a panel asks its first question and streams
 * the answer without it, and only saving that answer, the history screen or a feedback vote needs
 * it. Until it is here, the conversations saved through this list are kept in memory and shown by
 * `getAll`; then they are written to the real list, in order. A failed fetch (offline) is tried
 * again on the next use, the saves waiting meanwhile.
 */
import type { ConversationList, StoredConversation } from './types.js';

export interface DeferredConversationList extends ConversationList {
  /** The real list, fetched now if it is not here yet. */
  ready(): Promise<ConversationList>;
}

export function deferredConversationList(load: () => Promise<ConversationList>): DeferredConversationList {
  let list: ConversationList | undefined;
  let pending: Promise<ConversationList> | undefined;
  /** Saved through this list before the real one was here, newest first. */
  let early: StoredConversation[] = [];
  /** Saves and removals waiting for the real list. */
  const waiting: Array<(list: ConversationList) => void> = [];
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  const ready = () =>
    (pending ??= load().then(
      (loaded) => {
        list = loaded;
        waiting.splice(0).forEach((change) => change(loaded));
        loaded.subscribe(notify);
        notify();
        return loaded;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  const use = () => void ready().catch(() => {});
  const change = (apply: (list: ConversationList) => void, kept: StoredConversation[]) => {
    if (list) return apply(list);
    early = kept;
    waiting.push(apply);
    use();
    notify();
  };

  return {
    ready,
    getAll() {
      if (list) return list.getAll();
      use();
      return early;
    },
    subscribe(listener) {
      listeners.add(listener);
      use();
      return () => {
        listeners.delete(listener);
      };
    },
    save: (conversation) => change((loaded) => loaded.save(conversation), [conversation, ...early.filter((kept) => kept.id !== conversation.id)]),
    remove: (id) => change((loaded) => loaded.remove(id), early.filter((kept) => kept.id !== id)),
  };
}
