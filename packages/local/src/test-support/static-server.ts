/** A static file server on loopback that records what it served, for client tests and the bench. */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

export interface ServedFile {
  path: string;
  bytes: number;
}

export interface StaticServer {
  url: string;
  /** Files served since the last `reset()`. */
  served: ServedFile[];
  reset(): void;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.json': 'application/json',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.html': 'text/html',
  '.css': 'text/css',
};

export async function startStaticServer(root: string): Promise<StaticServer> {
  const served: ServedFile[] = [];
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    // A folder URL is its index.html, as static hosts serve it.
    const file = join(root, normalize(path).replace(/^(\.\.[/\\])+/, ''), path.endsWith('/') ? 'index.html' : '');
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) {
      response.writeHead(404, { 'Access-Control-Allow-Origin': '*' }).end('not found');
      return;
    }
    served.push({ path, bytes: info.size });
    response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Content-Length': info.size, 'Access-Control-Allow-Origin': '*' });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    reset: () => void served.splice(0),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
