/**
 * What `sitesearch push` puts in the hosted index beside the indexer's records, read back from
 * the loopback server with the real client (a small site: the Vite-corpus suite is push.test.ts).
 */
import { fileURLToPath } from 'node:url';
import { algoliasearch } from 'algoliasearch';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_API_KEY, DEFAULT_APP_ID, startServer, type LocalSearchServer } from '../server/server.js';
import { loopbackHosts } from '../test-support/crawl-site.js';
import { pushSite, type PushOptions } from './push.js';

vi.setConfig({ testTimeout: 60_000 });

const ADMIN_KEY = 'pushed-records-admin-key';
const FIXTURE_SITE = fileURLToPath(new URL('../indexer/__fixtures__/site', import.meta.url));

let server: LocalSearchServer;
beforeAll(async () => {
  server = await startServer({ port: 0, indexes: {}, adminKey: ADMIN_KEY });
});
afterAll(() => server?.close());

function push(options: Partial<PushOptions> & { indexName: string }): ReturnType<typeof pushSite> {
  return pushSite({ dir: FIXTURE_SITE, appId: DEFAULT_APP_ID, apiKey: ADMIN_KEY, host: server.url, output: { write: () => {}, isTTY: false }, ...options });
}

async function browse(indexName: string): Promise<Record<string, unknown>[]> {
  const records: Record<string, unknown>[] = [];
  await algoliasearch(DEFAULT_APP_ID, ADMIN_KEY, { hosts: loopbackHosts(server) }).browseObjects({
    indexName,
    aggregator: (response) => void records.push(...(response.hits as Record<string, unknown>[])),
  });
  return records;
}

describe('pushed records', () => {
  it('carry one rank, weight.pageRank (where DocSearch records carry it), and the pushed index ranks by it', async () => {
    await push({ indexName: 'ranked', pageRank: { '/guides/*': 2 } });
    const records = await browse('ranked');
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) {
      expect(record).not.toHaveProperty('page_rank');
      expect((record.weight as { pageRank: number }).pageRank).toBe(String(record.url).includes('/guides/') ? 2 : 0);
    }
    expect(records.some((record) => (record.weight as { pageRank: number }).pageRank === 2)).toBe(true);
    // The engine reads weight.pageRank: the ranked page comes first for a word every page holds.
    const search = algoliasearch(DEFAULT_APP_ID, DEFAULT_API_KEY, { hosts: loopbackHosts(server) });
    const { hits } = await search.searchSingleIndex<{ url: string }>({ indexName: 'ranked', searchParams: { query: 'example' } });
    expect(hits[0]?.url).toContain('/guides/');
  });
});
