#!/usr/bin/env node
// Prints the gzip sizes of what a page loads, next to @docsearch/js measured in the same run.
// Each budget is printed as "within" or "OVER", and a figure over its budget makes the bench exit
// non-zero (so `pnpm bench` fails): a regression is seen at once, not in the next review.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { baseline as sidepanelBaseline, printSidepanelSizes, overText } from './sidepanelSizes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const gzip = (content) => gzipSync(content, { level: 9 }).length;
/** Files built in memory by this script (folder → name → contents), read before the disk. */
const inMemory = new Map();
const file = (path) => inMemory.get(dirname(path))?.get(basename(path)) ?? readFileSync(join(root, path));
const filesIn = (dir) => [...(inMemory.get(dir)?.keys() ?? readdirSync(join(root, dir)))];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Bundles an entry the way a page would get it (minified, every dependency included). */
async function bundle(entry, { external = [] } = {}) {
  const result = await build({
    entryPoints: [join(root, 'bench/entries', entry)],
    bundle: true,
    splitting: true,
    outdir: join(root, '.bench-out'),
    minify: true,
    format: 'esm',
    write: false,
    jsx: 'automatic',
    external,
    logLevel: 'error',
  });
  // With code splitting, the entry is what loads up front; lazy chunks are other files.
  return result.outputFiles.find((output) => output.path.endsWith(entry.replace(/\.ts$/, '.js'))).contents;
}

const loader = await bundle('loader.ts');
const loaderBoth = await bundle('loaderBoth.ts');
const buttonCss = file('dist/styles/button.css');
// Linked only by pages with a Sidepanel (the Astro integration adds it when `sidepanel` is set).
const sidepanelButtonCss = file('dist/styles/sidepanel-button.css');
// DocSearch's modal + sidepanel on one page, all up front (computed once, in sidepanelSizes.mjs).
const docsearchBoth = sidepanelBaseline().bothWidgets;
const modalCss = file('dist/styles/modal.css');
const chatCss = file('dist/styles/chat.css');
const cdnScript = file('dist/cdn/sitesearch.js');
// Linked by the SSG adapters (Docusaurus, Astro) on every page with a search button: the modal's
// shortcuts before the loader runs. A file of its own, gzipped on its own.
const earlyScript = file('dist/cdn/sitesearch-early.js');
const cdnLocal = file('dist/cdn/sitesearch-local.js');

/** A CDN file and every file it imports statically: what loads with it (lazy chunks, such as Ask AI's, are left out). */
function withStaticImports(name, found = new Set(), dir = 'dist/cdn') {
  if (found.has(name)) return found;
  found.add(name);
  const importsOf = /\bimport\s*(?:\{[^}]*\}\s*from\s*|\*\s*as\s*\w+\s*from\s*|\w+\s*from\s*)?"\.\/([\w.-]+\.js)"/g;
  for (const [, imported] of file(`${dir}/${name}`).toString().matchAll(importsOf)) withStaticImports(imported, found, dir);
  return found;
}
const cdnGzip = (names) => [...new Set(names)].reduce((sum, name) => sum + gzip(file(`dist/cdn/${name}`)), 0);
// The CDN page (the README's <link> and <script>) before any interaction, and once the first
// result shows with the hosted provider: the loader added the widget (with the resolver's second
// half), its styles and the lite client, each with what it imports statically.
const cdnBefore = cdnGzip(['sitesearch.js', 'sitesearch.css']);
const liteChunk = readdirSync(join(root, 'dist/cdn')).find((name) => /^sitesearch-browser-/.test(name));
const cdnFiles = (names) => Buffer.concat([...new Set(names)].map((name) => file(`dist/cdn/${name}`)));
// The modal with the chunks it imports statically (Preact may sit in a chunk shared with Ask AI's),
// with and without the provider's lite client, which is split off.
const cdnModalOnly = cdnFiles(withStaticImports('sitesearch-modal.js'));
const cdnModal = cdnFiles([...withStaticImports('sitesearch-modal.js'), ...withStaticImports(liteChunk)]);
const cdnAfterFiles = ['sitesearch.js', 'sitesearch.css', 'sitesearch-modal.css', ...withStaticImports('sitesearch-modal.js'), ...withStaticImports(liteChunk)];
const cdnAfter = cdnGzip(cdnAfterFiles);
// The same page with `askAi` set: the modal's file also imports, before the first result, the
// chunks it loads only for such pages (the `askAi` rules with the chat's texts, the Ask AI addon),
// and the addon lists the stored conversations as the modal mounts (their chunk). Its other
// dynamic imports are not for such pages: `insights`, and what a search that found nothing loads
// (the shorter queries to try, the no-results screen's help).
const dynamicImportsOf = (name) => [...file(`dist/cdn/${name}`).toString().matchAll(/\bimport\("\.\/([\w.-]+\.js)"\)/g)].map(([, imported]) => imported);
const askAiPageFiles = [...cdnAfterFiles];
for (const chunk of dynamicImportsOf('sitesearch-modal.js').filter((name) => /^sitesearch-askAi(Addon)?-/.test(name))) askAiPageFiles.push(...withStaticImports(chunk));
const storedConversations = readdirSync(join(root, 'dist/cdn')).find((name) => /^sitesearch-conversationsChunk-/.test(name));
askAiPageFiles.push(...withStaticImports(storedConversations));
const cdnAfterAskAi = cdnGzip(askAiPageFiles);
// Ask AI: the chat's chunk (chat core, chat components, Markdown) with what it imports
// statically, plus the chunk of the backend's transport (fetched as the chat starts; each backend's
// is a chunk of its own, and the LARGEST one is charged, whatever the page's backend), less what the
// modal already loaded; the local assistant is a further chunk the local transport imports on the
// first question. The conversation history screen is fetched when it first opens: not charged.
// The npm JS build is not minified: the site's bundler does that, and as it bundles it also renames
// what the package's chunks import from one another (a file-by-file minifier cannot: those names are
// the chunks' interface). So the JS build is measured as a site ships it: dist/js bundled again,
// Preact included, with its own chunks kept apart (code splitting), and minified. Preact lands with
// the modal, which loaded it already: the chat is not charged for it, as in the CDN row.
const transportPattern = (prefix) => new RegExp(`^${prefix}(assistant|agent|local)Transport-`);
const chatChunk = (dir, prefix, loadedEntries) => {
  const names = filesIn(dir);
  const entry = names.find((name) => new RegExp(`^${prefix}askAiChunk-`).test(name));
  const loaded = new Set(loadedEntries.flatMap((name) => [...withStaticImports(name, new Set(), dir)]));
  const chat = withStaticImports(entry, new Set(), dir);
  const transports = names.filter((name) => transportPattern(prefix).test(name));
  if (transports.length !== 3) throw new Error(`expected 3 transport chunks in ${dir}, found ${transports.join(', ') || 'none'}`);
  const measured = transports.map((transport) => {
    const files = [...new Set([...chat, ...withStaticImports(transport, new Set(), dir)])].filter((name) => !loaded.has(name));
    return { transport: transport.match(transportPattern(prefix))[1], bytes: gzip(files.map((name) => file(`${dir}/${name}`).toString()).join('\n')) };
  });
  const largest = measured.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  return { ...largest, all: measured };
};
// With askAi set, the modal host lists the recent conversations as it mounts, so the stored
// conversations' chunk has loaded before Ask AI can be opened: it is not the chat's to pay.
const conversationsChunk = (dir) => filesIn(dir).find((name) => /^(sitesearch-)?conversationsChunk-/.test(name));
const cdnChatSizes = chatChunk('dist/cdn', 'sitesearch-', ['sitesearch-modal.js', conversationsChunk('dist/cdn')]);
const jsSite = await build({
  entryPoints: [join(root, 'dist/js/index.js'), join(root, 'dist/js/modal.js')],
  bundle: true,
  splitting: true,
  outdir: join(root, 'dist/js-as-shipped'),
  minify: true,
  format: 'esm',
  write: false,
  external: ['htm', 'algoliasearch', 'algoliasearch/*'],
  logLevel: 'error',
});
inMemory.set('dist/js-as-shipped', new Map(jsSite.outputFiles.map((output) => [basename(output.path), Buffer.from(output.contents)])));
// With askAi set, the integrations' resolver (`resolveModalOptions`, the lazy React modal) imports
// the `askAi` rules and the chat's texts before the modal mounts (chatOptions): not the chat's to pay either.
const chatOptionsChunk = filesIn('dist/js-as-shipped').find((name) => /^chatOptions-/.test(name));
const jsChatSizes = chatChunk('dist/js-as-shipped', '', ['modal.js', conversationsChunk('dist/js-as-shipped'), chatOptionsChunk]);
// The integrations' widget (Astro's, the lazy React modal's): the JS build's modal with what it imports
// statically, as a site ships it (one file here; the site's bundler may group it otherwise).
const jsModal = gzip([...withStaticImports('modal.js', new Set(), 'dist/js-as-shipped')].map((name) => file(`dist/js-as-shipped/${name}`).toString()).join('\n'));
const cdnChat = cdnChatSizes.bytes;
const jsChat = jsChatSizes.bytes;
const cdnAssistant = file(`dist/cdn/${readdirSync(join(root, 'dist/cdn')).find((name) => /^sitesearch-assistant-/.test(name))}`);
const reactEntry = await bundle('react.ts', { external: ['react', 'react/*', 'react-dom', 'react-dom/*'] });

// Package folders through node_modules: these packages' "exports" hide package.json and the UMD files.
const packageDir = (name) => join(root, 'node_modules', name);
const docsearchDir = packageDir('@docsearch/js');
const docsearch4 = readFileSync(join(docsearchDir, 'dist/umd/index.js'));
const docsearchCss = readFileSync(join(packageDir('@docsearch/css'), 'dist/style.css'));
const docsearch5Dir = packageDir('docsearch-js-v5');
const docsearch5Keyword = readFileSync(join(docsearch5Dir, 'dist/umd/docsearch.js'));

const rows = [
  ['Up front: loader + button.css (SSG pages)', gzip(loader) + gzip(buttonCss), 3 * 1024, '@docsearch/js 4.7 + css (all up front)', gzip(docsearch4) + gzip(docsearchCss)],
  ['  the same with the early shortcut script (sitesearch-early.js: Docusaurus, Astro)', gzip(loader) + gzip(buttonCss) + gzip(earlyScript), undefined, '', undefined],
  // Issue #10's budget: bytes before interaction on a page with both widgets (each file gzipped on its own).
  ['Both widgets up front (SSG pages): loader with the Sidepanel island + button.css + the trigger\'s css', gzip(loaderBoth) + gzip(buttonCss) + gzip(sidepanelButtonCss), 4 * 1024,
    '@docsearch/js 4.7 + sidepanel-js 4.7 + their css', docsearchBoth],
  ['CDN page before any interaction: sitesearch.js + sitesearch.css', cdnBefore, 8 * 1024, '@docsearch/js 4.7 + css', gzip(docsearch4) + gzip(docsearchCss)],
  ['On first interaction: modal (Preact UI + lite client) + modal.css', gzip(cdnModal) + gzip(modalCss), 30 * 1024, '@docsearch/js 5.2 keyword-only + css', gzip(docsearch5Keyword) + gzip(docsearchCss)],
  // No budget was agreed for it: held at the figure measured when budgets became failures (36.4 KB) plus 1 KB.
  ['On first interaction, local index: modal + index client + modal.css', gzip(cdnModalOnly) + gzip(cdnLocal) + gzip(modalCss), 37.4 * 1024, '@docsearch/js 5.2 keyword-only + css', gzip(docsearch5Keyword) + gzip(docsearchCss)],
  // The accepted budget, which the figure met exactly when it was set (34.0 KB): nothing may add to it.
  ['CDN page after the first result (hosted provider)', cdnAfter, 34 * 1024, '@docsearch/js 4.7 + css', gzip(docsearch4) + gzip(docsearchCss)],
  ['  the same page with askAi set (its rules and texts, the Ask AI addon, stored conversations)', cdnAfterAskAi, undefined, '@docsearch/js 4.7 + css', gzip(docsearch4) + gzip(docsearchCss)],
  ['React entry, up front (React itself excluded)', gzip(reactEntry), undefined, '', undefined],
  [`On first Ask AI: chat + largest transport (${cdnChatSizes.transport}), CDN build`, cdnChat, 15 * 1024, '@docsearch/js 4.7 (chat included) + css', gzip(docsearch4) + gzip(docsearchCss)],
  [`On first Ask AI: chat + largest transport (${jsChatSizes.transport}), JS (min., no Preact)`, jsChat, 15 * 1024, '@docsearch/js 4.7 (chat included) + css', gzip(docsearch4) + gzip(docsearchCss)],
  ['First local answer: the local assistant chunk (CDN)', gzip(cdnAssistant), undefined, '', undefined],
];

const pad = (text, width) => String(text).padEnd(width);
console.log(`\n@sitesearch/islands — sizes (gzip -9), measured ${new Date().toISOString()}\n`);
const labelWidth = Math.max(68, ...rows.map(([label]) => label.length + 2));
console.log(`${pad('what', labelWidth)}${pad('SiteSearch', 14)}${pad('budget', 18)}baseline`);
const budgeted = [];
for (const [label, bytes, budget, baselineLabel, baseline] of rows) {
  if (budget !== undefined) budgeted.push({ label, bytes, budget });
  const budgetText = budget === undefined ? '' : `${bytes <= budget ? 'within' : 'OVER'} ${kb(budget)}`;
  const baselineText = baseline === undefined ? '' : `${kb(baseline)}  (${baselineLabel}; ${(baseline / bytes).toFixed(1)}× ours)`;
  console.log(`${pad(label, labelWidth)}${pad(kb(bytes), 14)}${pad(budgetText, 18)}${baselineText}`);
}
console.log(
  `\nparts: loader ${kb(gzip(loader))} (with the Sidepanel island ${kb(gzip(loaderBoth))}), button.css ${kb(gzip(buttonCss))}, sidepanel-button.css ${kb(gzip(sidepanelButtonCss))}, CDN script ${kb(gzip(cdnScript))}, early shortcut script ${kb(gzip(earlyScript))}, modal ${kb(gzip(cdnModalOnly))} (JS build, as shipped: ${kb(jsModal)}), ` +
    `lite client chunk ${kb(gzip(cdnModal) - gzip(cdnModalOnly))} (approx.), local index client ${kb(gzip(cdnLocal))}, modal.css ${kb(gzip(modalCss))}, chat.css (with the chat) ${kb(gzip(chatCss))}`,
);
const transportSizes = ({ all }) => all.map(({ transport, bytes }) => `${transport} ${kb(bytes)}`).join(', ');
console.log(`chat chunk(s) with each backend's transport: CDN ${transportSizes(cdnChatSizes)}; JS ${transportSizes(jsChatSizes)} (the largest is charged above)`);
budgeted.push(...printSidepanelSizes());
// The margins in bytes: a figure close to its budget shows here before it goes over.
console.log('\nheadroom, bytes under budget (negative: over)');
for (const { label, bytes, budget } of budgeted) console.log(`  ${pad(Math.round(budget - bytes), 8)}${bytes} of ${Math.round(budget)} B  ${label.trim()}`);
const over = budgeted.filter(({ bytes, budget }) => bytes > budget).map(overText);
if (over.length > 0) {
  console.error(`\nOVER BUDGET (${over.length}):\n${over.map((line) => `  ${line}`).join('\n')}`);
  process.exitCode = 1;
}
