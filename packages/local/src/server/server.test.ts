import { request as httpRequest } from 'node:http';
import { liteClient } from 'algoliasearch/lite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SAMPLE_RECORDS } from '../test-support/records.js';
import { DEFAULT_API_KEY, DEFAULT_APP_ID, startServer, type LocalSearchServer } from './server.js';

// Answers take milliseconds, but this machine may be shared and loaded: a bound, not a speed assertion.
vi.setConfig({ testTimeout: 30_000 });

let server: LocalSearchServer;

beforeAll(async () => {
  server = await startServer({ port: 0, indexes: { docs: SAMPLE_RECORDS, other: SAMPLE_RECORDS.slice(0, 3) } });
});
afterAll(() => server.close());

function client(appId = DEFAULT_APP_ID, apiKey = DEFAULT_API_KEY) {
  return liteClient(appId, apiKey, { hosts: [{ url: server.url.replace('http://', ''), protocol: 'http', accept: 'read' }] });
}

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

function raw(method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${server.url}${path}`, { method, headers }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text ? JSON.parse(text) : undefined }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

const auth = { 'x-algolia-application-id': DEFAULT_APP_ID, 'x-algolia-api-key': DEFAULT_API_KEY };

describe('with the real algoliasearch lite client', () => {
  it('answers a multi-index search in request order with the provider response shape', async () => {
    const { results } = await client().search({
      requests: [
        { indexName: 'docs', query: 'proxy', hitsPerPage: 5, attributesToSnippet: ['content:10'], highlightPreTag: '<mark>', highlightPostTag: '</mark>' },
        { indexName: 'other', query: 'vite' },
      ],
    });
    expect(results).toHaveLength(2);
    const [docs, other] = results as [Record<string, unknown>, Record<string, unknown>];
    expect(docs).toMatchObject({ index: 'docs', query: 'proxy', nbHits: 1, page: 0, nbPages: 1, hitsPerPage: 5 });
    expect(docs.hits).toEqual([
      expect.objectContaining({
        url: '/config/server-options#server-proxy',
        _highlightResult: expect.objectContaining({
          hierarchy: expect.objectContaining({ lvl2: { value: 'server.<mark>proxy</mark>', matchLevel: 'full', matchedWords: ['proxy'], fullyHighlighted: false } }),
        }),
      }),
    ]);
    expect(other).toMatchObject({ index: 'other' });
  });

  it('accepts the legacy array signature with params objects', async () => {
    const { results } = await client().search([{ indexName: 'docs', params: { query: 'strict port', hitsPerPage: 1 } }] as never);
    expect((results[0] as { hits: { url: string }[] }).hits.map((hit) => hit.url)).toEqual(['/config/server-options#server-strictport']);
  });

  it('rejects a wrong API key with the provider 403', async () => {
    const error = await client(DEFAULT_APP_ID, 'wrong').search({ requests: [{ indexName: 'docs', query: 'x' }] }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 403, message: 'Invalid Application-ID or API key' });
  });

  it('relaxes queries as the engine does, with the provider parameters', async () => {
    const search = async (params: Record<string, unknown>): Promise<string[]> =>
      ((await client().search({ requests: [{ indexName: 'docs', query: 'server port', ...params }] })).results[0] as { hits: { url: string }[] }).hits.map((hit) => hit.url);
    const relaxed = await search({});
    expect(relaxed[0]).toBe('/config/server-options#server-port');
    expect(relaxed).toContain('/config/server-options#server-proxy');
    const strict = await search({ removeWordsIfNoResults: 'none' });
    expect(strict).not.toContain('/config/server-options#server-proxy');
    expect(await search({ removeWordsIfNoResults: 'none', optionalWords: ['port'], ignorePlurals: ['en'], queryLanguages: ['en'] })).toContain('/config/server-options#server-proxy');
    const error = await client().search({ requests: [{ indexName: 'docs', query: 'x', removeWordsIfNoResults: 'some' as never }] }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 400, message: expect.stringContaining('"removeWordsIfNoResults" must be one of') });
  });

  it('answers a queryID (32 hex characters, new each time) only to a search asked with clickAnalytics', async () => {
    const { results } = await client().search({
      requests: [
        { indexName: 'docs', query: 'proxy', clickAnalytics: true },
        { indexName: 'docs', query: 'proxy', clickAnalytics: true },
        { indexName: 'docs', query: 'proxy' },
        { indexName: 'docs', query: 'proxy', clickAnalytics: false },
      ],
    });
    const ids = results.map((result) => (result as { queryID?: string }).queryID);
    expect(ids[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(ids[1]).toMatch(/^[0-9a-f]{32}$/);
    expect(ids[1]).not.toBe(ids[0]);
    expect(ids.slice(2)).toEqual([undefined, undefined]);
    const encoded = await raw('POST', '/1/indexes/docs/query', JSON.stringify({ params: 'query=proxy&clickAnalytics=true' }), auth);
    expect((encoded.body as { queryID?: string }).queryID).toMatch(/^[0-9a-f]{32}$/);
  });

  it('reports a bad parameter with a 400 naming it', async () => {
    const error = await client().search({ requests: [{ indexName: 'docs', query: 'x', aroundRadius: 5 } as never] }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 400, message: expect.stringContaining('unsupported search parameter "aroundRadius"') });
  });
});

describe('over raw HTTP', () => {
  it('answers POST /1/indexes/{indexName}/query with flat or URL-encoded params', async () => {
    const flat = await raw('POST', '/1/indexes/docs/query', JSON.stringify({ query: 'proxy' }), auth);
    expect(flat).toMatchObject({ status: 200, body: { index: 'docs', nbHits: 1 } });
    const encoded = await raw('POST', '/1/indexes/docs/query', JSON.stringify({ params: 'query=server&hitsPerPage=2&facetFilters=%5B%22type%3Alvl2%22%5D' }), auth);
    expect(encoded.status).toBe(200);
    expect(encoded.body).toMatchObject({ hitsPerPage: 2, hits: [{ type: 'lvl2' }, { type: 'lvl2' }] });
  });

  it('takes credentials from the query string, as the browser build of the client sends them', async () => {
    const query = `?x-algolia-application-id=${DEFAULT_APP_ID}&x-algolia-api-key=${DEFAULT_API_KEY}`;
    const response = await raw('POST', `/1/indexes/*/queries${query}`, JSON.stringify({ requests: [{ indexName: 'docs', query: 'proxy' }] }), { 'content-type': 'text/plain' });
    expect(response.status).toBe(200);
  });

  it('answers CORS preflights and sets CORS headers on answers', async () => {
    const preflight = await raw('OPTIONS', '/1/indexes/*/queries', undefined, {
      origin: 'http://localhost:4321',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'x-algolia-api-key,x-algolia-application-id,content-type',
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': expect.stringContaining('POST'),
      'access-control-allow-headers': 'x-algolia-api-key,x-algolia-application-id,content-type',
    });
    const answer = await raw('POST', '/1/indexes/docs/query', '{}', { ...auth, origin: 'http://localhost:4321' });
    expect(answer.headers['access-control-allow-origin']).toBe('*');
  });

  it.each([
    ['missing credentials', 'POST', '/1/indexes/*/queries', '{"requests":[]}', {}, 403, 'Invalid Application-ID or API key'],
    ['malformed JSON', 'POST', '/1/indexes/*/queries', '{"requests": [', auth, 400, 'request body is not valid JSON'],
    ['a body without requests', 'POST', '/1/indexes/*/queries', '{"query":"x"}', auth, 400, 'the body must be an object with a "requests" array'],
    ['a request without indexName', 'POST', '/1/indexes/*/queries', '{"requests":[{"query":"x"}]}', auth, 400, 'requests[0] has no "indexName"'],
    ['an unknown index', 'POST', '/1/indexes/*/queries', '{"requests":[{"indexName":"nope","query":"x"}]}', auth, 404, 'Index nope does not exist'],
    ['an unknown index on the single endpoint', 'POST', '/1/indexes/nope/query', '{}', auth, 404, 'Index nope does not exist'],
    ['a facet search', 'POST', '/1/indexes/*/queries', '{"requests":[{"indexName":"docs","type":"facet","facet":"lang"}]}', auth, 400, 'not facet searches'],
    ['a bad filter', 'POST', '/1/indexes/docs/query', '{"filters":"(language:en"}', auth, 400, '"filters": expected ")"'],
    ['an unknown path', 'GET', '/1/keys', undefined, auth, 404, 'path not found: GET /1/keys'],
    ['a GET on a search path', 'GET', '/1/indexes/docs/query', undefined, auth, 405, 'method GET not allowed'],
  ])('answers %s with the provider error shape', async (_name, method, path, body, headers, status, message) => {
    const response = await raw(method, path, body, headers);
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ message: expect.stringContaining(message), status });
    // And keeps serving.
    expect((await raw('POST', '/1/indexes/docs/query', '{"query":"proxy"}', auth)).status).toBe(200);
  });

  it('refuses a body over 1 MB with 413', async () => {
    const response = await raw('POST', '/1/indexes/docs/query', JSON.stringify({ query: 'x'.repeat(1024 * 1024) }), auth);
    expect(response).toMatchObject({ status: 413, body: { status: 413 } });
  });
});

describe('fault injection', () => {
  it('fails a share of requests with a status, changeable at runtime', async () => {
    const faulty = await startServer({ indexes: { docs: SAMPLE_RECORDS }, credentials: false, faults: { status: 503, rate: 0.5 } });
    try {
      const responses: Response[] = [];
      for (let i = 0; i < 5; i++) responses.push(await fetch(`${faulty.url}/1/indexes/docs/query`, { method: 'POST', body: '{}' }));
      expect(responses.map((response) => response.status)).toEqual([200, 503, 200, 503, 200]);
      expect(await responses[1]!.json()).toEqual({ message: 'injected fault: status 503', status: 503 });

      faulty.setFaults(null);
      expect((await fetch(`${faulty.url}/1/indexes/docs/query`, { method: 'POST', body: '{}' })).status).toBe(200);
      expect(faulty.searchRequests).toBe(6);
    } finally {
      await faulty.close();
    }
  });

  it('drops connections, and the lite client reports the host unreachable', async () => {
    server.setFaults({ drop: true });
    try {
      const error = await client().search({ requests: [{ indexName: 'docs', query: 'proxy' }] }).catch((caught: unknown) => caught);
      expect(String(error)).toMatch(/Unreachable hosts/);
      await expect(fetch(`${server.url}/1/indexes/docs/query`, { method: 'POST', body: '{}', headers: auth })).rejects.toThrow();
    } finally {
      server.setFaults(null);
    }
    expect((await raw('POST', '/1/indexes/docs/query', '{"query":"proxy"}', auth)).status).toBe(200);
  });

  it('adds latency: a client timeout shorter than it fails, and the server still answers after', async () => {
    server.setFaults({ latencyMs: 1500 });
    try {
      const impatient = liteClient(DEFAULT_APP_ID, DEFAULT_API_KEY, {
        hosts: [{ url: server.url.replace('http://', ''), protocol: 'http', accept: 'read' }],
        // The Node requester's connect timeout runs until the response headers arrive.
        timeouts: { connect: 100, read: 100, write: 100 },
      });
      await expect(impatient.search({ requests: [{ indexName: 'docs', query: 'proxy' }] })).rejects.toThrow();
      const patient = await client().search({ requests: [{ indexName: 'docs', query: 'proxy' }] });
      expect((patient.results[0] as { nbHits: number }).nbHits).toBe(1);
    } finally {
      server.setFaults(null);
    }
  });

  it('refuses invalid fault settings by name', async () => {
    expect(() => server.setFaults({ rate: 2 })).toThrow('faults.rate must be a number from 0 to 1, got 2');
    expect(() => server.setFaults({ status: 42 })).toThrow('faults.status must be an HTTP status from 200 to 599, got 42');
    expect(() => server.setFaults({ latency: 5 } as never)).toThrow('faults: unknown option "latency"');
  });
});

describe('startServer', () => {
  it('fails clearly when an index folder is missing or the port is taken', async () => {
    await expect(startServer({ indexes: { docs: '/nonexistent/sitesearch' } })).rejects.toThrow(
      'startServer: index "docs" cannot be loaded: index file /nonexistent/sitesearch/manifest.json is missing',
    );
    await expect(startServer({ indexes: { docs: SAMPLE_RECORDS }, port: server.port })).rejects.toThrow(`cannot listen on 127.0.0.1:${server.port} (EADDRINUSE)`);
    await expect(startServer({ indexes: {} })).rejects.toThrow('"indexes" is required');
  });

  it('binds to 127.0.0.1 by default', () => {
    expect(server.host).toBe('127.0.0.1');
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
  });
});
