/**
 * Writes a UI message stream (PROTOCOLS.md section 1) as server-sent events, applying the
 * stream faults: a delay before each chunk, an `error` chunk or a cut connection after N chunks.
 * A client that goes away stops the answer (through `abort`) and is never written to again.
 */
import type { ServerResponse } from 'node:http';
import type { ChatFaultOptions } from './chat-faults.js';

export type StreamChunk = { type: string; [field: string]: unknown };

export async function writeEventStream(
  response: ServerResponse,
  chunks: AsyncIterable<StreamChunk>,
  faults: ChatFaultOptions | null,
  abort: AbortController,
): Promise<void> {
  response.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    'x-vercel-ai-ui-message-stream': 'v1',
    // Proxies in front of a self-hosted server must not buffer the answer.
    'X-Accel-Buffering': 'no',
  });
  // Headers now: the transport resolves when the answer starts, before the first chunk.
  response.flushHeaders();
  const gone = (): boolean => response.destroyed || response.writableEnded;
  let written = 0;
  try {
    for await (const chunk of chunks) {
      if (faults?.chunkDelayMs) await sleep(faults.chunkDelayMs, abort.signal);
      if (gone() || abort.signal.aborted) return;
      if (faults?.cutAfterChunks !== undefined && written >= faults.cutAfterChunks) {
        abort.abort();
        // End the connection once what was written is flushed: the client gets the first
        // chunks, then a body that stops without the chunked encoding's end (a network fault).
        response.socket?.end();
        return;
      }
      if (faults?.errorAfterChunks !== undefined && written >= faults.errorAfterChunks) {
        abort.abort();
        response.write(event({ type: 'error', errorText: faults.message ?? 'injected fault: the answer failed mid-stream' }));
        break;
      }
      response.write(event(chunk));
      written++;
    }
  } catch (error) {
    // The assistant promises not to throw, but a generate hook or a bug might: tell the user.
    if (gone()) return;
    response.write(event({ type: 'error', errorText: `The answer failed: ${(error as Error).message}` }));
  }
  if (gone()) return;
  response.end('data: [DONE]\n\n');
}

function event(chunk: StreamChunk): string {
  return `data: ${JSON.stringify(chunk)}\n\n`;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
