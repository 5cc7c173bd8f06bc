// Builds the Docusaurus fixture site (tests/fixtures/docusaurus) and the theme it uses, unless
// the last build had the same inputs: a Docusaurus build takes minutes on a 2-core machine.
// Called by build-packages.mjs before the browser suites start (so it never competes with a
// running suite for the CPU) and again by the Docusaurus suites, for runs of those specs alone.
// Several runs may ask at once (two spec files, or two checkouts' worth of engineers on one
// tree): one builds while the others wait for it, and the build goes to a folder of its own that
// replaces build/ only once complete, so a suite serving build/ never sees it half-written.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const fixtureDir = join(repoRoot, 'tests/fixtures/docusaurus');
export const buildDir = join(fixtureDir, 'build');
/**
 * The same site configured as a theme-search-algolia site moving over: `themeConfig.algolia`
 * (the drop-in) with credentials and no `sitesearch`, so the widget searches the hosted provider.
 * English only: the hosted path is the same code for every locale, and a locale is a whole
 * webpack build.
 */
export const hostedBuildDir = join(fixtureDir, 'build-hosted');
const VARIANTS = {
  local: { dir: buildDir, args: [], env: {} },
  hosted: { dir: hostedBuildDir, args: ['--locale', 'en'], env: { SITESEARCH_FIXTURE_HOSTED: '1' } },
};
const LOCK = join(fixtureDir, '.build-lock');

/** Everything the build depends on that changes while working on this repo. */
const INPUTS = [
  'packages/docusaurus-plugin/src',
  'packages/islands/dist/react',
  'packages/islands/dist/styles',
  // postBuild copies the early script into the site: a reused build must not carry an old one.
  'packages/islands/dist/cdn/sitesearch-early.js',
  // What the site's bundle imports of @sitesearch/local (the client, the engine under it, the local
  // assistant) and what its postBuild runs (the indexer).
  'packages/local/dist/client',
  'packages/local/dist/engine',
  'packages/local/dist/assistant',
  'packages/local/dist/indexer',
  'tests/fixtures/docusaurus/docs',
  'tests/fixtures/docusaurus/versioned_docs',
  'tests/fixtures/docusaurus/versioned_sidebars',
  'tests/fixtures/docusaurus/versions.json',
  'tests/fixtures/docusaurus/i18n',
  'tests/fixtures/docusaurus/blog',
  'tests/fixtures/docusaurus/static',
  'tests/fixtures/docusaurus/src',
  'tests/fixtures/docusaurus/docusaurus.config.js',
].map((path) => join(repoRoot, path));

function files(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => files(join(path, entry.name)));
}

function fingerprint() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(files)) hash.update(file).update(readFileSync(file));
  return hash.digest('hex');
}

/** The inputs the theme was last built from in this process (both variants build with one theme build). */
let themeBuiltFrom = '';
const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Takes the build lock (a directory: creating one is atomic), waiting while a live process holds it. */
function lock() {
  for (;;) {
    try {
      mkdirSync(LOCK);
      writeFileSync(join(LOCK, 'pid'), String(process.pid));
      return;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    let owner = NaN;
    try {
      owner = Number(readFileSync(join(LOCK, 'pid'), 'utf8'));
    } catch {
      // Just created, pid not written yet: wait for it.
    }
    // A build that died (killed run) leaves its lock: take it over.
    if (Number.isInteger(owner) && owner > 0 && !isAlive(owner)) rmSync(LOCK, { recursive: true, force: true });
    else sleep(2000);
  }
}

/** Builds one variant of the fixture (`local`, the default, or `hosted`) unless its inputs are unchanged. */
export function buildDocusaurusFixture(variant = 'local') {
  const { dir, args, env } = VARIANTS[variant] ?? {};
  if (!dir) throw new Error(`unknown Docusaurus fixture variant "${variant}"`);
  const stamp = join(dir, '.sitesearch-fixture-inputs');
  const next = `${dir}.next`;
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === fingerprint()) return;
  lock();
  try {
    // Another run may have built these very inputs while this one waited.
    const inputs = fingerprint();
    if (existsSync(stamp) && readFileSync(stamp, 'utf8') === inputs) return;
    const started = Date.now();
    if (themeBuiltFrom !== inputs) execFileSync('pnpm', ['--filter', '@sitesearch/docusaurus', 'run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
    themeBuiltFrom = inputs;
    rmSync(next, { recursive: true, force: true });
    execFileSync('pnpm', ['exec', 'docusaurus', 'build', '--out-dir', next, ...args], { cwd: fixtureDir, stdio: 'inherit', env: { ...process.env, ...env, DOCUSAURUS_TELEMETRY_DISABLED: '1' } });
    writeFileSync(join(next, '.sitesearch-fixture-inputs'), inputs);
    const old = `${dir}.old-${process.pid}`;
    if (existsSync(dir)) renameSync(dir, old);
    renameSync(next, dir);
    rmSync(old, { recursive: true, force: true });
    console.log(`[sitesearch] Docusaurus fixture (${variant}) built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) buildDocusaurusFixture(process.argv[2]);
