import type { ComponentType } from 'react';
import type { SiteSearchTranslations } from '../../core/translations.js';
import type { AskAiItem, ConversationItem, ListSection } from '../ItemList.js';
import type { ChatStore, ConversationList } from '../../core/chat/types.js';
import type { ResolvedAskAi } from '../../core/options/askAi.js';
import type { SearchClientLike } from '../../core/options/types.js';
import type { SearchSession } from '../../core/session/searchSession.js';
import type { ResolvedSiteSearchOptions } from '../../core/options/siteSearchOptions.js';
import type { ReadableStore } from '../../core/state/store.js';
import type { HandOffQuestion } from '../../shell/coordinator.js';

/** What the Ask AI screen gets from the modal. */
export interface AskAiScreenProps {
  ids: string;
  options: ResolvedSiteSearchOptions;
  session: SearchSession;
  chat: ChatStore;
  conversations: ConversationList;
  environment: Window;
  onClose(): void;
  /** The local assistant answers (no credentials): the disclaimer says it quotes the docs. */
  local?: boolean;
  /** Hybrid mode: a question the page's Sidepanel takes (`true`) is not sent here. */
  handOffQuestion?: HandOffQuestion | undefined;
}

/** The chat, ready: its screen component, the conversation and the stored conversations. */
export interface LoadedAskAi {
  Screen: ComponentType<AskAiScreenProps>;
  chat: ChatStore;
  conversations: ConversationList;
  /** The local assistant answers (`chooseChatBackend(askAi) === 'local'`). */
  local: boolean;
}

/** A stored conversation as the start screen lists it. */
export interface ConversationSummary {
  id: string;
  title: string;
}

/** Where the Ask AI screens render: a loading frame until the chat's chunk is here. */
export type AskAiSlotProps = Omit<AskAiScreenProps, 'chat' | 'conversations' | 'local'>;

/**
 * The keyword screen's Ask AI rows (askAiEntries.tsx): given by the addon, so the modal's own
 * chunk holds neither how they are listed nor how they read.
 */
export interface AskAiKeywordParts {
  /** The sections that come first: the stored conversations on the start screen, else the Ask AI entry. */
  sections(input: { ids: string; showStart: boolean; query: string; noResults: boolean; conversations: ConversationSummary[]; texts: SiteSearchTranslations['modal'] }): ListSection[];
  /** What the row of the Ask AI entry or of a stored conversation shows. */
  Content: ComponentType<{ item: AskAiItem | ConversationItem }>;
}

/**
 * The chat's code and state, kept by the modal host: the first use (or a sign of intent) fetches
 * the chunk; the conversation then outlives closing and reopening the modal.
 */
export interface AskAiRuntime {
  /** Starts fetching when the browser is idle (the Ask AI entry is active with results on screen); failures wait for `load()`. */
  prefetch(): void;
  /** The loaded chat; a failed load (offline) is retried on the next call. */
  load(): Promise<LoadedAskAi>;
  /** Set once loaded, so a reopened modal renders the chat without a loading frame. */
  readonly loaded: LoadedAskAi | undefined;
  /** The newest stored conversations for the start screen (read from storage on first subscription). */
  recentConversations: ReadableStore<ConversationSummary[]>;
  /** Loads a stored conversation into the chat. */
  openConversation(id: string): void;
  removeConversation(id: string): void;
  /** Renders the Ask AI screens (the loaded chat's, or a loading frame). */
  Slot: ComponentType<AskAiSlotProps>;
  /** The keyword screen's Ask AI rows. */
  keyword: AskAiKeywordParts;
  /**
   * Hybrid mode (the page has a Sidepanel): `session` with its questions offered to the page
   * first, and the offer the Ask AI screens make for theirs (each question offered once).
   */
  handOff(session: SearchSession, handOffQuestion: HandOffQuestion): { session: SearchSession; offer: HandOffQuestion };
  /** Aborts a stream and drops listeners, when the host goes away. */
  destroy(): void;
}

/**
 * The Ask AI parts of the modal that the keyword screen does not need: a chunk loaded with the
 * modal only when `askAi` is set, so a keyword-only modal carries none of it.
 */
export interface AskAiAddon {
  createAskAiRuntime(
    askAi: ResolvedAskAi,
    searchClient: SearchClientLike | Promise<SearchClientLike>,
    environment: Window,
    chatStylesheet?: ChatStylesheet,
    /** `false` keeps conversations in memory only (`disableUserPersonalization`). */
    persist?: boolean,
  ): AskAiRuntime;
}

/** The chat's own stylesheet (`sitesearch-chat.css`, `chat.css`), when the page's does not already hold its rules. */
export interface ChatStylesheet {
  href: string;
  /** Where the `<link>` goes: the widget's portal node, which outlives a router's page swaps (head links do not). */
  parent: Element;
}
