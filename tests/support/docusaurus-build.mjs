// Builds the Docusaurus fixture site (tests/fixtures/docusaurus) and the theme it uses, unless
// the last build had the same inputs: a Docusaurus build takes minutes on a 2-core machine.
// Called by build-packages.mjs before the browser suites start (so it never competes with a
// running suite for the CPU) and again by the Docusaurus suite, for runs of that spec alone.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const fixtureDir = join(repoRoot, 'tests/fixtures/docusaurus');
export const buildDir = join(fixtureDir, 'build');
const STAMP = join(buildDir, '.sitesearch-fixture-inputs');

/** Everything the build depends on that changes while working on this repo. */
const INPUTS = [
  'packages/docusaurus-plugin/src',
  'packages/islands/dist/react',
  'packages/islands/dist/styles',
  'packages/local/dist/client',
  'packages/local/dist/indexer',
  'tests/fixtures/docusaurus/docs',
  'tests/fixtures/docusaurus/static',
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

export function buildDocusaurusFixture() {
  const inputs = fingerprint();
  if (existsSync(STAMP) && readFileSync(STAMP, 'utf8') === inputs) return;
  const started = Date.now();
  execFileSync('pnpm', ['--filter', '@sitesearch/docusaurus', 'run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  execFileSync('pnpm', ['exec', 'docusaurus', 'build'], { cwd: fixtureDir, stdio: 'inherit', env: { ...process.env, DOCUSAURUS_TELEMETRY_DISABLED: '1' } });
  writeFileSync(STAMP, inputs);
  console.log(`[sitesearch] Docusaurus fixture built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) buildDocusaurusFixture();
