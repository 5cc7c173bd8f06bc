/** Types shared by the Sidepanel's host and its chat (sidepanelChat.tsx). */
import type { ComponentType, RefObject } from 'react';
import type { DeferredConversationList } from '../../core/chat/deferredConversations.js';
import type { ChatStore, ConversationList } from '../../core/chat/types.js';
import type { ResolvedSidepanelOptions } from '../../core/options/sidepanelOptions.js';

/** The panel's screens: the chat (a new conversation or the current one) and the stored conversations. */
export type SidepanelScreen = 'chat' | 'history';

export interface SidepanelBodyProps {
  options: ResolvedSidepanelOptions;
  screen: SidepanelScreen;
  showChat(): void;
  promptRef: RefObject<HTMLTextAreaElement | null>;
  autoFocus: boolean;
}

/** The loaded chat: its store, the shared stored conversations, and the body that renders them. */
export interface SidepanelChat {
  chat: ChatStore;
  /** Its code is fetched when first used (see deferredConversationList); a plain list works too. */
  conversations: ConversationList & Partial<Pick<DeferredConversationList, 'ready'>>;
  /** The local assistant answers: the disclaimer says it quotes the docs. */
  local: boolean;
  Body: ComponentType<SidepanelBodyProps & { chat: ChatStore; conversations: ConversationList; local: boolean }>;
}
