// Before/after: index bytes and the index data fetched before the first result, the baseline
// CLI and client (commit 98d9492) against the current ones, on the bench's rendered sites.
import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startStaticServer } from './src/test-support/static-server.ts';
import { createLocalSearchClient as current } from './src/client/index.ts';
// @ts-ignore baseline sources
import { createLocalSearchClient as baseline } from '/tmp/base-src/packages/local/src/client/index.ts';

const WIDGET = { hitsPerPage: 5, attributesToSnippet: ['content:10'], attributesToRetrieve: ['hierarchy', 'content', 'type', 'url'] };
async function bytes(dir: string): Promise<{ raw: number; gz: number; files: number }> {
  let raw = 0, gz = 0, files = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const text = await readFile(join(entry.parentPath, entry.name));
    raw += text.length; gz += gzipSync(text).length; files++;
  }
  return { raw, gz, files };
}
for (const [site, queries] of [['vite', ['server proxy', 'configuring', 'plugins']], ['vitest', ['mock', 'snapshots', 'configuring']]] as const) {
  const work = await mkdtemp(join(tmpdir(), `analysis-${site}-`));
  await cp(join('.generated/bench', site), join(work, 'site'), { recursive: true, filter: (path) => !/\/(sitesearch|pagefind)$/.test(path) });
  const out: Record<string, unknown> = {};
  for (const [label, cli, client] of [['baseline', '/tmp/analysis-baseline/dist/cli.js', baseline], ['now', 'dist/cli.js', current]] as const) {
    const dir = join(work, 'site');
    await rm(join(dir, 'sitesearch'), { recursive: true, force: true });
    execFileSync(process.execPath, [cli, 'index', dir, '--clean-urls'], { stdio: 'ignore' });
    const index = await bytes(join(dir, 'sitesearch'));
    const server = await startStaticServer(dir);
    const first: string[] = [];
    for (const query of queries) {
      server.reset();
      const c = client({ url: `${server.url}/sitesearch/` });
      const { results } = await c.search({ requests: [{ indexName: 'docs', query, ...WIDGET }] });
      let gz = 0;
      for (const file of server.served) gz += gzipSync(await readFile(join(dir, file.path))).length;
      first.push(`${query}: ${(gz / 1024).toFixed(1)} KB gz ${server.served.length} files, ${results[0].nbHits} hits, top ${results[0].hits.slice(0, 3).map((h: { url: string }) => h.url.replace(/^.*\//, '')).join(' ')}`);
    }
    await server.close();
    out[label] = { index: `${(index.raw / 1024).toFixed(1)} KB raw, ${(index.gz / 1024).toFixed(1)} KB gz, ${index.files} files`, first };
  }
  console.log(site, JSON.stringify(out, null, 1));
  await rm(work, { recursive: true, force: true });
}
