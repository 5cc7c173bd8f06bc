#!/usr/bin/env node
// The integration imports @sitesearch/islands and @sitesearch/local as users get them (dist/):
// on a fresh clone, build them before type-checking or testing this package.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packages = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const missing = [
  ['@sitesearch/islands', 'islands/dist/lib/core/index.d.ts'],
  ['@sitesearch/local', 'local/dist/index.d.ts'],
].filter(([, file]) => !existsSync(join(packages, file)));
if (missing.length > 0) {
  execFileSync('pnpm', missing.flatMap(([name]) => ['--filter', name]).concat('run', 'build'), { cwd: packages, stdio: 'inherit' });
}
