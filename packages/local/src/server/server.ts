/**
 * The loopback server: the provider's search REST subset over the local engine, for sites
 * without a static host and for end-to-end tests that point the real client at it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildIndex } from '../engine/build.js';
import { SearchEngine, type SearchEngineOptions, type SearchResponse } from '../engine/engine.js';
import { IndexFormatError, SearchRequestError } from '../engine/errors.js';
import type { IndexSource } from '../engine/format.js';
import { memorySource } from '../engine/memory-source.js';
import { normalizeMultiQuery, normalizeQuery, type IndexQuery } from '../engine/requests.js';
import { fileSource } from '../indexer/write-index.js';
import type { DocRecord } from '../records.js';
import { FaultInjector, type FaultOptions } from './faults.js';

/** Credentials the server accepts when none are given: any client configured with these works. */
export const DEFAULT_APP_ID = 'SITESEARCH';
export const DEFAULT_API_KEY = 'sitesearch-local-search-key';

/** An index to serve: a folder written by `sitesearch index`, records, an index source, or an engine. */
export type ServedIndex = string | readonly DocRecord[] | IndexSource | SearchEngine;

export interface StartServerOptions {
  /** Index name → what to serve under it. */
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
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function startServer(options: StartServerOptions): Promise<LocalSearchServer> {
  if (!options || typeof options.indexes !== 'object' || options.indexes === null || Object.keys(options.indexes).length === 0) {
    throw new TypeError('startServer: "indexes" is required, e.g. { indexes: { docs: "dist/sitesearch" } }');
  }
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new TypeError(`startServer: "port" must be an integer from 0 to 65535, got ${String(options.port)}`);
  const host = options.host ?? '127.0.0.1';
  const credentials = options.credentials === undefined ? { appId: DEFAULT_APP_ID, apiKey: DEFAULT_API_KEY } : options.credentials;

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

  const faults = new FaultInjector(options.faults);
  let searchRequests = 0;

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      // Last resort: whatever went wrong, answer and keep serving.
      if (!response.headersSent) sendError(response, 500, `internal error: ${(error as Error).message}`);
      else response.destroy();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    setCors(request, response);
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    const url = new URL(request.url ?? '/', 'http://localhost');
    const multi = url.pathname === '/1/indexes/*/queries';
    const single = /^\/1\/indexes\/([^/]+)\/query$/.exec(url.pathname);
    if (!multi && !single) {
      sendError(response, 404, `path not found: ${request.method} ${url.pathname}; this server answers POST /1/indexes/*/queries and POST /1/indexes/{indexName}/query`);
      return;
    }
    if (request.method !== 'POST') {
      sendError(response, 405, `method ${request.method} not allowed on ${url.pathname}; use POST`);
      return;
    }
    searchRequests++;
    const fault = faults.next();
    if (fault.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, fault.latencyMs));
    if (fault.drop) {
      request.socket.destroy();
      return;
    }
    if (fault.status !== undefined) {
      sendError(response, fault.status, `injected fault: status ${fault.status}`);
      return;
    }
    if (credentials) {
      const appId = request.headers['x-algolia-application-id'] ?? url.searchParams.get('x-algolia-application-id');
      const apiKey = request.headers['x-algolia-api-key'] ?? url.searchParams.get('x-algolia-api-key');
      if (appId !== credentials.appId || apiKey !== credentials.apiKey) {
        sendError(response, 403, 'Invalid Application-ID or API key');
        return;
      }
    }

    try {
      const body = await readJsonBody(request);
      if (multi) {
        const queries = normalizeMultiQuery(body);
        const results = await Promise.all(queries.map((query) => runQuery(query)));
        sendJson(response, 200, { results });
      } else {
        const indexName = decodeURIComponent(single![1]!);
        sendJson(response, 200, await runQuery(normalizeQuery(body ?? {}, 'the body', indexName)));
      }
    } catch (error) {
      if (error instanceof HttpError || error instanceof SearchRequestError) sendError(response, error.status, error.message);
      else if (error instanceof IndexFormatError) sendError(response, 500, error.message);
      else throw error;
    }
  }

  function runQuery(query: IndexQuery): Promise<SearchResponse> {
    const engine = engines.get(query.indexName);
    if (!engine) {
      throw new HttpError(404, `Index does not exist: "${query.indexName}"; this server has: ${[...engines.keys()].join(', ')}`);
    }
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
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function toEngine(served: ServedIndex, options: SearchEngineOptions | undefined): SearchEngine {
  if (served instanceof SearchEngine) return served;
  if (typeof served === 'string') return new SearchEngine(fileSource(served), options);
  if (Array.isArray(served)) return new SearchEngine(memorySource(buildIndex(served as DocRecord[])), options);
  return new SearchEngine(served as IndexSource, options);
}

function setCors(request: IncomingMessage, response: ServerResponse): void {
  response.setHeader('Access-Control-Allow-Origin', '*');
  response.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  response.setHeader(
    'Access-Control-Allow-Headers',
    request.headers['access-control-request-headers'] ?? 'content-type, x-algolia-application-id, x-algolia-api-key, x-algolia-agent',
  );
  response.setHeader('Access-Control-Max-Age', '86400');
}

async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, `request body over ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new HttpError(400, `request body is not valid JSON: ${(error as Error).message}`);
  }
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  response.end(text);
}

/** The provider's error shape: `{"message": "...", "status": N}`. */
function sendError(response: ServerResponse, status: number, message: string): void {
  sendJson(response, status, { message, status });
}
