import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_RECORDS } from '../test-support/records.js';
import { sseData, validateLlmOptions } from './llm.js';
import { DEFAULT_API_KEY, DEFAULT_APP_ID, startServer, type LocalSearchServer } from './server.js';

// Answers take milliseconds, but this machine may be shared and loaded: a bound, not a speed assertion.
vi.setConfig({ testTimeout: 30_000 });

/** A tiny OpenAI-compatible streaming endpoint: records what it gets, answers as told. */
interface Stub {
  url: string;
  received: Array<{ path: string; headers: IncomingHttpHeaders; body: Record<string, unknown> }>;
  /** What the next answer is: pieces of the SSE body, written one by one, or an error status. */
  answer: { pieces: string[] } | { status: number; body: string };
  server: Server;
}

const STUB_TEXT = 'Set [server.proxy](/config/server-options#server-proxy) to forward requests.';

function completionEvents(text: string): string[] {
  const deltas = text.match(/\S+\s*/g)!;
  const events = deltas.map((delta) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: delta } }] })}\r\n\r\n`);
  events.unshift(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { role: 'assistant' } }] })}\n\n`);
  events.push('data: [DONE]\n\n');
  // Cut the stream at awkward places: mid-event, mid-line, between \r and \n.
  const whole = events.join('');
  const pieces: string[] = [];
  for (let at = 0; at < whole.length; at += 17) pieces.push(whole.slice(at, at + 17));
  return pieces;
}

async function startStub(): Promise<Stub> {
  const stub = { received: [], answer: { pieces: completionEvents(STUB_TEXT) } } as unknown as Stub;
  stub.server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      stub.received.push({ path: request.url ?? '', headers: request.headers, body: JSON.parse(text) as Record<string, unknown> });
      const answer = stub.answer;
      if ('status' in answer) {
        response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const piece of answer.pieces) response.write(piece);
      response.end();
    });
  });
  await new Promise<void>((resolve) => stub.server.listen(0, '127.0.0.1', resolve));
  stub.url = `http://127.0.0.1:${(stub.server.address() as AddressInfo).port}`;
  return stub;
}

let stub: Stub;
let server: LocalSearchServer;

beforeAll(async () => {
  stub = await startStub();
  server = await startServer({ indexes: { docs: SAMPLE_RECORDS }, llm: { baseUrl: `${stub.url}/v1/`, model: 'tiny-model', apiKey: 'sk-test-secret' } });
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => stub.server.close(resolve));
});
beforeEach(() => {
  stub.received.length = 0;
  stub.answer = { pieces: completionEvents(STUB_TEXT) };
});

type Chunk = { type: string; [field: string]: unknown };

async function ask(target: LocalSearchServer, text: string, history: Array<{ role: string; parts: unknown[] }> = []): Promise<Chunk[]> {
  const response = await fetch(`${target.url}/agent-studio/1/agents/a/completions?stream=true&compatibilityMode=ai-sdk-5`, {
    method: 'POST',
    headers: { 'x-algolia-application-id': DEFAULT_APP_ID, 'x-algolia-api-key': DEFAULT_API_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ id: 'c', trigger: 'submit-message', messages: [...history, { id: 'u', role: 'user', parts: [{ type: 'text', text }] }] }),
  });
  expect(response.status).toBe(200);
  return (await response.text())
    .split('\n\n')
    .filter((event) => event.startsWith('data: {'))
    .map((event) => JSON.parse(event.slice(6)) as Chunk);
}

describe('answers written by an OpenAI-compatible model (--llm-url)', () => {
  it('asks the model with the passages and streams its text to the widget', async () => {
    const history = [
      { role: 'user', parts: [{ type: 'text', text: 'What is Vite?' }] },
      { role: 'assistant', parts: [{ type: 'text', text: 'A build tool.' }] },
    ];
    const chunks = await ask(server, 'How do I configure the proxy of the dev server?', history);
    const text = chunks.filter((chunk) => chunk.type === 'text-delta').map((chunk) => chunk.delta).join('');
    expect(text).toBe(STUB_TEXT);
    expect(chunks.at(-1)).toMatchObject({ type: 'finish' });

    expect(stub.received).toHaveLength(1);
    const [{ path, headers, body }] = stub.received as [Stub['received'][number]];
    expect(path).toBe('/v1/chat/completions');
    expect(headers.authorization).toBe('Bearer sk-test-secret');
    expect(body).toMatchObject({ model: 'tiny-model', stream: true });
    const messages = body.messages as Array<{ role: string; content: string }>;
    expect(messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(messages[0]!.content).toContain('Answer only from the numbered passages');
    expect(messages[0]!.content).toMatch(/\[1\] .*\nURL: \/config\/server-options#server-proxy\n/);
    expect(messages.slice(1)).toEqual([
      { role: 'user', content: 'What is Vite?' },
      { role: 'assistant', content: 'A build tool.' },
      { role: 'user', content: 'How do I configure the proxy of the dev server?' },
    ]);
  });

  it('turns an upstream error into a readable error chunk, without the key', async () => {
    stub.answer = { status: 401, body: JSON.stringify({ error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } }) };
    const chunks = await ask(server, 'How do I configure the proxy?');
    const error = chunks.find((chunk) => chunk.type === 'error') as unknown as { errorText: string };
    expect(error.errorText).toContain(`answered 401: Incorrect API key provided`);
    expect(JSON.stringify(chunks)).not.toContain('sk-test-secret');
  });

  it('reports an unreachable model as an error chunk', async () => {
    const closed = await startStub();
    await new Promise((resolve) => closed.server.close(resolve));
    const offline = await startServer({ indexes: { docs: SAMPLE_RECORDS }, llm: { baseUrl: closed.url, model: 'm' } });
    try {
      const error = (await ask(offline, 'How do I configure the proxy?')).find((chunk) => chunk.type === 'error') as unknown as { errorText: string };
      expect(error.errorText).toContain(`the language model at ${closed.url}/chat/completions cannot be reached`);
    } finally {
      await offline.close();
    }
  });

  it('refuses a base URL that is not http(s) or a missing model', () => {
    expect(() => validateLlmOptions({ baseUrl: 'localhost:11434', model: 'm' })).toThrow('llm.baseUrl must be an http(s) URL, got "localhost:11434"');
    expect(() => validateLlmOptions({ baseUrl: 'http://127.0.0.1:1', model: ' ' })).toThrow('llm.model is required');
  });
});

describe('sseData', () => {
  async function collect(pieces: string[]): Promise<string[]> {
    async function* source(): AsyncIterable<Uint8Array> {
      for (const piece of pieces) yield new TextEncoder().encode(piece);
    }
    const out: string[] = [];
    for await (const data of sseData(source())) out.push(data);
    return out;
  }

  it('joins events split anywhere, with CRLF or LF, multi-line data and comments', async () => {
    expect(await collect(['da', 'ta: {"a":1}\r', '\n\r\n: comment\n', 'data: one\ndata: two\n\ndata:x', '\n\n'])).toEqual(['{"a":1}', 'one\ntwo', 'x']);
    expect(await collect(['data: last without blank line'])).toEqual(['last without blank line']);
  });
});
