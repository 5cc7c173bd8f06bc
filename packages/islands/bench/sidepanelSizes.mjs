// The Sidepanel's sizes (issue #10), next to @docsearch/sidepanel-js 4.7 measured in the same run:
// - what a page with BOTH widgets (search modal + Sidepanel) loads before any interaction;
// - what it has loaded once the panel is open and answering.
// Our side is read from the CDN build (dist/cdn), following the import graph of the built files,
// so a chunk added later is charged without touching this file. Until the Sidepanel's files are
// built, our side prints "not built"; the baselines print in any case. A figure over its budget
// is returned by printSidepanelSizes (sizes.mjs then exits non-zero) and makes this file exit
// non-zero when run on its own.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
let cdnDir = join(root, 'dist/cdn');
const gzip = (content) => gzipSync(content, { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

// Issue #10's 4 KB ("loader and both triggers' CSS") is the SSG pages' figure, printed by sizes.mjs
// (the island loader: those pages' options are checked at build time). The CDN script is also the
// API entry: it checks the options of both widgets at the call, so it is held to the CDN loader's
// budget of issue #12 (8 KB), which a page with both widgets must meet too.
const BUDGET_BEFORE = 8 * 1024;
// The accepted budget of the panel answering (page, panel, chat and the largest transport).
const BUDGET_ANSWERING = 40 * 1024;

// ---- the import graph of the built CDN chunks ----------------------------------------------

// esbuild's ESM chunks name their siblings as "./name.js": `import{a as b}from"./x.js"`,
// `import"./x.js"`, `export{a}from"./x.js"` (static, loaded with the importer) and
// `import("./x.js")` (dynamic, loaded when the code runs).
const staticImport = /(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g;
const dynamicImport = /\bimport\(\s*["']\.\/([\w.-]+\.js)["']\s*\)/g;
const importsOf = (name, pattern) => [...readFileSync(join(cdnDir, name), 'utf8').matchAll(pattern)].map(([, imported]) => imported);

// Dynamic imports the panel does NOT need to open and answer: each backend's transport (the
// largest one is charged, as the chat figure does), the conversation history screen (fetched
// when it first opens), the stored conversations' list (fetched when first used: saving the first
// answer once it has finished, the history screen, a hand-off from the modal; see
// deferredConversations.ts), an answer's actions (fetched once an answer shows, needed when it
// has finished; see ChatMessages.tsx), the local assistant (behind the local transport: its own figure), the
// provider's lite search client (the modal's search), the rules of `baseUrl` and `searchParameters`
// (the modal's askAi checks, imported only when one of those options is given: the hosted
// configuration measured here gives neither, as the modal's figures leave out its askAi checks),
// template support (loaded only when a text is a function: `aggregatedToolCallNode`), the inline
// variant's push code (the panel measured here is the default, floating one). Any other dynamic import is followed, so a
// new chunk counts against the Sidepanel until it is listed here with a reason.
const transportPattern = /^sitesearch-(assistant|agent|local)Transport-/;
const notOnTheWayToAnAnswer = [transportPattern, /^sitesearch-ConversationHistory-/, /^sitesearch-conversationsChunk-/, /^sitesearch-AnswerActions-/, /^sitesearch-assistant-/, /^sitesearch-browser-/, /^sitesearch-askAi-/, /^sitesearch-templates-/, /^sitesearch-pushContent-/];

/** The files that load with `roots`: static imports always, dynamic ones unless listed above. */
function loadedWith(roots, { followDynamic }) {
  const found = new Set();
  const left = new Set();
  const visit = (name) => {
    if (found.has(name)) return;
    found.add(name);
    for (const imported of importsOf(name, staticImport)) visit(imported);
    if (!followDynamic) return;
    for (const imported of importsOf(name, dynamicImport)) {
      if (notOnTheWayToAnAnswer.some((pattern) => pattern.test(imported))) left.add(imported);
      else visit(imported);
    }
  };
  roots.forEach(visit);
  return { files: found, left };
}

/** Each file gzipped on its own (as a server sends it), added up. */
const gzipFiles = (names) => [...new Set(names)].reduce((sum, name) => sum + gzip(readFileSync(join(cdnDir, name))), 0);
const missing = (names) => names.filter((name) => !existsSync(join(cdnDir, name)));

// ---- our side --------------------------------------------------------------------------------

// The page: the CDN script (loader for both widgets) and its stylesheet (both triggers' styles).
const upFront = ['sitesearch.js', 'sitesearch.css'];
// What the loader fetches for the panel: its chunk and its styles, plus the chat's styles
// (linked by the panel when it first opens).
const panelEntry = 'sitesearch-sidepanel.js';
const panelStyles = ['sitesearch-sidepanel.css', 'sitesearch-chat.css'];

function ourSide() {
  const notBuilt = missing([...upFront, panelEntry, ...panelStyles]);
  const before = missing(upFront).length === 0 ? gzipFiles(upFront) : undefined;
  if (notBuilt.length > 0) return { before, notBuilt };
  // Also any file the loader itself imports (it is a classic script today: none).
  const { files, left } = loadedWith([...upFront.filter((name) => name.endsWith('.js')), panelEntry], { followDynamic: true });
  const transports = readdirSync(cdnDir).filter((name) => transportPattern.test(name));
  // Each backend: the panel's files plus that transport with what it imports statically.
  const perTransport = transports.map((transport) => {
    const withTransport = new Set([...files, ...loadedWith([transport], { followDynamic: false }).files]);
    return { backend: transport.match(transportPattern)[1], names: withTransport, bytes: gzipFiles([...withTransport, ...upFront, ...panelStyles]) };
  });
  const largest = perTransport.reduce((a, b) => (b.bytes > a.bytes ? b : a), { backend: 'none', names: files, bytes: gzipFiles([...files, ...upFront, ...panelStyles]) });
  const panelJs = gzipFiles([...files].filter((name) => !upFront.includes(name)));
  // The same JS gzipped as one file (as the chat figure above counts): how much the split costs.
  const answeringJs = [...largest.names].filter((name) => !upFront.includes(name));
  const answeringJsOnePiece = gzip(Buffer.concat(answeringJs.map((name) => readFileSync(join(cdnDir, name)))));
  // Siblings the loader fetches by name (its own `sibling('…')` calls) that no figure here charges:
  // printed, so that a file the loader fetches for the panel (not imported by the panel's chunk)
  // is seen and added to panelEntry's side.
  const charged = new Set([...largest.names, ...upFront, ...panelStyles]);
  const namedByLoader = [...new Set(readFileSync(join(cdnDir, 'sitesearch.js'), 'utf8').match(/sitesearch-[\w.-]+?\.(?:js|css)(?=["'`])/g) ?? [])];
  return {
    before, answering: largest, perTransport, panelJs, panelCss: gzipFiles(panelStyles),
    answeringJs: gzipFiles(answeringJs), answeringJsOnePiece, answeringJsCount: answeringJs.length,
    left: [...left].filter((name) => !largest.names.has(name)),
    notCharged: namedByLoader.filter((name) => !charged.has(name)),
  };
}

// ---- the baseline: DocSearch 4.7, modal + sidepanel on one page ---------------------------

// Package folders through node_modules: these packages' "exports" hide the UMD files.
const packageFile = (name, path) => readFileSync(join(root, 'node_modules', name, path));
export function baseline() {
  const modalJs = gzip(packageFile('@docsearch/js', 'dist/umd/index.js'));
  const modalCss = gzip(packageFile('@docsearch/css', 'dist/style.css'));
  const sidepanelJs = gzip(packageFile('@docsearch/sidepanel-js', 'dist/umd/index.js'));
  const sidepanelCss = gzip(packageFile('@docsearch/css', 'dist/sidepanel.css'));
  return { modalJs, modalCss, sidepanelJs, sidepanelCss, bothWidgets: modalJs + modalCss + sidepanelJs + sidepanelCss, sidepanel: sidepanelJs + sidepanelCss };
}

// ---- printing --------------------------------------------------------------------------------

const pad = (text, width) => String(text).padEnd(width);
/** Prints a row; returns a line naming the figure when it is over its budget. */
/** The line that names a figure over its budget. */
export const overText = ({ label, bytes, budget }) => `${label.trim()}: ${kb(bytes)} (${bytes} B) over ${kb(budget)} (${Math.round(budget)} B)`;

function printRow(label, bytes, budget, baselineLabel, baselineBytes, note = 'not built') {
  const ours = bytes === undefined ? note : kb(bytes);
  const budgetText = bytes === undefined ? `(${kb(budget)})` : `${bytes <= budget ? 'within' : 'OVER'} ${kb(budget)}`;
  const ratio = bytes === undefined ? '' : `; ${(baselineBytes / bytes).toFixed(1)}× ours`;
  console.log(`${pad(label, 68)}${pad(ours, 14)}${pad(budgetText, 18)}${kb(baselineBytes)}  (${baselineLabel}${ratio})`);
  return bytes === undefined ? [] : [{ label, bytes, budget }];
}

/** Prints the section; `dir` is the CDN build's folder (dist/cdn unless told). Returns its budgeted figures (`{ label, bytes, budget }`). */
export function printSidepanelSizes({ dir = join(root, 'dist/cdn') } = {}) {
  cdnDir = dir;
  const docsearch = baseline();
  const ours = ourSide();
  console.log('\nSidepanel (issue #10): a page with the search modal AND the Sidepanel, CDN build (each file gzipped on its own, added up)');
  const over = [];
  over.push(...printRow(`Both widgets, up front (CDN page): sitesearch.js + sitesearch.css${ours.notBuilt ? ' (modal only)' : ''}`, ours.before, BUDGET_BEFORE,
    '@docsearch/js 4.7 + sidepanel-js 4.7 + their css', docsearch.bothWidgets));
  const answeringLabel = `Sidepanel answering: page + panel + chat + transport${ours.answering ? ` (${ours.answering.backend})` : ''}`;
  over.push(...printRow(answeringLabel, ours.answering?.bytes, BUDGET_ANSWERING, '@docsearch/sidepanel-js 4.7 + sidepanel.css', docsearch.sidepanel));
  if (ours.notBuilt) console.log(`  not built yet: ${ours.notBuilt.join(', ')} (missing in dist/cdn)`);
  else {
    const charged = [...ours.answering.names].filter((name) => !upFront.includes(name)).sort();
    console.log(
      `  parts: page up front ${kb(ours.before)}, panel JS (sitesearch-sidepanel.js with the chunks it loads, no transport) ${kb(ours.panelJs)}, ` +
        `panel + chat css ${kb(ours.panelCss)}; with each backend's transport: ${ours.perTransport.map(({ backend, bytes }) => `${backend} ${kb(bytes)}`).join(', ')}`,
    );
    console.log(`  charged files: ${charged.join(', ')}, ${panelStyles.join(', ')}`);
    console.log(`  the panel's JS with the largest transport: ${ours.answeringJsCount} files, ${kb(ours.answeringJs)} each gzipped on its own (charged), ${kb(ours.answeringJsOnePiece)} gzipped as one file`);
    if (ours.left.length > 0) console.log(`  left out (fetched later or for another backend): ${ours.left.sort().join(', ')}`);
    if (ours.notCharged.length > 0) console.log(`  named by the loader, not charged to the panel: ${ours.notCharged.sort().join(', ')}`);
  }
  console.log(
    `  baseline parts: @docsearch/js ${kb(docsearch.modalJs)}, style.css ${kb(docsearch.modalCss)}, ` +
      `@docsearch/sidepanel-js ${kb(docsearch.sidepanelJs)}, sidepanel.css ${kb(docsearch.sidepanelCss)}`,
  );
  return over;
}

// Printed by sizes.mjs (`pnpm bench`); runs on its own too: `node bench/sidepanelSizes.mjs [cdn folder]` (after a build).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const over = printSidepanelSizes({ dir: process.argv[2] }).filter(({ bytes, budget }) => bytes > budget).map(overText);
  if (over.length > 0) {
    console.error(`\nOVER BUDGET:\n${over.map((line) => `  ${line}`).join('\n')}`);
    process.exitCode = 1;
  }
}
