// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import type { KeyValueStorage } from '../../storage/safeStorage.js';
import { sseReply, startTestServer, type RecordedRequest, type TestReply, type TestServer } from '../testing/httpTestServer.mjs';
import { ChatError, type ChatChunk, type ChatMessage, type ChatTransport } from '../types.js';
import { createAgentTransport } from './agentTransport.js';
import { createAssistantTransport } from './assistantTransport.js';
import { tokenExpiry } from './assistantToken.js';
import { createChatTransport } from '../createChatTransport.js';
import { resolveSidepanelOptions } from '../../options/sidepanelOptions.js';

const ANSWER: ChatChunk[] = [{ type: 'start', messageId: 'srv' }, { type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'Hi' }, { type: 'text-end', id: 't' }, { type: 'finish' }];
const MESSAGES: ChatMessage[] = [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Hello?' }] }];

/** A token as the backend makes them: base64(JSON with `exp` in seconds) + "." + signature. */
const makeToken = (expiresInSeconds: number, tag = 'sig') => `${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + expiresInSeconds }))}.${tag}`;

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value), removeItem: (key) => void data.delete(key) };
}
const environmentWith = (storage: KeyValueStorage) => ({ sessionStorage: storage as unknown as Storage });

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(handle: (request: RecordedRequest) => TestReply | void | Promise<TestReply | void>) {
  server = await startTestServer(handle);
  return server;
}

async function readAll(transport: ChatTransport, request: Partial<Parameters<ChatTransport['sendMessages']>[0]> = {}) {
  const chunks: ChatChunk[] = [];
  const stream = await transport.sendMessages({ chatId: 'conv-1', messages: MESSAGES, trigger: 'submit-message', signal: new AbortController().signal, ...request });
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

async function rejection(promise: Promise<unknown>): Promise<ChatError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ChatError);
    return error as ChatError;
  }
  throw new Error('expected a rejection');
}

const requestsTo = (path: string) => server!.requests.filter((request) => request.path === path);

/** The assistant backend, answering tokens from `tokens` in turn and chats with `chat`. */
function assistantBackend(tokens: string[], chat: (request: RecordedRequest) => TestReply = () => sseReply(ANSWER)) {
  let next = 0;
  return serve((request) => {
    if (request.path === '/chat/token') return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ success: true, token: tokens[Math.min(next++, tokens.length - 1)] }) };
    if (request.path === '/chat') return chat(request);
    if (request.path === '/chat/feedback') return { status: 200, body: '{"success":true}' };
    return { status: 404 };
  });
}

const assistantOptions = (baseUrl: string, storage = memoryStorage()) => ({
  assistantId: 'asst-1',
  appId: 'APP',
  apiKey: 'KEY',
  indexName: 'docs',
  baseUrl: `${baseUrl}/`,
  environment: environmentWith(storage),
});

describe('assistant backend transport', () => {
  it('gets a token, then posts the chat with the exact headers and body', async () => {
    const token = makeToken(300);
    const { url } = await assistantBackend([token]);
    const transport = createAssistantTransport({ ...assistantOptions(url), searchParameters: { facetFilters: ['language:en'], filters: 'type:content' } });
    expect(await readAll(transport, { suggestedQuestionId: 'q-7' })).toEqual(ANSWER);

    const [tokenRequest] = requestsTo('/chat/token');
    expect(tokenRequest).toMatchObject({ method: 'POST', body: '' });
    expect(tokenRequest!.headers).toMatchObject({ 'x-algolia-assistant-id': 'asst-1', 'content-type': 'application/json' });

    const [chat] = requestsTo('/chat');
    expect(chat!.method).toBe('POST');
    expect(chat!.headers).toMatchObject({
      authorization: `TOKEN ${token}`,
      'x-algolia-application-id': 'APP',
      'x-algolia-api-key': 'KEY',
      'x-algolia-index-name': 'docs',
      'x-algolia-assistant-id': 'asst-1',
      'x-ai-sdk-version': 'v5',
      'content-type': 'application/json',
    });
    expect(chat!.json()).toEqual({
      id: 'conv-1',
      messages: MESSAGES,
      trigger: 'submit-message',
      searchParameters: { facetFilters: ['language:en'], filters: 'type:content' },
      suggestedQuestionId: 'q-7',
    });
  });

  it('sends no searchParameters or suggestedQuestionId when there are none', async () => {
    const { url } = await assistantBackend([makeToken(300)]);
    await readAll(createAssistantTransport({ ...assistantOptions(url), searchParameters: {} }), { trigger: 'regenerate-message' });
    expect(requestsTo('/chat')[0]!.json()).toEqual({ id: 'conv-1', messages: MESSAGES, trigger: 'regenerate-message' });
  });

  it('reuses a cached token (also across transports of the page) until 30 s before it expires', async () => {
    const storage = memoryStorage();
    const { url } = await assistantBackend([makeToken(300, 'first'), makeToken(300, 'second')]);
    await readAll(createAssistantTransport(assistantOptions(url, storage)));
    await readAll(createAssistantTransport(assistantOptions(url, storage)));
    expect(requestsTo('/chat/token')).toHaveLength(1);
    expect(requestsTo('/chat').map((request) => request.headers.authorization)).toEqual([expect.stringMatching(/\.first$/), expect.stringMatching(/\.first$/)]);
    expect([...storage.data.keys()]).toEqual([expect.stringMatching(/^sitesearch:.*asst-1/)]);
  });

  it('keeps the token in memory when sessionStorage is blocked', async () => {
    const { url } = await assistantBackend([makeToken(300, 'first'), makeToken(300, 'second')]);
    const blocked = {
      get sessionStorage(): Storage {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    const transport = createAssistantTransport({ ...assistantOptions(url), environment: blocked });
    await readAll(transport);
    await readAll(transport);
    expect(requestsTo('/chat/token')).toHaveLength(1);
  });

  it('fetches a new token when the cached one expires within 30 s', async () => {
    const storage = memoryStorage();
    const { url } = await assistantBackend([makeToken(20, 'short'), makeToken(300, 'fresh')]);
    const transport = createAssistantTransport(assistantOptions(url, storage));
    await readAll(transport);
    await readAll(transport);
    expect(requestsTo('/chat/token')).toHaveLength(2);
    expect(requestsTo('/chat')[1]!.headers.authorization).toMatch(/\.fresh$/);
  });

  it('shares one token fetch between concurrent requests', async () => {
    const { url } = await assistantBackend([makeToken(300, 'a'), makeToken(300, 'b')]);
    const transport = createAssistantTransport(assistantOptions(url));
    await Promise.all([readAll(transport), readAll(transport), readAll(transport)]);
    expect(requestsTo('/chat/token')).toHaveLength(1);
    expect(requestsTo('/chat')).toHaveLength(3);
  });

  it('drops a refused token and retries once with a new one', async () => {
    let chats = 0;
    const { url } = await assistantBackend([makeToken(300, 'stale'), makeToken(300, 'renewed')], () =>
      ++chats === 1 ? { status: 401, body: '{"message":"Token expired"}' } : sseReply(ANSWER),
    );
    const storage = memoryStorage();
    expect(await readAll(createAssistantTransport(assistantOptions(url, storage)))).toEqual(ANSWER);
    expect(requestsTo('/chat').map((request) => request.headers.authorization)).toEqual([expect.stringMatching(/\.stale$/), expect.stringMatching(/\.renewed$/)]);
    expect([...storage.data.values()]).toEqual([expect.stringMatching(/\.renewed$/)]);
  });

  it('retries a 401 only once', async () => {
    const { url } = await assistantBackend([makeToken(300)], () => ({ status: 401, body: '{"message":"Invalid token"}' }));
    const error = await rejection(readAll(createAssistantTransport(assistantOptions(url))));
    expect(error).toMatchObject({ code: 'unauthorized', serverMessage: 'Invalid token', kind: 'http', status: 401 });
    expect(requestsTo('/chat')).toHaveLength(2);
    expect(requestsTo('/chat/token')).toHaveLength(2);
  });

  it('shows the message of a refused token request', async () => {
    const { url } = await serve(() => ({ status: 200, body: '{"success":false,"message":"This assistant is disabled."}' }));
    const error = await rejection(readAll(createAssistantTransport(assistantOptions(url))));
    expect(error).toMatchObject({ code: 'signInRefused', serverMessage: 'This assistant is disabled.', kind: 'http' });
    expect(requestsTo('/chat')).toHaveLength(0);
  });

  it('turns a non-2xx token answer into a readable error', async () => {
    const { url } = await serve(() => ({ status: 403, headers: { 'content-type': 'application/json' }, body: '{"success":false,"message":"Origin not allowed"}' }));
    const error = await rejection(readAll(createAssistantTransport(assistantOptions(url))));
    expect(error).toMatchObject({ code: 'forbidden', serverMessage: 'Origin not allowed', status: 403 });
  });

  it('posts feedback with the token, the assistant ID, the app ID, the user message id and thumbs 1/0', async () => {
    const token = makeToken(300);
    const { url } = await assistantBackend([token]);
    const transport = createAssistantTransport(assistantOptions(url));
    await transport.sendFeedback!({ messageId: 'u1', vote: 'like' });
    await transport.sendFeedback!({ messageId: 'u2', vote: 'dislike' });
    const posts = requestsTo('/chat/feedback');
    expect(posts.map((request) => request.json())).toEqual([
      { appId: 'APP', messageId: 'u1', thumbs: 1 },
      { appId: 'APP', messageId: 'u2', thumbs: 0 },
    ]);
    for (const post of posts) expect(post.headers).toMatchObject({ authorization: `TOKEN ${token}`, 'x-algolia-assistant-id': 'asst-1', 'content-type': 'application/json' });
    expect(posts[0]!.method).toBe('POST');
  });

  it('searches suggested questions with the widget client', async () => {
    const calls: unknown[] = [];
    const transport = createAssistantTransport({
      ...assistantOptions('http://127.0.0.1:9'),
      suggestedQuestionsClient: {
        search: async (request) => {
          calls.push(request);
          return { results: [{ hits: [{ objectID: 'q1', question: 'How do I start?' }, { objectID: 'q2' }, { objectID: 'q3', question: 'Is it free?' }] }] };
        },
      },
    });
    expect(await transport.getSuggestedQuestions!()).toEqual([
      { id: 'q1', question: 'How do I start?' },
      { id: 'q3', question: 'Is it free?' },
    ]);
    expect(calls).toEqual([
      { requests: [{ indexName: 'algolia_ask_ai_suggested_questions', query: '', filters: 'state:published AND assistantId:asst-1', hitsPerPage: 3 }] },
    ]);
  });

  it('offers no suggested questions without a client', () => {
    expect(createAssistantTransport(assistantOptions('http://127.0.0.1:9')).getSuggestedQuestions).toBeUndefined();
  });
});

describe('agent backend transport', () => {
  it('posts to the completions URL with the app headers and the keyed search parameters', async () => {
    const { url } = await serve(() => sseReply(ANSWER, { done: false }));
    const transport = createAgentTransport({
      assistantId: 'agent/1',
      appId: 'APP',
      apiKey: 'KEY',
      baseUrl: url,
      searchParameters: { docs: { filters: 'version:2', distinct: true } },
    });
    expect(await readAll(transport)).toEqual(ANSWER);
    const [request] = server!.requests;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/agent-studio/1/agents/agent%2F1/completions?stream=true&compatibilityMode=ai-sdk-5');
    expect(request!.headers).toMatchObject({ 'x-algolia-application-id': 'APP', 'x-algolia-api-key': 'KEY', 'content-type': 'application/json' });
    expect(request!.headers.authorization).toBeUndefined();
    expect(request!.json()).toEqual({ id: 'conv-1', messages: MESSAGES, trigger: 'submit-message', algolia: { searchParameters: { docs: { filters: 'version:2', distinct: true } } } });
    expect(transport.sendFeedback).toBeUndefined();
  });

  it('sends no algolia key without parameters', async () => {
    const { url } = await serve(() => sseReply(ANSWER));
    await readAll(createAgentTransport({ assistantId: 'a', appId: 'APP', apiKey: 'KEY', baseUrl: url }));
    expect(server!.requests[0]!.json()).toEqual({ id: 'conv-1', messages: MESSAGES, trigger: 'submit-message' });
  });

  it('sends the indices as algolia.indices, beside the parameters or alone', async () => {
    const { url } = await serve(() => sseReply(ANSWER));
    await readAll(createAgentTransport({ assistantId: 'a', appId: 'APP', apiKey: 'KEY', baseUrl: url, indices: ['docs', 'blog'], searchParameters: { docs: { filters: 'v:2' } } }));
    await readAll(createAgentTransport({ assistantId: 'a', appId: 'APP', apiKey: 'KEY', baseUrl: url, indices: ['docs'] }));
    await readAll(createAgentTransport({ assistantId: 'a', appId: 'APP', apiKey: 'KEY', baseUrl: url, indices: [] }));
    expect(server!.requests.map((request) => (request.json() as { algolia?: unknown }).algolia)).toEqual([
      { searchParameters: { docs: { filters: 'v:2' } }, indices: ['docs', 'blog'] },
      { indices: ['docs'] },
      undefined,
    ]);
  });

  it("sends the Sidepanel's agentId and indices, resolved from its options, through createChatTransport", async () => {
    const { url } = await serve(() => sseReply(ANSWER));
    const options = resolveSidepanelOptions({ appId: 'APP', apiKey: 'KEY', agentId: 'agent-7', agentStudio: true, indices: ['docs', 'api'], baseUrl: url }, 'react');
    await readAll(createChatTransport(options));
    const [request] = server!.requests;
    expect(request!.path).toBe('/agent-studio/1/agents/agent-7/completions');
    expect(request!.json()).toEqual({ id: 'conv-1', messages: MESSAGES, trigger: 'submit-message', algolia: { indices: ['docs', 'api'] } });
  });
});

describe('errors of both transports', () => {
  const transports = (url: string): Array<[string, ChatTransport]> => [
    ['assistant', createAssistantTransport(assistantOptions(url))],
    ['agent', createAgentTransport({ assistantId: 'a', appId: 'APP', apiKey: 'KEY', baseUrl: url })],
  ];
  /** Tokens succeed; every chat request gets `reply`. */
  const failingBackend = (reply: TestReply) =>
    serve((request) => (request.path === '/chat/token' ? { status: 200, body: JSON.stringify({ success: true, token: makeToken(300) }) } : reply));

  it.each([
    // The server's own words are kept as written; without them the code names the sentence to show.
    ['a JSON message', { status: 400, body: '{"message":"Messages must not be empty","status":400}' }, 'badRequest', 'Messages must not be empty', 'http'],
    ['a nested JSON error', { status: 422, body: '{"error":{"message":"Invalid part type data-suggestions"}}' }, 'unprocessable', 'Invalid part type data-suggestions', 'http'],
    ['a plain text body', { status: 500, body: 'upstream timed out' }, 'unavailable', 'upstream timed out', 'http'],
    ['an HTML page', { status: 502, body: '<html><body>Bad gateway</body></html>' }, 'unavailable', undefined, 'http'],
    ['an empty body', { status: 429, body: '' }, 'rateLimited', undefined, 'http'],
    ['JSON without a message', { status: 404, body: '{"status":404}' }, 'notFound', undefined, 'http'],
    ['an unlisted status', { status: 418, body: '' }, 'httpStatus', undefined, 'http'],
    ['a 413 without a message', { status: 413, body: '' }, 'tooLong', undefined, 'conversation-limit'],
    ['the AI-217 code without a message', { status: 400, body: '{"code":"AI-217"}' }, 'conversationLimit', undefined, 'conversation-limit'],
    ['the AI-217 code', { status: 400, body: '{"code":"AI-217","message":"Maximum number of messages reached for this conversation"}' }, 'conversationLimit', 'Maximum number of messages reached for this conversation', 'conversation-limit'],
    ['a conversation limit message', { status: 429, body: '{"message":"AI-217: conversation limit reached"}' }, 'conversationLimit', 'AI-217: conversation limit reached', 'conversation-limit'],
  ])('reads %s as a ChatError with its code', async (_, reply, code, serverMessage, kind) => {
    const { url } = await failingBackend(reply);
    for (const [name, transport] of transports(url)) {
      const error = await rejection(readAll(transport));
      expect({ code: error.code, serverMessage: error.serverMessage, kind: error.kind, status: error.status }, name).toEqual({ code, serverMessage, kind, status: reply.status });
    }
  });

  it('sends one request per send, whatever the server answers', async () => {
    const { url } = await failingBackend({ status: 500, body: '{"message":"oops"}' });
    for (const [, transport] of transports(url)) await rejection(readAll(transport));
    expect(server!.requests.filter((request) => request.path !== '/chat/token')).toHaveLength(2);
  });

  it('reports an unreachable server as a network error', async () => {
    const { url } = await serve(() => ({}));
    await server!.close();
    server = undefined;
    for (const [name, transport] of transports(url)) {
      const error = await rejection(readAll(transport));
      expect(error, name).toMatchObject({ kind: 'network', code: 'network', serverMessage: undefined });
    }
  });

  it('reports a connection cut mid-answer as a stream error', async () => {
    const { url } = await failingBackend({ ...sseReply(ANSWER.slice(0, 3), { done: false }), cut: true });
    for (const [name, transport] of transports(url)) {
      const error = await rejection(readAll(transport));
      expect(error, name).toMatchObject({ kind: 'stream', code: 'cutOff', serverMessage: undefined });
    }
  });

  it('stops with the signal: "aborted", not a network error', async () => {
    const { url } = await failingBackend({ ...sseReply(ANSWER.slice(0, 3), { done: false }) });
    for (const [name, transport] of transports(url)) {
      const controller = new AbortController();
      const stream = await transport.sendMessages({ chatId: 'c', messages: MESSAGES, trigger: 'submit-message', signal: controller.signal });
      controller.abort();
      const error = await rejection((async () => { for await (const _ of stream) void _; })());
      expect(error, name).toMatchObject({ kind: 'aborted', code: 'stopped' });
    }
  });
});

describe('tokenExpiry', () => {
  it('reads exp (seconds) from the base64 JSON part, base64url too', () => {
    expect(tokenExpiry(`${btoa('{"exp":1700000000}')}.sig`)).toBe(1_700_000_000_000);
    expect(tokenExpiry(`${btoa('{"exp":1700000000,"x":"??>"}').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.sig`)).toBe(1_700_000_000_000);
    expect(tokenExpiry('not-a-token')).toBeUndefined();
  });
});

describe('a 2xx JSON answer instead of a stream', () => {
  it('shows its message (a proxy reporting a fault), not "cut off"', async () => {
    const { url } = await serve(() => ({ status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: '{"message":"Daily quota exceeded"}' }));
    const error = await rejection(readAll(createAgentTransport({ assistantId: 'a', appId: 'APP', apiKey: 'KEY', baseUrl: url })));
    expect(error).toMatchObject({ code: 'noAnswer', serverMessage: 'Daily quota exceeded', kind: 'http', status: 200 });
  });

  it('without a message, is the noAnswer error', async () => {
    const { url } = await serve(() => ({ status: 200, headers: { 'content-type': 'application/json' }, body: '{"ok":true}' }));
    const error = await rejection(readAll(createAgentTransport({ assistantId: 'a', appId: 'APP', apiKey: 'KEY', baseUrl: url })));
    expect(error).toMatchObject({ code: 'noAnswer', serverMessage: undefined, kind: 'http', status: 200 });
  });
});
