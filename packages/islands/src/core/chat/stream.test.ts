// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseChatStream } from './stream.js';
import { ChatError, type ChatChunk } from './types.js';

const encoder = new TextEncoder();

/** A body delivering `pieces` as separate network chunks (bytes, so splits may cut a character). */
function body(pieces: Array<string | Uint8Array>, { fail }: { fail?: boolean } = {}): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (index < pieces.length) {
        const piece = pieces[index++]!;
        controller.enqueue(typeof piece === 'string' ? encoder.encode(piece) : piece);
      } else if (fail) controller.error(new TypeError('network error'));
      else controller.close();
    },
  });
}

async function collect(stream: ReadableStream<Uint8Array>, signal?: AbortSignal): Promise<{ chunks: ChatChunk[]; error?: unknown }> {
  const chunks: ChatChunk[] = [];
  try {
    for await (const chunk of parseChatStream(stream, signal)) chunks.push(chunk);
    return { chunks };
  } catch (error) {
    return { chunks, error };
  }
}

const answer: ChatChunk[] = [
  { type: 'start', messageId: 'm1' },
  { type: 'text-start', id: 't' },
  { type: 'text-delta', id: 't', delta: 'Héllo, wörld — “quotes” 🎉' },
  { type: 'text-end', id: 't' },
  { type: 'finish' },
];
const sse = (chunks: unknown[], end = 'data: [DONE]\n\n') => chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('') + end;

describe('parseChatStream', () => {
  it('reads every chunk whatever byte the network splits the events at', async () => {
    const bytes = encoder.encode(sse(answer));
    for (let at = 1; at < bytes.length; at++) {
      const { chunks, error } = await collect(body([bytes.slice(0, at), bytes.slice(at)]));
      expect(error, `split at byte ${at}`).toBeUndefined();
      expect(chunks, `split at byte ${at}`).toEqual(answer);
    }
  });

  it('reads a body delivered one byte at a time', async () => {
    const bytes = encoder.encode(sse(answer));
    const { chunks, error } = await collect(body(Array.from(bytes, (byte) => Uint8Array.of(byte))));
    expect(error).toBeUndefined();
    expect(chunks).toEqual(answer);
  });

  it('accepts CRLF line ends and data split over several lines', async () => {
    const text = [
      'data: {"type":"start"}\r\n\r\n',
      'data: {"type":"text-delta",\r\ndata: "id":"t","delta":"two lines"}\r\n\r\n',
      ': a comment\r\nevent: message\r\ndata: {"type":"finish"}\r\n\r\n',
    ].join('');
    const { chunks, error } = await collect(body([text]));
    expect(error).toBeUndefined();
    // Lines of one event join with "\n", which JSON reads as whitespace.
    expect(chunks).toEqual([{ type: 'start' }, { type: 'text-delta', id: 't', delta: 'two lines' }, { type: 'finish' }]);
  });

  it('needs no [DONE] and passes unknown chunk types through', async () => {
    const chunks: unknown[] = [{ type: 'start' }, { type: 'future-thing', value: 1 }, { type: 'finish' }];
    const result = await collect(body([sse(chunks, '')]));
    expect(result.error).toBeUndefined();
    expect(result.chunks).toEqual(chunks);
  });

  it('reads a last event that lacks its blank line', async () => {
    const { chunks, error } = await collect(body(['data: {"type":"start"}\n\ndata: {"type":"finish"}']));
    expect(error).toBeUndefined();
    expect(chunks).toEqual([{ type: 'start' }, { type: 'finish' }]);
  });

  it('stops at [DONE] even if more follows', async () => {
    const { chunks } = await collect(body([sse(answer) + 'data: not json\n\n']));
    expect(chunks).toEqual(answer);
  });

  it('turns malformed JSON into a stream ChatError after the chunks before it', async () => {
    const { chunks, error } = await collect(body(['data: {"type":"start"}\n\ndata: {"type": "text-delta", oops}\n\n']));
    expect(chunks).toEqual([{ type: 'start' }]);
    expect(error).toBeInstanceOf(ChatError);
    expect((error as ChatError).kind).toBe('stream');
    expect((error as ChatError).code).toBe('unreadable');
  });

  it('rejects JSON that is not a chunk', async () => {
    const { error } = await collect(body(['data: [1,2]\n\n']));
    expect(error).toMatchObject({ kind: 'stream', code: 'unreadable' });
  });

  it('reports an answer cut off before it finished (body ends)', async () => {
    const { chunks, error } = await collect(body([sse(answer.slice(0, 3), '')]));
    expect(chunks).toHaveLength(3);
    expect(error).toBeInstanceOf(ChatError);
    expect((error as ChatError).kind).toBe('stream');
    expect((error as ChatError).code).toBe('cutOff');
  });

  it('reports a body cut in the middle of an event as cut off, not as bad data', async () => {
    const text = sse(answer.slice(0, 3), '');
    const { chunks, error } = await collect(body([text + 'data: {"type":"text-del']));
    expect(chunks).toHaveLength(3);
    expect((error as ChatError).code).toBe('cutOff');
  });

  it('reports an answer cut off by a network failure mid-body', async () => {
    const { chunks, error } = await collect(body([sse(answer.slice(0, 2), '')], { fail: true }));
    expect(chunks).toHaveLength(2);
    expect((error as ChatError).kind).toBe('stream');
  });

  it('calls the failure of an aborted read "aborted"', async () => {
    const controller = new AbortController();
    controller.abort();
    const { error } = await collect(body([sse(answer.slice(0, 2), '')], { fail: true }), controller.signal);
    expect(error).toMatchObject({ kind: 'aborted', code: 'stopped' });
  });

  it('treats an error chunk as the end of the answer, not a cut', async () => {
    const { chunks, error } = await collect(body([sse([{ type: 'start' }, { type: 'error', errorText: 'Boom' }], '')]));
    expect(error).toBeUndefined();
    expect(chunks.at(-1)).toEqual({ type: 'error', errorText: 'Boom' });
  });

  it('reports a missing body as cut off', async () => {
    const { error } = await collect(null as unknown as ReadableStream<Uint8Array>);
    expect(error).toMatchObject({ kind: 'stream', code: 'cutOff' });
  });
});

describe('parseChatStream event framing', () => {
  /** The data of each chunk read from `pieces`: a `text` chunk per event carries its data. */
  const texts = async (pieces: string[]) => {
    const { chunks, error } = await collect(body(pieces));
    expect(error).toBeUndefined();
    return chunks.map((chunk) => (chunk as { text?: string }).text);
  };
  const event = (text: string) => JSON.stringify({ type: 'finish', text });

  it('joins the data lines of an event with line feeds, one space after the colon belonging to the syntax', async () => {
    const data = [`data: {"type":"finish",`, `data:"text":`, `data:  "two spaces"}`].join('\n');
    expect(await texts([`${data}\n\n`])).toEqual(['two spaces']);
  });

  it('skips comments, other fields and events without data', async () => {
    const text = `: keep-alive\n\nevent: message\nid: 7\nretry: 10\ndata: ${event('x')}\n\nevent: ping\n\ndataX: no\n\n`;
    expect(await texts([text])).toEqual(['x']);
  });

  it('takes CRLF line ends, a CRLF cut between two reads counting once', async () => {
    expect(await texts([`data: {"type":"finish",\r`, `\ndata: "text":"a"}\r`, '\n\r', `\ndata: ${event('b')}\r\n\r\n`])).toEqual(['a', 'b']);
  });

  it('takes CR-only line ends', async () => {
    expect(await texts([`data: ${event('c')}\r\rdata: ${event('d')}\r\r`])).toEqual(['c', 'd']);
  });

  it('waits for the end of an event cut anywhere', async () => {
    expect(await texts(['da', 'ta: {"type":', '"finish","text":"e"}\n', '\n'])).toEqual(['e']);
  });
});
