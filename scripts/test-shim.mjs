#!/usr/bin/env node
// Stands in for `vitest` and `playwright` while scripts/test.mjs runs the packages' test scripts
// (scripts/test-shims/ is first on PATH): runs the real binary, the next one on PATH, unchanged
// but for one more reporter writing JSON into $SITESEARCH_TEST_RESULTS, so the run's total is
// read from the runners' own results instead of scraped from their text output.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { accessSync, constants } from 'node:fs';
import { constants as os } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const shims = resolve(dirname(fileURLToPath(import.meta.url)), 'test-shims');
const [tool, ...args] = process.argv.slice(2);

/** The real binary: the first `tool` on PATH that is not this shim. */
function findReal(name) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir || resolve(dir) === shims) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  throw new Error(`test-shim: no "${name}" on PATH besides the shim`);
}

/** Extra arguments and environment asking for a JSON report, or nothing for commands that run no tests. */
export function withJsonReport(name, given, outputFile) {
  const command = given.find((arg) => !arg.startsWith('-'));
  const hasReporter = given.some((arg) => arg === '--reporter' || arg.startsWith('--reporter='));
  if (name === 'vitest' && (command === undefined || command === 'run' || command === 'related')) {
    return { args: [...given, ...(hasReporter ? [] : ['--reporter=default']), '--reporter=json', `--outputFile.json=${outputFile}`], env: {} };
  }
  if (name === 'playwright' && command === 'test') {
    const index = given.findIndex((arg) => arg === '--reporter' || arg.startsWith('--reporter='));
    let reporters = 'list';
    const rest = [...given];
    if (index >= 0) {
      const [flag] = rest.splice(index, 1);
      reporters = flag.includes('=') ? flag.slice(flag.indexOf('=') + 1) : rest.splice(index, 1)[0];
    }
    return { args: [...rest, `--reporter=${reporters},json`], env: { PLAYWRIGHT_JSON_OUTPUT_NAME: outputFile } };
  }
  return { args: given, env: {} };
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const results = process.env.SITESEARCH_TEST_RESULTS;
  const extra = results ? withJsonReport(tool, args, join(results, `${tool}-${randomUUID()}.json`)) : { args, env: {} };
  const child = spawn(findReal(tool), extra.args, { stdio: 'inherit', env: { ...process.env, ...extra.env } });
  // Ctrl+C reaches the child through the process group; forward anything sent to us alone.
  for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (os.signals[signal] ?? 1)));
  child.on('error', (error) => {
    console.error(`test-shim: could not run ${tool}: ${error.message}`);
    process.exit(1);
  });
}
