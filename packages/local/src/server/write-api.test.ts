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
    const { nbHits } = await client(DEFAULT_API_KEY).searchSingleIndex({ indexName: 'stable', searchParams: { query: '', distinct: false } });
    expect(nbHits).toBe(4);
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
