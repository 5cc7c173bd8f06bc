/**
 * Ask AI on pushed indices: the chat endpoints answer from any index the server serves at the
 * time of the request (its startup indices and those pushed through the write API, including one
 * pushed after start and one read back from the store folder at a restart), with the real
 * clients over real HTTP, and still answer 404 for an index that is not served.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { algoliasearch } from 'algoliasearch';
import { liteClient } from 'algoliasearch/lite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DocRecord } from '../records.js';
import { SAMPLE_RECORDS } from '../test-support/records.js';
import { parseStream } from '../test-support/ui-stream.js';
import { DEFAULT_API_KEY, DEFAULT_APP_ID, startServer, type LocalSearchServer } from './server.js';
import { SUGGESTED_QUESTIONS_INDEX } from './suggested-questions.js';

vi.setConfig({ testTimeout: 30_000 });

const ADMIN_KEY = 'test-admin-key';
const ASSISTANT = 'assistant-1';
const credentials = { 'x-algolia-application-id': DEFAULT_APP_ID, 'x-algolia-api-key': DEFAULT_API_KEY };
const PROXY_QUESTION = 'How do I configure the proxy of the dev server?';

/** The sample pages under another path, so a citation says which index it came from. */
function underPath(prefix: string): DocRecord[] {
  return SAMPLE_RECORDS.map((record) => ({
    ...record,
    objectID: `${prefix}${record.objectID}`,
    url: `${prefix}${record.url}`,
    ...(record.url_without_anchor !== undefined ? { url_without_anchor: `${prefix}${record.url_without_anchor as string}` } : {}),
  }));
}

/** As `sitesearch push` does: the full client, replaceAllObjects, every task waited for. */
async function push(server: LocalSearchServer, indexName: string, objects: DocRecord[]): Promise<void> {
  const admin = algoliasearch(DEFAULT_APP_ID, ADMIN_KEY, { hosts: [{ url: server.url.replace('http://', ''), protocol: 'http', accept: 'readWrite' }] });
  await admin.replaceAllObjects({ indexName, objects: objects as unknown as Record<string, unknown>[], batchSize: 8 });
}

async function token(server: LocalSearchServer): Promise<string> {
  const response = await fetch(`${server.url}/chat/token`, { method: 'POST', headers: { 'x-algolia-assistant-id': ASSISTANT } });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { success: boolean; token: string };
  expect(body.success).toBe(true);
  return body.token;
}

/** POST /chat (assistant backend) for `indexName`, as the widget sends it. */
async function askAssistant(server: LocalSearchServer, indexName: string, question = PROXY_QUESTION): Promise<Response> {
  return fetch(`${server.url}/chat`, {
    method: 'POST',
    headers: {
      authorization: `TOKEN ${await token(server)}`,
      ...credentials,
      'x-algolia-index-name': indexName,
      'x-algolia-assistant-id': ASSISTANT,
      'x-ai-sdk-version': 'v5',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ id: 'conversation-1', trigger: 'submit-message', messages: [{ id: 'user-1', role: 'user', parts: [{ type: 'text', text: question }] }] }),
  });
}

/** POST to the agent backend, naming `indexName` in `algolia.indices` (or no index at all). */
function askAgent(server: LocalSearchServer, indexName: string | undefined, question = PROXY_QUESTION): Promise<Response> {
  return fetch(`${server.url}/agent-studio/1/agents/agent-7/completions?stream=true&compatibilityMode=ai-sdk-5`, {
    method: 'POST',
    headers: { ...credentials, 'content-type': 'application/json' },
    body: JSON.stringify({
      id: 'conversation-1',
      trigger: 'submit-message',
      messages: [{ id: 'user-1', role: 'user', parts: [{ type: 'text', text: question }] }],
      ...(indexName !== undefined ? { algolia: { indices: [indexName] } } : {}),
    }),
  });
}

/**
 * The URLs an answer cites (the links of its text, and any source chunks) and those its search
 * found, after checking it is a whole stream.
 */
async function citations(response: Response): Promise<{ sources: string[]; hits: string[] }> {
  expect(response.status).toBe(200);
  const { chunks, done } = parseStream(await response.text());
  expect(done).toBe(true);
  expect(chunks.at(-1)).toMatchObject({ type: 'finish' });
  const text = chunks.filter((chunk) => chunk.type === 'text-delta').map((chunk) => chunk.delta as string).join('');
  const links = [...text.matchAll(/\]\((\/[^)\s]*)\)/g)].map((match) => match[1]!);
  const sources = [...links, ...chunks.filter((chunk) => chunk.type === 'source-url').map((chunk) => chunk.url as string)];
  const output = chunks.find((chunk) => chunk.type === 'tool-output-available')?.output as { hits?: { url: string }[] } | undefined;
  return { sources, hits: (output?.hits ?? []).map((hit) => hit.url) };
}

async function feedback(server: LocalSearchServer): Promise<Response> {
  return fetch(`${server.url}/chat/feedback`, {
    method: 'POST',
    headers: { authorization: `TOKEN ${await token(server)}`, 'x-algolia-assistant-id': ASSISTANT, 'content-type': 'application/json' },
    body: JSON.stringify({ appId: DEFAULT_APP_ID, messageId: 'user-1', thumbs: 1 }),
  });
}

async function suggestedQuestions(server: LocalSearchServer): Promise<string[]> {
  const lite = liteClient(DEFAULT_APP_ID, DEFAULT_API_KEY, { hosts: [{ url: server.url.replace('http://', ''), protocol: 'http', accept: 'read' }] });
  const { results } = await lite.search({ requests: [{ indexName: SUGGESTED_QUESTIONS_INDEX, query: '', filters: `state:published AND assistantId:${ASSISTANT}`, hitsPerPage: 3 }] });
  return (results[0] as { hits: { question: string }[] }).hits.map((hit) => hit.question);
}

async function expectUnknownIndex(response: Response, indexName: string): Promise<void> {
  expect(response.status).toBe(404);
  expect(await response.json()).toEqual({ status: 404, message: expect.stringContaining(`Index does not exist: "${indexName}"`) });
}

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'sitesearch-chat-pushed-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe('Ask AI on an application that starts empty (serve --admin-key on an empty folder)', () => {
  it('answers from an index pushed after start, on both backends, and from it again after a restart that reads it back', async () => {
    const pushedDir = join(scratch, 'empty-app');
    const start = () => startServer({ port: 0, indexes: {}, adminKey: ADMIN_KEY, pushedDir, suggestedQuestions: ['How do I proxy requests?'] });
    const first = await start();
    try {
      // Nothing served yet: the documented 404, on both backends.
      await expectUnknownIndex(await askAssistant(first, 'docs'), 'docs');
      await expectUnknownIndex(await askAgent(first, 'docs'), 'docs');

      await push(first, 'docs', underPath('/pushed'));
      expect(first.pushedIndexes()).toEqual(['docs']);

      const assistant = await citations(await askAssistant(first, 'docs'));
      expect(assistant.hits).toContain('/pushed/config/server-options#server-proxy');
      expect(assistant.sources.length).toBeGreaterThan(0);
      expect(assistant.sources.every((url) => url.startsWith('/pushed/'))).toBe(true);
      // The agent backend too, named or not (its default is a served index).
      for (const named of ['docs', undefined]) {
        const agent = await citations(await askAgent(first, named));
        expect(agent.hits).toContain('/pushed/config/server-options#server-proxy');
      }
      // The rest of what the Ask AI screen calls works on this application too.
      expect((await feedback(first)).status).toBe(200);
      expect(await suggestedQuestions(first)).toEqual(['How do I proxy requests?']);
      // Still 404 for an index nobody pushed.
      await expectUnknownIndex(await askAssistant(first, 'nope'), 'nope');
      await expectUnknownIndex(await askAgent(first, 'nope'), 'nope');
    } finally {
      await first.close();
    }

    // Restarted on the same folder: the index read back from disk is served, Ask AI included.
    const second = await start();
    try {
      expect(second.pushedIndexes()).toEqual(['docs']);
      const restored = await citations(await askAssistant(second, 'docs'));
      expect(restored.hits).toContain('/pushed/config/server-options#server-proxy');
      expect(restored.sources.length).toBeGreaterThan(0);
      expect(restored.sources.every((url) => url.startsWith('/pushed/'))).toBe(true);
      expect((await citations(await askAgent(second, 'docs'))).hits).toContain('/pushed/config/server-options#server-proxy');
      await expectUnknownIndex(await askAssistant(second, 'nope'), 'nope');
    } finally {
      await second.close();
    }
  });

  it('answers an agent request that names no index with the documented 404 when the server has none', async () => {
    const empty = await startServer({ port: 0, indexes: {}, adminKey: ADMIN_KEY });
    try {
      const response = await askAgent(empty, undefined);
      expect(response.status).toBe(404);
      // Said as such, not as an index named "undefined".
      expect(await response.json()).toEqual({ status: 404, message: 'Index does not exist: the request names no index and this server has none yet' });
    } finally {
      await empty.close();
    }
  });
});

describe('Ask AI on a server with a startup index and pushed ones', () => {
  let server: LocalSearchServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, indexes: { docs: SAMPLE_RECORDS }, adminKey: ADMIN_KEY });
  });
  afterAll(() => server.close());

  it('answers from each index as named: the startup one and one pushed after start', async () => {
    await push(server, 'pushed', underPath('/other-site'));
    const fromStartup = await citations(await askAssistant(server, 'docs'));
    expect(fromStartup.hits).toContain('/config/server-options#server-proxy');
    const fromPushed = await citations(await askAssistant(server, 'pushed'));
    expect(fromPushed.hits).toContain('/other-site/config/server-options#server-proxy');
    expect(fromPushed.sources.length).toBeGreaterThan(0);
    expect(fromPushed.sources.every((url) => url.startsWith('/other-site/'))).toBe(true);
    expect(fromStartup.sources.length).toBeGreaterThan(0);
    expect(fromStartup.sources.some((url) => url.startsWith('/other-site/'))).toBe(false);
    expect((await citations(await askAgent(server, 'pushed'))).hits).toContain('/other-site/config/server-options#server-proxy');
  });

  it('answers 404 once a pushed index is deleted', async () => {
    await push(server, 'short-lived', underPath('/gone'));
    expect((await citations(await askAssistant(server, 'short-lived'))).hits.length).toBeGreaterThan(0);
    const admin = algoliasearch(DEFAULT_APP_ID, ADMIN_KEY, { hosts: [{ url: server.url.replace('http://', ''), protocol: 'http', accept: 'readWrite' }] });
    await admin.waitForTask({ indexName: 'short-lived', taskID: (await admin.deleteIndex({ indexName: 'short-lived' })).taskID });
    await expectUnknownIndex(await askAssistant(server, 'short-lived'), 'short-lived');
    await expectUnknownIndex(await askAgent(server, 'short-lived'), 'short-lived');
  });
});

describe('a push in progress (the temporary index of replaceAllObjects)', () => {
  it('is invisible to search, chat and the list of indices until moved into place; the live index answers as before meanwhile', async () => {
    const server = await startServer({ port: 0, indexes: {}, adminKey: ADMIN_KEY });
    try {
      await push(server, 'docs', underPath('/old'));
      const hosts = [{ url: server.url.replace('http://', ''), protocol: 'http' as const, accept: 'readWrite' as const }];
      const admin = algoliasearch(DEFAULT_APP_ID, ADMIN_KEY, { hosts });
      const reader = liteClient(DEFAULT_APP_ID, DEFAULT_API_KEY, { hosts });
      const topUrl = async (indexName: string): Promise<string | undefined> => {
        const { results } = await reader.search<{ url: string }>({ requests: [{ indexName, query: 'proxy' }] });
        return (results[0] as { hits: { url: string }[] }).hits[0]?.url;
      };
      // What replaceAllObjects sends up to its move, step by step, so the push can be looked at mid-way.
      const temporary = 'docs_tmp_123456';
      await admin.waitForTask({ indexName: temporary, taskID: (await admin.operationIndex({ indexName: 'docs', operationIndexParams: { operation: 'copy', destination: temporary, scope: ['settings', 'rules', 'synonyms'] } })).taskID });
      await admin.saveObjects({ indexName: temporary, objects: underPath('/new') as unknown as Record<string, unknown>[], waitForTasks: true });

      await expect(reader.search({ requests: [{ indexName: temporary, query: 'proxy' }] })).rejects.toMatchObject({ status: 404, message: `Index ${temporary} does not exist` });
      await expectUnknownIndex(await askAssistant(server, temporary), temporary);
      await expectUnknownIndex(await askAgent(server, temporary), temporary);
      expect(server.pushedIndexes()).toEqual(['docs']);
      expect(await topUrl('docs')).toMatch(/^\/old\//);
      // The agent backend's default index is a published one, never the push in progress.
      expect((await citations(await askAgent(server, undefined))).hits.every((url) => url.startsWith('/old/'))).toBe(true);
      // The write API still sees it: the client's own steps (settings, browse, tasks) need it.
      expect(await admin.getSettings({ indexName: temporary })).toBeTruthy();

      await admin.waitForTask({ indexName: temporary, taskID: (await admin.operationIndex({ indexName: temporary, operationIndexParams: { operation: 'move', destination: 'docs' } })).taskID });
      expect(server.pushedIndexes()).toEqual(['docs']);
      expect(await topUrl('docs')).toMatch(/^\/new\//);
      expect((await citations(await askAssistant(server, 'docs'))).hits.every((url) => url.startsWith('/new/'))).toBe(true);
    } finally {
      await server.close();
    }
  });
});
