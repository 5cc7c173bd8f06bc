import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
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

// Each test starts the CLI through tsx, seconds on a busy machine: a bound, not a speed assertion.
describe('sitesearch CLI', { timeout: 60_000 }, () => {
  it('documents every flag in --help', async () => {
    const { code, stdout } = await run('--help');
    expect(code).toBe(0);
    for (const flag of [
      '--base-url', '--out', '--exclude', '--content', '--ignore', '--lvl0', '--clean-urls', '--port', '--host', '--index-name', '--app-id', '--api-key', '--no-auth',
      '--suggested-question', '--llm-url', '--llm-model', 'SITESEARCH_LLM_API_KEY', '--faults', '--chat-faults', '--help', '--version',
    ]) {
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
    [['serve', '.', '--llm-url', 'http://127.0.0.1:1/v1'], 'sitesearch: --llm-url needs --llm-model, the name of the model to ask'],
    [['serve', '.', '--llm-url', 'localhost:1', '--llm-model', 'm'], 'sitesearch: --llm-url must be an http(s) URL, got "localhost:1"'],
    [['serve', '.', '--chat-faults', '{"chunkDelay":5}'], 'sitesearch: --chat-faults: unknown option "chunkDelay"'],
    [['serve', '.', '--chat-faults', 'slow'], 'sitesearch: --chat-faults must be a JSON object'],
    [['serve', '.', '--faults', '{"rate":2}'], 'sitesearch: --faults: rate must be a number from 0 to 1, got 2'],
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

  it('serves suggested questions and chat answers written by --llm-url, the key from the environment and never printed', async () => {
    const dir = await copyOfFixtureSite();
    expect((await run('index', dir)).code).toBe(0);
    // A tiny OpenAI-compatible model that answers one sentence.
    const received: Array<{ headers: IncomingHttpHeaders; body: { model: string; stream: boolean } }> = [];
    const model = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => {
        received.push({ headers: request.headers, body: JSON.parse(text) as { model: string; stream: boolean } });
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.end(`data: ${JSON.stringify({ choices: [{ delta: { content: 'Written by the model.' } }] })}\n\ndata: [DONE]\n\n`);
      });
    });
    await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
    const modelUrl = `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`;
    const args = ['serve', dir, '--suggested-question', 'What is Docusaurus?', '--suggested-question', 'How do I start?', '--llm-url', modelUrl, '--llm-model', 'tiny'];
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: PACKAGE_DIR, env: { ...process.env, SITESEARCH_LLM_API_KEY: 'sk-never-printed' } });
    try {
      const { url, output } = await served(child);
      const auth = { 'x-algolia-application-id': DEFAULT_APP_ID, 'x-algolia-api-key': DEFAULT_API_KEY };
      const questions = await fetch(`${url}/1/indexes/*/queries`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ requests: [{ indexName: 'algolia_ask_ai_suggested_questions', filters: 'state:published AND assistantId:abc', hitsPerPage: 3 }] }),
      });
      const { results } = (await questions.json()) as { results: { hits: { question: string }[] }[] };
      expect(results[0]!.hits.map((hit) => hit.question)).toEqual(['What is Docusaurus?', 'How do I start?']);

      const answer = await fetch(`${url}/agent-studio/1/agents/abc/completions?stream=true&compatibilityMode=ai-sdk-5`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ id: 'c', trigger: 'submit-message', messages: [{ role: 'user', parts: [{ type: 'text', text: 'How do I install Docusaurus?' }] }] }),
      });
      expect(await answer.text()).toContain('"delta":"Written by the model."');
      expect(received).toEqual([expect.objectContaining({ body: expect.objectContaining({ model: 'tiny', stream: true }) })]);
      expect(received[0]!.headers.authorization).toBe('Bearer sk-never-printed');
      expect(output).toContain(`Answers written by "tiny" at ${modelUrl} (API key from SITESEARCH_LLM_API_KEY)`);
      expect(output).not.toContain('sk-never-printed');
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => model.close(resolve));
    }
  });
});

/** The URL `sitesearch serve` prints, and everything it printed up to the prompt to stop. */
function served(child: ChildProcessWithoutNullStreams): Promise<{ url: string; output: string }> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Serving index "\w+" at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match && output.includes('Press Ctrl+C')) resolve({ url: match[1]!, output });
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${output}`)));
  });
}
