/** Builds the chat backend for resolved assistant options. */
import type { AgentStudioSearchParameters, AskAiSearchParameters, SearchClientLike } from '../options/types.js';
import { chooseChatBackend, type ChatBackendOptions } from './backend.js';
import type { ChatEnvironment } from './environment.js';
import type { ChatTransport } from './types.js';
import { createAgentTransport } from './transports/agentTransport.js';
import { createAssistantTransport } from './transports/assistantTransport.js';
import { createLocalTransport, type LocalAssistantModule } from './transports/localTransport.js';

// Kept importable from here too (the first UI code imported them from this module).
export { chooseChatBackend, conversationKeyFor, type ChatBackend, type ChatBackendOptions } from './backend.js';

export interface CreateChatTransportContext {
  /**
   * The widget's search client: the local assistant retrieves through it (required for `local`);
   * the assistant backend's suggested questions are searched with it (when `suggestedQuestions`).
   */
  searchClient?: SearchClientLike | undefined;
  /** The window (fetch, sessionStorage); default the global one. */
  environment?: ChatEnvironment | undefined;
  /** Loads `@sitesearch/local/assistant` (tests); default the bundled chunk. */
  loadLocalAssistant?: () => Promise<LocalAssistantModule>;
}

/** Search parameters for the local assistant: the flat ones, or the asked index's entry of the keyed ones. */
function localSearchParameters(askAi: ChatBackendOptions, indexName: string): Record<string, unknown> | undefined {
  const parameters = askAi.searchParameters;
  if (!parameters) return undefined;
  if (!askAi.agentStudio) return { ...(parameters as AskAiSearchParameters) };
  const forIndex = (parameters as AgentStudioSearchParameters)[indexName];
  return forIndex ? { ...forIndex } : undefined;
}

/**
 * The transport for these options. Throws a clear `Error` only for a configuration that can
 * never work (the local assistant without a search client or an index); faults while chatting
 * come out of the transport as `ChatError`s.
 */
export function createChatTransport(askAi: ChatBackendOptions, context: CreateChatTransportContext = {}): ChatTransport {
  const backend = chooseChatBackend(askAi);
  if (backend === 'agent') {
    return createAgentTransport({
      assistantId: askAi.assistantId,
      appId: askAi.appId,
      apiKey: askAi.apiKey,
      searchParameters: askAi.searchParameters as AgentStudioSearchParameters | undefined,
      baseUrl: askAi.baseUrl,
      environment: context.environment,
    });
  }
  if (backend === 'assistant') {
    return createAssistantTransport({
      assistantId: askAi.assistantId,
      appId: askAi.appId,
      apiKey: askAi.apiKey,
      indexName: askAi.indexName,
      searchParameters: askAi.searchParameters as AskAiSearchParameters | undefined,
      baseUrl: askAi.baseUrl,
      suggestedQuestionsClient: askAi.suggestedQuestions ? context.searchClient : undefined,
      environment: context.environment,
    });
  }
  if (!context.searchClient) throw new Error('sitesearch: the local assistant needs the widget\'s search client (no "appId"/"apiKey" and no "askAi.baseUrl" were given).');
  if (askAi.indexName === undefined) throw new Error('sitesearch: the local assistant needs an index: set "askAi.indexName" or "indices".');
  return createLocalTransport({
    searchClient: context.searchClient,
    indexName: askAi.indexName,
    searchParameters: localSearchParameters(askAi, askAi.indexName),
    ...(context.loadLocalAssistant ? { loadAssistant: context.loadLocalAssistant } : {}),
  });
}
