#!/usr/bin/env node
// The browser suites run against the built packages (the CDN files, the React entry), as users
// get them; build them first so `pnpm test` works on a fresh clone. The Astro suites run against
// the documentation site as `astro build` writes it (with its local index): built once here, as
// is the Docusaurus fixture site (with @sitesearch/docusaurus and its local index) and the
// Starlight fixture site (with @sitesearch/astro/starlight).
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDocusaurusFixture } from './docusaurus-build.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
execFileSync('pnpm', ['--filter', '@sitesearch/islands', '--filter', '@sitesearch/local', '--filter', '@sitesearch/astro', 'run', 'build'], { cwd: repo, stdio: 'inherit' });
execFileSync('pnpm', ['--filter', '@sitesearch/site', 'run', 'build'], { cwd: repo, stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
// The Starlight fixture (@sitesearch/astro/starlight): one small build shared by its suites.
const starlightStarted = Date.now();
execFileSync('pnpm', ['--filter', '@sitesearch/fixture-starlight', 'run', 'build'], { cwd: repo, stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
console.log(`[sitesearch] Starlight fixture built in ${((Date.now() - starlightStarted) / 1000).toFixed(0)} s`);
// The VitePress fixture (@sitesearch/vitepress): ours with the local index, and the same site
// with VitePress's algolia provider config (the drop-in), each one small build shared by the suite.
execFileSync('pnpm', ['--filter', '@sitesearch/vitepress', 'run', 'build'], { cwd: repo, stdio: 'inherit' });
for (const variant of ['', 'docsearch']) {
  execFileSync('pnpm', ['--filter', '@sitesearch/fixture-vitepress', 'run', 'build'], { cwd: repo, stdio: 'inherit', env: { ...process.env, SITESEARCH_FIXTURE: variant } });
}
buildDocusaurusFixture();
buildDocusaurusFixture('hosted');
