/** One POST to a chat backend, with every failure turned into a `ChatError`. */
import { parseChatStream } from '../stream.js';
import { ChatError, type ChatChunk } from '../types.js';

export interface PostOptions {
  headers: Record<string, string | undefined>;
  /** Sent as JSON; no body when undefined. */
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * The `ChatError` for a refused answer. Its rules are a chunk of their own, fetched now (a failed
 * request is rare); if that fetch fails too, the status alone chooses the sentence.
 */
const errorOf = (response: Response): Promise<ChatError> =>
  import('../responseErrors.js').then(
    (chunk) => chunk.errorFromResponse(response),
    () => new ChatError(response.ok ? 'noAnswer' : response.status >= 500 ? 'unavailable' : 'httpStatus', 'http', response.status),
  );

/** Drops headers whose value is unknown (e.g. no app ID behind a proxy) instead of sending "undefined". */
function definedHeaders(headers: Record<string, string | undefined>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) result[name] = value;
  return result;
}

/**
 * Posts and returns the response when it is 2xx. Rejects with a `ChatError`: `network` when the
 * server cannot be reached, `aborted` when `signal` stopped it, `http` (or `conversation-limit`)
 * with the server's message otherwise.
 */
export async function post(fetchImpl: typeof fetch, url: string, options: PostOptions): Promise<Response> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      headers: definedHeaders(options.headers),
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch {
    throw options.signal?.aborted ? new ChatError('stopped', 'aborted') : new ChatError('network', 'network');
  }
  if (!response.ok) throw await errorOf(response);
  return response;
}

/** Trims trailing slashes so `${base}/chat` never holds `//`. */
export const trimBase = (url: string) => url.replace(/\/+$/, '');

/** Whether an object has at least one defined value (empty parameters are not sent). */
export const hasEntries = (value: object | undefined): value is object =>
  value !== undefined && Object.values(value).some((entry) => entry !== undefined);

/**
 * The chunks of a chat answer. A 2xx JSON body instead of a stream is a proxy or gateway
 * reporting a fault: its message is shown instead of "cut off".
 */
export async function readAnswer(response: Response, signal: AbortSignal): Promise<AsyncIterable<ChatChunk>> {
  if (/\bapplication\/(?:problem\+)?json\b/i.test(response.headers.get('content-type') ?? '')) throw await errorOf(response);
  return parseChatStream(response.body, signal);
}
