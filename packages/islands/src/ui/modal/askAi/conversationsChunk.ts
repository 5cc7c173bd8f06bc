/**
 * The stored conversations alone: the start screen lists them on every opening, so it loads
 * this small chunk instead of the whole chat.
 */
import { getConversationList } from '../../../core/chat/conversations.js';
import { conversationKeyFor } from '../../../core/chat/backend.js';
import type { ResolvedAskAi } from '../../../core/options/askAi.js';

/** `persist: false` (the widget's `disableUserPersonalization`) keeps conversations in memory for this page only. */
export const conversationListFor = (askAi: ResolvedAskAi, environment: Window, persist = true) =>
  getConversationList({ environment, key: conversationKeyFor(askAi), persist });
