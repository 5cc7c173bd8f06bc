#!/usr/bin/env node
// The browser suites run against the built packages (the CDN files, the React entry), as users
// get them; build them first so `pnpm test` works on a fresh clone.
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
execFileSync('pnpm', ['--filter', '@sitesearch/islands', '--filter', '@sitesearch/local', 'run', 'build'], { cwd: repo, stdio: 'inherit' });
