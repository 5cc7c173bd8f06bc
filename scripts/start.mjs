#!/usr/bin/env node
// The main job. Until the documentation site exists (it is the next step of the roadmap), this
// builds every package; once `site/` has a package.json it builds and serves the site instead.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (args) => {
  const result = spawnSync('pnpm', args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run(['build']);
if (existsSync('site/package.json')) {
  run(['--filter', './site', 'run', 'start']);
} else {
  console.log('\n[sitesearch] All packages are built (see packages/*/dist). The documentation site is not part of this checkout yet.');
}
