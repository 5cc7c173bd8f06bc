/**
 * The loopback server: the provider's search REST subset over the local engine, for sites
 * without a static host and for end-to-end tests that point the real client at it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalAssistant } from '../assistant/index.js';
import type { AssistantSearchClient, LocalAssistant, LocalAssistantOptions } from '../assistant/types.js';
import { buildIndex } from '../engine/build.js';
import { SearchEngine, type SearchEngineOptions, type SearchResponse } from '../engine/engine.js';
import { IndexFormatError, SearchRequestError } from '../engine/errors.js';
import type { IndexSource } from '../engine/format.js';
import { memorySource } from '../engine/memory-source.js';
import { normalizeMultiQuery, normalizeQuery, type IndexQuery } from '../engine/requests.js';
import { fileSource } from '../indexer/write-index.js';
import type { DocRecord } from '../records.js';
import { validateChatFaults, type ChatFaultOptions } from './chat-faults.js';
import { ChatTokens } from './chat-token.js';
import { ChatHttpError, answerAgentCompletions, answerAssistantChat, answerFeedback, answerToken, type ChatContext, type ChatRequestRecord } from './chat.js';
import { FaultInjector, type FaultOptions } from './faults.js';
import { ClientGoneError, HttpError, headersOfInterest, readJsonBody, sendError, sendJson, setCors } from './http.js';
import { createLlmGenerate, type LlmOptions } from './llm.js';
import { WriteApi, writeRoute, type WriteRequestRecord } from './write-api.js';
import { validateWriteFaults, type WriteFaultOptions } from './write-faults.js';
import { SUGGESTED_QUESTIONS_INDEX, SuggestedQuestionsIndex, validateSuggestedQuestions, type SuggestedQuestions } from './suggested-questions.js';
import { AnalyticsRecorder, readEvents, type AnalyticsOptions } from '../analytics/recorder.js';
import { isAnalyticsPath } from '../analytics/rest.js';
import { queryIdFor } from './query-id.js';

/** Credentials the server accepts when none are given: any client configured with these works. */
export const DEFAULT_APP_ID = 'SITESEARCH';
export const DEFAULT_API_KEY = 'sitesearch-local-search-key';

/** An index to serve: a folder written by `sitesearch index`, records, an index source, or an engine. */
export type ServedIndex = string | readonly DocRecord[] | IndexSource | SearchEngine;

export interface StartServerOptions {
  /** Index name → what to serve under it (read-only). May be empty with `adminKey`: an application that starts with no index. */
  indexes: Record<string, ServedIndex>;
  /** Port to listen on; 0 (default) picks a free one. */
  port?: number;
  /** Interface to bind (default `127.0.0.1`: reachable from this machine only). */
  host?: string;
  /** Credentials requests must carry, or `false` to accept any (default `DEFAULT_APP_ID` / `DEFAULT_API_KEY`). */
  credentials?: { appId: string; apiKey: string } | false;
  /** Faults to inject from the start (see `setFaults`). */
  faults?: FaultOptions | null;
  /** Ranking overrides for indexes built here. */
  engine?: SearchEngineOptions;
  /**
   * Questions of the assistant backend's suggested-questions index (`algolia_ask_ai_suggested_questions`):
   * a list for any assistant id, or lists per assistant id.
   */
  suggestedQuestions?: SuggestedQuestions;
  /** Chat faults to inject from the start (see `setChatFaults`). */
  chatFaults?: ChatFaultOptions | null;
  /** Write answers with a language model behind an OpenAI-compatible API instead of quoting passages. */
  llm?: LlmOptions;
  /** Replaces the local assistant (another answerer with the same contract); it gets the server's engine as `searchClient`. */
  assistant?: (options: LocalAssistantOptions) => LocalAssistant;
  /** Clock in milliseconds, for chat token times (default `Date.now`); tests move it to expire tokens. */
  clock?: () => number;
  /**
   * Accept the provider's write API (batch, settings, copy/move, tasks, browse) from requests
   * carrying this key, as `sitesearch push` sends them; pushed indices are searchable at once.
   * Without it the server is read-only: writes get 403.
   */
  adminKey?: string;
  /**
   * With `adminKey`: a folder (created if missing) where pushed indices are saved after each
   * change, one folder per index in the format `sitesearch index` writes, and read back at
   * start. A write's task is published once it is saved. Default: pushed indices live in memory.
   */
  pushedDir?: string;
  /** Write faults to inject from the start (see `setWriteFaults`). */
  writeFaults?: WriteFaultOptions | null;
  /**
   * Record settled searches, Insights events (`POST /1/events`) and the assistant's questions
   * in an append-only log in `analytics.dir`, and answer the Analytics REST API (`GET /2/...`)
   * from it (`sitesearch serve --analytics`). Off by default: events are then answered and not recorded.
   */
  analytics?: AnalyticsOptions;
}

export interface LocalSearchServer {
  /** Base URL, e.g. `http://127.0.0.1:43117`. */
  url: string;
  host: string;
  port: number;
  /** Changes the injected faults at runtime; `null` turns them off. */
  setFaults(faults: FaultOptions | null): void;
  /** Search requests answered or failed so far (preflights excluded). */
  readonly searchRequests: number;
  /** Changes the injected chat faults at runtime; `null` turns them off. */
  setChatFaults(faults: ChatFaultOptions | null): void;
  /**
   * Requests to the chat endpoints, oldest first (the last `MAX_CHAT_REQUESTS`): path, the
   * protocol's headers, the parsed body and the answer's status. Preflights excluded.
   */
  readonly chatRequests: readonly ChatRequestRecord[];
  /** Empties `chatRequests`. */
  clearChatRequests(): void;
  /** Changes the injected write faults at runtime; `null` turns them off. */
  setWriteFaults(faults: WriteFaultOptions | null): void;
  /** Requests to the write API, oldest first (the last 1000): method, path, status. */
  readonly writeRequests: readonly WriteRequestRecord[];
  /** Names of the indices pushed through the write API. */
  pushedIndexes(): string[];
  /** With `analytics`: settles the searches still settling and writes every pending line. */
  flushAnalytics(): Promise<void>;
  close(): Promise<void>;
}

/** How many chat requests `chatRequests` keeps: enough for any test, bounded under load. */
export const MAX_CHAT_REQUESTS = 1000;


/** A route: its methods and what answers it. */
type Route =
  | { kind: 'search-multi' }
  | { kind: 'search-single'; indexName: string }
  | { kind: 'chat'; endpoint: ChatRequestRecord['endpoint']; agentId?: string };

function route(pathname: string): Route | undefined {
  if (pathname === '/1/indexes/*/queries') return { kind: 'search-multi' };
  const single = /^\/1\/indexes\/([^/]+)\/query$/.exec(pathname);
  if (single) return { kind: 'search-single', indexName: decodePathSegment(single[1]!) };
  if (pathname === '/chat/token') return { kind: 'chat', endpoint: 'token' };
  if (pathname === '/chat') return { kind: 'chat', endpoint: 'chat' };
  if (pathname === '/chat/feedback') return { kind: 'chat', endpoint: 'feedback' };
  const agent = /^\/agent-studio\/1\/agents\/([^/]+)\/completions$/.exec(pathname);
  if (agent) return { kind: 'chat', endpoint: 'agent', agentId: decodePathSegment(agent[1]!) };
  return undefined;
}

/**
 * A path segment is only ever a name to look up among the served indexes (no file is opened
 * from a URL), so a decoded `../` or `/` is just a name that does not exist; malformed escapes
 * are a 400.
 */
function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new HttpError(400, `malformed percent-encoding in path segment "${segment}"`);
  }
}

const PATHS_ANSWERED =
  'POST /1/indexes/*/queries, POST /1/indexes/{indexName}/query, POST /chat/token, POST /chat, POST /chat/feedback, POST /agent-studio/1/agents/{id}/completions, POST /1/events, GET /2/... (analytics)';

export async function startServer(options: StartServerOptions): Promise<LocalSearchServer> {
  // An application with no index makes sense only as a write target.
  if (!options || typeof options.indexes !== 'object' || options.indexes === null || (Object.keys(options.indexes).length === 0 && options.adminKey === undefined)) {
    throw new TypeError('startServer: "indexes" is required (it may be empty only with "adminKey"), e.g. { indexes: { docs: "dist/sitesearch" } }');
  }
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new TypeError(`startServer: "port" must be an integer from 0 to 65535, got ${String(options.port)}`);
  const host = options.host ?? '127.0.0.1';
  const credentials = options.credentials === undefined ? { appId: DEFAULT_APP_ID, apiKey: DEFAULT_API_KEY } : options.credentials;
  const suggested = new SuggestedQuestionsIndex(options.suggestedQuestions === undefined ? [] : validateSuggestedQuestions(options.suggestedQuestions));
  let chatFaults = validateChatFaults(options.chatFaults);
  const generate = options.llm ? createLlmGenerate(options.llm) : undefined;
  const createAssistant = options.assistant ?? createLocalAssistant;
  // Options are checked before the indexes load, so a typo fails at once.
  const faults = new FaultInjector(options.faults);
  validateWriteFaults(options.writeFaults);
  if (options.adminKey !== undefined && (typeof options.adminKey !== 'string' || options.adminKey === '')) {
    throw new TypeError('startServer: "adminKey" must be a non-empty string');
  }
  if (options.pushedDir !== undefined && (typeof options.pushedDir !== 'string' || options.pushedDir === '')) {
    throw new TypeError('startServer: "pushedDir" must be the path of a folder');
  }
  if (options.pushedDir !== undefined && options.adminKey === undefined) {
    throw new TypeError('startServer: "pushedDir" needs "adminKey" (without it nothing can be pushed)');
  }

  if (options.analytics !== undefined && (typeof options.analytics?.dir !== 'string' || options.analytics.dir === '')) {
    throw new TypeError('startServer: "analytics.dir" must be the path of the folder of the analytics log');
  }
  const recorder = options.analytics ? new AnalyticsRecorder(options.analytics) : undefined;

  const engines = new Map<string, SearchEngine>();
  for (const [name, served] of Object.entries(options.indexes)) {
    const engine = toEngine(served, options.engine);
    try {
      await engine.warm();
    } catch (error) {
      throw new Error(`startServer: index "${name}" cannot be loaded: ${(error as Error).message}`, { cause: error });
    }
    engines.set(name, engine);
  }

  const writes = new WriteApi({
    adminKey: options.adminKey,
    credentials,
    readOnlyNames: [...engines.keys()],
    faults: options.writeFaults,
    engine: options.engine,
    ...(options.pushedDir !== undefined ? { storeDir: options.pushedDir } : {}),
  });
  await writes.open();

  let searchRequests = 0;
  const chatRequests: ChatRequestRecord[] = [];

  // The assistant searches the served engines in-process, through the lite client's shape.
  const searchClient: AssistantSearchClient = {
    search: async ({ requests }) => ({
      results: await Promise.all(requests.map((request, i) => runQuery(normalizeQuery(request, `requests[${i}]`)))),
    }),
  };
  const chat: ChatContext = {
    // Read at each request: an index pushed after start is served, and so open to Ask AI, at once.
    indexNames: () => [...engines.keys(), ...writes.names()],
    credentials,
    tokens: new ChatTokens(options.clock ?? Date.now),
    faults: () => chatFaults,
    assistant: ({ indexName, searchParameters }) =>
      createAssistant({ searchClient, indexName, ...(searchParameters ? { searchParameters } : {}), ...(generate ? { generate } : {}) }),
    ...(recorder ? { onQuestion: (indexName: string, question: string, answered: boolean) => recorder.recordQuestion(indexName, question, answered) } : {}),
  };

  const server = createServer((request, response) => {
    // Writes to a client that left fail here, not as an unhandled 'error' event.
    response.on('error', () => {});
    handle(request, response).catch((error: unknown) => answerError(request, response, error));
  });
  // A client that cannot send a valid request gets a status (400, 431, 408), and nothing is logged or thrown.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, reason, message] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'request headers over 16 KB']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', 'the request did not arrive in time']
          : [400, 'Bad Request', `bad request: ${error.code ?? error.message}`];
    const body = JSON.stringify({ message, status });
    socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });
  // Requests must arrive promptly; answers (a slow chat stream) may take as long as they take.
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;

  function answerError(request: IncomingMessage, response: ServerResponse, error: unknown): void {
    if (error instanceof ClientGoneError) {
      response.destroy();
      return;
    }
    if (response.headersSent) {
      // Mid-answer there is no status left to send: end the connection so the client sees a fault.
      response.destroy();
      return;
    }
    // An unread body would be read to its end to reuse the connection: close it instead.
    const headers: Record<string, string> = request.complete ? {} : { Connection: 'close' };
    if (error instanceof HttpError) Object.assign(headers, error.headers);
    if (error instanceof ChatHttpError) sendJson(response, error.status, { success: false, message: error.message }, headers);
    else if (error instanceof HttpError || error instanceof SearchRequestError) sendError(response, error.status, error.message, headers);
    else if (error instanceof IndexFormatError) sendError(response, 500, error.message, headers);
    else sendError(response, 500, `internal error: ${(error as Error).message}`, headers);
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    setCors(request, response);
    let url: URL;
    try {
      url = new URL(request.url ?? '/', 'http://localhost');
    } catch {
      throw new HttpError(400, `malformed request URL ${JSON.stringify(request.url)}`);
    }
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    const write = writeRoute(url.pathname, decodePathSegment);
    if (write) return writes.handle(request, response, url, write);
    if (url.pathname === '/1/events') return handleEvents(request, response, url);
    if (isAnalyticsPath(url.pathname)) return handleAnalyticsApi(request, response, url);
    const target = route(url.pathname);
    if (!target) throw new HttpError(404, `path not found: ${request.method} ${url.pathname}; this server answers ${PATHS_ANSWERED}`);
    if (request.method !== 'POST') {
      throw new HttpError(405, `method ${request.method} not allowed on ${url.pathname}; use POST`, { Allow: 'POST, OPTIONS' });
    }
    if (target.kind === 'chat') await handleChat(request, response, url, target);
    else await handleSearch(request, response, url, target);
  }

  async function handleChat(request: IncomingMessage, response: ServerResponse, url: URL, target: Extract<Route, { kind: 'chat' }>): Promise<void> {
    const record: ChatRequestRecord = { endpoint: target.endpoint, method: request.method ?? 'POST', path: url.pathname + url.search, headers: headersOfInterest(request), body: undefined };
    chatRequests.push(record);
    if (chatRequests.length > MAX_CHAT_REQUESTS) chatRequests.splice(0, chatRequests.length - MAX_CHAT_REQUESTS);
    // A connection that died before any answer has no status (statusCode would claim 200).
    response.once('close', () => (record.status = response.headersSent ? response.statusCode : undefined));
    switch (target.endpoint) {
      case 'token':
        return answerToken(request, response, chat).catch(asSuccessFalse);
      case 'chat':
        return answerAssistantChat(request, response, chat, record);
      case 'feedback':
        return answerFeedback(request, response, chat, record).catch(asSuccessFalse);
      case 'agent':
        return answerAgentCompletions(request, response, chat, record, url);
    }
  }

  /** The token and feedback endpoints answer every failure as `{success: false, message}`. */
  function asSuccessFalse(error: unknown): never {
    if (error instanceof HttpError && !(error instanceof ChatHttpError)) throw new ChatHttpError(error.status, error.message, error.headers);
    throw error;
  }

  /** The provider's Insights API: its statuses and messages (`{status, message}`). */
  async function handleEvents(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    if (request.method !== 'POST') throw new HttpError(405, 'Method Not Allowed', { Allow: 'POST, OPTIONS' });
    // A site on the local index has no credentials to send: its events come with none, and are taken.
    if (!hasCredentials(request, url) && !withoutCredentials(request, url)) throw new HttpError(401, 'Invalid credentials');
    if (recorder) await recorder.handleEvents(request, response);
    else {
      await readEvents(request);
      sendJson(response, 200, { status: 200, message: 'OK' });
    }
  }

  async function handleAnalyticsApi(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    if (request.method !== 'GET') throw new HttpError(405, `method ${request.method} not allowed on ${url.pathname}; use GET`, { Allow: 'GET, OPTIONS' });
    if (!hasCredentials(request, url)) throw new HttpError(403, 'Invalid credentials');
    if (!recorder) throw new HttpError(402, 'Analytics are not enabled on this server: start it with --analytics (startServer option "analytics")');
    await recorder.handleApi(response, url);
  }

  /** The search credentials (or the admin key), from headers or, as the Insights client sends them, query parameters in any case. */
  function hasCredentials(request: IncomingMessage, url: URL): boolean {
    if (!credentials) return true;
    const { appId, apiKey } = credentialsOf(request, url);
    return appId === credentials.appId && (apiKey === credentials.apiKey || writes.isAdminKey(apiKey));
  }

  /** Neither an application ID nor a key, in headers or query. */
  function withoutCredentials(request: IncomingMessage, url: URL): boolean {
    const { appId, apiKey } = credentialsOf(request, url);
    return appId === undefined && apiKey === undefined;
  }

  function credentialsOf(request: IncomingMessage, url: URL): { appId: string | string[] | undefined; apiKey: string | string[] | undefined } {
    const fromQuery = (name: string): string | undefined => [...url.searchParams].find(([key]) => key.toLowerCase() === name)?.[1];
    return {
      appId: request.headers['x-algolia-application-id'] ?? fromQuery('x-algolia-application-id'),
      apiKey: request.headers['x-algolia-api-key'] ?? fromQuery('x-algolia-api-key'),
    };
  }

  async function handleSearch(request: IncomingMessage, response: ServerResponse, url: URL, target: Exclude<Route, { kind: 'chat' }>): Promise<void> {
    searchRequests++;
    const fault = faults.next();
    if (fault.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, fault.latencyMs));
    if (fault.drop) {
      request.socket.destroy();
      return;
    }
    if (fault.status !== undefined) throw new HttpError(fault.status, `injected fault: status ${fault.status}`);
    if (credentials) {
      const appId = request.headers['x-algolia-application-id'] ?? url.searchParams.get('x-algolia-application-id');
      const apiKey = request.headers['x-algolia-api-key'] ?? url.searchParams.get('x-algolia-api-key');
      if (appId !== credentials.appId || (apiKey !== credentials.apiKey && !writes.isAdminKey(apiKey))) throw new HttpError(403, 'Invalid Application-ID or API key');
    }
    const body = await readJsonBody(request);
    const answer = async (query: IndexQuery): Promise<SearchResponse & { queryID?: string }> => {
      const result: SearchResponse & { queryID?: string } = await runQuery(query);
      const queryID = queryIdFor(query.params);
      if (queryID) result.queryID = queryID;
      // The suggested questions are the widget's own lookup, not a reader's search.
      if (recorder && query.indexName !== SUGGESTED_QUESTIONS_INDEX) recorder.recordSearch(request, query.indexName, query.params, result);
      return result;
    };
    if (target.kind === 'search-multi') {
      const queries = normalizeMultiQuery(body);
      const results = await Promise.all(queries.map(answer));
      sendJson(response, 200, { results });
    } else {
      sendJson(response, 200, await answer(normalizeQuery(body ?? {}, 'the body', target.indexName)));
    }
  }

  async function runQuery(query: IndexQuery): Promise<SearchResponse> {
    const engine =
      engines.get(query.indexName) ??
      (await writes.engine(query.indexName)) ??
      (query.indexName === SUGGESTED_QUESTIONS_INDEX ? suggested.engineFor(query.params) : undefined);
    // The provider's words for a search of a missing index, so a client sees the same error here as there.
    if (!engine) throw new HttpError(404, `Index ${query.indexName} does not exist`);
    return engine.search(query.params, query.indexName);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(`startServer: cannot listen on ${host}:${port} (${error.code ?? error.message})`, { cause: error })),
    );
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${urlHost}:${address.port}`,
    host: address.address,
    port: address.port,
    setFaults: (next) => faults.set(next),
    get searchRequests() {
      return searchRequests;
    },
    setChatFaults: (next) => {
      chatFaults = validateChatFaults(next);
    },
    get chatRequests() {
      return chatRequests;
    },
    clearChatRequests: () => {
      chatRequests.length = 0;
    },
    setWriteFaults: (next) => writes.setFaults(next),
    get writeRequests() {
      return writes.requests;
    },
    pushedIndexes: () => writes.names(),
    flushAnalytics: async () => {
      recorder?.settleAll();
      await recorder?.log.flush();
    },
    close: async () => {
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      // A save under way is finished, not cut: the next start reads whole indices.
      await writes.flush();
      await recorder?.close();
    },
  };
}

function toEngine(served: ServedIndex, options: SearchEngineOptions | undefined): SearchEngine {
  if (served instanceof SearchEngine) return served;
  if (typeof served === 'string') return new SearchEngine(fileSource(served), options);
  if (Array.isArray(served)) return new SearchEngine(memorySource(buildIndex(served as DocRecord[])), options);
  return new SearchEngine(served as IndexSource, options);
}
