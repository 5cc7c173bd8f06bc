/** The agent backend (`agentStudio: true`), PROTOCOLS.md section 3: no token, no feedback. */
import type { AgentStudioSearchParameters } from '../../options/types.js';
import { type ChatEnvironment, fetchOf } from '../environment.js';
import type { ChatTransport } from '../types.js';
import { hasEntries, post, readAnswer, trimBase } from './http.js';

export interface AgentTransportOptions {
  /** The agent's ID (`assistantId` in the options). */
  assistantId: string;
  appId: string | undefined;
  apiKey: string | undefined;
  /** Parameters keyed by index name, sent as `algolia.searchParameters` only when set. */
  searchParameters?: AgentStudioSearchParameters | undefined;
  /** Indices the agent searches (the Sidepanel's `indices`), sent as `algolia.indices` only when set. */
  indices?: readonly string[] | undefined;
  /** Default `https://{appId}.algolia.net`. */
  baseUrl?: string | undefined;
  environment?: ChatEnvironment | undefined;
}

export function createAgentTransport(options: AgentTransportOptions): ChatTransport {
  if (options.baseUrl === undefined && options.appId === undefined) {
    throw new Error('sitesearch: the agent backend ("agentStudio: true") needs "appId", or "askAi.baseUrl" to name its host.');
  }
  const baseUrl = trimBase(options.baseUrl ?? `https://${options.appId}.algolia.net`);
  const url = `${baseUrl}/agent-studio/1/agents/${encodeURIComponent(options.assistantId)}/completions?stream=true&compatibilityMode=ai-sdk-5`;
  const fetch = fetchOf(options.environment);
  return {
    async sendMessages({ chatId, messages, trigger, signal }) {
      const body: Record<string, unknown> = { id: chatId, messages, trigger };
      // No `algolia` key at all without parameters or indices (PROTOCOLS.md section 3).
      const algolia: Record<string, unknown> = {};
      if (hasEntries(options.searchParameters)) algolia.searchParameters = options.searchParameters;
      if (options.indices && options.indices.length > 0) algolia.indices = [...options.indices];
      if (hasEntries(algolia)) body.algolia = algolia;
      const response = await post(fetch, url, {
        headers: { 'x-algolia-application-id': options.appId, 'x-algolia-api-key': options.apiKey, 'content-type': 'application/json' },
        body,
        signal,
      });
      return readAnswer(response, signal);
    },
  };
}
