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

/**
 * `cleanUrls`: `/guide/cli` is `guide/cli.html` (and `/guide/cli.html` redirects there), as VitePress' hosts serve it.
 * `conditional`: files carry an `ETag` and a `Last-Modified`, and a request that has them answers 304, as most hosts do.
 */
export async function startStaticServer(root: string, options: { cleanUrls?: boolean; conditional?: boolean } = {}): Promise<StaticServer> {
  const served: ServedFile[] = [];
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    // One URL per page, as clean-URL hosts (Netlify, Vercel) answer `/a.html` and `/a/index`.
    const clean = options.cleanUrls ? path.replace(/\.html$/, '').replace(/(^|\/)index$/, '$1') : path;
    if (clean !== path) {
      response.writeHead(308, { Location: encodeURI(clean) }).end();
      return;
    }
    // A folder URL is its index.html, as static hosts serve it.
    let file = join(root, normalize(path).replace(/^(\.\.[/\\])+/, ''), path.endsWith('/') ? 'index.html' : '');
    let info = await stat(file).catch(() => null);
    if (!info?.isFile() && options.cleanUrls && !path.endsWith('/')) {
      file = `${file}.html`;
      info = await stat(file).catch(() => null);
    }
    if (!info?.isFile()) {
      response.writeHead(404, { 'Access-Control-Allow-Origin': '*' }).end('not found');
      return;
    }
    if (options.conditional) {
      const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
      const lastModified = info.mtime.toUTCString();
      response.setHeader('ETag', etag);
      response.setHeader('Last-Modified', lastModified);
      const since = Date.parse(request.headers['if-modified-since'] ?? '');
      const matches = request.headers['if-none-match'] !== undefined ? request.headers['if-none-match'].split(/\s*,\s*/).includes(etag) : since >= Date.parse(lastModified);
      if (matches) {
        response.writeHead(304).end();
        return;
      }
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
