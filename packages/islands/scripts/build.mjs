#!/usr/bin/env node
// Builds @sitesearch/islands:
// - dist/lib:    tsc output (ESM + .d.ts) for `./core` and `./shell`, and the types of every entry;
// - dist/js:     the JavaScript entry, the UI compiled with Preact (react aliased to src/ui/reactOnPreact.ts);
// - dist/react:  the React entry, the same UI compiled against the page's React;
// - dist/cdn:    `sitesearch.js` (classic script) + `sitesearch-modal.js` (the modal, with the rest of its
//                option resolver) + `sitesearch-sidepanel.js` (the Sidepanel, with its option resolver)
//                + `sitesearch-local.js` (the local index client, for `sitesearch.localIndex()`) + `sitesearch-early.js`
//                (the widgets' shortcuts before a hydrated page's code runs) + `sitesearch.css` (the button's
//                styles) + `sitesearch-modal.css` (the modal's, added by the loader) + `sitesearch-chat.css`
//                (the chat's, added when Ask AI is first used);
// - dist/styles: `button.css` (every page), `sidepanel-button.css` (pages with a Sidepanel), `modal.css`
//                (with the widget), `chat.css` (with Ask AI's chat), `sidepanel.css` (with the panel),
//                `sitesearch.css` (all of them).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, transform } from 'esbuild';
import { rollup } from 'rollup';
import { createGenerator } from '@unocss/core';
import { sidepanelButtonPreflight } from '../src/styles/sidepanel.mjs';
import { stylesheetConfigs } from '../src/styles/uno.config.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
rmSync(dist, { recursive: true, force: true });

execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });

/**
 * The UI is written against the React API; these builds render it with Preact, through the few
 * React features it uses written over Preact's core and hooks (`src/ui/reactOnPreact.ts`), not
 * `preact/compat` (about 2.5 KB gzip more in the modal's chunk).
 */
const reactOnPreact = join(root, 'src/ui/reactOnPreact.ts');
const preactAlias = {
  react: reactOnPreact,
  'react-dom': reactOnPreact,
  'react-dom/client': reactOnPreact,
  'react/jsx-runtime': 'preact/jsx-runtime',
};
/**
 * Resolves a relative `./Name.js` import to the source file of exactly that name. esbuild's
 * `.js` → `.ts` rewrite matches names case-insensitively, so with `Markdown.tsx` beside
 * `markdown.ts` it picks `Markdown.ts`, which does not exist (the chat chunk has such pairs).
 */
const exactCaseSources = {
  name: 'exact-case-sources',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\/.*\.js$/ }, ({ path, resolveDir }) => {
      const base = join(resolveDir, path.slice(0, -'.js'.length));
      const names = new Set(readdirSync(dirname(base)));
      for (const extension of ['.ts', '.tsx']) if (names.has(basename(base) + extension)) return { path: base + extension };
      return undefined;
    });
  },
};
/**
 * ES2020 syntax, except public class fields, which are kept as written: every browser the widgets'
 * styles already need (`inset` in modal.css: Chrome 87, Firefox 66, Safari 14.1) runs them, and
 * lowering them (the lite client's error classes) put a helper and a `defineProperty` call per
 * field in the files before the first result (176 B gzip there, 59 B in the Sidepanel's).
 */
const target = 'es2020';
const supported = { 'class-field': true };
const common = { bundle: true, jsx: 'automatic', target, supported, legalComments: 'none', logLevel: 'warning', absWorkingDir: root, plugins: [exactCaseSources] };

/**
 * The CDN build's ES modules, in two steps. esbuild compiles them (it resolves, aliases and
 * transforms) and splits them at every entry and dynamic import; Rollup then regroups esbuild's
 * chunks. esbuild gives each distinct set of importers a chunk of its own, which spread the first
 * result over 13 files and the Sidepanel's first answer over 18, each gzipped on its own and
 * each a request. Rollup keeps a module that a dynamic import's importer has already loaded with
 * that importer, lets an entry carry exports its chunks need (no facade file) and merges chunks
 * under 500 bytes into one loaded under the same conditions: 3 files to the first result, 4 to the
 * panel, about 1.4 and 2.4 KB gzip fewer (`pnpm bench`). Then each file is minified.
 */
/**
 * Which backend answers (core/chat/backend.ts) is a file of its own. Under 500 bytes, Rollup merged
 * it into the chunk the modal and the Sidepanel share, so the search modal loaded it before its
 * first result and never used it (103 B gzip); only the chat, the stored conversations and the
 * Sidepanel do. Found by the module comment esbuild writes (the module imports types only, so
 * nothing else follows it into the chunk).
 */
const chatBackendApart = (id, { getModuleInfo }) => (/^\/\/ src\/core\/chat\/backend\.ts$/m.test(getModuleInfo(id)?.code ?? '') ? 'chatBackend' : undefined);

async function buildCdnModules(entryPoints) {
  const compiled = await build({
    ...common,
    entryPoints,
    outdir: '/cdn-modules',
    chunkNames: '[name]-[hash]',
    splitting: true,
    format: 'esm',
    // Names are kept for Rollup's tree-shaking and chunk names; the files are minified at the end.
    minifySyntax: true,
    alias: preactAlias,
    // Classic JSX over Preact's `h` (src/ui/preactJsx.ts): 103 B gzip fewer before the first result, 203 B in the Sidepanel's answer.
    jsx: 'transform',
    jsxFactory: 'h',
    jsxFragment: 'Fragment',
    inject: [join(root, 'src/ui/preactJsx.ts')],
    write: false,
  });
  const files = new Map(compiled.outputFiles.map((output) => [basename(output.path), output.text]));
  const bundle = await rollup({
    input: Object.fromEntries(Object.keys(entryPoints).map((name) => [name, `${name}.js`])),
    preserveEntrySignatures: 'allow-extension',
    plugins: [
      {
        name: 'esbuild-output',
        resolveId: (source) => (files.has(basename(source)) ? basename(source) : null),
        load: (id) => files.get(id),
      },
    ],
    // Warnings only: the chunk merge reports its counts at the info level.
    logLevel: 'warn',
  });
  await bundle.write({
    dir: join(dist, 'cdn'),
    format: 'es',
    entryFileNames: '[name].js',
    // esbuild's chunk names end in its own hash: the name is kept (the bench finds chunks by it), the hash is Rollup's.
    chunkFileNames: (chunk) => `sitesearch-${chunk.name.replace(/-[A-Z0-9]{8}$/, '')}-[hash].js`,
    experimentalMinChunkSize: 500,
    manualChunks: chatBackendApart,
    plugins: [{ name: 'minify', renderChunk: async (code) => (await transform(code, { minify: true, target, supported, format: 'esm', legalComments: 'none' })).code }],
  });
  await bundle.close();
}

await Promise.all([
  build({
    ...common,
    entryPoints: { index: 'src/entries/js.ts', modal: 'src/entries/modal.ts', sidepanel: 'src/entries/sidepanel.ts' },
    outdir: 'dist/js',
    format: 'esm',
    splitting: true,
    alias: preactAlias,
    external: ['preact', 'preact/*', 'htm', 'algoliasearch', 'algoliasearch/*'],
  }),
  build({
    ...common,
    entryPoints: { index: 'src/entries/react.tsx' },
    outdir: 'dist/react',
    format: 'esm',
    splitting: true,
    external: ['react', 'react/*', 'react-dom', 'react-dom/*', 'htm', 'algoliasearch', 'algoliasearch/*'],
  }),
  build({ ...common, entryPoints: ['src/entries/cdn.ts'], outfile: 'dist/cdn/sitesearch.js', format: 'iife', minify: true, alias: preactAlias }),
  // The provider's lite client is a chunk of its own: pages on the local index
  // (`sitesearch.localIndex()`) never download it. The second half of the option resolver
  // (translations) ships in the modal's entry: both load together on first interaction; the
  // `askAi` rules and the chat's texts are a chunk its resolver imports when the page needs them.
  // The Sidepanel's file shares the Preact runtime and the chat's chunks with the modal's.
  // The loader imports the resolver's second half from the modal's file (`src/entries/cdnModal.ts`).
  buildCdnModules({ 'sitesearch-modal': 'src/entries/cdnModal.ts', 'sitesearch-sidepanel': 'src/entries/cdnSidepanel.ts' }),
  // The widgets' shortcuts before a hydrated page's code runs (src/shell/earlyShortcuts.ts), for
  // the SSG plugins to link in the head and React pages to copy: a classic script of its own.
  build({ ...common, entryPoints: ['src/entries/early.ts'], outfile: 'dist/cdn/sitesearch-early.js', format: 'iife', minify: true }),
  // Split: each stemmer of the local index (one per language, `@sitesearch/local`'s analysis) and
  // its word segmenter are chunks that the client imports only when the index's manifest says so.
  // ES2022, unlike the rest: lowering the engine's private fields to ES2020 put esbuild's helpers
  // in a chunk of their own, a second file before the first result (every browser with
  // `Intl.Segmenter`, which the local index needs for Chinese and Japanese, runs ES2022).
  build({
    ...common,
    target: 'es2022',
    entryPoints: { 'sitesearch-local': 'src/entries/cdnLocal.ts' },
    outdir: 'dist/cdn',
    chunkNames: 'sitesearch-local-[name]-[hash]',
    splitting: true,
    format: 'esm',
    minify: true,
  }),
]);

async function stylesheet(config) {
  const generator = await createGenerator(config);
  const { css } = await generator.generate('', { safelist: true, preflights: true, minify: true, extendedInfo: false });
  // Shortcuts are emitted on demand, so every component class is listed as used.
  const { css: components } = await generator.generate(Object.keys(config.shortcuts).join(' '), { preflights: false });
  const minified = await transform(`${css}\n${components}`, { loader: 'css', minify: true });
  return minified.code;
}
const button = await stylesheet(stylesheetConfigs.button);
const modal = await stylesheet(stylesheetConfigs.modal);
const chat = await stylesheet(stylesheetConfigs.chat);
const sidepanel = await stylesheet(stylesheetConfigs.sidepanel);
// The Sidepanel trigger's few rules: plain CSS (no utilities), minified as written.
const sidepanelButton = (await transform(sidepanelButtonPreflight, { loader: 'css', minify: true })).code;
for (const [file, css] of [
  ['styles/button.css', button],
  // Linked, before any interaction, only by pages with a Sidepanel (the Astro integration adds it
  // when `sidepanel` is configured): 0.4 KB gzip that a modal-only page no longer loads.
  ['styles/sidepanel-button.css', sidepanelButton],
  ['styles/modal.css', modal],
  ['styles/chat.css', chat],
  // The Sidepanel's panel, loaded on intent with its code.
  ['styles/sidepanel.css', sidepanel],
  // Everything, for bundler users who link one stylesheet (the chat's rules come last: some refine the modal's).
  ['styles/sitesearch.css', button + sidepanelButton + modal + sidepanel + chat],
  // The page links only the buttons' styles (render-blocking on every page); the loader adds the
  // modal's, from its own folder, on the first interaction, and the chat adds its own on first use.
  // The Sidepanel trigger's rules stay in this file rather than a file of their own: in it they
  // cost 0.2 KB gzip (they share the button's words), alone 0.4 KB plus a request; and
  // `window.sidepanel()` draws the trigger at the call, so a <link> it added then would arrive
  // after the trigger: a page would paint it unstyled (in the flow, at the end of the body) first.
  ['cdn/sitesearch.css', button + sidepanelButton],
  ['cdn/sitesearch-modal.css', modal],
  ['cdn/sitesearch-chat.css', chat],
  // Added by the loader with the panel's code, on intent.
  ['cdn/sitesearch-sidepanel.css', sidepanel],
]) {
  mkdirSync(dirname(join(dist, file)), { recursive: true });
  writeFileSync(join(dist, file), css);
}
console.log('built @sitesearch/islands → dist/{lib,js,react,cdn,styles}');
