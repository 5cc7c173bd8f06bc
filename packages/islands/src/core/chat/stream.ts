/**
 * Reads the UI message stream (PROTOCOLS.md section 1) from a response body.
 *
 * Why `eventsource-parser` and not the `ai` package: the AI SDK's client (`ai` + `@ai-sdk/react`)
 * costs about 130 KB gzip in a browser bundle (23 KB without zod), while all we need of it is an
 * SSE parser and the small reducer in `messages.ts`. `eventsource-parser` is about 1.6 KB gzip
 * (1.3 KB in the chat's chunk), maintained and tested against the spec: it handles events split
 * anywhere across network chunks, LF, CRLF and CR line ends (a CRLF cut between two reads
 * included), multi-line `data:` and comments.
 */
import { createParser } from 'eventsource-parser';
import { ChatError, type ChatChunk, type ChatErrorCode } from './types.js';

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
  if (!body) throw new ChatError('cutOff', 'stream');
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const pending: string[] = [];
  // Unknown fields and bad `retry:` values are the parser's errors: nothing the chat needs, skipped.
  const parser = createParser({ onEvent: (event) => pending.push(event.data) });
  let complete = false;
  let done = false;

  // Turns the events parsed so far into chunks; returns true once `[DONE]` was seen.
  function* drain(): Generator<ChatChunk, boolean, undefined> {
    while (pending.length > 0) {
      const data = pending.shift()!;
      if (data.trim() === '[DONE]') return true;
      // Unreadable JSON in the last, unterminated event is a body cut mid-event, not bad data.
      const chunk = parseChunk(data, done && !complete ? 'cutOff' : 'unreadable');
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
        throw signal?.aborted ? new ChatError('stopped', 'aborted') : new ChatError('cutOff', 'stream');
      }
      if (result.done) {
        // A last event without its blank line still counts (e.g. `data: [DONE]` at the very end);
        // after a complete event the extra line ends are empty lines, which dispatch nothing.
        parser.feed(`${decoder.decode()}\n\n`);
        done = true;
      } else {
        parser.feed(decoder.decode(result.value, { stream: true }));
      }
      if (yield* drain()) return;
    }
    if (signal?.aborted) throw new ChatError('stopped', 'aborted');
    if (!complete) throw new ChatError('cutOff', 'stream');
  } finally {
    // Stops the download when the consumer leaves early (stop, error chunk, new conversation).
    reader.cancel().catch(() => {});
  }
}

function parseChunk(data: string, failure: ChatErrorCode): ChatChunk {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    throw new ChatError(failure, 'stream');
  }
  if (typeof value !== 'object' || value === null || typeof (value as { type?: unknown }).type !== 'string') {
    throw new ChatError('unreadable', 'stream');
  }
  return value as ChatChunk;
}
