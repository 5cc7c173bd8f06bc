/**
 * Runs after `tsc` (`pnpm build`): replaces `dist/cli.js` and the indexer's worker modules with
 * one-file bundles of themselves. `sitesearch index` on a small site is mostly start-up, and
 * resolving and compiling ~60 modules (ours, htmlparser2, css-select and their dependencies)
 * took ~60 ms of it, measured on the shared 2-core machine; one file loads in a few ms. The
 * rest of `dist` stays as tsc wrote it, for the package's exports; the server and push, which
 * `index` does not need, stay outside the CLI's bundle and load from there when asked for.
 *
 * The indexer itself (everything `buildSiteIndex` runs) is a bundle of its own,
 * `dist/indexer/index-site.cjs`, which the CLI loads with V8's code cache (`code-cache.ts`):
 * made here, by indexing the test fixtures' site with it, so that the functions an index build
 * runs are compiled once, when the package is built, rather than on each run.
 */
import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const src = fileURLToPath(new URL('../src/', import.meta.url));
const shared = { bundle: true, platform: 'node', format: 'esm', target: 'node20', sourcemap: true, logLevel: 'warning', allowOverwrite: true };
// The bundles run from dist/, the worker bundles are in dist/indexer/ (see `startWorker`).
const workersDir = { SITESEARCH_WORKERS_DIR: JSON.stringify('./indexer/') };
const indexerBundle = `${dist}indexer/index-site.cjs`;

/** The CLI's `import { buildSiteIndex } from './indexer/build-site.js'`, taken from the cached indexer bundle. */
const cachedIndexer = {
  name: 'cached-indexer',
  setup(plugin) {
    plugin.onResolve({ filter: /^\.\/indexer\/build-site\.js$/ }, (args) =>
      args.importer === `${src}cli.ts` ? { path: 'build-site', namespace: 'cached-indexer' } : undefined,
    );
    plugin.onLoad({ filter: /.*/, namespace: 'cached-indexer' }, () => ({
      resolveDir: src,
      loader: 'js',
      contents: `
        import { fileURLToPath } from 'node:url';
        import { loadBundle } from './indexer/code-cache.ts';
        // The indexer's import.meta.url is the CLI's: its workers are found from dist/ (workersDir).
        const { exports } = loadBundle(fileURLToPath(new URL('./indexer/index-site.cjs', import.meta.url)), import.meta.url);
        export const buildSiteIndex = exports.buildSiteIndex;
      `,
    }));
  },
};

await Promise.all([
  build({
    ...shared,
    entryPoints: [`${src}cli.ts`],
    outfile: `${dist}cli.js`,
    // Loaded by `serve` and `push` only, from tsc's output beside the bundle. esbuild is what
    // `startWorker` bundles workers with when run from the TypeScript sources, never from here.
    external: ['./server/*', './push/*', 'esbuild'],
    define: workersDir,
    plugins: [cachedIndexer],
  }),
  build({
    ...shared,
    format: 'cjs',
    entryPoints: [`${src}indexer/build-site.ts`],
    outfile: indexerBundle,
    external: ['esbuild'],
    define: { ...workersDir, 'import.meta.url': '__importMetaUrl' },
  }),
  ...['page-worker', 'write-worker'].map((name) =>
    build({ ...shared, entryPoints: [`${src}indexer/${name}.ts`], outfile: `${dist}indexer/${name}.js` }),
  ),
]);

// The code cache: what a build on this thread compiles (the fixtures' site is read without workers).
const { loadBundle } = await import(pathToFileURL(`${dist}indexer/code-cache.js`).href);
const out = mkdtempSync(join(tmpdir(), 'sitesearch-code-cache-'));
try {
  const indexer = loadBundle(indexerBundle, pathToFileURL(`${dist}cli.js`).href);
  await indexer.exports.buildSiteIndex({ dir: `${src}indexer/__fixtures__/site`, outDir: out, workers: 1 });
  indexer.saveCache();
} finally {
  rmSync(out, { recursive: true, force: true });
}
