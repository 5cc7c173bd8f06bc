/**
 * What `sitesearch push` puts in the hosted index beside the indexer's records (the rank, the
 * synonyms), read back from the loopback server with the real client (a small site: the
 * Vite-corpus suite is push.test.ts).
 */
import { fileURLToPath } from 'node:url';
import { algoliasearch } from 'algoliasearch';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_API_KEY, DEFAULT_APP_ID, startServer, type LocalSearchServer } from '../server/server.js';
import { loopbackHosts } from '../test-support/crawl-site.js';
import type { SynonymHit } from '../engine/synonyms.js';
import { parseStream } from '../test-support/ui-stream.js';
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

const WALKTHROUGH: SynonymHit[] = [{ objectID: 'walkthrough', type: 'oneWaySynonym', input: 'walkthrough', synonyms: ['guides'] }];

async function topUrls(indexName: string, query: string): Promise<string[]> {
  const search = algoliasearch(DEFAULT_APP_ID, DEFAULT_API_KEY, { hosts: loopbackHosts(server) });
  const { hits } = await search.searchSingleIndex<{ url: string }>({ indexName, searchParams: { query, hitsPerPage: 3 } });
  return hits.map((hit) => hit.url);
}

describe('push --synonyms', () => {
  it('sends the synonyms into the temporary index before it is moved over the live one, so they arrive with the records', async () => {
    const before = server.writeRequests.length;
    const output = { text: '', write(chunk: string) { this.text += chunk; }, isTTY: false };
    await push({ indexName: 'with-synonyms', synonyms: WALKTHROUGH, output });
    const steps = server.writeRequests.slice(before).map((r) => `${r.method} ${r.path.replace(/_tmp_\d+/, '_tmp_N')}`);
    const synonymsSaved = steps.indexOf('POST /1/indexes/with-synonyms_tmp_N/synonyms/batch');
    const moved = steps.lastIndexOf('POST /1/indexes/with-synonyms_tmp_N/operation');
    expect(synonymsSaved).toBeGreaterThan(steps.indexOf('POST /1/indexes/with-synonyms_tmp_N/batch'));
    expect(moved).toBeGreaterThan(synonymsSaved);
    // Nothing written to the live index but its settings (and tasks polled): records and synonyms came with the move.
    expect(steps.filter((step) => step.includes('/indexes/with-synonyms/') && !step.includes('/settings') && !step.includes('/operation') && !step.includes('/task/'))).toEqual([]);
    expect(output.text).toMatch(/atomic replace, 1 synonym/);

    const admin = algoliasearch(DEFAULT_APP_ID, ADMIN_KEY, { hosts: loopbackHosts(server) });
    expect(await admin.searchSynonyms({ indexName: 'with-synonyms' })).toEqual({ hits: WALKTHROUGH, nbHits: 1 });
    expect((await topUrls('with-synonyms', 'walkthrough'))[0]).toContain('/guides/');
  });

  it('replaces the index\'s synonyms when given, keeps them when not (as set in the dashboard), and in place with --incremental', async () => {
    const admin = algoliasearch(DEFAULT_APP_ID, ADMIN_KEY, { hosts: loopbackHosts(server) });
    await push({ indexName: 'kept', synonyms: WALKTHROUGH });
    await push({ indexName: 'kept' });
    expect((await admin.searchSynonyms({ indexName: 'kept' })).hits).toEqual(WALKTHROUGH);
    const other: SynonymHit[] = [{ objectID: 'howto', type: 'synonym', synonyms: ['howto', 'guides'] }];
    await push({ indexName: 'kept', synonyms: other });
    expect((await admin.searchSynonyms({ indexName: 'kept' })).hits).toEqual(other);
    await push({ indexName: 'kept', synonyms: WALKTHROUGH, incremental: true });
    expect((await admin.searchSynonyms({ indexName: 'kept' })).hits).toEqual(WALKTHROUGH);
  });

  it('the local assistant over the pushed index finds pages through them', async () => {
    await push({ indexName: 'assisted', synonyms: WALKTHROUGH });
    const token = ((await (await fetch(`${server.url}/chat/token`, { method: 'POST', headers: { 'x-algolia-assistant-id': 'a1' } })).json()) as { token: string }).token;
    const ask = async (): Promise<string[]> => {
      const response = await fetch(`${server.url}/chat`, {
        method: 'POST',
        headers: {
          authorization: `TOKEN ${token}`,
          'x-algolia-application-id': DEFAULT_APP_ID,
          'x-algolia-api-key': DEFAULT_API_KEY,
          'x-algolia-index-name': 'assisted',
          'x-algolia-assistant-id': 'a1',
          'x-ai-sdk-version': 'v5',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ id: 'c1', trigger: 'submit-message', messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Is there a walkthrough?' }] }] }),
      });
      const { chunks } = parseStream(await response.text());
      const output = chunks.find((chunk) => chunk.type === 'tool-output-available')?.output as { hits?: { url: string }[] } | undefined;
      return (output?.hits ?? []).map((hit) => hit.url);
    };
    expect((await ask()).some((url) => url.includes('/guides/'))).toBe(true);
  });
});
