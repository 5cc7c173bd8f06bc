/**
 * Runs after `tsc` (`pnpm build`): replaces `dist/cli.js` and the indexer's worker modules with
 * one-file bundles of themselves. `sitesearch index` on a small site is mostly start-up, and
 * resolving and compiling ~60 modules (ours, css-select, entities and their dependencies)
 * took ~60 ms of it, measured on the shared 2-core machine; one file loads in a few ms. The
 * rest of `dist` stays as tsc wrote it, for the package's exports; the server and push, which
 * `index` does not need, stay outside the CLI's bundle and load from there when asked for.
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const src = fileURLToPath(new URL('../src/', import.meta.url));
const shared = { bundle: true, platform: 'node', format: 'esm', target: 'node20', sourcemap: true, logLevel: 'warning', allowOverwrite: true };

await Promise.all([
  build({
    ...shared,
    entryPoints: [`${src}cli.ts`],
    outfile: `${dist}cli.js`,
    // Loaded by `serve`, `push` and `crawl` only, from tsc's output beside the bundle. esbuild is
    // what `startWorker` bundles workers with when run from the TypeScript sources, never from
    // here; playwright-core is an optional peer dependency that `crawl --render` loads if present.
    external: ['./server/*', './push/*', './crawl/*', 'esbuild', 'playwright-core'],
    // The bundle runs from dist/, the worker bundles are in dist/indexer/ (see `startWorker`).
    define: { SITESEARCH_WORKERS_DIR: JSON.stringify('./indexer/') },
  }),
  ...['page-worker', 'write-worker'].map((name) =>
    build({ ...shared, entryPoints: [`${src}indexer/${name}.ts`], outfile: `${dist}indexer/${name}.js` }),
  ),
]);
