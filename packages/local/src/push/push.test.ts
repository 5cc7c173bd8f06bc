import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { algoliasearch } from 'algoliasearch';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { findCorpus, renderCorpusSite } from '../../bench/render-corpus.js';
import { buildSiteIndex } from '../indexer/build-site.js';
import { indexSite } from '../indexer/site.js';
import { DEFAULT_API_KEY, DEFAULT_APP_ID, startServer, type LocalSearchServer } from '../server/server.js';
import { loopbackHosts, useScratch } from '../test-support/crawl-site.js';
import { pushSite, PushError, type PushOptions } from './push.js';
import { toPushRecords } from './records.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const ADMIN_KEY = 'push-test-admin-key';
const FIXTURE_SITE = fileURLToPath(new URL('../indexer/__fixtures__/site', import.meta.url));

const scratch = useScratch('sitesearch-push-');
let server: LocalSearchServer;
let viteSite: string;

beforeAll(async () => {
  viteSite = join(scratch.dir, 'vite');
  await renderCorpusSite(join(findCorpus(), 'vite'), viteSite, 'Vite');
  // The local index as a site ships it (its files, languages included), not its bare records.
  const local = await buildSiteIndex({ dir: viteSite, outDir: join(scratch.dir, 'vite-index') });
  server = await startServer({ port: 0, indexes: { local: local.outDir }, adminKey: ADMIN_KEY });
});
afterAll(async () => {
  await server?.close();
});
beforeEach(() => server.setWriteFaults(null));

/** Collects what push prints, as a CI log (no terminal). */
function capture(): { write(text: string): void; isTTY: boolean; text(): string } {
  let text = '';
  return { write: (chunk) => void (text += chunk), isTTY: false, text: () => text };
}

function push(options: Partial<PushOptions> & { dir: string; indexName: string }): Promise<Awaited<ReturnType<typeof pushSite>>> {
  return pushSite({ appId: DEFAULT_APP_ID, apiKey: ADMIN_KEY, host: server.url, output: capture(), retry: { retries: 2, baseDelayMs: 1 }, ...options });
}

// The first search of a pushed index builds its engine; on a loaded machine that can outlast the client's 5 s read timeout.
const PATIENT = { connect: 10_000, read: 60_000, write: 60_000 };

function searchClient() {
  return algoliasearch(DEFAULT_APP_ID, DEFAULT_API_KEY, { hosts: loopbackHosts(server), timeouts: PATIENT });
}

async function topUrls(indexName: string, query: string, hitsPerPage = 5): Promise<string[]> {
  const { hits } = await searchClient().searchSingleIndex<{ url: string }>({ indexName, searchParams: { query, hitsPerPage } });
  return hits.map((hit) => hit.url);
}

async function copyOf(dir: string): Promise<string> {
  const copy = await mkdtemp(join(scratch.dir, 'site-'));
  await cp(dir, copy, { recursive: true });
  return copy;
}

describe('sitesearch push against the loopback write API', () => {
  it('pushes the Vite docs atomically; the pushed index answers like the local index', async () => {
    const output = capture();
    const report = await push({ dir: viteSite, indexName: 'vite', output });
    expect(report.mode).toBe('replace');
    expect(report.records).toBeGreaterThan(1000);
    expect(report.batches).toBe(Math.ceil(report.records / 1000));
    expect(output.text()).toMatch(new RegExp(`Pushed ${report.records} records \\([\\d.]+ MB\\) from ${report.pages} pages to index "vite" of app "${DEFAULT_APP_ID}" at ${server.url} in [\\d.]+ s: ${report.batches} batches, 0 retries, atomic replace, settings updated`));
    expect(output.text()).toContain(`  batch ${report.batches}/${report.batches}: ${report.records}/${report.records} records`);
    // Only the live index remains: the temporary one was moved over it.
    expect(server.pushedIndexes()).toEqual(['vite']);

    for (const query of ['server proxy', 'defineConfig', 'build.rollupOptions', 'env variables', 'ssr', 'plugin api hooks', 'css modules']) {
      const [pushed, local] = await Promise.all([topUrls('vite', query), topUrls('local', query)]);
      expect(pushed.length, query).toBeGreaterThan(0);
      expect(pushed, query).toEqual(local);
    }
    const settings = await algoliasearch(DEFAULT_APP_ID, ADMIN_KEY, { hosts: loopbackHosts(server), timeouts: PATIENT }).getSettings({ indexName: 'vite' });
    expect(settings).toMatchObject({ attributeForDistinct: 'url', distinct: 1, attributesForFaceting: expect.arrayContaining(['type', 'hierarchy.lvl0']), indexLanguages: ['en'], queryLanguages: ['en'], ignorePlurals: true });

    // Same site again: settings already right, so only the records move.
    const again = await push({ dir: viteSite, indexName: 'vite' });
    expect(again.settingsChanged).toBe(false);
  });

  it('leaves the old index serving when a batch fails mid-way, and names the batch and the reason', async () => {
    const site = await copyOf(viteSite);
    await push({ dir: FIXTURE_SITE, indexName: 'midway' });
    const before = await topUrls('midway', 'example');
    expect(before.length).toBeGreaterThan(0);

    server.setWriteFaults({ status: 503, batch: 2 });
    const error = await push({ dir: site, indexName: 'midway' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PushError);
    expect((error as Error).message).toMatch(/^batch 2 of \d+ \(records 1001–2000, [\d.]+ [KM]B\) failed: HTTP 503 "injected fault: status 503" after 3 tries; the live index "midway" is unchanged$/);
    server.setWriteFaults(null);
    expect(await topUrls('midway', 'example')).toEqual(before);
    expect(server.pushedIndexes().filter((name) => name.startsWith('midway'))).toEqual(['midway']);
  });

  it('does not retry a batch the provider refuses, and says why (a record over the size limit)', async () => {
    const site = await copyOf(FIXTURE_SITE);
    await push({ dir: site, indexName: 'too-big' });
    await writeFile(join(site, 'huge.html'), `<html><body><main><h1>Huge</h1><p>${'word '.repeat(25_000)}</p></main></body></html>`);
    const error = await push({ dir: site, indexName: 'too-big' }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/^batch 1 of 1 \(records 1–\d+, [\d.]+ KB\) failed: HTTP 400 "Record at the position \d+ objectID=\w+ is too big size=\d+\/100000 bytes"; the live index "too-big" is unchanged$/);
    expect(await topUrls('too-big', 'huge')).toEqual([]);
  });

  it('retries a 429 and a 503 with backoff and says so', async () => {
    server.setWriteFaults({ status: 429, batch: 1, times: 1 });
    const output = capture();
    const report = await push({ dir: FIXTURE_SITE, indexName: 'retried', output });
    expect(report.retries).toBe(1);
    expect(output.text()).toContain('  HTTP 429: retry 1 in 0.0 s');
    server.setWriteFaults({ status: 503, batch: 1, times: 2 });
    expect((await push({ dir: FIXTURE_SITE, indexName: 'retried' })).retries).toBe(2);
    expect(await topUrls('retried', 'example')).not.toEqual([]);
  });

  it('--incremental uploads exactly the changed records and deletes those of a removed page', async () => {
    const site = await copyOf(FIXTURE_SITE);
    await push({ dir: site, indexName: 'incremental' });
    const before = toPushRecords((await indexSite({ dir: site })).records);

    const guide = join(site, 'guides/example.html');
    const { readFile } = await import('node:fs/promises');
    const html = await readFile(guide, 'utf8');
    const edited = html.replace(/(<p>)([^<]{10,})/, '$1Rewritten: $2');
    expect(edited).not.toBe(html);
    await writeFile(guide, edited);
    await rm(join(site, 'reference'), { recursive: true });
    const after = toPushRecords((await indexSite({ dir: site })).records);

    const hashesBefore = new Map(before.map((r) => [r.objectID, r.contentHash]));
    const expectedUploads = after.filter((r) => hashesBefore.get(r.objectID) !== r.contentHash).map((r) => r.objectID);
    const afterIds = new Set(after.map((r) => r.objectID));
    const expectedDeletes = before.filter((r) => !afterIds.has(r.objectID)).map((r) => r.objectID);
    expect(expectedUploads.length).toBeGreaterThan(0);
    expect(expectedDeletes.length).toBeGreaterThan(0);
    // Only the edited page's records change and the removed page's records go. An edited
    // paragraph is a new record (its objectID hashes its text): the old one is deleted.
    const pageOf = new Map([...before, ...after].map((r) => [r.objectID, r.url_without_anchor]));
    expect(new Set(expectedUploads.map((id) => pageOf.get(id)))).toEqual(new Set(['/guides/example.html']));
    expect(new Set(expectedDeletes.map((id) => pageOf.get(id)))).toEqual(new Set(['/guides/example.html', '/reference/']));
    expect(expectedDeletes.filter((id) => pageOf.get(id) === '/reference/')).toHaveLength(before.filter((r) => r.url_without_anchor === '/reference/').length);

    const output = capture();
    const report = await push({ dir: site, indexName: 'incremental', incremental: true, output });
    expect(report).toMatchObject({ mode: 'incremental', uploaded: expectedUploads.length, deleted: expectedDeletes.length, unchanged: after.length - expectedUploads.length });
    expect(output.text()).toContain(`${expectedUploads.length} record${expectedUploads.length === 1 ? '' : 's'} uploaded, ${expectedDeletes.length} deleted, ${after.length - expectedUploads.length} unchanged`);

    // The index now holds exactly the new records.
    const held: string[] = [];
    await algoliasearch(DEFAULT_APP_ID, ADMIN_KEY, { hosts: loopbackHosts(server), timeouts: PATIENT }).browseObjects({
      indexName: 'incremental',
      browseParams: { attributesToRetrieve: ['objectID'] },
      aggregator: (response) => held.push(...response.hits.map((hit) => hit.objectID)),
    });
    expect(held.sort()).toEqual([...afterIds].sort());
    expect(await topUrls('incremental', 'rewritten')).toEqual([expect.stringContaining('/guides/example.html')]);

    // Nothing changed since: nothing is sent.
    const idle = await push({ dir: site, indexName: 'incremental', incremental: true });
    expect(idle).toMatchObject({ uploaded: 0, deleted: 0, unchanged: after.length, batches: 0 });
  });

  it('--incremental on an index that does not exist yet falls back to an atomic replace', async () => {
    const output = capture();
    const report = await push({ dir: FIXTURE_SITE, indexName: 'fresh', incremental: true, output });
    expect(report.mode).toBe('replace');
    expect(output.text()).toContain('has no records from an earlier push: pushing everything (atomic replace)');
  });

  it('--dry-run prints the settings, the record count and the bytes, and sends nothing', async () => {
    const requestsBefore = server.writeRequests.length;
    const output = capture();
    const report = await pushSite({ dir: FIXTURE_SITE, appId: DEFAULT_APP_ID, indexName: 'dry', host: server.url, dryRun: true, output });
    expect(report.mode).toBe('dry-run');
    expect(output.text()).toMatch(/^Dry run: nothing was sent to index "dry"/m);
    expect(output.text()).toMatch(/3 pages → 19 records, [\d.]+ KB, in 1 batch of up to 19 records/);
    expect(output.text()).toMatch(/^Largest record: [\d.]+ (B|KB)$/m);
    expect(output.text()).toContain('"searchableAttributes": [');
    expect(output.text()).toContain('"attributeForDistinct": "url"');
    expect(server.writeRequests.length).toBe(requestsBefore);
    expect(server.pushedIndexes()).not.toContain('dry');
  });
});

describe('push refuses bad input and touches nothing', () => {
  async function refused(options: Partial<PushOptions> & { dir: string }): Promise<string> {
    const requestsBefore = server.writeRequests.filter((r) => r.method !== 'GET' && r.status === 200).length;
    const error = await push({ indexName: 'refused', ...options }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PushError);
    expect(server.writeRequests.filter((r) => r.method !== 'GET' && r.status === 200).length).toBe(requestsBefore);
    expect(server.pushedIndexes()).not.toContain('refused');
    expect((error as Error).message).not.toContain(ADMIN_KEY);
    return (error as Error).message;
  }

  it('no key', async () => {
    expect(await refused({ dir: FIXTURE_SITE, apiKey: undefined })).toMatch(/^no write key: set SITESEARCH_ADMIN_API_KEY/);
  });

  it('a search-only key', async () => {
    expect(await refused({ dir: FIXTURE_SITE, apiKey: DEFAULT_API_KEY })).toMatch(
      /^SITESEARCH_ADMIN_API_KEY is a search-only key: the provider refused to read the index settings \("Method not allowed with this API key"\).*nothing was changed$/,
    );
  });

  it('an unknown app or a wrong key', async () => {
    expect(await refused({ dir: FIXTURE_SITE, appId: 'NOSUCHAPP' })).toMatch(/^the provider refused app id "NOSUCHAPP" with this key \("Invalid Application-ID or API key"\): check --app-id and SITESEARCH_ADMIN_API_KEY; nothing was changed$/);
    expect(await refused({ dir: FIXTURE_SITE, apiKey: 'not-the-key' })).toMatch(/refused app id/);
  });

  it('a host that does not answer', async () => {
    // A port that was free a moment ago: nothing listens there.
    const { createServer } = await import('node:net');
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(probe.address() as { port: number }).port}`;
    await new Promise((resolve) => probe.close(resolve));
    expect(await refused({ dir: FIXTURE_SITE, host: url })).toMatch(/^cannot reach index "refused" of app "SITESEARCH" at http:\/\/127\.0\.0\.1:\d+ \(connection failed.*\): check --app-id, --host and the network; nothing was changed$/);
  });

  it('an empty site, a site of skipped pages, and unreadable pages', async () => {
    const empty = await mkdtemp(join(scratch.dir, 'empty-'));
    expect(await refused({ dir: empty })).toMatch(/^no \.html files under .*; nothing was sent$/);
    await writeFile(join(empty, '404.html'), '<html><body><h1>Not found</h1></body></html>');
    expect(await refused({ dir: empty })).toMatch(/^no pages to push in .*: every page was skipped or has no text; nothing was sent$/);
    const site = await copyOf(FIXTURE_SITE);
    await writeFile(join(site, 'broken.html'), Buffer.from([0x3c, 0x68, 0x00, 0x01, 0x02]));
    expect(await refused({ dir: site })).toMatch(/^1 page cannot be read \(.*broken\.html: not text \(binary content in an \.html file\)\); fix or exclude it \(--exclude\); nothing was sent$/);
  });

  it('a --host that is not a URL', async () => {
    expect(await refused({ dir: FIXTURE_SITE, host: '127.0.0.1:8787' })).toMatch(/^--host must be (a URL such as|an http)/);
    expect(await refused({ dir: FIXTURE_SITE, host: 'http://127.0.0.1:8787/api' })).toMatch(/^--host takes a host without a path/);
  });
});
