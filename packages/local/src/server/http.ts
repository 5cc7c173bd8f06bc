/**
 * HTTP plumbing shared by every endpoint of the loopback server: bounded body reading, content
 * types, CORS and the error shapes. Every refusal is an `HttpError` that the router turns into
 * a clear answer, so a bad request never reaches the engine or the assistant.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Largest request body read; anything bigger is refused with 413 without reading the rest. */
export const MAX_BODY_BYTES = 1024 * 1024;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Extra headers for the answer (`Allow` for a 405). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/**
 * Content types a JSON body may come with. The lite client sends `text/plain` (v5) or
 * `application/x-www-form-urlencoded` (v4) on purpose: they are "simple" types, so browsers send
 * no CORS preflight. `fetch` with a string body and no header sends `text/plain;charset=UTF-8`.
 */
const JSON_BODY_TYPES = new Set(['application/json', 'text/plain', 'application/x-www-form-urlencoded']);

/** Refuses a body declared as something that cannot be JSON (a form upload, XML…) with 415. */
export function checkJsonContentType(request: IncomingMessage): void {
  const header = request.headers['content-type'];
  if (header === undefined || header.trim() === '') return;
  const type = header.split(';')[0]!.trim().toLowerCase();
  if (JSON_BODY_TYPES.has(type) || type.endsWith('+json')) return;
  throw new HttpError(415, `unsupported content-type "${type}"; send JSON as application/json or text/plain`);
}

/**
 * Reads the body, at most `MAX_BODY_BYTES`. An over-long body is refused as soon as it is known
 * (from `content-length`, or when the count passes the limit) and the rest is never read: the
 * router answers 413 with `Connection: close`, which ends the upload.
 */
export function readBody(request: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    return Promise.reject(new HttpError(413, `request body of ${declared} bytes is over the limit of ${limit} bytes`));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = (): void => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
      request.off('aborted', onAborted);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        request.pause();
        chunks.length = 0;
        reject(new HttpError(413, `request body over the limit of ${limit} bytes`));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      cleanup();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error): void => {
      cleanup();
      reject(new ClientGoneError(error.message));
    };
    const onAborted = (): void => {
      cleanup();
      reject(new ClientGoneError('the client closed the connection while sending the body'));
    };
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onError);
    request.on('aborted', onAborted);
  });
}

/** The client went away: there is nobody to answer. */
export class ClientGoneError extends Error {}

/** Reads and parses a JSON body; an empty body is `undefined`. */
export async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  checkJsonContentType(request);
  const text = (await readBody(request)).toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new HttpError(400, `request body is not valid JSON: ${(error as Error).message}`);
  }
}

/** Headers the widgets' transports send; preflights that ask for nothing are answered with these. */
const ALLOWED_HEADERS =
  'authorization, content-type, x-algolia-application-id, x-algolia-api-key, x-algolia-agent, x-algolia-index-name, x-algolia-assistant-id, x-algolia-usertoken, x-ai-sdk-version';

/**
 * Any origin may call (the server is on loopback and holds public search data; the credentials
 * are search-only keys, as on the hosted provider). Preflights may ask for any header: the
 * widgets' transports add `authorization` and `x-algolia-*` headers, the AI SDK `x-ai-sdk-version`.
 */
export function setCors(request: IncomingMessage, response: ServerResponse): void {
  response.setHeader('Access-Control-Allow-Origin', '*');
  response.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  response.setHeader('Access-Control-Allow-Headers', request.headers['access-control-request-headers'] ?? ALLOWED_HEADERS);
  // Scripts may read these: the stream protocol marker and the body's type.
  response.setHeader('Access-Control-Expose-Headers', 'x-vercel-ai-ui-message-stream, content-type, content-length');
  response.setHeader('Access-Control-Max-Age', '86400');
}

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (response.headersSent || response.destroyed) return;
  const text = JSON.stringify(body);
  response.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(text)) });
  response.end(text);
}

/** The search provider's error shape: `{"message": "...", "status": N}`. */
export function sendError(response: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  sendJson(response, status, { message, status }, headers);
}

/** Headers kept in `chatRequests`: what tests assert on, never cookies or unrelated headers. */
const RECORDED_HEADERS = [
  'authorization',
  'content-type',
  'origin',
  'x-algolia-application-id',
  'x-algolia-api-key',
  'x-algolia-index-name',
  'x-algolia-assistant-id',
  'x-ai-sdk-version',
];

export function headersOfInterest(request: IncomingMessage): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of RECORDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') picked[name] = value;
  }
  return picked;
}

/** The first value of a header (a repeated header arrives as a list for some names). */
export function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
