import { liteClient } from 'algoliasearch/lite';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LocalAssistantOptions } from '../assistant/types.js';
import { SAMPLE_RECORDS } from '../test-support/records.js';
import { answerText, parseStream } from '../test-support/ui-stream.js';
import { followUps } from './chat.js';
import { DEFAULT_API_KEY, DEFAULT_APP_ID, startServer, type LocalSearchServer } from './server.js';
import { SUGGESTED_QUESTIONS_INDEX } from './suggested-questions.js';

// Answers take milliseconds, but this machine may be shared and loaded: a bound, not a speed assertion.
vi.setConfig({ testTimeout: 30_000 });

let server: LocalSearchServer;
let now = Date.parse('2026-01-01T00:00:00Z');

beforeAll(async () => {
  server = await startServer({
    port: 0,
    indexes: { docs: SAMPLE_RECORDS, other: SAMPLE_RECORDS.slice(0, 3) },
    suggestedQuestions: { 'assistant-1': ['How do I proxy requests?', 'Which port does the server use?', 'How do I start?', 'A fourth question'], other: ['Not mine'] },
    clock: () => now,
  });
});
afterAll(() => server.close());
beforeEach(() => {
  server.setChatFaults(null);
  server.clearChatRequests();
});

const ASSISTANT = 'assistant-1';
const credentials = { 'x-algolia-application-id': DEFAULT_APP_ID, 'x-algolia-api-key': DEFAULT_API_KEY };

function userMessage(text: string, id = 'user-1'): { id: string; role: 'user'; parts: Array<{ type: string; text?: string }> } {
  return { id, role: 'user', parts: [{ type: 'text', text }] };
}

async function token(assistantId = ASSISTANT): Promise<string> {
  const response = await fetch(`${server.url}/chat/token`, { method: 'POST', headers: { 'x-algolia-assistant-id': assistantId } });
  const body = (await response.json()) as { success: boolean; token: string };
  expect(body.success).toBe(true);
  return body.token;
}

function chatHeaders(tokenValue: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    authorization: `TOKEN ${tokenValue}`,
    ...credentials,
    'x-algolia-index-name': 'docs',
    'x-algolia-assistant-id': ASSISTANT,
    'x-ai-sdk-version': 'v5',
    'content-type': 'application/json',
    ...overrides,
  };
}

function postChat(headers: Record<string, string>, body: unknown, init: RequestInit = {}): Promise<Response> {
  return fetch(`${server.url}/chat`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body), ...init });
}

const AGENT_PATH = '/agent-studio/1/agents/agent-7/completions?stream=true&compatibilityMode=ai-sdk-5';

function postAgent(body: unknown, headers: Record<string, string> = credentials): Promise<Response> {
  return fetch(`${server.url}${AGENT_PATH}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

const question = { id: 'conversation-1', trigger: 'submit-message', messages: [userMessage('How do I configure the proxy of the dev server?')] };

describe('assistant backend: POST /chat/token', () => {
  it('issues a signed token whose payload says when it expires (about 5 minutes)', async () => {
    const value = await token();
    const [payload, signature] = value.split('.');
    expect(signature).toMatch(/^[\w-]{20,}$/);
    expect(JSON.parse(Buffer.from(payload!, 'base64url').toString())).toMatchObject({ exp: now / 1000 + 300, assistantId: ASSISTANT });
  });

  it('refuses a request without the assistant id header with {success: false, message}', async () => {
    const response = await fetch(`${server.url}/chat/token`, { method: 'POST' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, message: 'the x-algolia-assistant-id header is required' });
  });
});

describe('assistant backend: POST /chat', () => {
  it('streams an answer from the served index as a UI message stream', async () => {
    const response = await postChat(chatHeaders(await token()), question);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
    const { chunks, done } = parseStream(await response.text());
    expect(done).toBe(true);
    expect(chunks[0]).toMatchObject({ type: 'start' });
    expect(chunks).toContainEqual(expect.objectContaining({ type: 'tool-input-available', toolName: 'searchIndex' }));
    const output = chunks.find((chunk) => chunk.type === 'tool-output-available')!.output as { hits: { url: string }[] };
    expect(output.hits.map((hit) => hit.url)).toContain('/config/server-options#server-proxy');
    expect(answerText(chunks)).toContain('proxy');
    expect(chunks[chunks.length - 1]).toMatchObject({ type: 'finish' });
  });

  it("answers or declines the issue's bad questions over HTTP as a normal finished stream, never an error", async () => {
    const filler = 'I have been trying for a long time and I really wonder what I should do now. ';
    const trace = ['Error: Port 5173 is already in use', ...Array.from({ length: 199 }, (_, i) => `    at Server.listen (/home/me/app/node_modules/vite/dist/dep-${i}.js:${i}:17)`)].join('\n');
    const cases: Array<[string, string, RegExp]> = [
      ['2,000 characters', `${filler.repeat(40)}How do I change the server port?`.slice(-2000), /server-port/],
      ['only stop words', 'What is it that they would have been doing then?', /couldn't find anything/],
      ['a script the index does not hold', 'كيف يمكنني تغيير منفذ الخادم؟', /couldn't find anything/],
      ['a stack trace of 200 lines', trace, /server-(?:strict)?port/],
    ];
    for (const [label, text, expected] of cases) {
      const response = await postChat(chatHeaders(await token()), { ...question, messages: [userMessage(text)] });
      expect(response.status, label).toBe(200);
      const { chunks, done } = parseStream(await response.text());
      expect(done, label).toBe(true);
      expect(chunks.filter((chunk) => chunk.type === 'error' || chunk.type === 'tool-output-error'), label).toEqual([]);
      expect(answerText(chunks), label).toMatch(expected);
      expect(chunks[chunks.length - 1], label).toMatchObject({ type: 'finish' });
    }
  });

  it('passes the request\'s searchParameters to retrieval', async () => {
    const response = await postChat(chatHeaders(await token()), { ...question, searchParameters: { facetFilters: ['hierarchy.lvl0:Guide'] } });
    const { chunks } = parseStream(await response.text());
    const output = chunks.find((chunk) => chunk.type === 'tool-output-available')!.output as { hits: { hierarchy: { lvl0: string } }[] };
    expect(output.hits.length).toBeGreaterThan(0);
    expect(new Set(output.hits.map((hit) => hit.hierarchy.lvl0))).toEqual(new Set(['Guide']));
  });

  it('answers from the index named in x-algolia-index-name', async () => {
    // "other" holds only the Getting Started page: the proxy section is not there.
    const response = await postChat(chatHeaders(await token(), { 'x-algolia-index-name': 'other' }), question);
    const { chunks } = parseStream(await response.text());
    const output = chunks.find((chunk) => chunk.type === 'tool-output-available')!.output as { hits: { url: string }[] };
    expect(output.hits.map((hit) => hit.url)).not.toContain('/config/server-options#server-proxy');
  });

  it('refuses an expired token, and accepts a fresh one', async () => {
    const old = await token();
    now += 301_000;
    try {
      const response = await postChat(chatHeaders(old), question);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ status: 401, message: expect.stringContaining('the token has expired') });
      expect((await postChat(chatHeaders(await token()), question)).status).toBe(200);
    } finally {
      now -= 301_000;
    }
  });

  it.each([
    ['no authorization header', (t: string) => chatHeaders(t, { authorization: '' }), question, 401, 'the authorization header must be "TOKEN <token>"'],
    ['a bearer token', (t: string) => chatHeaders(t, { authorization: `Bearer ${t}` }), question, 401, 'the authorization header must be "TOKEN <token>"'],
    ['a tampered token', (t: string) => chatHeaders(`${Buffer.from(JSON.stringify({ exp: 9e9, assistantId: ASSISTANT })).toString('base64url')}.${t.split('.')[1]}`), question, 401, 'signature is invalid'],
    ['a token of another assistant', (t: string) => chatHeaders(t, { 'x-algolia-assistant-id': 'assistant-2' }), question, 401, 'issued for assistant "assistant-1"'],
    ['a wrong API key', (t: string) => chatHeaders(t, { 'x-algolia-api-key': 'wrong' }), question, 403, 'Invalid Application-ID or API key'],
    ['a wrong application id', (t: string) => chatHeaders(t, { 'x-algolia-application-id': 'OTHER' }), question, 403, 'Invalid Application-ID or API key'],
    ['no index header', (t: string) => chatHeaders(t, { 'x-algolia-index-name': '' }), question, 400, 'x-algolia-index-name header is required'],
    ['an unknown index', (t: string) => chatHeaders(t, { 'x-algolia-index-name': 'nope' }), question, 404, 'Index does not exist: "nope"'],
    ['no assistant id', (t: string) => chatHeaders(t, { 'x-algolia-assistant-id': '' }), question, 400, 'x-algolia-assistant-id header is required'],
    ['malformed JSON', chatHeaders, '{"id":', 400, 'request body is not valid JSON'],
    ['no messages', chatHeaders, { id: 'c', trigger: 'submit-message', messages: [] }, 400, '"messages" must be a non-empty list'],
    ['no conversation id', chatHeaders, { ...question, id: undefined }, 400, '"id" must be the conversation id'],
    ['an unknown trigger', chatHeaders, { ...question, trigger: 'resume' }, 400, '"trigger" must be "submit-message" or "regenerate-message"'],
    ['a message without parts', chatHeaders, { ...question, messages: [{ role: 'user' }] }, 400, 'messages[0].parts must be a list'],
    ['an answer as the last message', chatHeaders, { ...question, messages: [{ role: 'assistant', parts: [] }] }, 400, 'the last message must be the user\'s question'],
    ['an unsupported search parameter', chatHeaders, { ...question, searchParameters: { aroundLatLng: '1,2' } }, 400, '"searchParameters": unsupported search parameter "aroundLatLng"'],
  ] as const)('refuses %s with a readable JSON message', async (_name, headers, body, status, message) => {
    const response = await postChat(headers(await token()), body);
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ status, message: expect.stringContaining(message) });
    expect(server.chatRequests.at(-1)).toMatchObject({ endpoint: 'chat', status });
  });

  it('records each request: path, the protocol headers and the parsed body', async () => {
    const tokenValue = await token();
    await (await postChat(chatHeaders(tokenValue), { ...question, suggestedQuestionId: 'assistant-1-2' })).text();
    expect(server.chatRequests).toEqual([
      expect.objectContaining({ endpoint: 'token', path: '/chat/token', status: 200, headers: { 'x-algolia-assistant-id': ASSISTANT } }),
      {
        endpoint: 'chat',
        method: 'POST',
        path: '/chat',
        headers: expect.objectContaining({ authorization: `TOKEN ${tokenValue}`, 'x-algolia-index-name': 'docs', 'x-ai-sdk-version': 'v5', 'content-type': 'application/json' }),
        body: { ...question, suggestedQuestionId: 'assistant-1-2' },
        status: 200,
      },
    ]);
  });
});

describe('assistant backend: POST /chat/feedback', () => {
  const feedback = (headers: Record<string, string>, body: unknown): Promise<Response> =>
    fetch(`${server.url}/chat/feedback`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('takes a vote on an answer and records it', async () => {
    const response = await feedback({ authorization: `TOKEN ${await token()}`, 'x-algolia-assistant-id': ASSISTANT }, { appId: DEFAULT_APP_ID, messageId: 'user-1', thumbs: 1 });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect(server.chatRequests.at(-1)).toMatchObject({ endpoint: 'feedback', body: { appId: DEFAULT_APP_ID, messageId: 'user-1', thumbs: 1 }, status: 200 });
  });

  it.each([
    ['no token', {}, { appId: DEFAULT_APP_ID, messageId: 'm', thumbs: 0 }, 401, 'the authorization header must be "TOKEN <token>"'],
    // The hosted service refuses a vote that does not name its assistant, token or not.
    ['no assistant id', 'token only', { appId: DEFAULT_APP_ID, messageId: 'm', thumbs: 0 }, 400, 'the x-algolia-assistant-id header is required'],
    ['another assistant\'s token', 'other assistant', { appId: DEFAULT_APP_ID, messageId: 'm', thumbs: 0 }, 401, `the token was issued for assistant "${ASSISTANT}", not "other-assistant"`],
    ['a vote of 2', undefined, { appId: DEFAULT_APP_ID, messageId: 'm', thumbs: 2 }, 400, '"thumbs" must be 1 (like) or 0 (dislike)'],
    ['no message id', undefined, { appId: DEFAULT_APP_ID, thumbs: 0 }, 400, '"messageId" must be the id'],
    ['another application', undefined, { appId: 'OTHER', messageId: 'm', thumbs: 0 }, 400, 'is not this server\'s application id'],
  ] as const)('refuses %s with {success: false, message}', async (_name, headers, body, status, message) => {
    const authorization = `TOKEN ${await token()}`;
    const sent =
      headers === undefined
        ? { authorization, 'x-algolia-assistant-id': ASSISTANT }
        : headers === 'token only'
          ? { authorization }
          : headers === 'other assistant'
            ? { authorization, 'x-algolia-assistant-id': 'other-assistant' }
            : headers;
    const response = await feedback(sent, body);
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ success: false, message: expect.stringContaining(message) });
  });
});

describe('agent backend: POST /agent-studio/1/agents/{id}/completions', () => {
  it('streams the answer with the agent\'s search tool and follow-up suggestions before finish', async () => {
    const response = await postAgent({ id: 'c1', trigger: 'submit-message', messages: [userMessage('How do I set the server port?')] });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
    const { chunks, done } = parseStream(await response.text());
    expect(done).toBe(true);
    expect(chunks).toContainEqual(expect.objectContaining({ type: 'tool-input-available', toolName: 'algolia_search_index', input: expect.objectContaining({ index: 'docs' }) }));
    const output = chunks.find((chunk) => chunk.type === 'tool-output-available')!.output as { hits: unknown[]; nbHits: number };
    expect(output.nbHits).toBe(output.hits.length);
    const types = chunks.map((chunk) => chunk.type);
    expect(types.slice(-2)).toEqual(['data-suggestions', 'finish']);
    const { suggestions } = (chunks.at(-2) as unknown as { data: { suggestions: string[] } }).data;
    expect(suggestions.length).toBeGreaterThanOrEqual(2);
    expect(suggestions.length).toBeLessThanOrEqual(3);
    expect(suggestions[0]).toMatch(/^What else should I know about server\.(port|strictPort)\?$/);
  });

  it('answers 422 with a JSON message when a message carries a data part (DocSearch 4.7 sends them back)', async () => {
    const messages = [
      userMessage('How do I set the server port?'),
      { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'Use server.port.' }, { type: 'data-suggestions', data: { suggestions: ['x'] } }] },
      userMessage('And strict port?', 'user-2'),
    ];
    const response = await postAgent({ id: 'c1', trigger: 'submit-message', messages });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ status: 422, message: expect.stringContaining('messages[1].parts[1] is a "data-suggestions" part') });
  });

  it('answers a follow-up whose history has no data parts', async () => {
    const messages = [
      userMessage('How do I set the server port?'),
      { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'Use server.port.' }] },
      userMessage('And what if it is taken?', 'user-2'),
    ];
    const response = await postAgent({ id: 'c1', trigger: 'submit-message', messages });
    expect(response.status).toBe(200);
    expect(parseStream(await response.text()).done).toBe(true);
    expect(server.chatRequests.flatMap((request) => (request.body as { messages: { parts: { type: string }[] }[] }).messages.flatMap((m) => m.parts))).not.toContainEqual(
      expect.objectContaining({ type: expect.stringMatching(/^data-/) }),
    );
  });

  it('searches the index named in algolia.searchParameters with its parameters, or in algolia.indices', async () => {
    const withParameters = await postAgent({
      id: 'c1',
      trigger: 'submit-message',
      messages: [userMessage('How do I scaffold a project?')],
      algolia: { searchParameters: { other: { facetFilters: ['type:lvl2'] } } },
    });
    const chunks = parseStream(await withParameters.text()).chunks;
    expect(chunks.find((chunk) => chunk.type === 'tool-input-available')).toMatchObject({ input: { index: 'other' } });
    const output = chunks.find((chunk) => chunk.type === 'tool-output-available')!.output as { hits: { hierarchy: { lvl2: string } }[] };
    // Unfiltered, the page's intro (no lvl2) would be a hit too.
    expect(output.hits.map((hit) => hit.hierarchy.lvl2)).toEqual(['Scaffolding Your First Vite Project']);

    const withIndices = await postAgent({ id: 'c1', trigger: 'submit-message', messages: [userMessage('vite')], algolia: { indices: ['other'] } });
    expect(parseStream(await withIndices.text()).chunks.find((chunk) => chunk.type === 'tool-input-available')).toMatchObject({ input: { index: 'other' } });
  });

  it.each([
    ['wrong credentials', { 'x-algolia-application-id': DEFAULT_APP_ID, 'x-algolia-api-key': 'nope' }, {}, 403, 'Invalid Application-ID or API key'],
    ['an unknown index', credentials, { algolia: { indices: ['nope'] } }, 404, 'Index does not exist: "nope"'],
    ['searchParameters that are not per index', credentials, { algolia: { searchParameters: [] } }, 400, '"algolia.searchParameters" must be an object keyed by index name'],
    ['an unsupported parameter', credentials, { algolia: { searchParameters: { docs: { getRankingInfo: true } } } }, 400, 'unsupported search parameter "getRankingInfo"'],
  ] as const)('refuses %s', async (_name, headers, extra, status, message) => {
    const response = await postAgent({ id: 'c1', trigger: 'submit-message', messages: [userMessage('port')], ...extra }, headers);
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ status, message: expect.stringContaining(message) });
  });

  it('derives up to 3 distinct follow-ups from the sections', () => {
    expect(followUps(['Server Options › server.port', 'server.port', 'server.strictPort', 'A', 'B'])).toEqual([
      'What else should I know about server.port?',
      'What else should I know about server.strictPort?',
      'What else should I know about A?',
    ]);
    expect(followUps([])).toEqual([]);
  });
});

describe('startServer({ assistant })', () => {
  it('builds the answerer of each request with the server\'s engine, the index and the retrieval parameters', async () => {
    const seen: LocalAssistantOptions[] = [];
    const custom = await startServer({
      indexes: { docs: SAMPLE_RECORDS },
      assistant: (options) => {
        seen.push(options);
        return {
          async *answer() {
            const { results } = await options.searchClient.search({ requests: [{ indexName: options.indexName, query: 'proxy', ...options.searchParameters }] });
            yield { type: 'start' };
            yield { type: 'text-start', id: 't' };
            yield { type: 'text-delta', id: 't', delta: `${results[0]!.nbHits} hit` };
            yield { type: 'text-end', id: 't' };
            yield { type: 'finish' };
          },
        };
      },
    });
    try {
      const response = await fetch(`${custom.url}${AGENT_PATH}`, {
        method: 'POST',
        headers: { ...credentials, 'content-type': 'application/json' },
        body: JSON.stringify({ ...question, algolia: { searchParameters: { docs: { facetFilters: ['hierarchy.lvl0:Config'] } } } }),
      });
      expect(answerText(parseStream(await response.text()).chunks)).toBe('1 hit');
      expect(seen).toEqual([expect.objectContaining({ indexName: 'docs', searchParameters: { facetFilters: ['hierarchy.lvl0:Config'] } })]);
      expect(seen[0]!.generate).toBeUndefined();
    } finally {
      await custom.close();
    }
  });
});

describe('CORS for the chat endpoints', () => {
  it('answers a preflight allowing the protocols\' headers and exposes the stream marker', async () => {
    const preflight = await fetch(`${server.url}/chat`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:4321', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    const allowed = preflight.headers.get('access-control-allow-headers')!.split(/,\s*/);
    for (const name of ['authorization', 'content-type', 'x-algolia-application-id', 'x-algolia-api-key', 'x-algolia-index-name', 'x-algolia-assistant-id', 'x-ai-sdk-version']) {
      expect(allowed).toContain(name);
    }
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    const asked = await fetch(`${server.url}${AGENT_PATH}`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:4321', 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-algolia-api-key,x-ai-sdk-version' },
    });
    expect(asked.headers.get('access-control-allow-headers')).toBe('x-algolia-api-key,x-ai-sdk-version');
    const answer = await postChat(chatHeaders(await token(), { origin: 'http://localhost:4321' }), question);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-expose-headers')).toContain('x-vercel-ai-ui-message-stream');
    await answer.text();
    expect(server.chatRequests.filter((request) => request.method === 'OPTIONS')).toEqual([]);
  });
});

describe('suggested questions, through the search endpoint with the real lite client', () => {
  const client = (): ReturnType<typeof liteClient> =>
    liteClient(DEFAULT_APP_ID, DEFAULT_API_KEY, { hosts: [{ url: server.url.replace('http://', ''), protocol: 'http', accept: 'read' }] });

  it('answers the widget\'s request: published questions of the assistant, 3 at most', async () => {
    const { results } = await client().search({
      requests: [{ indexName: SUGGESTED_QUESTIONS_INDEX, query: '', filters: `state:published AND assistantId:${ASSISTANT}`, hitsPerPage: 3 }],
    });
    const hits = (results[0] as { hits: { objectID: string; question: string; assistantId: string; state: string }[] }).hits;
    expect(hits.map((hit) => hit.question)).toEqual(['How do I proxy requests?', 'Which port does the server use?', 'How do I start?']);
    expect(hits[0]).toMatchObject({ objectID: 'assistant-1-1', state: 'published', assistantId: ASSISTANT });
  });

  it('serves a plain list to any assistant, and an empty index when none are given', async () => {
    const listed = await startServer({ indexes: { docs: SAMPLE_RECORDS }, suggestedQuestions: ['Why Vite?'] });
    const bare = await startServer({ indexes: { docs: SAMPLE_RECORDS } });
    try {
      for (const [target, expected] of [
        [listed, ['Why Vite?']],
        [bare, []],
      ] as const) {
        const lite = liteClient(DEFAULT_APP_ID, DEFAULT_API_KEY, { hosts: [{ url: target.url.replace('http://', ''), protocol: 'http', accept: 'read' }] });
        const { results } = await lite.search({ requests: [{ indexName: SUGGESTED_QUESTIONS_INDEX, filters: 'state:published AND assistantId:any-id', hitsPerPage: 3 }] });
        expect((results[0] as { hits: { question: string }[] }).hits.map((hit) => hit.question)).toEqual(expected);
      }
    } finally {
      await Promise.all([listed.close(), bare.close()]);
    }
  });

  it('refuses suggested questions that are not lists of text', async () => {
    await expect(startServer({ indexes: { docs: SAMPLE_RECORDS }, suggestedQuestions: { a: [3] } as never })).rejects.toThrow('"suggestedQuestions" must be a list of questions');
  });
});

describe('chat fault injection', () => {
  it('refuses tokens with {success: false, message}', async () => {
    server.setChatFaults({ tokenStatus: 401, message: 'Assistant disabled' });
    const response = await fetch(`${server.url}/chat/token`, { method: 'POST', headers: { 'x-algolia-assistant-id': ASSISTANT } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ success: false, message: 'Assistant disabled' });
  });

  it('fails the chat with a status and a JSON message, on both backends', async () => {
    const tokenValue = await token();
    server.setChatFaults({ chatStatus: 500 });
    const response = await postChat(chatHeaders(tokenValue), question);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ status: 500, message: 'injected fault: chat status 500' });
    server.setChatFaults({ chatStatus: 429, message: 'AI-217: conversation limit reached' });
    const agent = await postAgent({ id: 'c', trigger: 'submit-message', messages: [userMessage('port')] });
    expect(agent.status).toBe(429);
    expect(await agent.json()).toEqual({ status: 429, message: 'AI-217: conversation limit reached' });
  });

  it('fails feedback with {success: false, message}', async () => {
    const tokenValue = await token();
    server.setChatFaults({ feedbackStatus: 503 });
    const response = await fetch(`${server.url}/chat/feedback`, {
      method: 'POST',
      headers: { authorization: `TOKEN ${tokenValue}`, 'x-algolia-assistant-id': ASSISTANT, 'content-type': 'application/json' },
      body: JSON.stringify({ appId: DEFAULT_APP_ID, messageId: 'm', thumbs: 0 }),
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ success: false, message: 'injected fault: feedback status 503' });
  });

  it('streams an error chunk after some chunks, then ends the stream', async () => {
    server.setChatFaults({ errorAfterChunks: 3 });
    const { chunks, done } = parseStream(await (await postChat(chatHeaders(await token()), question)).text());
    expect(chunks.map((chunk) => chunk.type)).toEqual(['start', 'start-step', 'tool-input-start', 'error']);
    expect(chunks[3]).toEqual({ type: 'error', errorText: 'injected fault: the answer failed mid-stream' });
    expect(done).toBe(true);
  });

  it('cuts the connection mid-answer: the body fails after the first chunks, and the server keeps serving', async () => {
    server.setChatFaults({ cutAfterChunks: 2 });
    const response = await postChat(chatHeaders(await token()), question);
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    let received = '';
    const failure = await (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return undefined;
        received += new TextDecoder().decode(value);
      }
    })().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(parseStream(received).chunks.map((chunk) => chunk.type)).toEqual(['start', 'start-step']);
    server.setChatFaults(null);
    expect(parseStream(await (await postChat(chatHeaders(await token()), question)).text()).done).toBe(true);
  });

  it('slows the stream so a client can stop it; the server then stops answering and keeps serving', async () => {
    server.setChatFaults({ chunkDelayMs: 50 });
    const controller = new AbortController();
    const response = await postChat(chatHeaders(await token()), question, { signal: controller.signal });
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(parseStream(first).chunks[0]).toMatchObject({ type: 'start' });
    controller.abort();
    await expect(reader.read()).rejects.toThrow();
    server.setChatFaults(null);
    expect(parseStream(await (await postChat(chatHeaders(await token()), question)).text()).done).toBe(true);
  });

  it('refuses invalid chat faults by name', () => {
    expect(() => server.setChatFaults({ chatStatus: 200 })).toThrow('chatFaults.chatStatus must be an HTTP error status from 400 to 599, got 200');
    expect(() => server.setChatFaults({ cutAfterChunks: -1 })).toThrow('chatFaults.cutAfterChunks must be an integer >= 0, got -1');
    expect(() => server.setChatFaults({ delay: 5 } as never)).toThrow('chatFaults: unknown option "delay"');
  });
});
