import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { repoRoot } from './servers.js';

/**
 * The Docusaurus fixture site (tests/fixtures/docusaurus) with @sitesearch/docusaurus as its
 * theme: built once with `docusaurus build` (its postBuild writes the local index), then served
 * as static files on 127.0.0.1 like any host would. A build takes minutes on a 2-core machine,
 * so it is reused while its inputs are unchanged (a fingerprint of them is kept in the build).
 */
export const fixtureDir = join(repoRoot, 'tests/fixtures/docusaurus');
export const buildDir = join(fixtureDir, 'build');
const pluginDir = join(repoRoot, 'packages/docusaurus-plugin');
const STAMP = join(buildDir, '.sitesearch-fixture-inputs');

/** Everything the build depends on that changes while working on this repo. */
const INPUTS = [
  join(pluginDir, 'src'),
  join(fixtureDir, 'docs'),
  join(fixtureDir, 'docusaurus.config.js'),
  join(fixtureDir, 'static'),
  join(repoRoot, 'packages/islands/dist/react'),
  join(repoRoot, 'packages/islands/dist/styles'),
  join(repoRoot, 'packages/local/dist/client'),
  join(repoRoot, 'packages/local/dist/indexer'),
];

function files(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => files(join(path, entry.name)));
}

function fingerprint(): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(files)) hash.update(file).update(readFileSync(file));
  return hash.digest('hex');
}

/**
 * Builds the theme package and the fixture site unless the last build had the same inputs.
 */
export function buildDocusaurusFixture(): void {
  const inputs = fingerprint();
  if (existsSync(STAMP) && readFileSync(STAMP, 'utf8') === inputs) return;
  execFileSync('pnpm', ['--filter', '@sitesearch/docusaurus', 'run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  execFileSync('pnpm', ['exec', 'docusaurus', 'build'], { cwd: fixtureDir, stdio: 'inherit', env: { ...process.env, DOCUSAURUS_TELEMETRY_DISABLED: '1' } });
  writeFileSync(STAMP, inputs);
}

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
