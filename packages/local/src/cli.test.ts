import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cp, mkdir, mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, DEFAULT_APP_ID, startServer } from './server/server.js';
import { runCli, type CliResult } from './test-support/crawl-site.js';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));
const FIXTURE_SITE = fileURLToPath(new URL('./indexer/__fixtures__/site', import.meta.url));
const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

// The CLI runs from its TypeScript source through tsx, so the tests need no build.
const run = (...args: string[]): Promise<CliResult> => runCli(args);
const runWithEnv = (env: Record<string, string>, ...args: string[]): Promise<CliResult> => runCli(args, env);

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
      '--base-url', '--out', '--exclude', '--content', '--ignore', '--lvl0', '--clean-urls', '--page-rank', '--synonyms', '--port', '--host', '--index-name', '--app-id', '--api-key', '--no-auth',
      '--suggested-question', '--llm-url', '--llm-model', 'SITESEARCH_LLM_API_KEY', '--faults', '--chat-faults', '--help', '--version',
      'push <dir>', '--admin-key', '--write-faults', '--index', '--dry-run', '--incremental', 'SITESEARCH_ADMIN_API_KEY',
      'analytics <dir>', '--analytics', '--analytics-dir', '--analytics-max-file', '--analytics-max-total', '--analytics-settle', '--from', '--to', '--limit', '--json',
      'POST /1/events', 'GET /2/searches',
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
    expect(stdout).toMatch(new RegExp(`Wrote 4 files, [\\d.]+ KB to ${join(dir, 'sitesearch')}`));
    expect((await readdir(join(dir, 'sitesearch'))).sort()).toEqual(['facets.json', 'manifest.json', 'records', 'terms']);
  });

  it('ranks release posts -1, saying so, and pages by --page-rank, the first pattern that matches', async () => {
    const dir = await copyOfFixtureSite();
    await mkdir(join(dir, 'blog'));
    await writeFile(join(dir, 'blog', 'v2.html'), '<title>Version 2</title><main><h1>Version 2</h1><p>Released.</p></main>');
    const note = '  note: 1 release post (blog/, changelog/…) ranks below the docs on a close match (page_rank -1; --page-rank "*=0" keeps every page level)\n';
    expect((await run('index', dir)).stdout).toContain(note);
    // Every page matches a rule: the default applies to none.
    const { code, stdout } = await run('index', dir, '--page-rank', '/reference/*=-2', '--page-rank', '*=1');
    expect(code).toBe(0);
    expect(stdout).not.toContain('release post');
    const manifest = JSON.parse(await readFile(join(dir, 'sitesearch', 'manifest.json'), 'utf8')) as { recordCount: number; pageRanks: number[] };
    // In file order: blog/v2, docs/intro and guides/example (1, one run), reference (-2); every record has a rank.
    expect(manifest.pageRanks.filter((_, i) => i % 3 === 2)).toEqual([1, -2]);
    expect(manifest.pageRanks[4]).toBe(manifest.recordCount);
  });

  it('names once, on one line, the languages indexed without a stemmer', async () => {
    const dir = await copyOfFixtureSite();
    for (const n of [1, 2]) await writeFile(join(dir, `ko-${n}.html`), `<html lang="ko"><body><main><h1>설정 ${n}</h1><p>설정 파일</p></main></body></html>`);
    await writeFile(join(dir, 'pl.html'), `<html lang="pl-PL"><body><main><h1>Konfiguracja</h1></main></body></html>`);
    const { code, stdout } = await run('index', dir);
    expect(code).toBe(0);
    expect(stdout.split('\n').filter((line) => line.includes('stemmer'))).toEqual([
      '  note: no stemmer for "ko" (2 pages), "pl" (1 page): words in them are matched as written (whole, by prefix and with typos), not by their stem',
    ]);
  });

  it.each([
    [['index', '/no/such/site'], 'sitesearch: no folder at /no/such/site'],
    [['index'], 'sitesearch: "index" needs the folder of the built site, e.g. sitesearch index dist'],
    [['publish', 'dist'], 'sitesearch: unknown command "publish" (expected "index", "serve", "push", "crawl" or "analytics"; see sitesearch --help)'],
    [['push', FIXTURE_SITE, '--index', 'docs'], 'sitesearch: push needs --app-id, the application ID of the search provider'],
    [['push', FIXTURE_SITE, '--app-id', 'APP'], 'sitesearch: push needs --index, the name of the index to replace'],
    [['push', FIXTURE_SITE, '--app-id', 'APP', '--index', 'docs'], 'sitesearch: no write key: set SITESEARCH_ADMIN_API_KEY'],
    [['serve', '.', '--write-faults', '{"batch":0}'], 'sitesearch: --write-faults: batch must be an integer >= 1, got 0'],
    [['index', 'dist', '--colour'], "sitesearch: Unknown option '--colour'"],
    [['index', 'dist', '--render'], 'sitesearch: --render is an option of crawl, not of index (see sitesearch --help)'],
    [['index', FIXTURE_SITE, '--page-rank', '/blog/*'], 'sitesearch: --page-rank needs a URL pattern, "=" and a number, e.g. "/blog/*=-1", got "/blog/*"'],
    [['index', FIXTURE_SITE, '--page-rank', '/blog/*=low'], 'sitesearch: --page-rank needs a URL pattern, "=" and a number, e.g. "/blog/*=-1", got "/blog/*=low"'],
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

  it('push --dry-run prints the settings and the counts without a key and sends nothing', async () => {
    const { code, stdout } = await run('push', FIXTURE_SITE, '--app-id', 'APP', '--index', 'docs', '--dry-run');
    expect(code).toBe(0);
    expect(stdout).toContain('Dry run: nothing was sent to index "docs" of app "APP"');
    expect(stdout).toMatch(/3 pages → 19 records, [\d.]+ KB, in 1 batch of up to 19 records/);
    expect(stdout).toContain('"attributesForFaceting": [');
  });

  it('pushes to a server given by --host, the key from SITESEARCH_ADMIN_API_KEY and never printed', async () => {
    const server = await startServer({ port: 0, indexes: { local: [] }, adminKey: 'cli-admin-key-secret' });
    try {
      const { code, stdout, stderr } = await runWithEnv({ SITESEARCH_ADMIN_API_KEY: 'cli-admin-key-secret' }, 'push', FIXTURE_SITE, '--app-id', DEFAULT_APP_ID, '--index', 'pushed', '--host', server.url);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(stdout).toContain('  batch 1/1: 19/19 records');
      expect(stdout).toMatch(/Pushed 19 records \([\d.]+ KB\) from 3 pages to index "pushed" of app "SITESEARCH" at http:\/\/127\.0\.0\.1:\d+ in [\d.]+ s: 1 batch, 0 retries, atomic replace, settings updated/);
      expect(stdout + stderr).not.toContain('cli-admin-key-secret');
      const response = await fetch(`${server.url}/1/indexes/pushed/query`, {
        method: 'POST',
        headers: { 'x-algolia-application-id': DEFAULT_APP_ID, 'x-algolia-api-key': DEFAULT_API_KEY },
        body: JSON.stringify({ query: 'docusaurus' }),
      });
      expect(((await response.json()) as { hits: { url: string }[] }).hits[0]!.url).toBe('/docs/intro/');

      const refused = await runWithEnv({ SITESEARCH_ADMIN_API_KEY: DEFAULT_API_KEY }, 'push', FIXTURE_SITE, '--app-id', DEFAULT_APP_ID, '--index', 'pushed', '--host', server.url);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/^sitesearch: SITESEARCH_ADMIN_API_KEY is a search-only key/);
    } finally {
      await server.close();
    }
  });

  it('serve --admin-key accepts pushes (and --write-faults breaks them), searchable with the search key', async () => {
    const dir = await copyOfFixtureSite();
    expect((await run('index', dir)).code).toBe(0);
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'serve', dir, '--admin-key', 'serve-admin-key', '--write-faults', '{"status":400,"times":1}'], { cwd: PACKAGE_DIR });
    try {
      const { url, output } = await served(child);
      expect(output).toContain('Writes (sitesearch push) accepted with the key given by --admin-key');
      expect(output).not.toContain('serve-admin-key');
      const { pushSite } = await import('./push/push.js');
      const quiet = { write: () => {}, isTTY: false };
      const options = { dir, appId: DEFAULT_APP_ID, apiKey: 'serve-admin-key', indexName: 'pushed', host: url, output: quiet };
      await expect(pushSite(options)).rejects.toThrow(/^batch 1 of 1 \(records 1–19, [\d.]+ KB\) failed: HTTP 400 "injected fault: status 400"; the live index "pushed" is unchanged$/);
      expect((await pushSite(options)).records).toBe(19);
      const response = await fetch(`${url}/1/indexes/pushed/query`, {
        method: 'POST',
        headers: { 'x-algolia-application-id': DEFAULT_APP_ID, 'x-algolia-api-key': DEFAULT_API_KEY },
        body: JSON.stringify({ query: 'docusaurus' }),
      });
      expect(((await response.json()) as { hits: { url: string }[] }).hits[0]!.url).toBe('/docs/intro/');
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('serve --admin-key starts from a missing folder, answers unknown indices as the provider, and keeps what push sent across a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sitesearch-cli-staging-'));
    const indexDir = join(dir, 'sitesearch');
    const serve = () => spawn(process.execPath, ['--import', 'tsx', CLI, 'serve', dir, '--admin-key', 'staging-admin-key'], { cwd: PACKAGE_DIR });
    const search = (url: string) =>
      fetch(`${url}/1/indexes/*/queries`, {
        method: 'POST',
        headers: { 'x-algolia-application-id': DEFAULT_APP_ID, 'x-algolia-api-key': DEFAULT_API_KEY },
        body: JSON.stringify({ requests: [{ indexName: 'docs', query: 'docusaurus' }] }),
      });

    const first = serve();
    try {
      const { url, output } = await served(first);
      expect(output).toContain(`Serving an empty application (no index in ${indexDir} yet) at ${url}`);
      expect(output).toContain(`Pushed indices saved in ${join(indexDir, 'indexes')}\n`);
      const unknown = await search(url);
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ message: 'Index docs does not exist', status: 404 });
      const pushed = await runWithEnv({ SITESEARCH_ADMIN_API_KEY: 'staging-admin-key' }, 'push', FIXTURE_SITE, '--app-id', DEFAULT_APP_ID, '--index', 'docs', '--host', url);
      expect(pushed.stderr).toBe('');
      expect(pushed.code).toBe(0);
    } finally {
      await stopped(first);
    }

    const second = serve();
    try {
      const { url, output } = await served(second);
      expect(output).toContain('; read back: "docs"');
      const { results } = (await (await search(url)).json()) as { results: { nbHits: number; hits: { url: string }[] }[] };
      expect(results[0]!.hits[0]!.url).toBe('/docs/intro/');
    } finally {
      await stopped(second);
    }

    // Without --admin-key the folder holds no index to serve: the error of old.
    const readOnly = await run('serve', dir);
    expect(readOnly.code).toBe(1);
    expect(readOnly.stderr).toContain(`sitesearch: index "docs" cannot be loaded: index file ${join(indexDir, 'manifest.json')} is missing`);
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

  it('serve --analytics records a search and a click, and analytics reports them as a table and as JSON', async () => {
    const dir = await copyOfFixtureSite();
    expect((await run('index', dir)).code).toBe(0);
    const args = ['serve', dir, '--analytics', '--analytics-max-file', '64KB', '--analytics-max-total', '1MB', '--analytics-settle', '100'];
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: PACKAGE_DIR });
    const logDir = join(dir, 'sitesearch', 'analytics');
    try {
      const { url, output } = await served(child);
      expect(output).toContain(`Analytics: recording settled searches, events (POST ${url}/1/events) and questions in ${logDir}`);
      const auth = { 'x-algolia-application-id': DEFAULT_APP_ID, 'x-algolia-api-key': DEFAULT_API_KEY };
      const search = await fetch(`${url}/1/indexes/*/queries`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ requests: [{ indexName: 'docs', query: 'docusaurus', clickAnalytics: true, userToken: 'anonymous-1' }] }),
      });
      const { results } = (await search.json()) as { results: Array<{ queryID: string; hits: Array<{ objectID: string }> }> };
      const click = { eventType: 'click', eventName: 'Item Selected', index: 'docs', userToken: 'anonymous-1', queryID: results[0]!.queryID, objectIDs: [results[0]!.hits[0]!.objectID], positions: [1] };
      const event = await fetch(`${url}/1/events`, { method: 'POST', headers: auth, body: JSON.stringify({ events: [click] }) });
      expect(event.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      await stopped(child);
    }
    const table = await run('analytics', dir);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/Top searches\n  Search +Count +Hits\n  -+ +-+ +-+\n  docusaurus +1 +\d+\n/);
    expect(table.stdout).toContain('  Click-through rate                 100.0%\n');
    expect(table.stdout).toContain('Top clicked pages\n  Page          Clicks\n  ------------  ------\n  /docs/intro/       1\n');
    const json = await run('analytics', dir, '--json', '--from', '2020-01-01', '--index-name', 'docs');
    expect(JSON.parse(json.stdout)).toMatchObject({ from: '2020-01-01', index: 'docs', searches: { count: 1, trackedSearchCount: 1, clickThroughRate: 1, averageClickPosition: 1 } });
  });

  it('analytics and serve --analytics refuse bad flags with one line each', async () => {
    const dir = await copyOfFixtureSite();
    expect(await run('analytics', dir)).toMatchObject({ code: 1, stderr: `sitesearch: no analytics log in ${join(dir, 'sitesearch', 'analytics')} (sitesearch serve --analytics writes it)\n` });
    expect(await run('analytics', dir, '--from', '2026-13-01')).toMatchObject({ code: 1, stderr: 'sitesearch: --from must be a date written YYYY-MM-DD, got "2026-13-01"\n' });
    expect(await run('serve', dir, '--analytics-dir', '/tmp/x')).toMatchObject({ code: 1, stderr: 'sitesearch: --analytics-dir needs --analytics (recording is off by default)\n' });
    expect(await run('serve', dir, '--analytics', '--analytics-max-file', 'lots')).toMatchObject({ code: 1, stderr: 'sitesearch: --analytics-max-file must be a size such as 64MB, 512KB or 1048576, got "lots"\n' });
    expect(await run('index', dir, '--json')).toMatchObject({ code: 1, stderr: 'sitesearch: --json is an option of analytics, not of index (see sitesearch --help)\n' });
  });
});

/** Stops a `sitesearch serve` as Ctrl+C does and waits for it to exit (it finishes any save first). */
async function stopped(child: ChildProcessWithoutNullStreams): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The URL `sitesearch serve` prints, and everything it printed up to the prompt to stop. */
function served(child: ChildProcessWithoutNullStreams): Promise<{ url: string; output: string }> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Serving (?:index "\w+"|an empty application \(.*\)) at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match && output.includes('Press Ctrl+C')) resolve({ url: match[1]!, output });
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${output}`)));
  });
}
