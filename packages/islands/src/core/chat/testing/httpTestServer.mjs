// A real HTTP server on 127.0.0.1 for the transport tests. Plain JavaScript (typed by
// httpTestServer.d.mts) because this package type-checks without Node's types.
import { createServer } from 'node:http';

/** Starts a server answering every request with `handle(request)`; records each request. */
export async function startTestServer(handle) {
  const requests = [];
  const server = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = Buffer.concat(chunks).toString('utf8');
    const headers = {};
    for (const [name, value] of Object.entries(req.headers)) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    const recorded = {
      method: req.method ?? '',
      url: req.url ?? '',
      path: (req.url ?? '').split('?')[0],
      headers,
      body,
      json: () => JSON.parse(body),
    };
    requests.push(recorded);
    let reply;
    try {
      reply = (await handle(recorded)) ?? {};
    } catch (error) {
      reply = { status: 500, body: String(error) };
    }
    res.writeHead(reply.status ?? 200, reply.headers ?? {});
    const parts = reply.chunks ?? (reply.body === undefined ? [] : [reply.body]);
    for (const part of parts) {
      res.write(part);
      // Lets each write leave as its own network chunk.
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    if (reply.cut) res.socket?.destroy();
    else res.end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/** A `text/event-stream` reply of these chunks, one event per write, ending with `[DONE]`. */
export function sseReply(chunks, { done = true, status = 200 } = {}) {
  const events = chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`);
  if (done) events.push('data: [DONE]\n\n');
  return { status, headers: { 'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' }, chunks: events };
}
