import { mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { algoliasearch } from 'algoliasearch';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SAMPLE_RECORDS } from '../test-support/records.js';
import { DEFAULT_API_KEY, DEFAULT_APP_ID, startServer, type LocalSearchServer } from './server.js';

vi.setConfig({ testTimeout: 30_000 });

const ADMIN_KEY = 'test-admin-key';
let server: LocalSearchServer;

beforeAll(async () => {
  server = await startServer({ port: 0, indexes: { docs: SAMPLE_RECORDS }, adminKey: ADMIN_KEY });
});
afterAll(() => server.close());

/** The FULL client (the one `sitesearch push` uses), every request to the loopback. */
function client(apiKey = ADMIN_KEY, appId = DEFAULT_APP_ID) {
  return algoliasearch(appId, apiKey, { hosts: [{ url: server.url.replace('http://', ''), protocol: 'http', accept: 'readWrite' }] });
}

const quickTasks = { timeout: () => 5 };

describe('the write API with the real algoliasearch client', () => {
  it('replaces all objects atomically: settings copied, tmp index moved over the live one, searchable at once', async () => {
    const admin = client();
    await admin.setSettings({ indexName: 'pushed', indexSettings: { attributesForFaceting: ['language'], attributeForDistinct: 'url' } });
    await admin.replaceAllObjects({ indexName: 'pushed', objects: SAMPLE_RECORDS, batchSize: 4 });

    const paths = server.writeRequests.map((r) => `${r.method} ${r.path.replace(/_tmp_\d+/, '_tmp_N').replace(/task\/\d+/, 'task/N')}`);
    expect(paths).toContain('POST /1/indexes/pushed/operation');
    expect(paths).toContain('POST /1/indexes/pushed_tmp_N/batch');
    expect(paths).toContain('POST /1/indexes/pushed_tmp_N/operation');
    expect(server.pushedIndexes()).toEqual(['pushed']);
    expect(await admin.getSettings({ indexName: 'pushed' })).toEqual({ attributesForFaceting: ['language'], attributeForDistinct: 'url' });

    // Searchable with the search key, as the same records served from memory.
    const search = client(DEFAULT_API_KEY);
    const [pushed, local] = await Promise.all(
      ['pushed', 'docs'].map((indexName) => search.searchSingleIndex({ indexName, searchParams: { query: 'proxy' } })),
    );
    expect(pushed!.hits.map((hit) => hit.objectID)).toEqual(local!.hits.map((hit) => hit.objectID));
    expect(pushed!.nbHits).toBeGreaterThan(0);
  });

  it('saves, deletes and browses records; browse pages with a cursor and retrieves only what is asked', async () => {
    const admin = client();
    await admin.saveObjects({ indexName: 'browsed', objects: SAMPLE_RECORDS, batchSize: 3, waitForTasks: true });
    await admin.deleteObjects({ indexName: 'browsed', objectIDs: [SAMPLE_RECORDS[0]!.objectID], waitForTasks: true });
    const seen: Record<string, unknown>[] = [];
    await admin.browseObjects({
      indexName: 'browsed',
      browseParams: { attributesToRetrieve: ['url'], hitsPerPage: 2 },
      aggregator: (response) => seen.push(...(response.hits as Record<string, unknown>[])),
    });
    expect(seen).toHaveLength(SAMPLE_RECORDS.length - 1);
    expect(seen[0]).toEqual({ objectID: SAMPLE_RECORDS[1]!.objectID, url: SAMPLE_RECORDS[1]!.url });
  });

  it('refuses writes from the search key with the provider\'s message, and a wrong key or app id as invalid', async () => {
    await expect(client(DEFAULT_API_KEY).setSettings({ indexName: 'x', indexSettings: {} })).rejects.toMatchObject({ status: 403, message: 'Method not allowed with this API key' });
    await expect(client('wrong-key').batch({ indexName: 'x', batchWriteParams: { requests: [] } })).rejects.toMatchObject({ status: 403, message: 'Invalid Application-ID or API key' });
    await expect(client(ADMIN_KEY, 'OTHERAPP').getSettings({ indexName: 'pushed' })).rejects.toMatchObject({ status: 403, message: 'Invalid Application-ID or API key' });
    expect(server.pushedIndexes()).not.toContain('x');
  });

  it('keeps indexes served from files read-only and answers 404 for a missing index\'s settings', async () => {
    await expect(client().setSettings({ indexName: 'docs', indexSettings: {} })).rejects.toMatchObject({ status: 403, message: expect.stringContaining('read-only') });
    await expect(client().getSettings({ indexName: 'nothing-here' })).rejects.toMatchObject({ status: 404, message: 'Index does not exist' });
  });

  it('leaves the live index serving when a batch fails mid-way, and cleans up the temporary index', async () => {
    const admin = client();
    await admin.replaceAllObjects({ indexName: 'stable', objects: SAMPLE_RECORDS.slice(0, 4), batchSize: 2 });
    server.setWriteFaults({ status: 400, batch: 2 });
    await expect(admin.replaceAllObjects({ indexName: 'stable', objects: SAMPLE_RECORDS, batchSize: 2 })).rejects.toMatchObject({ status: 400 });
    server.setWriteFaults(null);
    expect(server.pushedIndexes().filter((name) => name.startsWith('stable'))).toEqual(['stable']);
    // Deleted, not only hidden: the write API, which sees temporary indices, no longer knows it.
    const temporary = server.writeRequests.map((r) => /\/1\/indexes\/(stable_tmp_\d+)\//.exec(r.path)?.[1]).filter((name) => name !== undefined).at(-1)!;
    await expect(admin.getSettings({ indexName: temporary })).rejects.toMatchObject({ status: 404 });
    const { nbHits } = await client(DEFAULT_API_KEY).searchSingleIndex({ indexName: 'stable', searchParams: { query: '', distinct: false } });
    expect(nbHits).toBe(4);
  });

  it('analyses a pushed index in the languages its settings name, as push sets them (configuring finds configuration)', async () => {
    const admin = client();
    const record = { objectID: 'c1', url: '/guide/config', url_without_anchor: '/guide/config', anchor: null, type: 'content', hierarchy: { lvl0: 'Guide', lvl1: 'Config', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null }, content: 'Read the configuration reference first.' };
    const search = client(DEFAULT_API_KEY);
    const found = async (indexName: string): Promise<number> => (await search.searchSingleIndex({ indexName, searchParams: { query: 'configuring ', removeWordsIfNoResults: 'none' } })).nbHits ?? 0;
    await admin.saveObjects({ indexName: 'unknown-language', objects: [record], waitForTasks: true });
    await admin.setSettings({ indexName: 'english', indexSettings: { indexLanguages: ['en'], queryLanguages: ['en'] } });
    await admin.saveObjects({ indexName: 'english', objects: [record], waitForTasks: true });
    // No language: words match as written (no stem); English: by their stem, as the local index of an English page.
    expect(await found('unknown-language')).toBe(0);
    expect(await found('english')).toBe(1);
  });

  it('makes tasks slow on demand: the client polls until published', async () => {
    server.setWriteFaults({ taskPolls: 2 });
    const admin = client();
    const { taskID } = await admin.setSettings({ indexName: 'slow', indexSettings: { distinct: 1 } });
    const before = server.writeRequests.length;
    await admin.waitForTask({ indexName: 'slow', taskID, ...quickTasks });
    server.setWriteFaults(null);
    expect(server.writeRequests.slice(before).filter((r) => r.path.includes('/task/'))).toHaveLength(3);
  });
});

describe('a server started without an admin key', () => {
  it('stays read-only: every write is refused with 403', async () => {
    const readOnly = await startServer({ port: 0, indexes: { docs: SAMPLE_RECORDS } });
    try {
      const hosts = [{ url: readOnly.url.replace('http://', ''), protocol: 'http' as const, accept: 'readWrite' as const }];
      await expect(algoliasearch(DEFAULT_APP_ID, DEFAULT_API_KEY, { hosts }).saveObjects({ indexName: 'n', objects: [{ objectID: 'a' }] })).rejects.toMatchObject({
        status: 403,
        message: 'Method not allowed with this API key',
      });
      await expect(algoliasearch(DEFAULT_APP_ID, 'anything', { hosts }).setSettings({ indexName: 'n', indexSettings: {} })).rejects.toMatchObject({ status: 403 });
      expect(readOnly.pushedIndexes()).toEqual([]);
    } finally {
      await readOnly.close();
    }
  });
});

describe('an empty application that keeps pushed indices in a folder', () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'sitesearch-pushed-'));
  });
  afterAll(() => rm(scratch, { recursive: true, force: true }));

  function clientOf(target: LocalSearchServer, apiKey = ADMIN_KEY) {
    return algoliasearch(DEFAULT_APP_ID, apiKey, { hosts: [{ url: target.url.replace('http://', ''), protocol: 'http', accept: 'readWrite' }] });
  }
  const start = (pushedDir: string) => startServer({ port: 0, indexes: {}, adminKey: ADMIN_KEY, pushedDir });
  async function browseAll(target: LocalSearchServer, indexName: string): Promise<Record<string, unknown>[]> {
    const seen: Record<string, unknown>[] = [];
    await clientOf(target).browseObjects({ indexName, aggregator: (response) => void seen.push(...(response.hits as Record<string, unknown>[])) });
    return seen;
  }

  it('starts with no index and a missing folder (created), and answers a search of an unknown index as the provider does', async () => {
    const pushedDir = join(scratch, 'missing', 'indexes');
    const empty = await start(pushedDir);
    try {
      expect((await stat(pushedDir)).isDirectory()).toBe(true);
      expect(empty.pushedIndexes()).toEqual([]);
      const answer = await fetch(`${empty.url}/1/indexes/*/queries`, {
        method: 'POST',
        headers: { 'x-algolia-application-id': DEFAULT_APP_ID, 'x-algolia-api-key': DEFAULT_API_KEY },
        body: JSON.stringify({ requests: [{ indexName: 'docs', query: 'x' }] }),
      });
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({ message: 'Index docs does not exist', status: 404 });
      await expect(clientOf(empty, DEFAULT_API_KEY).searchSingleIndex({ indexName: 'docs', searchParams: { query: 'x' } })).rejects.toMatchObject({
        status: 404,
        message: 'Index docs does not exist',
      });
    } finally {
      await empty.close();
    }
  });

  it('refuses to start empty without an admin key, and a folder without one', async () => {
    await expect(startServer({ port: 0, indexes: {} })).rejects.toThrow('"indexes" is required (it may be empty only with "adminKey")');
    await expect(startServer({ port: 0, indexes: { docs: SAMPLE_RECORDS }, pushedDir: join(scratch, 'x') })).rejects.toThrow('"pushedDir" needs "adminKey"');
  });

  it('reads pushed records and settings back after a restart, in the format `sitesearch index` writes, with no temporary index left', async () => {
    const pushedDir = join(scratch, 'restart');
    const first = await start(pushedDir);
    const settings = { attributesForFaceting: ['language'], attributeForDistinct: 'url', customRanking: ['desc(weight.level)'] };
    let before: Record<string, unknown>[];
    let hitsBefore: string[];
    try {
      const admin = clientOf(first);
      await admin.setSettings({ indexName: 'docs', indexSettings: settings });
      await admin.replaceAllObjects({ indexName: 'docs', objects: SAMPLE_RECORDS, batchSize: 4 });
      await admin.saveObjects({ indexName: 'gone', objects: [{ objectID: 'a' }], waitForTasks: true });
      await admin.waitForTask({ indexName: 'gone', taskID: (await admin.deleteIndex({ indexName: 'gone' })).taskID, ...quickTasks });
      before = await browseAll(first, 'docs');
      hitsBefore = (await clientOf(first, DEFAULT_API_KEY).searchSingleIndex({ indexName: 'docs', searchParams: { query: 'proxy' } })).hits.map((hit) => hit.objectID);
    } finally {
      await first.close();
    }
    // One folder per live index: the temporary index was moved, the deleted one removed.
    expect(await readdir(pushedDir)).toEqual(['docs']);

    const second = await start(pushedDir);
    try {
      expect(second.pushedIndexes()).toEqual(['docs']);
      expect(await browseAll(second, 'docs')).toEqual(before);
      expect(await clientOf(second).getSettings({ indexName: 'docs' })).toEqual(settings);
      const { hits } = await clientOf(second, DEFAULT_API_KEY).searchSingleIndex({ indexName: 'docs', searchParams: { query: 'proxy' } });
      expect(hits.map((hit) => hit.objectID)).toEqual(hitsBefore);
      expect(hitsBefore.length).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
    // The saved folder is a local index: a read-only server (as `serve --out` is) answers from it alike.
    const readOnly = await startServer({ port: 0, indexes: { docs: join(pushedDir, 'docs') } });
    try {
      const { hits } = await clientOf(readOnly, DEFAULT_API_KEY).searchSingleIndex({ indexName: 'docs', searchParams: { query: 'proxy' } });
      expect(hits.map((hit) => hit.objectID)).toEqual(hitsBefore);
    } finally {
      await readOnly.close();
    }
  });

  it('after a crash mid-save, starts from the last whole version and removes the half-written one', async () => {
    const pushedDir = join(scratch, 'crash');
    const first = await start(pushedDir);
    try {
      await clientOf(first).saveObjects({ indexName: 'docs', objects: SAMPLE_RECORDS.slice(0, 3), waitForTasks: true });
    } finally {
      await first.close();
    }
    // What a crash leaves between a save's two renames: the live version set aside, the next one half written.
    await rename(join(pushedDir, 'docs'), join(pushedDir, '.replaced-docs.0a1b2c'));
    await mkdir(join(pushedDir, '.writing-docs.3d4e5f', 'records'), { recursive: true });
    await writeFile(join(pushedDir, '.writing-docs.3d4e5f', 'records', '0.json'), '{"r":[');

    const second = await start(pushedDir);
    try {
      expect((await browseAll(second, 'docs')).map((record) => record.objectID)).toEqual(SAMPLE_RECORDS.slice(0, 3).map((record) => record.objectID));
      expect(await readdir(pushedDir)).toEqual(['docs']);
    } finally {
      await second.close();
    }
  });

  it('does not publish a task whose change could not be saved, and says why', async () => {
    const pushedDir = join(scratch, 'unwritable');
    const server = await start(pushedDir);
    try {
      // The store's folder replaced by a file: every save fails.
      await rm(pushedDir, { recursive: true });
      await writeFile(pushedDir, 'not a folder');
      const { taskID } = (await clientOf(server).saveObjects({ indexName: 'docs', objects: [{ objectID: 'a' }] }))[0]!;
      let answer: Response;
      do {
        await new Promise((resolve) => setTimeout(resolve, 10));
        answer = await fetch(`${server.url}/1/indexes/docs/task/${taskID}`, { headers: { 'x-algolia-application-id': DEFAULT_APP_ID, 'x-algolia-api-key': ADMIN_KEY } });
      } while (answer.status === 200 && ((await answer.json()) as { status: string }).status === 'notPublished');
      expect(answer.status).toBe(500);
      expect(await answer.json()).toEqual({ status: 500, message: expect.stringMatching(/^cannot save pushed indices in .*unwritable: .*ENOTDIR/) });
    } finally {
      await server.close();
    }
  });
});
