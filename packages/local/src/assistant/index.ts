/**
 * `@sitesearch/local/assistant`: the embedded "Ask AI" answerer for sites without a hosted
 * provider. Browser-safe (no Node imports): it runs over the browser's local search client as
 * well as over the loopback server's engine.
 */
export { createLocalAssistant, wordGroups, SEARCH_TOOL, type ToolHit } from './assistant.js';
export {
  rewriteQuestion,
  questionTerms,
  splitConversation,
  isFollowUp,
  isTechnical,
  stem,
  type QuestionTerm,
  type PlannedQuery,
  type QueryKind,
  type RewrittenQuestion,
} from './rewrite.js';
export { retrieve, fuse, searchRequests, DEFAULT_FUSION, type FusionOptions, type Retrieval, type RetrievedSection, type RetrievedRecord } from './retrieve.js';
export {
  composeAnswer,
  selectSections,
  passagesFor,
  splitSentences,
  formatQuote,
  NOT_FOUND_TEXT,
  DEFAULT_COMPOSE,
  type ComposeOptions,
  type ComposedAnswer,
} from './compose.js';
export { answerLanguage, loadAnswerTexts, ENGLISH_ANSWER_TEXTS, type AnswerTexts, type LeadVerb } from './answerTexts.js';
export type {
  AssistantChunk,
  AssistantMessage,
  AssistantPassage,
  AssistantSearchClient,
  LocalAssistant,
  LocalAssistantOptions,
} from './types.js';
