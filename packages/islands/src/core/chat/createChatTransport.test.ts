// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchClientLike } from '../options/types.js';
import { chooseChatBackend, conversationKeyFor, createChatTransport, type ChatBackendOptions } from './createChatTransport.js';
import { sseReply, startTestServer, type TestServer } from './testing/httpTestServer.mjs';
import type { LocalAssistantModule } from './transports/localTransport.js';
import { ChatError, type ChatChunk, type ChatMessage } from './types.js';

const base: ChatBackendOptions = { assistantId: 'asst', appId: undefined, apiKey: undefined, indexName: 'docs', agentStudio: false, searchParameters: undefined };
const searchClient: SearchClientLike = { search: async () => ({ results: [] }) };
const MESSAGES: ChatMessage[] = [{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'What is it?' }] }];
const ANSWER: ChatChunk[] = [{ type: 'start' }, { type: 'text-delta', id: 't', delta: 'An answer.' }, { type: 'finish' }];

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function readAll(stream: AsyncIterable<ChatChunk>) {
  const chunks: ChatChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}
const send = (transport: ReturnType<typeof createChatTransport>, signal = new AbortController().signal) =>
  transport.sendMessages({ chatId: 'c', messages: MESSAGES, trigger: 'submit-message', signal });

describe('chooseChatBackend', () => {
  it.each([
    [{}, 'local'],
    [{ appId: 'APP' }, 'local'],
    [{ appId: 'APP', apiKey: 'KEY' }, 'assistant'],
    [{ appId: 'APP', apiKey: 'KEY', agentStudio: true }, 'agent'],
    [{ baseUrl: 'http://127.0.0.1:1' }, 'assistant'],
    [{ baseUrl: 'http://127.0.0.1:1', agentStudio: true }, 'agent'],
  ] as const)('%j → %s', (options, backend) => {
    expect(chooseChatBackend({ ...base, ...options })).toBe(backend);
  });

  it('keys stored conversations by backend, host and assistant', () => {
    expect(conversationKeyFor({ ...base })).toBe('local:docs:asst');
    expect(conversationKeyFor({ ...base, appId: 'APP', apiKey: 'KEY' })).toBe('assistant:APP:asst');
    expect(conversationKeyFor({ ...base, appId: 'APP', apiKey: 'KEY', agentStudio: true })).toBe('agent:APP:asst');
  });
});

describe('createChatTransport', () => {
  it('uses the base URL for the assistant backend (a loopback server) without credentials', async () => {
    server = await startTestServer((request) =>
      request.path === '/chat/token' ? { body: JSON.stringify({ success: true, token: `${btoa('{"exp":9999999999}')}.s` }) } : sseReply(ANSWER),
    );
    const transport = createChatTransport({ ...base, baseUrl: server.url }, { environment: {} });
    expect(await readAll(await send(transport))).toEqual(ANSWER);
    expect(server.requests.map((request) => request.path)).toEqual(['/chat/token', '/chat']);
    expect(server.requests[1]!.headers['x-algolia-application-id']).toBeUndefined();
    expect(typeof transport.sendFeedback).toBe('function');
  });

  it('uses the base URL for the agent backend', async () => {
    server = await startTestServer(() => sseReply(ANSWER));
    const transport = createChatTransport({ ...base, appId: 'APP', apiKey: 'KEY', agentStudio: true, baseUrl: server.url });
    await readAll(await send(transport));
    expect(server.requests[0]!.path).toBe('/agent-studio/1/agents/asst/completions');
    expect(transport.sendFeedback).toBeUndefined();
  });

  it('offers suggested questions only when they are asked for', () => {
    const hosted = { ...base, appId: 'APP', apiKey: 'KEY' };
    expect(createChatTransport(hosted, { searchClient }).getSuggestedQuestions).toBeUndefined();
    expect(createChatTransport({ ...hosted, suggestedQuestions: true }, { searchClient }).getSuggestedQuestions).toBeTypeOf('function');
  });

  it('answers locally with the widget search client, the index and its parameters, loading the assistant once', async () => {
    const created: unknown[] = [];
    const asked: unknown[] = [];
    let loads = 0;
    const module: LocalAssistantModule = {
      createLocalAssistant(options) {
        created.push(options);
        return {
          async *answer(request) {
            asked.push(request.messages);
            yield* ANSWER;
          },
        };
      },
    };
    const transport = createChatTransport(
      { ...base, agentStudio: true, searchParameters: { docs: { filters: 'version:2' }, blog: { filters: 'x' } } },
      { searchClient, loadLocalAssistant: async () => (loads++, module) },
    );
    expect(transport.sendFeedback).toBeUndefined();
    expect(await readAll(await send(transport))).toEqual(ANSWER);
    await readAll(await send(transport));
    expect(loads).toBe(1);
    expect(created).toEqual([{ searchClient, indexName: 'docs', searchParameters: { filters: 'version:2' } }]);
    expect(asked).toEqual([MESSAGES, MESSAGES]);
  });

  it('reports a local assistant that fails to load, and loads it on the next question', async () => {
    let attempts = 0;
    const transport = createChatTransport(base, {
      searchClient,
      loadLocalAssistant: async () => {
        if (++attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
        return { createLocalAssistant: () => ({ answer: async function* () { yield* ANSWER; } }) };
      },
    });
    const error = await send(transport).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChatError);
    expect(error).toMatchObject({ kind: 'network', code: 'loadFailed' });
    expect(await readAll(await send(transport))).toEqual(ANSWER);
  });

  it('turns a throwing local assistant into a ChatError', async () => {
    const transport = createChatTransport(base, {
      searchClient,
      loadLocalAssistant: async () => ({
        createLocalAssistant: () => ({
          answer: async function* () {
            yield { type: 'start' } as ChatChunk;
            throw new RangeError('bug');
          },
        }),
      }),
    });
    const error = await readAll(await send(transport)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChatError);
    expect(error).toMatchObject({ kind: 'stream', code: 'unknown', serverMessage: undefined });
  });

  it('needs a search client and an index for the local assistant', () => {
    expect(() => createChatTransport(base)).toThrowError(/search client/);
    expect(() => createChatTransport({ ...base, indexName: undefined }, { searchClient })).toThrowError(/askAi.indexName/);
  });
});

describe('createChatTransport, transport chunks', () => {
  it('reports a transport chunk that cannot be fetched as a network ChatError, and fetches it again on the next question', async () => {
    server = await startTestServer(() => sseReply(ANSWER));
    vi.resetModules();
    vi.doMock('./transports/agentTransport.js', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const { createChatTransport: create } = await import('./createChatTransport.js');
    const transport = create({ ...base, appId: 'APP', apiKey: 'KEY', agentStudio: true, baseUrl: server.url });
    const error = await send(transport).catch((caught: unknown) => caught);
    // A ChatError of the freshly imported modules (not this file's class).
    expect(error).toMatchObject({ name: 'ChatError', kind: 'network', code: 'loadFailed', serverMessage: undefined });
    vi.doUnmock('./transports/agentTransport.js');
    vi.resetModules();
    expect(await readAll(await send(transport))).toEqual(ANSWER);
  });
});
