import type { ComponentType } from 'react';
import type { ChatStore, ConversationList } from '../../core/chat/types.js';
import type { SearchSession } from '../../core/session/searchSession.js';
import type { ResolvedSiteSearchOptions } from '../../core/options/siteSearchOptions.js';

/** What the Ask AI screen gets from the modal. */
export interface AskAiScreenProps {
  ids: string;
  options: ResolvedSiteSearchOptions;
  session: SearchSession;
  chat: ChatStore;
  conversations: ConversationList;
  environment: Window;
  onClose(): void;
}

/** The chat, ready: its screen component, the conversation and the stored conversations. */
export interface LoadedAskAi {
  Screen: ComponentType<AskAiScreenProps>;
  chat: ChatStore;
  conversations: ConversationList;
}

/**
 * The chat's code and state, loaded once per modal host: the first use (or a sign of intent)
 * fetches the chunk; the conversation then outlives closing and reopening the modal.
 */
export interface AskAiRuntime {
  /** Starts fetching (the Ask AI entry became active or hovered); failures wait for `load()`. */
  prefetch(): void;
  /** The loaded chat; a failed load (offline) is retried on the next call. */
  load(): Promise<LoadedAskAi>;
  /** The stored conversations (for the start screen), without waiting for the rest of the chat when possible. */
  loadConversations(): Promise<ConversationList>;
  /** Set once loaded, so a reopened modal renders the chat without a loading frame. */
  readonly loaded: LoadedAskAi | undefined;
  /** Aborts a stream and drops listeners, when the host goes away. */
  destroy(): void;
}

export function createAskAiRuntime(loadChunk: () => Promise<LoadedAskAi>, loadConversations?: () => Promise<ConversationList>): AskAiRuntime {
  let pending: Promise<LoadedAskAi> | undefined;
  let loaded: LoadedAskAi | undefined;
  const load = () => {
    pending ??= loadChunk().then(
      (result) => (loaded = result),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return {
    prefetch: () => void load().catch(() => {}),
    load,
    loadConversations: () => (loadConversations ? loadConversations() : load().then((chat) => chat.conversations)),
    get loaded() {
      return loaded;
    },
    destroy: () => loaded?.chat.destroy(),
  };
}
