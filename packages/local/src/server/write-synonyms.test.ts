/**
 * The synonym endpoints of the loopback write API with the real algoliasearch client: the
 * provider's answers, and searches (and Ask AI) of the pushed index honouring what was saved.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { algoliasearch } from 'algoliasearch';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SAMPLE_RECORDS } from '../test-support/records.js';
import { loopbackHosts } from '../test-support/crawl-site.js';
import { DEFAULT_API_KEY, DEFAULT_APP_ID, startServer, type LocalSearchServer } from './server.js';

vi.setConfig({ testTimeout: 30_000 });

const ADMIN_KEY = 'synonyms-admin-key';
const TUNNEL = { objectID: 'tunnel', type: 'oneWaySynonym' as const, input: 'tunnel', synonyms: ['proxy'] };

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'sitesearch-write-synonyms-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

const admin = (server: LocalSearchServer) => algoliasearch(DEFAULT_APP_ID, ADMIN_KEY, { hosts: loopbackHosts(server) });
const reader = (server: LocalSearchServer) => algoliasearch(DEFAULT_APP_ID, DEFAULT_API_KEY, { hosts: loopbackHosts(server) });

async function topUrls(server: LocalSearchServer, query: string): Promise<string[]> {
  const { hits } = await reader(server).searchSingleIndex<{ url: string }>({ indexName: 'docs', searchParams: { query, hitsPerPage: 3 } });
  return hits.map((hit) => hit.url);
}

describe('the synonym endpoints', () => {
  it('save, get, search, batch, delete and clear answer as the provider, and search honours each change at once', async () => {
    const server = await startServer({ port: 0, indexes: {}, adminKey: ADMIN_KEY });
    try {
      const client = admin(server);
      await client.saveObjects({ indexName: 'docs', objects: SAMPLE_RECORDS as unknown as Record<string, unknown>[], waitForTasks: true });
      expect(await topUrls(server, 'tunnel')).toEqual([]);

      const saved = await client.saveSynonym({ indexName: 'docs', objectID: 'tunnel', synonymHit: TUNNEL });
      expect(saved).toEqual({ taskID: expect.any(Number), updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), id: 'tunnel' });
      await client.waitForTask({ indexName: 'docs', taskID: saved.taskID });
      expect((await topUrls(server, 'tunnel'))[0]).toBe('/config/server-options#server-proxy');
      expect(await client.getSynonym({ indexName: 'docs', objectID: 'tunnel' })).toEqual(TUNNEL);

      const batch = await client.saveSynonyms({
        indexName: 'docs',
        synonymHit: [
          { objectID: 'port', type: 'synonym', synonyms: ['port', 'socket'] },
          { objectID: 'gateway', type: 'oneWaySynonym', input: 'gateway', synonyms: ['proxy'] },
        ],
      });
      expect(batch).toEqual({ taskID: expect.any(Number), updatedAt: expect.any(String) });
      expect(await client.searchSynonyms({ indexName: 'docs', searchSynonymsParams: { query: 'proxy' } })).toEqual({ hits: [TUNNEL, { objectID: 'gateway', type: 'oneWaySynonym', input: 'gateway', synonyms: ['proxy'] }], nbHits: 2 });
      expect((await client.searchSynonyms({ indexName: 'docs', searchSynonymsParams: { type: 'synonym' } })).hits.map((hit) => hit.objectID)).toEqual(['port']);

      // replaceExistingSynonyms: what was there before is gone.
      await client.saveSynonyms({ indexName: 'docs', synonymHit: [{ objectID: 'port', type: 'synonym', synonyms: ['port', 'socket'] }], replaceExistingSynonyms: true });
      expect((await client.searchSynonyms({ indexName: 'docs' })).nbHits).toBe(1);
      expect(await topUrls(server, 'tunnel')).toEqual([]);

      expect(await client.deleteSynonym({ indexName: 'docs', objectID: 'port' })).toEqual({ taskID: expect.any(Number), deletedAt: expect.any(String) });
      await expect(client.getSynonym({ indexName: 'docs', objectID: 'port' })).rejects.toMatchObject({ status: 404 });
      await client.saveSynonym({ indexName: 'docs', objectID: 'tunnel', synonymHit: TUNNEL });
      expect(await client.clearSynonyms({ indexName: 'docs' })).toEqual({ taskID: expect.any(Number), updatedAt: expect.any(String) });
      expect(await client.searchSynonyms({ indexName: 'docs' })).toEqual({ hits: [], nbHits: 0 });
      expect(await topUrls(server, 'tunnel')).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('refuses a bad synonym with a 400 naming the entry and the field, and changes nothing; the search key may not write', async () => {
    const server = await startServer({ port: 0, indexes: { files: SAMPLE_RECORDS }, adminKey: ADMIN_KEY });
    try {
      const client = admin(server);
      await client.saveSynonym({ indexName: 'docs', objectID: 'tunnel', synonymHit: TUNNEL });
      await expect(
        client.saveSynonyms({ indexName: 'docs', synonymHit: [{ objectID: 'a', type: 'synonym', synonyms: ['x', 'y'] }, { objectID: 'b', type: 'twoWay' as never }], replaceExistingSynonyms: true }),
      ).rejects.toMatchObject({ status: 400, message: expect.stringContaining('request body: entry 1 (objectID "b"): "type" must be one of synonym, oneWaySynonym') });
      await expect(client.saveSynonym({ indexName: 'docs', objectID: 'c', synonymHit: { objectID: 'c', type: 'altCorrection1', word: 'x' } })).rejects.toMatchObject({
        status: 400,
        message: expect.stringContaining('"corrections" is required for type altCorrection1'),
      });
      expect(await client.searchSynonyms({ indexName: 'docs' })).toEqual({ hits: [TUNNEL], nbHits: 1 });
      await expect(reader(server).saveSynonym({ indexName: 'docs', objectID: 'tunnel', synonymHit: TUNNEL })).rejects.toMatchObject({ status: 403, message: 'Method not allowed with this API key' });
      await expect(client.saveSynonym({ indexName: 'files', objectID: 'tunnel', synonymHit: TUNNEL })).rejects.toMatchObject({ status: 403, message: expect.stringContaining('read-only') });
    } finally {
      await server.close();
    }
  });

  it('keeps synonyms across a restart (synonyms.json beside settings.json), and none means no file', async () => {
    const pushedDir = join(scratch, 'restart');
    const start = () => startServer({ port: 0, indexes: {}, adminKey: ADMIN_KEY, pushedDir });
    const first = await start();
    try {
      const client = admin(first);
      await client.saveObjects({ indexName: 'docs', objects: SAMPLE_RECORDS as unknown as Record<string, unknown>[], waitForTasks: true });
      await client.saveObjects({ indexName: 'plain', objects: SAMPLE_RECORDS.slice(0, 2) as unknown as Record<string, unknown>[], waitForTasks: true });
      await client.waitForTask({ indexName: 'docs', taskID: (await client.saveSynonym({ indexName: 'docs', objectID: 'tunnel', synonymHit: TUNNEL })).taskID });
    } finally {
      await first.close();
    }
    expect((await readdir(join(pushedDir, 'docs'))).sort()).toContain('synonyms.json');
    expect(await readdir(join(pushedDir, 'plain'))).not.toContain('synonyms.json');
    const second = await start();
    try {
      expect(await admin(second).searchSynonyms({ indexName: 'docs' })).toEqual({ hits: [TUNNEL], nbHits: 1 });
      expect((await topUrls(second, 'tunnel'))[0]).toBe('/config/server-options#server-proxy');
    } finally {
      await second.close();
    }
  });
});
