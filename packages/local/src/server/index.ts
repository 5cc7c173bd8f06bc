export {
  startServer,
  DEFAULT_APP_ID,
  DEFAULT_API_KEY,
  MAX_CHAT_REQUESTS,
  type StartServerOptions,
  type LocalSearchServer,
  type ServedIndex,
} from './server.js';
export { FaultInjector, validateFaults, type FaultOptions } from './faults.js';
export { validateChatFaults, type ChatFaultOptions } from './chat-faults.js';
export type { ChatRequestRecord } from './chat.js';
export { TOKEN_TTL_SECONDS } from './chat-token.js';
export { createLlmGenerate, type LlmOptions } from './llm.js';
export { SUGGESTED_QUESTIONS_INDEX, type SuggestedQuestions } from './suggested-questions.js';
export { MAX_BODY_BYTES } from './http.js';
export { MAX_WRITE_BODY_BYTES, MAX_RECORD_BYTES, type WriteRequestRecord } from './write-api.js';
export { validateWriteFaults, type WriteFaultOptions } from './write-faults.js';
