/**
 * Fault injection for the chat endpoints, so end-to-end tests can show every error screen of the
 * chat UI against the real transports: a refused token, a failed request, an error in the middle
 * of an answer, a connection cut mid-answer, and an answer slow enough to press stop.
 */

export interface ChatFaultOptions {
  /** `POST /chat/token` answers this status (4xx/5xx) with `{success: false, message}`. */
  tokenStatus?: number;
  /** Both chat endpoints answer this status (4xx/5xx) with JSON `{message, status}` instead of a stream. */
  chatStatus?: number;
  /** `POST /chat/feedback` answers this status (4xx/5xx) with `{success: false, message}`. */
  feedbackStatus?: number;
  /** The message of the faults above and of `errorAfterChunks` (default: "injected fault: …"). Use e.g. "AI-217: conversation limit reached". */
  message?: string;
  /** After this many chunks of an answer, stream an `error` chunk and end the stream. */
  errorAfterChunks?: number;
  /** After this many chunks of an answer, destroy the socket (no `finish`, no `[DONE]`). */
  cutAfterChunks?: number;
  /** Milliseconds to wait before each chunk, so a test can press stop while the answer streams. */
  chunkDelayMs?: number;
}

const KNOWN = ['tokenStatus', 'chatStatus', 'feedbackStatus', 'message', 'errorAfterChunks', 'cutAfterChunks', 'chunkDelayMs'] as const;

export function validateChatFaults(faults: ChatFaultOptions | null | undefined): ChatFaultOptions | null {
  if (faults === null || faults === undefined) return null;
  if (typeof faults !== 'object' || Array.isArray(faults)) throw new TypeError(`chatFaults must be an object or null, got ${JSON.stringify(faults)}`);
  const extra = Object.keys(faults).filter((key) => !(KNOWN as readonly string[]).includes(key));
  if (extra.length > 0) throw new TypeError(`chatFaults: unknown option "${extra[0]}"; known: ${KNOWN.join(', ')}`);
  for (const name of ['tokenStatus', 'chatStatus', 'feedbackStatus'] as const) {
    const status = faults[name];
    if (status !== undefined && !(Number.isInteger(status) && status >= 400 && status <= 599)) {
      throw new TypeError(`chatFaults.${name} must be an HTTP error status from 400 to 599, got ${JSON.stringify(status)}`);
    }
  }
  for (const name of ['errorAfterChunks', 'cutAfterChunks'] as const) {
    const count = faults[name];
    if (count !== undefined && !(Number.isInteger(count) && count >= 0)) {
      throw new TypeError(`chatFaults.${name} must be an integer >= 0, got ${JSON.stringify(count)}`);
    }
  }
  if (faults.chunkDelayMs !== undefined && !(typeof faults.chunkDelayMs === 'number' && Number.isFinite(faults.chunkDelayMs) && faults.chunkDelayMs >= 0)) {
    throw new TypeError(`chatFaults.chunkDelayMs must be a number of milliseconds >= 0, got ${JSON.stringify(faults.chunkDelayMs)}`);
  }
  if (faults.message !== undefined && typeof faults.message !== 'string') {
    throw new TypeError(`chatFaults.message must be a string, got ${JSON.stringify(faults.message)}`);
  }
  return { ...faults };
}
