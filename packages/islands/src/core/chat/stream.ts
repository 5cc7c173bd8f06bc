/**
 * Reads the UI message stream (PROTOCOLS.md section 1) from a response body.
 *
 * Why not the `ai` package: the AI SDK's client (`ai` + `@ai-sdk/react`) costs about 130 KB gzip
 * in a browser bundle (23 KB without zod), while all we need of it is an SSE parser and the small
 * reducer in `messages.ts`. The SSE parser is the few lines of `eventData` below rather than a
 * library (`eventsource-parser` was 1.3 KB gzip of the Sidepanel's answer): the chat reads only
 * the `data` of each event, and the tests below hold it to the HTML standard's framing (events
 * split anywhere across network chunks, LF, CRLF and CR line ends, a CRLF cut between two reads
 * included, multi-line `data:`, comments and other fields skipped).
 */
import { ChatError, type ChatChunk, type ChatErrorCode } from './types.js';

/**
 * A `text/event-stream` parser (the HTML standard's, for the `data` field alone): `feed` takes
 * the decoded text as it arrives and calls `onData` with each event's data lines joined by line
 * feeds; an event without data dispatches nothing. (TextDecoder already drops a leading BOM.)
 */
export function eventData(onData: (data: string) => void): (text: string) => void {
  let rest = '';
  let data: string[] = [];
  return (text) => {
    // A CR at the end may be the first half of a CRLF: it waits for the next read.
    const end = (rest += text).endsWith('\r') ? -1 : undefined;
    const lines = rest.slice(0, end).split(/\r\n?|\n/);
    rest = lines.pop()! + rest.slice(end ?? rest.length);
    for (const line of lines) {
      if (line === '') {
        if (data.length > 0) onData(data.join('\n'));
        data = [];
      } else if (/^data(:|$)/.test(line)) {
        // One space after the colon belongs to the syntax.
        data.push(line.slice(line[5] === ' ' ? 6 : 5));
      }
    }
  };
}

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
  const feed = eventData((data) => pending.push(data));
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
        feed(`${decoder.decode()}\n\n`);
        done = true;
      } else {
        feed(decoder.decode(result.value, { stream: true }));
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
