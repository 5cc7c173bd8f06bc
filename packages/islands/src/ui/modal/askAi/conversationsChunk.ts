/**
 * The stored conversations alone: the start screen lists them on every opening, so it loads
 * this small chunk instead of the whole chat. The Sidepanel loads it when its list is first used.
 */
import { getConversationList } from '../../../core/chat/conversations.js';
import { conversationKeyFor, type ChatBackendOptions } from '../../../core/chat/backend.js';

/** `persist: false` (the widget's `disableUserPersonalization`) keeps conversations in memory for this page only. */
export const conversationListFor = (askAi: ChatBackendOptions, environment: Window, persist = true) =>
  getConversationList({ environment, key: conversationKeyFor(askAi), persist });
