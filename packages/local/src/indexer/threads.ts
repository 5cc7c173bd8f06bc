/** Starting the indexer's worker threads, from the built package or from its TypeScript sources. */
import { createHash } from 'node:crypto';
import { readdir, rename, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * Starts a worker on `<name>.js` beside this module. Run from the TypeScript sources (tests,
 * benches under tsx) there is only `<name>.ts`: it is bundled with esbuild (a dev dependency,
 * there whenever the sources are run) into one plain module, which a worker loads in a few ms
 * where registering tsx in each worker would take a second.
 */
export async function startWorker(name: 'page-worker' | 'write-worker', workerData: unknown): Promise<Worker> {
  const here = import.meta.url;
  if (here.endsWith('.js')) return new Worker(new URL(`${WORKERS_DIR}${name}.js`, here), { workerData });
  return new Worker(await bundledWorker(name), { workerData });
}

/**
 * Set by the CLI's bundle (`scripts/bundle.mjs`): this code then runs from `dist/cli.js`, and
 * the workers are in `dist/indexer/`. Everywhere else they are beside this module.
 */
declare const SITESEARCH_WORKERS_DIR: string | undefined;
const WORKERS_DIR = typeof SITESEARCH_WORKERS_DIR === 'string' ? SITESEARCH_WORKERS_DIR : './';

const bundled = new Map<string, Promise<string>>();
function bundledWorker(name: string): Promise<string> {
  let file = bundled.get(name);
  if (!file) bundled.set(name, (file = bundle(name)));
  return file;
}

async function bundle(name: string): Promise<string> {
  // Kept in the temp folder between runs, named after the sources it was built from (by size
  // and time of change), so a bench or test run pays for esbuild only after an edit.
  const entry = fileURLToPath(new URL(`./${name}.ts`, import.meta.url));
  const sources = new URL('..', import.meta.url);
  const stamp = createHash('sha1').update(name);
  for (const entryName of (await readdir(sources, { recursive: true })).sort()) {
    if (!entryName.endsWith('.ts') || entryName.includes('node_modules')) continue;
    const info = await stat(new URL(entryName, sources));
    stamp.update(`${entryName}\0${info.size}\0${info.mtimeMs}\0`);
  }
  const file = join(tmpdir(), `sitesearch-${name}-${stamp.digest('hex').slice(0, 16)}.mjs`);
  if (await stat(file).catch(() => null)) return file;
  const { build } = await import('esbuild');
  const result = await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', write: false });
  // Written under a temporary name, then renamed: a concurrent run never loads half a file.
  const partial = `${file}.${process.pid}.tmp`;
  await writeFile(partial, result.outputFiles[0]!.contents);
  await rename(partial, file);
  return file;
}
