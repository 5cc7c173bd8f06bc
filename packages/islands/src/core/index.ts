/**
 * `@sitesearch/islands/core`: the framework-free client core shared by every entry point
 * (Astro, Docusaurus, React, CDN). It imports no UI library.
 */
export * from './records.js';
export * from './options/types.js';
export { describeValue, resetWarnings, type WidgetName } from './options/errors.js';
export { resolveSiteSearchOptions, resolveSearchClient, type Entry, type ResolvedIndex, type ResolvedSiteSearchOptions } from './options/siteSearchOptions.js';
// The widget chunks' resolver, with the chat's rules on demand (also in `@sitesearch/islands/modal`).
export { needsChatOptionRules, resolveModalOptions } from './options/keywordOnlyOptions.js';
export { resolveSidepanelOptions, resolveCssWidth, type ResolvedSidepanelOptions } from './options/sidepanelOptions.js';
export { resolveAskAi, resolveAskAiSearchParameters, type ResolvedAskAi } from './options/askAi.js';
export { resolveContainer, resolveEnvironment } from './options/container.js';
export * from './translations.js';
export * from './shortcuts/shortcuts.js';
export * from './search/highlight.js';
export * from './search/requests.js';
export * from './search/groupHits.js';
export * from './search/searchController.js';
export * from './storage/safeStorage.js';
export * from './storage/storedList.js';
export * from './storage/personalization.js';
export * from './state/store.js';
export * from './state/widgetStores.js';
export * from './search/safeUrl.js';
// Chat (Ask AI, Sidepanel). Named, not `*`: the chat's `StoredConversation` (typed messages)
// replaces the untyped one of `storage/personalization.js` in this entry.
export {
  ChatError,
  type ChatErrorCode,
  type ChatChunk,
  type ChatMessage,
  type ChatState,
  type ChatStatus,
  type ChatStore,
  type ChatTransport,
  type ChatTrigger,
  type ConversationList,
  type DataPart,
  type MessagePart,
  type ReasoningPart,
  type SendMessagesRequest,
  type SourceUrlPart,
  type StepStartPart,
  type StoredConversation,
  type SuggestedQuestion,
  type TextPart,
  type ToolPart,
} from './chat/types.js';
export { createChat, type CreateChatOptions } from './chat/chatStore.js';
export { getConversationList, type ConversationListOptions } from './chat/conversations.js';
export { createChatTransport, type CreateChatTransportContext } from './chat/createChatTransport.js';
export { chooseChatBackend, conversationKeyFor, type ChatBackend, type ChatBackendOptions } from './chat/backend.js';
export type { ChatEnvironment } from './chat/environment.js';
export {
  toWireMessages,
  messageText,
  questionOf,
  searchQueriesOf,
  toolCallsOf,
  toolCallView,
  answerSegments,
  suggestionsOf,
  sourcesOf,
  type AnswerSegment,
  type ToolCallView,
} from './chat/messages.js';
export { resolveAskAiBaseUrl } from './options/askAi.js';
