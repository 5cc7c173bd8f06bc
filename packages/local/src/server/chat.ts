/**
 * The two chat protocols of the hosted backends (PROTOCOLS.md sections 2 and 3) over the local
 * assistant: the assistant backend (`/chat/token`, `/chat`, `/chat/feedback`) and the agent
 * backend (`/agent-studio/1/agents/<id>/completions`). Both answer with the same stream; the
 * agent form renames the search tool as that backend does and adds follow-up suggestions.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AssistantChunk, AssistantMessage, LocalAssistant, LocalAssistantOptions } from '../assistant/types.js';
import { SearchRequestError } from '../engine/errors.js';
import { resolveParams } from '../engine/params.js';
import type { ChatFaultOptions } from './chat-faults.js';
import { tokenFromAuthorization, type ChatTokens } from './chat-token.js';
import { HttpError, header, readBody, readJsonBody, sendJson } from './http.js';
import { writeEventStream, type StreamChunk } from './sse.js';
import { lastQuestion, watchAnswer } from '../analytics/questions.js';

/** What `server.chatRequests` lists: one entry per request to a chat endpoint. */
export interface ChatRequestRecord {
  endpoint: 'token' | 'chat' | 'feedback' | 'agent';
  method: string;
  /** Path with the query string. */
  path: string;
  /** The headers the protocols define (authorization, content-type, origin, x-algolia-*, x-ai-sdk-version). */
  headers: Record<string, string>;
  /** The parsed JSON body (undefined when there was none or it was not JSON). */
  body: unknown;
  /** The answer's status, once it is sent. */
  status?: number;
}

export interface ChatContext {
  /**
   * Names of the indexes an assistant may answer from: those the server serves at the time of
   * the request (its startup indexes and the ones pushed since, or read back from the store).
   */
  indexNames(): readonly string[];
  credentials: { appId: string; apiKey: string } | false;
  tokens: ChatTokens;
  faults(): ChatFaultOptions | null;
  /** Builds the assistant of one request (index and retrieval parameters vary per request). */
  assistant(options: Pick<LocalAssistantOptions, 'indexName' | 'searchParameters'>): LocalAssistant;
  /** Told of each question answered to its end, and whether the docs answered it (`serve --analytics`). */
  onQuestion?(indexName: string, question: string, answered: boolean): void;
}

type Body = Record<string, unknown>;

// ---------------------------------------------------------------- assistant backend

export async function answerToken(request: IncomingMessage, response: ServerResponse, context: ChatContext): Promise<void> {
  // The protocol sends no body; one that comes anyway is read within the limit and ignored.
  await readBody(request);
  const assistantId = header(request, 'x-algolia-assistant-id');
  if (!assistantId) {
    sendJson(response, 400, { success: false, message: 'the x-algolia-assistant-id header is required' });
    return;
  }
  const faults = context.faults();
  if (faults?.tokenStatus) {
    sendJson(response, faults.tokenStatus, { success: false, message: faults.message ?? `injected fault: token status ${faults.tokenStatus}` });
    return;
  }
  sendJson(response, 200, { success: true, token: context.tokens.issue(assistantId) });
}

export async function answerAssistantChat(request: IncomingMessage, response: ServerResponse, context: ChatContext, record: ChatRequestRecord): Promise<void> {
  const assistantId = requireAssistantId(request);
  checkToken(request, context, assistantId);
  checkCredentials(request, context);
  const indexName = header(request, 'x-algolia-index-name');
  if (!indexName) throw new HttpError(400, 'the x-algolia-index-name header is required');
  checkIndex(indexName, context);
  const body = asObject(await readJsonBody(request));
  record.body = body;
  const messages = checkChatBody(body);
  if (body.suggestedQuestionId !== undefined && typeof body.suggestedQuestionId !== 'string') {
    throw new HttpError(400, `"suggestedQuestionId" must be a string, got ${JSON.stringify(body.suggestedQuestionId)}`);
  }
  const searchParameters = checkRetrievalParameters(body.searchParameters, '"searchParameters"');
  await stream(response, context, { indexName, searchParameters }, messages, (chunks) => chunks);
}

export async function answerFeedback(request: IncomingMessage, response: ServerResponse, context: ChatContext, record: ChatRequestRecord): Promise<void> {
  const token = tokenFromAuthorization(header(request, 'authorization'));
  if (!token) throw new ChatHttpError(401, 'the authorization header must be "TOKEN <token>" from /chat/token');
  const body = asObject(await readJsonBody(request));
  record.body = body;
  // As on the hosted service, the request names its assistant and the token must be that
  // assistant's: a client that leaves the header out is refused here too, not only in production.
  const assistantId = header(request, 'x-algolia-assistant-id');
  if (!assistantId) throw new ChatHttpError(400, 'the x-algolia-assistant-id header is required');
  const check = context.tokens.check(token, assistantId);
  if (!check.ok) throw new ChatHttpError(401, `invalid token: ${check.reason}`);
  if (typeof body.appId !== 'string' || body.appId === '') throw new ChatHttpError(400, `"appId" must be the application id, got ${JSON.stringify(body.appId)}`);
  if (context.credentials && body.appId !== context.credentials.appId) throw new ChatHttpError(400, `"appId" ${JSON.stringify(body.appId)} is not this server's application id`);
  if (typeof body.messageId !== 'string' || body.messageId === '') throw new ChatHttpError(400, `"messageId" must be the id of the user message answered, got ${JSON.stringify(body.messageId)}`);
  if (body.thumbs !== 1 && body.thumbs !== 0) throw new ChatHttpError(400, `"thumbs" must be 1 (like) or 0 (dislike), got ${JSON.stringify(body.thumbs)}`);
  const faults = context.faults();
  if (faults?.feedbackStatus) throw new ChatHttpError(faults.feedbackStatus, faults.message ?? `injected fault: feedback status ${faults.feedbackStatus}`);
  sendJson(response, 200, { success: true });
}

/** An error of an endpoint whose failures are `{success: false, message}` (token, feedback). */
export class ChatHttpError extends HttpError {}

function requireAssistantId(request: IncomingMessage): string {
  const assistantId = header(request, 'x-algolia-assistant-id');
  if (!assistantId) throw new HttpError(400, 'the x-algolia-assistant-id header is required');
  return assistantId;
}

function checkToken(request: IncomingMessage, context: ChatContext, assistantId: string): void {
  const token = tokenFromAuthorization(header(request, 'authorization'));
  if (!token) throw new HttpError(401, 'the authorization header must be "TOKEN <token>" from /chat/token');
  const check = context.tokens.check(token, assistantId);
  if (!check.ok) throw new HttpError(401, `invalid token: ${check.reason}`);
}

// ---------------------------------------------------------------- agent backend

export async function answerAgentCompletions(
  request: IncomingMessage,
  response: ServerResponse,
  context: ChatContext,
  record: ChatRequestRecord,
  url: URL,
): Promise<void> {
  checkCredentials(request, context);
  if (url.searchParams.get('stream') === 'false') throw new HttpError(400, 'this server answers only streamed completions (stream=true)');
  const compatibility = url.searchParams.get('compatibilityMode');
  if (compatibility !== null && compatibility !== 'ai-sdk-5') throw new HttpError(400, `compatibilityMode "${compatibility}" is not supported; use ai-sdk-5`);
  const body = asObject(await readJsonBody(request));
  record.body = body;
  const messages = checkChatBody(body);
  // The hosted backend refuses a history with data parts; DocSearch 4.7 sends them back and fails.
  messages.forEach((message, i) =>
    message.parts.forEach((part, j) => {
      if (part.type.startsWith('data-')) {
        throw new HttpError(422, `messages[${i}].parts[${j}] is a "${part.type}" part; data parts are output only and must not be sent back`);
      }
    }),
  );
  const { indexName, searchParameters } = agentIndex(body.algolia, context);
  await stream(response, context, { indexName, searchParameters }, messages, (chunks) => asAgentStream(chunks, indexName));
}

function agentIndex(algolia: unknown, context: ChatContext): { indexName: string; searchParameters: Record<string, unknown> | undefined } {
  if (algolia !== undefined && (algolia === null || typeof algolia !== 'object' || Array.isArray(algolia))) {
    throw new HttpError(400, `"algolia" must be an object, got ${JSON.stringify(algolia)}`);
  }
  const { searchParameters, indices } = (algolia ?? {}) as { searchParameters?: unknown; indices?: unknown };
  if (searchParameters !== undefined && (searchParameters === null || typeof searchParameters !== 'object' || Array.isArray(searchParameters))) {
    throw new HttpError(400, `"algolia.searchParameters" must be an object keyed by index name, got ${JSON.stringify(searchParameters)}`);
  }
  if (indices !== undefined && !(Array.isArray(indices) && indices.every((name) => typeof name === 'string'))) {
    throw new HttpError(400, `"algolia.indices" must be a list of index names, got ${JSON.stringify(indices)}`);
  }
  const perIndex = (searchParameters ?? {}) as Record<string, unknown>;
  const indexName = Object.keys(perIndex)[0] ?? (indices as string[] | undefined)?.[0] ?? context.indexNames()[0];
  if (indexName === undefined) throw new HttpError(404, 'Index does not exist: the request names no index and this server has none yet');
  checkIndex(indexName, context);
  return { indexName, searchParameters: checkRetrievalParameters(perIndex[indexName], `"algolia.searchParameters.${indexName}"`) };
}

/**
 * The agent backend's form of the stream: its search tool is `algolia_search_index` (input with
 * the index, output `{hits, nbHits, queryID}`), and it ends with follow-up suggestions.
 */
async function* asAgentStream(chunks: AsyncIterable<StreamChunk>, indexName: string): AsyncIterable<StreamChunk> {
  const searchCalls = new Set<string>();
  const sections: string[] = [];
  for await (const chunk of chunks) {
    if ((chunk.type === 'tool-input-start' || chunk.type === 'tool-input-available') && chunk.toolName === 'searchIndex') {
      searchCalls.add(chunk.toolCallId as string);
      const input = chunk.input as Record<string, unknown> | undefined;
      yield { ...chunk, toolName: 'algolia_search_index', ...(input ? { input: { index: indexName, ...input } } : {}) };
      continue;
    }
    if (chunk.type === 'tool-output-available' && searchCalls.has(chunk.toolCallId as string)) {
      const hits = ((chunk.output as { hits?: unknown[] } | undefined)?.hits ?? []) as Array<{ hierarchy?: Record<string, string | null> }>;
      for (const hit of hits) sections.push(sectionTitle(hit.hierarchy));
      yield { ...chunk, output: { hits, nbHits: hits.length } };
      continue;
    }
    if (chunk.type === 'source-url' && typeof chunk.title === 'string') sections.unshift(chunk.title);
    if (chunk.type === 'finish') {
      const suggestions = followUps(sections);
      if (suggestions.length > 0) yield { type: 'data-suggestions', id: 'suggestions', data: { suggestions } };
    }
    yield chunk;
  }
}

function sectionTitle(hierarchy: Record<string, string | null> | undefined): string {
  if (!hierarchy) return '';
  for (const level of ['lvl6', 'lvl5', 'lvl4', 'lvl3', 'lvl2', 'lvl1']) {
    const title = hierarchy[level];
    if (title) return title;
  }
  return '';
}

/** Up to 3 follow-up questions, one per distinct section the answer drew on (cited ones first). */
export function followUps(sections: readonly string[]): string[] {
  const seen = new Set<string>();
  const questions: string[] = [];
  for (const raw of sections) {
    // A source title may be "Page › Section"; the section is the specific part.
    const title = raw.split(/\s+[›>|]\s+/).pop()!.trim();
    const key = title.toLowerCase();
    if (!title || seen.has(key)) continue;
    seen.add(key);
    questions.push(`What else should I know about ${title}?`);
    if (questions.length === 3) break;
  }
  return questions;
}

// ---------------------------------------------------------------- shared

async function stream(
  response: ServerResponse,
  context: ChatContext,
  options: { indexName: string; searchParameters: Record<string, unknown> | undefined },
  messages: AssistantMessage[],
  shape: (chunks: AsyncIterable<StreamChunk>) => AsyncIterable<StreamChunk>,
): Promise<void> {
  const faults = context.faults();
  if (faults?.chatStatus) throw new HttpError(faults.chatStatus, faults.message ?? `injected fault: chat status ${faults.chatStatus}`);
  const abort = new AbortController();
  // The client left (stop pressed, tab closed): stop retrieving and generating for nobody.
  response.once('close', () => abort.abort());
  const assistant = context.assistant({ indexName: options.indexName, ...(options.searchParameters ? { searchParameters: options.searchParameters } : {}) });
  let chunks = assistant.answer({ messages, signal: abort.signal }) as AsyncIterable<AssistantChunk & StreamChunk>;
  const { onQuestion } = context;
  if (onQuestion) chunks = watchAnswer(chunks, abort.signal, (answered) => onQuestion(options.indexName, lastQuestion(messages), answered));
  await writeEventStream(response, shape(chunks), faults, abort);
}

function checkCredentials(request: IncomingMessage, context: ChatContext): void {
  if (!context.credentials) return;
  if (header(request, 'x-algolia-application-id') !== context.credentials.appId || header(request, 'x-algolia-api-key') !== context.credentials.apiKey) {
    throw new HttpError(403, 'Invalid Application-ID or API key');
  }
}

function checkIndex(indexName: string, context: ChatContext): void {
  const served = context.indexNames();
  if (!served.includes(indexName)) {
    throw new HttpError(404, `Index does not exist: "${indexName}"; ${served.length > 0 ? `this server has: ${served.join(', ')}` : 'this server has no index yet'}`);
  }
}

function asObject(body: unknown): Body {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new HttpError(400, 'the body must be a JSON object, e.g. {"id":"…","messages":[…],"trigger":"submit-message"}');
  }
  return body as Body;
}

function checkChatBody(body: Body): AssistantMessage[] {
  if (typeof body.id !== 'string' || body.id === '') throw new HttpError(400, `"id" must be the conversation id, got ${JSON.stringify(body.id)}`);
  if (body.trigger !== 'submit-message' && body.trigger !== 'regenerate-message') {
    throw new HttpError(400, `"trigger" must be "submit-message" or "regenerate-message", got ${JSON.stringify(body.trigger)}`);
  }
  const { messages } = body;
  if (!Array.isArray(messages) || messages.length === 0) throw new HttpError(400, '"messages" must be a non-empty list of messages');
  messages.forEach((message: unknown, i) => {
    const { role, parts } = (message ?? {}) as { role?: unknown; parts?: unknown };
    if (role !== 'user' && role !== 'assistant' && role !== 'system') throw new HttpError(400, `messages[${i}].role must be "user", "assistant" or "system", got ${JSON.stringify(role)}`);
    if (!Array.isArray(parts) || !parts.every((part: unknown) => typeof (part as { type?: unknown } | null)?.type === 'string')) {
      throw new HttpError(400, `messages[${i}].parts must be a list of parts with a "type"`);
    }
  });
  const last = messages[messages.length - 1] as AssistantMessage;
  if (last.role !== 'user') throw new HttpError(400, `the last message must be the user's question, got a "${last.role}" message`);
  return messages as AssistantMessage[];
}

/** Retrieval parameters are refused here, by name, rather than failing inside the answer. */
function checkRetrievalParameters(value: unknown, where: string): Record<string, unknown> | undefined {
  if (value === undefined) return undefined;
  try {
    resolveParams(value);
  } catch (error) {
    if (error instanceof SearchRequestError) throw new HttpError(400, `${where}: ${error.message}`);
    throw error;
  }
  return value as Record<string, unknown>;
}
