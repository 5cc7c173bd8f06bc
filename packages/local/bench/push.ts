/**
 * `tsx bench/push.ts`: time and bytes of `sitesearch push` (indexing included) to the loopback
 * write API, with the real algoliasearch client, for the Vite and Vitest docs and, with
 * SITESEARCH_BENCH_PUSH_PAGES=<n>, a synthetic site of n pages. Loopback has no network
 * latency: the figures are the command's own cost (indexer, JSON, client), not the provider's.
 */
import { mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { indexSite } from '../src/indexer/site.js';
import { pushSite } from '../src/push/push.js';
import { formatBytes } from '../src/push/progress.js';
import { DEFAULT_APP_ID, startServer } from '../src/server/server.js';
import { findCorpus, renderCorpusSite } from './render-corpus.js';
import { writeSyntheticSite } from './synthetic-site.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const OUT = join(HERE, '..', '.generated', 'bench-push');
const SYNTHETIC_PAGES = Number(process.env.SITESEARCH_BENCH_PUSH_PAGES ?? 0);
const ADMIN_KEY = 'bench-admin-key';

async function main(): Promise<void> {
  await rm(OUT, { recursive: true, force: true });
  await mkdir(OUT, { recursive: true });
  const sites: [string, string][] = [];
  for (const name of ['vite', 'vitest']) {
    const dir = join(OUT, name);
    await renderCorpusSite(join(findCorpus(), name), dir, name === 'vite' ? 'Vite' : 'Vitest');
    sites.push([name, dir]);
  }
  if (SYNTHETIC_PAGES > 0) {
    const viteRecords = (await indexSite({ dir: sites[0]![1] })).records;
    const vocabulary = [...new Set(viteRecords.flatMap((record) => (record.content ?? '').toLowerCase().match(/[a-z]{3,}/g) ?? []))];
    const dir = join(OUT, 'synthetic');
    await writeSyntheticSite(dir, SYNTHETIC_PAGES, vocabulary);
    sites.push([`synthetic ${SYNTHETIC_PAGES}`, dir]);
  }

  const server = await startServer({ port: 0, indexes: { unused: [] }, adminKey: ADMIN_KEY });
  const quiet = { write: () => {}, isTTY: false };
  console.log('## sitesearch push to the loopback write API     pages  records  bytes      batches  full push  incremental, nothing changed');
  try {
    for (const [name, dir] of sites) {
      const full = await pushSite({ dir, appId: DEFAULT_APP_ID, apiKey: ADMIN_KEY, indexName: name, host: server.url, output: quiet });
      const again = await pushSite({ dir, appId: DEFAULT_APP_ID, apiKey: ADMIN_KEY, indexName: name, host: server.url, output: quiet, incremental: true });
      console.log(
        `${name.padEnd(48)} ${String(full.pages).padStart(5)}  ${String(full.records).padStart(7)}  ${formatBytes(full.bytes).padEnd(9)}  ${String(full.batches).padStart(7)}  ${`${Math.round(full.durationMs)} ms`.padStart(9)}  ${Math.round(again.durationMs)} ms`,
      );
    }
  } finally {
    await server.close();
  }
}

await main();
