/** Builds the chat backend for resolved assistant options. */
import type { AgentStudioSearchParameters, AskAiSearchParameters, SearchClientLike } from '../options/types.js';
import { chooseChatBackend, type ChatBackendOptions } from './backend.js';
import type { ChatEnvironment } from './environment.js';
import { ChatError, type ChatTransport } from './types.js';
import type { LocalAssistantModule } from './transports/localTransport.js';

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

/** An import of a transport's chunk that failed (offline): a readable error, and the next call tries again. */
const loadFailed = (): never => {
  throw new ChatError('loadFailed', 'network');
};

/**
 * A transport whose code is a chunk of its own, fetched at once (so it is usually here before the
 * first question) and awaited by every call: the chat's chunk carries no backend's code, and a
 * page loads only the transport its options choose. The methods a backend offers are known up
 * front, so `canGiveFeedback` and suggested questions do not wait for the chunk.
 */
function deferredTransport(load: () => Promise<ChatTransport>, offers: { feedback?: boolean; suggestions?: boolean } = {}): ChatTransport {
  let pending: Promise<ChatTransport> | undefined;
  const loaded = () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
  // Started now; a failure here is reported by the call that needs the transport.
  loaded().catch(() => {});
  const transport: ChatTransport = { sendMessages: async (request) => (await loaded()).sendMessages(request) };
  if (offers.feedback) transport.sendFeedback = async (request) => (await loaded()).sendFeedback?.(request);
  if (offers.suggestions) transport.getSuggestedQuestions = async () => (await (await loaded()).getSuggestedQuestions?.()) ?? [];
  return transport;
}

/**
 * The transport for these options. Throws a clear `Error` only for a configuration that can
 * never work (the local assistant without a search client or an index); faults while chatting
 * come out of the transport as `ChatError`s (a transport chunk that cannot be fetched: `network`).
 */
export function createChatTransport(askAi: ChatBackendOptions, context: CreateChatTransportContext = {}): ChatTransport {
  const backend = chooseChatBackend(askAi);
  // The hosted transports read their settings from the options as they are (the other fields
  // are not theirs to read), with the backend's shape of search parameters.
  if (backend === 'agent') {
    return deferredTransport(() =>
      import('./transports/agentTransport.js').then(
        ({ createAgentTransport }) =>
          createAgentTransport({ ...askAi, searchParameters: askAi.searchParameters as AgentStudioSearchParameters | undefined, environment: context.environment }),
        loadFailed,
      ),
    );
  }
  if (backend === 'assistant') {
    const suggestedQuestionsClient = askAi.suggestedQuestions ? context.searchClient : undefined;
    return deferredTransport(
      () =>
        import('./transports/assistantTransport.js').then(
          ({ createAssistantTransport }) =>
            createAssistantTransport({
              ...askAi,
              searchParameters: askAi.searchParameters as AskAiSearchParameters | undefined,
              suggestedQuestionsClient,
              environment: context.environment,
            }),
          loadFailed,
        ),
      { feedback: true, suggestions: suggestedQuestionsClient !== undefined },
    );
  }
  const { searchClient } = context;
  if (!searchClient) throw new Error('sitesearch: the local assistant needs the widget\'s search client (no "appId"/"apiKey" and no "askAi.baseUrl" were given).');
  const { indexName } = askAi;
  if (indexName === undefined) throw new Error('sitesearch: the local assistant needs an index: set "askAi.indexName" or "indices".');
  return deferredTransport(() =>
    import('./transports/localTransport.js').then(
      ({ createLocalTransport }) =>
        createLocalTransport({
          searchClient,
          indexName,
          searchParameters: localSearchParameters(askAi, indexName),
          ...(context.loadLocalAssistant ? { loadAssistant: context.loadLocalAssistant } : {}),
        }),
      loadFailed,
    ),
  );
}
