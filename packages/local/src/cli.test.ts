import { execFile, spawn } from 'node:child_process';
import { cp, mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, DEFAULT_APP_ID } from './server/server.js';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));
const FIXTURE_SITE = fileURLToPath(new URL('./indexer/__fixtures__/site', import.meta.url));
const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

// The CLI runs from its TypeScript source through tsx, so the tests need no build.
async function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: PACKAGE_DIR });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function copyOfFixtureSite(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sitesearch-cli-'));
  await cp(FIXTURE_SITE, dir, { recursive: true });
  return dir;
}

describe('sitesearch CLI', () => {
  it('documents every flag in --help', async () => {
    const { code, stdout } = await run('--help');
    expect(code).toBe(0);
    for (const flag of ['--base-url', '--out', '--exclude', '--content', '--ignore', '--lvl0', '--clean-urls', '--port', '--host', '--index-name', '--app-id', '--api-key', '--no-auth', '--help', '--version']) {
      expect(stdout).toContain(flag);
    }
  });

  it('indexes a folder into <dir>/sitesearch and says what it did', async () => {
    const dir = await copyOfFixtureSite();
    const { code, stdout } = await run('index', dir, '--base-url', '/docs/');
    expect(code).toBe(0);
    expect(stdout).toContain(`skipped ${join(dir, 'private.html')}: marked noindex`);
    expect(stdout).toMatch(/Indexed 3 pages into 19 records in \d+ ms/);
    expect(stdout).toMatch(new RegExp(`Wrote 4 files, [\\d.]+ KB \\([\\d.]+ KB gzipped\\) to ${join(dir, 'sitesearch')}`));
    expect((await readdir(join(dir, 'sitesearch'))).sort()).toEqual(['facets.json', 'manifest.json', 'records', 'terms']);
  });

  it.each([
    [['index', '/no/such/site'], 'sitesearch: no folder at /no/such/site'],
    [['index'], 'sitesearch: "index" needs the folder of the built site, e.g. sitesearch index dist'],
    [['publish', 'dist'], 'sitesearch: unknown command "publish" (expected "index" or "serve"; see sitesearch --help)'],
    [['index', 'dist', '--colour'], "sitesearch: Unknown option '--colour'"],
    [['serve', '/no/such/site'], 'sitesearch: index "docs" cannot be loaded: index file /no/such/site/sitesearch/manifest.json is missing'],
    [['serve', '.', '--port', 'eighty'], 'sitesearch: --port must be an integer from 0 to 65535, got "eighty"'],
  ])('fails with one line and exit 1 for %j', async (args, message) => {
    const { code, stderr } = await run(...args);
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain(message);
  });

  it('serves the index as "docs" (or --index-name) over the provider API', async () => {
    const dir = await copyOfFixtureSite();
    expect((await run('index', dir)).code).toBe(0);
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'serve', dir, '--port', '0', '--index-name', 'handbook'], { cwd: PACKAGE_DIR });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /Serving index "handbook" at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (match) resolve(match[1]!);
        });
        child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${output}`)));
      });
      const response = await fetch(`${url}/1/indexes/*/queries`, {
        method: 'POST',
        headers: { 'x-algolia-application-id': DEFAULT_APP_ID, 'x-algolia-api-key': DEFAULT_API_KEY },
        body: JSON.stringify({ requests: [{ indexName: 'handbook', query: 'docusaurus' }] }),
      });
      const { results } = (await response.json()) as { results: { hits: { url: string }[] }[] };
      expect(results[0]!.hits[0]!.url).toBe('/docs/intro/');
    } finally {
      child.kill('SIGTERM');
    }
  });
});
