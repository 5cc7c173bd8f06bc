// Serves a Docusaurus build as a static host does, on 127.0.0.1: `/a` and `/a/` are `a/index.html`
// (or `a.html`), anything else missing is 404.html. No compression: the bench gzips each file itself.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

export async function serveBuild(dir) {
  const find = (path) => {
    const relative = normalize(decodeURIComponent(path)).replace(/^[/\\]+/, '');
    if (relative.startsWith('..')) return undefined;
    for (const candidate of [join(dir, relative), join(dir, relative, 'index.html'), join(dir, `${relative}.html`)]) {
      if ((candidate === dir || candidate.startsWith(dir + sep)) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    }
    return undefined;
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const file = find(url.pathname);
    const body = file ?? join(dir, '404.html');
    response.writeHead(file ? 200 : 404, { 'Content-Type': TYPES[extname(body)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' });
    createReadStream(body).pipe(response);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    dir,
    url: `http://127.0.0.1:${server.address().port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
