/**
 * Which backend answers, decided from the options alone. Its own small module so that the
 * conversation list (the start screen's recent conversations) loads without any transport code.
 */
import type { ResolvedAskAi } from '../options/askAi.js';

/**
 * The assistant settings a transport needs: the modal's `ResolvedAskAi` fits, and so do the
 * Sidepanel's resolved options (which add `indices`, the agent backend's list of indices).
 */
export type ChatBackendOptions = Pick<ResolvedAskAi, 'assistantId' | 'appId' | 'apiKey' | 'indexName' | 'agentStudio' | 'searchParameters'> &
  Partial<Pick<ResolvedAskAi, 'suggestedQuestions' | 'baseUrl'>> & {
    /** Agent backend only: sent as `algolia.indices`. */
    indices?: readonly string[] | undefined;
  };

/** Which backend answers: `assistant` (hosted, token), `agent` (hosted agent) or `local` (the site's own index). */
export type ChatBackend = 'assistant' | 'agent' | 'local';

/**
 * A base URL or full credentials mean a hosted protocol; without either the widget searches its
 * local index, and so does the assistant.
 */
export function chooseChatBackend(askAi: ChatBackendOptions): ChatBackend {
  const hosted = askAi.baseUrl !== undefined || (askAi.appId !== undefined && askAi.apiKey !== undefined);
  if (!hosted) return 'local';
  return askAi.agentStudio ? 'agent' : 'assistant';
}

/**
 * The key of a backend's stored conversations, so two assistants (or the same ID on two
 * backends) never share a history.
 */
export function conversationKeyFor(askAi: ChatBackendOptions): string {
  const backend = chooseChatBackend(askAi);
  const host = askAi.baseUrl ?? (backend === 'local' ? askAi.indexName ?? '' : askAi.appId ?? '');
  return `${backend}:${host}:${askAi.assistantId}`;
}
