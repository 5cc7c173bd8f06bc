/** The chat: data model, stream, transports, conversation storage and the per-conversation store. */
export * from './types.js';
export { createChat, type CreateChatOptions } from './chatStore.js';
export { getConversationList, sanitizeConversation, CONVERSATIONS_LIMIT, type ConversationListOptions } from './conversations.js';
export { createChatTransport, type CreateChatTransportContext } from './createChatTransport.js';
export { chooseChatBackend, conversationKeyFor, type ChatBackend, type ChatBackendOptions } from './backend.js';
export type { ChatEnvironment } from './environment.js';
export {
  createAnswerBuilder,
  toWireMessages,
  messageText,
  questionOf,
  searchQueriesOf,
  toolCallsOf,
  toolCallView,
  answerSegments,
  suggestionsOf,
  sourcesOf,
  type AnswerBuilder,
  type AnswerSegment,
  type ToolCallView,
} from './messages.js';
export { parseChatStream } from './stream.js';
export { createAssistantTransport, DEFAULT_ASSISTANT_BASE_URL, SUGGESTED_QUESTIONS_INDEX, type AssistantTransportOptions } from './transports/assistantTransport.js';
export { createAgentTransport, type AgentTransportOptions } from './transports/agentTransport.js';
export { createLocalTransport, type LocalAssistantModule, type LocalTransportOptions } from './transports/localTransport.js';
