/**
 * Reads the UI message stream (PROTOCOLS.md section 1) from a response body.
 *
 * Why not the `ai` package: the AI SDK's client (`ai` + `@ai-sdk/react`) costs about 130 KB gzip
 * in a browser bundle (23 KB without zod), while all we need of it is an SSE reader and the small
 * reducer in `messages.ts`. The reader is ours too (`readEvents`, a few hundred bytes where
 * `eventsource-parser` took 1.3 KB gzip of the chat's chunk): only `data:` matters here.
 */
import { STOPPED_MESSAGE } from './errors.js';
import { ChatError, type ChatChunk } from './types.js';

const MALFORMED = 'The assistant sent an answer that could not be read. Please try again.';
const CUT_OFF = 'The answer was cut off: the connection closed before it finished. Please try again.';

/** Chunks after which the answer is complete, even if the body then ends without `[DONE]`. */
const TERMINAL_TYPES = new Set(['finish', 'abort', 'error']);

/**
 * Yields the chunks of a `text/event-stream` body. Throws (from the iteration, never
 * synchronously) a `ChatError` of kind `stream` for malformed JSON or a body that ends before the
 * answer finished, and of kind `aborted` when `signal` stopped the read. Unknown chunk types are
 * yielded as they are: the reducer ignores them. Neither `[DONE]` nor the
 * `x-vercel-ai-ui-message-stream` header is required.
 */
export async function* parseChatStream(body: ReadableStream<Uint8Array> | null, signal?: AbortSignal): AsyncGenerator<ChatChunk, void, undefined> {
  if (!body) throw new ChatError(CUT_OFF, 'stream');
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const pending: string[] = [];
  const feed = readEvents((data) => pending.push(data));
  let complete = false;
  let done = false;

  // Turns the events parsed so far into chunks; returns true once `[DONE]` was seen.
  function* drain(): Generator<ChatChunk, boolean, undefined> {
    while (pending.length > 0) {
      const data = pending.shift()!;
      if (data.trim() === '[DONE]') return true;
      // Unreadable JSON in the last, unterminated event is a body cut mid-event, not bad data.
      const chunk = parseChunk(data, done && !complete ? CUT_OFF : MALFORMED);
      if (TERMINAL_TYPES.has(chunk.type)) complete = true;
      yield chunk;
    }
    return false;
  }

  try {
    while (!done) {
      let result: ReadableStreamReadResult<Uint8Array>;
      try {
        result = await reader.read();
      } catch {
        throw signal?.aborted ? new ChatError(STOPPED_MESSAGE, 'aborted') : new ChatError(CUT_OFF, 'stream');
      }
      if (result.done) {
        // A last event without its blank line still counts (e.g. `data: [DONE]` at the very end);
        // after a complete event the extra line ends are empty lines, which dispatch nothing.
        feed(`${decoder.decode()}\n\n`);
        done = true;
      } else {
        feed(decoder.decode(result.value, { stream: true }));
      }
      if (yield* drain()) return;
    }
    if (signal?.aborted) throw new ChatError(STOPPED_MESSAGE, 'aborted');
    if (!complete) throw new ChatError(CUT_OFF, 'stream');
  } finally {
    // Stops the download when the consumer leaves early (stop, error chunk, new conversation).
    reader.cancel().catch(() => {});
  }
}

/**
 * A `text/event-stream` reader for what the chat needs: each event's data (its `data:` lines joined
 * by line feeds), dispatched on the blank line that ends it. Text arrives cut anywhere; lines end
 * with LF, CRLF or CR; comments and other fields (`event:`, `id:`, `retry:`) are skipped.
 */
export function readEvents(onData: (data: string) => void): (text: string) => void {
  let rest = '';
  let data: string[] = [];
  return (text) => {
    // A CR that ends the text may be half of a CRLF cut between two reads: it waits for the next.
    const lines = (rest + text).split(/\r\n|\r(?!$)|\n/);
    rest = lines.pop()!;
    for (const line of lines) {
      if (line === '') {
        if (data.length > 0) onData(data.join('\n'));
        data = [];
      } else if (/^data(:|$)/.test(line)) {
        // One space after the colon belongs to the syntax, not to the value.
        data.push(line.slice(5).replace(/^ /, ''));
      }
    }
  };
}

function parseChunk(data: string, failure: string): ChatChunk {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    throw new ChatError(failure, 'stream');
  }
  if (typeof value !== 'object' || value === null || typeof (value as { type?: unknown }).type !== 'string') {
    throw new ChatError(MALFORMED, 'stream');
  }
  return value as ChatChunk;
}
