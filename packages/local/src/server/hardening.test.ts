/**
 * The loopback server under abuse: every bad request gets a clear HTTP error, nothing outside the
 * served indexes is ever read, clients that vanish cost nothing, and hundreds of concurrent
 * clients are all answered.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { liteClient } from 'algoliasearch/lite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SAMPLE_RECORDS } from '../test-support/records.js';
import { MAX_BODY_BYTES } from './http.js';
import { DEFAULT_API_KEY, DEFAULT_APP_ID, startServer, type LocalSearchServer } from './server.js';

// Answers take milliseconds, but this machine may be shared and loaded: a bound, not a speed assertion.
vi.setConfig({ testTimeout: 30_000 });

let server: LocalSearchServer;

beforeAll(async () => {
  server = await startServer({ port: 0, indexes: { docs: SAMPLE_RECORDS } });
});
afterAll(() => server.close());

const auth = { 'x-algolia-application-id': DEFAULT_APP_ID, 'x-algolia-api-key': DEFAULT_API_KEY };

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** A request with the path sent exactly as written (fetch would normalize `..` away). */
function send(method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: server.host, port: server.port, method, path, headers, agent: false }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

async function stillServes(): Promise<void> {
  const answer = await send('POST', '/1/indexes/docs/query', '{"query":"proxy"}', auth);
  expect(answer.status).toBe(200);
  expect(JSON.parse(answer.text)).toMatchObject({ nbHits: 1 });
}

describe('content types', () => {
  it.each([
    ['text/plain (the v5 lite client, no preflight)', 'text/plain'],
    ['application/x-www-form-urlencoded (the v4 client)', 'application/x-www-form-urlencoded'],
    ['application/json with a charset', 'application/json; charset=utf-8'],
  ])('accepts a JSON body sent as %s', async (_name, type) => {
    const answer = await send('POST', '/1/indexes/*/queries', '{"requests":[{"indexName":"docs","query":"proxy"}]}', { ...auth, 'content-type': type });
    expect(answer.status).toBe(200);
  });

  it.each(['multipart/form-data; boundary=x', 'application/xml', 'image/png'])('refuses %s with 415', async (type) => {
    const answer = await send('POST', '/1/indexes/*/queries', '{"requests":[]}', { ...auth, 'content-type': type });
    expect(answer.status).toBe(415);
    expect(JSON.parse(answer.text)).toEqual({ status: 415, message: expect.stringContaining(`unsupported content-type "${type.split(';')[0]}"`) });
    await stillServes();
  });

  it('is what the real lite client sends', async () => {
    const client = liteClient(DEFAULT_APP_ID, DEFAULT_API_KEY, { hosts: [{ url: server.url.replace('http://', ''), protocol: 'http', accept: 'read' }] });
    const { results } = await client.search({ requests: [{ indexName: 'docs', query: 'proxy' }] });
    expect((results[0] as { nbHits: number }).nbHits).toBe(1);
  });
});

describe('malformed and oversized bodies', () => {
  it.each([
    ['truncated JSON', '{"requests": ['],
    ['not JSON at all', 'query=proxy'],
    ['control characters', '\u0000\u0001{'],
  ])('answers %s with 400', async (_name, body) => {
    const answer = await send('POST', '/1/indexes/*/queries', body, auth);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toEqual({ status: 400, message: expect.stringContaining('request body is not valid JSON') });
  });

  it('refuses a declared length over the limit with 413 before reading the body, and closes the connection', async () => {
    const answer = await new Promise<Answer>((resolve, reject) => {
      const request = httpRequest(
        { host: server.host, port: server.port, method: 'POST', path: '/1/indexes/*/queries', headers: { ...auth, 'content-length': String(10 * MAX_BODY_BYTES) }, agent: false },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => {
            request.destroy();
            resolve({ status: response.statusCode ?? 0, headers: response.headers, text });
          });
        },
      );
      request.on('error', reject);
      // Only a sliver of the promised 10 MB is ever sent: the answer must not wait for the rest.
      request.write('{"requests":');
    });
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.text)).toEqual({ status: 413, message: expect.stringContaining('over the limit of 1048576 bytes') });
    await stillServes();
  });

  it('stops reading a chunked body once it passes the limit and answers 413', async () => {
    let sent = 0;
    const answer = await new Promise<Answer>((resolve) => {
      const request = httpRequest({ host: server.host, port: server.port, method: 'POST', path: '/1/indexes/*/queries', headers: auth, agent: false }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
      });
      // The server closes the connection on us while we still write: expected.
      request.on('error', () => {});
      const piece = Buffer.alloc(64 * 1024, 'a');
      const pump = (): void => {
        // Bounded: 64 MB at most, far over what the server would buffer if it kept reading.
        while (sent < 64 * MAX_BODY_BYTES && !request.destroyed) {
          sent += piece.length;
          if (!request.write(piece)) {
            request.once('drain', pump);
            return;
          }
        }
      };
      pump();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toMatchObject({ status: 413 });
    // It answered long before the client could send everything.
    expect(sent).toBeLessThan(64 * MAX_BODY_BYTES);
    await stillServes();
  });
});

describe('methods and paths', () => {
  it.each([
    ['GET', '/1/indexes/*/queries'],
    ['PUT', '/1/indexes/docs/query'],
    ['DELETE', '/chat'],
    ['GET', '/chat/token'],
    ['GET', '/agent-studio/1/agents/a/completions'],
  ])('answers %s %s with 405 and Allow', async (method, path) => {
    const answer = await send(method, path, undefined, auth);
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('POST, OPTIONS');
    expect(JSON.parse(answer.text)).toEqual({ status: 405, message: expect.stringContaining(`method ${method} not allowed`) });
  });

  it('answers an unknown index with 404 in the provider\'s error shape', async () => {
    const answer = await send('POST', '/1/indexes/*/queries', '{"requests":[{"indexName":"secret","query":"x"}]}', auth);
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.text)).toEqual({ status: 404, message: 'Index secret does not exist' });
  });

  // The server serves no static files: a path only ever names a route, and an index name is only
  // looked up among the indexes loaded at start. These paths must get a clean error, never a file.
  it.each([
    ['GET', '/../../../../etc/passwd'],
    ['GET', '/%2e%2e/%2e%2e/%2e%2e/etc/passwd'],
    ['GET', '/sitesearch/manifest.json'],
    ['GET', '/..%2f..%2fpackage.json'],
    ['GET', '/%252e%252e%252fpackage.json'],
    ['POST', '/1/indexes/..%2f..%2f..%2fetc%2fpasswd/query'],
    ['POST', '/1/indexes/%2e%2e/query'],
    ['POST', '/1/indexes/%252e%252e%252f%252e%252e/query'],
    ['POST', '/1/indexes/docs/../../package.json'],
    ['POST', '/1/indexes/%E0%A4%A/query'],
    ['POST', '/agent-studio/1/agents/..%2f..%2f/completions/../../../package.json'],
  ])('answers %s %s with a JSON 400 or 404 and no file', async (method, path) => {
    const answer = await send(method, path, '{}', auth);
    expect([400, 404]).toContain(answer.status);
    const body = JSON.parse(answer.text) as { message: string };
    expect(body).toEqual({ status: answer.status, message: expect.any(String) });
    expect(answer.text).not.toMatch(/root:|"name":\s*"@sitesearch|"version":/);
  });

  it('answers garbage instead of HTTP with 400 and keeps serving', async () => {
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(server.port, server.host, () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400 Bad Request/);
    await stillServes();
  });

  it('answers headers over 16 KB with 431 and keeps serving', async () => {
    const answer = await send('POST', '/1/indexes/docs/query', '{}', { ...auth, 'x-padding': 'x'.repeat(20_000) }).catch((error: unknown) => error);
    expect(answer).toMatchObject({ status: 431 });
    await stillServes();
  });
});

describe('clients that go away', () => {
  it('keeps serving when a client disconnects before a slow search is answered', async () => {
    server.setFaults({ latencyMs: 100 });
    try {
      await new Promise<void>((resolve) => {
        const request = httpRequest({ host: server.host, port: server.port, method: 'POST', path: '/1/indexes/docs/query', headers: auth, agent: false });
        request.on('error', () => resolve());
        request.end('{"query":"proxy"}', () => setTimeout(() => request.destroy(), 10));
      });
      // Let the server try to answer the client that left.
      await new Promise((resolve) => setTimeout(resolve, 150));
    } finally {
      server.setFaults(null);
    }
    await stillServes();
  });

  it('records a chat client that left while sending its body without a status, and keeps serving', async () => {
    server.clearChatRequests();
    const request = httpRequest({
      host: server.host,
      port: server.port,
      method: 'POST',
      path: '/chat/feedback',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': '100', authorization: 'TOKEN x.y' },
    });
    request.on('error', () => {});
    request.write('{"appId":', () => request.destroy());
    await vi.waitFor(() => expect(server.chatRequests).toEqual([expect.objectContaining({ endpoint: 'feedback', status: undefined, body: undefined })]));
    await stillServes();
  });

  it('reads no more than the limit of a body sent to the token endpoint', async () => {
    const answer = await send('POST', '/chat/token', 'x'.repeat(MAX_BODY_BYTES + 1), { 'x-algolia-assistant-id': 'a' });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toEqual({ success: false, message: expect.stringContaining('over the limit') });
  });

  it('stops a chat stream whose client left mid-answer and keeps serving', async () => {
    server.setChatFaults({ chunkDelayMs: 30 });
    try {
      const { token } = (await (await fetch(`${server.url}/chat/token`, { method: 'POST', headers: { 'x-algolia-assistant-id': 'a' } })).json()) as { token: string };
      const firstChunk = await new Promise<string>((resolve, reject) => {
        const request = httpRequest(
          {
            host: server.host,
            port: server.port,
            method: 'POST',
            path: '/chat',
            agent: false,
            headers: { ...auth, authorization: `TOKEN ${token}`, 'x-algolia-index-name': 'docs', 'x-algolia-assistant-id': 'a', 'content-type': 'application/json' },
          },
          (response) => {
            response.once('data', (chunk: Buffer) => {
              // Gone mid-answer, as a closed tab.
              request.destroy();
              resolve(chunk.toString());
            });
          },
        );
        request.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
        request.end(JSON.stringify({ id: 'c', trigger: 'submit-message', messages: [{ role: 'user', parts: [{ type: 'text', text: 'How do I set the server port?' }] }] }));
      });
      expect(firstChunk).toContain('"type":"start"');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(server.chatRequests.at(-1)).toMatchObject({ endpoint: 'chat', status: 200 });
    } finally {
      server.setChatFaults(null);
    }
    await stillServes();
  });
});

describe('under load', () => {
  it('answers 300 concurrent clients correctly, round after round, with bounded memory', async () => {
    const queries = ['proxy', 'port', 'strict port', 'vite', 'config intellisense', 'environment variables'];
    const expected = new Map<string, number>();
    for (const query of queries) expected.set(query, (JSON.parse((await send('POST', '/1/indexes/docs/query', JSON.stringify({ query }), auth)).text) as { nbHits: number }).nbHits);

    const round = (): Promise<Answer[]> =>
      Promise.all(
        Array.from({ length: 300 }, (_, i) =>
          send('POST', '/1/indexes/*/queries', JSON.stringify({ requests: [{ indexName: 'docs', query: queries[i % queries.length] }] }), { ...auth, 'content-type': 'text/plain' }),
        ),
      );
    await round(); // warm-up: the engine's caches and the sockets' buffers
    const before = process.memoryUsage().rss;
    for (let r = 0; r < 2; r++) {
      const answers = await round();
      answers.forEach((answer, i) => {
        expect(answer.status).toBe(200);
        const { results } = JSON.parse(answer.text) as { results: { query: string; nbHits: number }[] };
        expect(results[0]).toMatchObject({ query: queries[i % queries.length], nbHits: expected.get(queries[i % queries.length]!) });
      });
    }
    // Loose: the client side of 600 requests shares this process; a leak of the responses would be far over.
    expect(process.memoryUsage().rss - before).toBeLessThan(150 * 1024 * 1024);
  }, 120_000); // a bound on a shared machine, not a speed assertion

  it('answers 50 concurrent chat streams to the end', async () => {
    const { token } = (await (await fetch(`${server.url}/chat/token`, { method: 'POST', headers: { 'x-algolia-assistant-id': 'a' } })).json()) as { token: string };
    const headers = { ...auth, authorization: `TOKEN ${token}`, 'x-algolia-index-name': 'docs', 'x-algolia-assistant-id': 'a', 'content-type': 'application/json' };
    const body = JSON.stringify({ id: 'c', trigger: 'submit-message', messages: [{ role: 'user', parts: [{ type: 'text', text: 'How do I configure the proxy?' }] }] });
    const answers = await Promise.all(Array.from({ length: 50 }, () => send('POST', '/chat', body, headers)));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.text.endsWith('data: [DONE]\n\n')).toBe(true);
      expect(answer.text).toContain('"type":"finish"');
    }
  }, 120_000);
});
