/**
 * The local assistant's contract: a question (with the conversation before it) in, the UI message
 * stream of the hosted backends out (PROTOCOLS.md section 1), so every chat UI has one path.
 * Browser-safe: no Node import anywhere under `assistant/`. The chunk and message shapes restate
 * `packages/islands/src/core/chat/types.ts` structurally (this package must build without that one).
 */
import type { DocRecord } from '../records.js';

/** A chunk of the UI message stream (only the types the local assistant emits are listed). */
export type AssistantChunk =
  | { type: 'start'; messageId?: string }
  | { type: 'start-step' }
  | { type: 'finish-step' }
  | { type: 'finish'; finishReason?: string }
  | { type: 'text-start'; id: string }
  | { type: 'text-delta'; id: string; delta: string }
  | { type: 'text-end'; id: string }
  | { type: 'tool-input-start'; toolCallId: string; toolName: string; providerExecuted?: boolean }
  | { type: 'tool-input-available'; toolCallId: string; toolName: string; input: unknown; providerExecuted?: boolean }
  | { type: 'tool-output-available'; toolCallId: string; output: unknown }
  | { type: 'tool-output-error'; toolCallId: string; errorText: string }
  | { type: 'source-url'; sourceId: string; url: string; title?: string }
  | { type: 'error'; errorText: string };

/** A message of the conversation, as the chat UI sends it (parts other than text are ignored here). */
export interface AssistantMessage {
  id?: string;
  role: 'user' | 'assistant' | 'system';
  parts: Array<{ type: string; text?: string; [key: string]: unknown }>;
}

/** The part of a search client the assistant uses: the lite client's multi-query `search()`. */
export interface AssistantSearchClient {
  search(request: { requests: Array<{ indexName: string; query: string; [param: string]: unknown }> }): Promise<{
    results: Array<{ hits?: Array<DocRecord & { _snippetResult?: unknown; _highlightResult?: unknown }>; nbHits?: number }>;
  }>;
}

export interface LocalAssistantOptions {
  /** Where passages come from: the browser's local client, the server's engine, or any lite-client-shaped client. */
  searchClient: AssistantSearchClient;
  /** Index to search. */
  indexName: string;
  /** Search parameters added to every retrieval query (`filters`, `facetFilters`, …). */
  searchParameters?: Record<string, unknown>;
  /**
   * Writes the answer from the retrieved passages instead of quoting them (the server's
   * `--llm-url`). Yields Markdown text deltas. Without it the answer is extractive.
   */
  generate?: (request: { question: string; history: AssistantMessage[]; passages: AssistantPassage[]; signal?: AbortSignal }) => AsyncIterable<string>;
}

/** A retrieved passage with the section it comes from (every answer sentence traces to one). */
export interface AssistantPassage {
  url: string;
  title: string;
  text: string;
}

export interface LocalAssistant {
  /** Answers the last user message of `messages`, streaming chunks; never throws (faults become an `error` chunk). */
  answer(request: { messages: AssistantMessage[]; signal?: AbortSignal }): AsyncIterable<AssistantChunk>;
}
