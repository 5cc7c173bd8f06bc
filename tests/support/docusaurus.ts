import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { expect, test } from '@playwright/test';
import { buildDir, buildDocusaurusFixture } from './docusaurus-build.mjs';
import { collectErrors } from './servers.js';

/**
 * The Docusaurus fixture site (tests/fixtures/docusaurus) with @sitesearch/docusaurus as its
 * theme: built once with `docusaurus build` (its postBuild writes the local index), then served
 * as static files on 127.0.0.1 like any host would (docusaurus-build.mjs: reused while its inputs
 * are unchanged).
 */
export { buildDocusaurusFixture, buildDir, fixtureDir } from './docusaurus-build.mjs';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml',
};

export interface DocusaurusServer {
  url: string;
  close(): Promise<void>;
}

/** Serves build/ as a static host does: `/a/` and `/a` are `a/index.html`, and 404.html for the rest. */
export async function serveDocusaurusFixture(): Promise<DocusaurusServer> {
  const find = (path: string): string | undefined => {
    const relative = normalize(decodeURIComponent(path)).replace(/^[/\\]+/, '');
    if (relative.startsWith('..')) return undefined;
    for (const candidate of [join(buildDir, relative), join(buildDir, relative, 'index.html'), join(buildDir, `${relative}.html`)]) {
      if ((candidate === buildDir || candidate.startsWith(buildDir + sep)) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    }
    return undefined;
  };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const file = find(url.pathname);
    const status = file ? 200 : 404;
    const body = file ?? join(buildDir, '404.html');
    response.writeHead(status, { 'Content-Type': TYPES[extname(body)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' });
    createReadStream(body).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The hooks of a spec on the built fixture: built (reused while its inputs are unchanged) and
 * served before the tests, closed after; every test fails on a console error or a request that
 * got a 4xx/5xx, which is named (the console only says that something failed to load). Returns
 * the served site, readable once the tests run.
 */
export function useBuiltDocusaurusSite(): { readonly url: string } {
  let site: DocusaurusServer | undefined;
  let errors: string[] = [];
  test.beforeAll(async () => {
    // A Docusaurus build takes minutes on a loaded 2-core machine.
    test.setTimeout(900_000);
    buildDocusaurusFixture();
    site = await serveDocusaurusFixture();
  });
  test.afterAll(async () => {
    await site?.close();
  });
  test.beforeEach(({ page }) => {
    errors = collectErrors(page);
    page.on('response', (response) => {
      if (response.status() >= 400) errors.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
  });
  test.afterEach(() => {
    expect(errors, 'console errors').toEqual([]);
  });
  return {
    get url() {
      return site!.url;
    },
  };
}
