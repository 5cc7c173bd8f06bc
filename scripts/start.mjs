#!/usr/bin/env node
// The main job: build every package, build the documentation site (its search is the local
// index of its own pages) and serve it on http://127.0.0.1:4321 until Ctrl+C.
import { spawn, spawnSync } from 'node:child_process';

const HOST = '127.0.0.1';
const PORT = 4321;
const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };

const run = (args) => {
  const result = spawnSync('pnpm', args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run(['build']);
run(['--filter', '@sitesearch/site', 'run', 'build']);

const preview = spawn('pnpm', ['--filter', '@sitesearch/site', 'exec', 'astro', 'preview', '--host', HOST, '--port', String(PORT)], { stdio: ['ignore', 'pipe', 'inherit'], env });
let announced = false;
preview.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  if (!announced && /Local|127\.0\.0\.1/.test(String(chunk))) {
    announced = true;
    console.log(`\n[sitesearch] The documentation site is served on http://${HOST}:${PORT}/ — press Ctrl+K (or /) to search it. Ctrl+C stops.\n`);
  }
});
const stop = () => preview.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
preview.on('exit', (code, signal) => process.exit(signal ? 0 : (code ?? 1)));
