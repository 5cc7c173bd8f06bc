#!/usr/bin/env node
// `pnpm test`: runs every workspace package's `test` script (type checks included), one package
// at a time in the order `pnpm -r run test` uses, and ends with one line for the whole run:
// `N passed, N failed` (`, N skipped` when some were), exiting non-zero if anything failed.
//
// The counts come from the test runners' own JSON results, not from their text: the scripts run
// with scripts/test-shims/ first on PATH, whose `vitest` and `playwright` add a JSON reporter
// (scripts/test-shim.mjs). New test files are picked up by the runners as always. A script that
// fails where no test reported a failure (a type check, a build, a crash) counts as one failure.
// The runner's own tests (scripts/*.test.mjs) run first.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, delimiter, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const shims = join(root, 'scripts', 'test-shims');

/** Workspace packages in pnpm's topological order (what `pnpm -r --workspace-concurrency=1 run` follows). */
function packagesInOrder() {
  const marker = 'SITESEARCH_PACKAGE_DIR=';
  const output = execFileSync('pnpm', ['-r', '--workspace-concurrency=1', 'exec', 'node', '-e', `console.log(${JSON.stringify(marker)} + process.cwd())`], { cwd: root, encoding: 'utf8' });
  return output
    .split('\n')
    .filter((line) => line.startsWith(marker))
    .map((line) => line.slice(marker.length).trim());
}

/** Counts in a Vitest JSON report (Jest's format); a file that failed to load counts as one failure. */
export function countVitest(report) {
  const loadFailures = (report.testResults ?? []).filter((file) => file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'));
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + loadFailures.length,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    failures: [
      ...(report.testResults ?? []).flatMap((file) =>
        (file.assertionResults ?? []).filter((test) => test.status === 'failed').map((test) => `${relative(root, file.name)} › ${test.fullName ?? test.title}`),
      ),
      ...loadFailures.map((file) => `${relative(root, file.name)} (did not run: ${String(file.message ?? '').split('\n')[0]})`),
    ],
  };
}

/** Counts in a Playwright JSON report; errors outside any test (global setup, a broken file) count as failures. */
export function countPlaywright(report) {
  const failures = [];
  // Top-level suites are files; the suites inside them are `describe` blocks.
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected') failures.push(`${spec.file} › ${[...titles, spec.title].join(' › ')}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const file of report.suites ?? []) walk(file, []);
  const errors = (report.errors ?? []).map((error) => `playwright: ${String(error.message ?? error.value ?? 'error').split('\n')[0]}`);
  const stats = report.stats ?? {};
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: (stats.unexpected ?? 0) + errors.length,
    skipped: stats.skipped ?? 0,
    failures: [...failures, ...errors],
  };
}

/** Sums the reports the shims wrote into `dir`. */
export function countReports(dir) {
  const total = { passed: 0, failed: 0, skipped: 0, failures: [], reports: 0 };
  for (const name of readdirSync(dir).sort()) {
    let report;
    try {
      report = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    } catch (error) {
      total.failed++;
      total.failures.push(`${name}: unreadable test report (${error.message})`);
      continue;
    }
    const counts = name.startsWith('playwright-') ? countPlaywright(report) : countVitest(report);
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
    total.failures.push(...counts.failures);
    total.reports++;
  }
  return total;
}

/** The line the run ends with. */
export function summaryLine({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
}

/**
 * The runner's own tests (scripts/*.test.mjs, node:test), run before the packages' so a broken
 * count is caught by the run it would spoil; their counts are written like a Vitest report.
 */
function runScriptsTests(resultsDir) {
  const files = readdirSync(join(root, 'scripts')).filter((name) => name.endsWith('.test.mjs')).map((name) => join('scripts', name));
  if (files.length === 0) return Promise.resolve(0);
  console.log(`\n> scripts (the test runner's own tests)\n> node --test ${files.join(' ')}\n`);
  const reporter = ['--test-reporter=spec', '--test-reporter-destination=stdout', `--test-reporter=${join(root, 'scripts/test-count-reporter.mjs')}`, `--test-reporter-destination=${join(resultsDir, 'node-test.json')}`];
  const child = spawn(process.execPath, ['--test', ...reporter, ...files], { cwd: root, stdio: 'inherit' });
  return new Promise((resolve) => {
    child.on('exit', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });
}

/** Runs a package's test script as pnpm would, with the shims first on PATH; resolves to its exit code. */
function runScript(dir, manifest, resultsDir) {
  const PATH = [shims, join(dir, 'node_modules', '.bin'), join(root, 'node_modules', '.bin'), process.env.PATH].join(delimiter);
  console.log(`\n> ${manifest.name}@${manifest.version ?? ''} test ${dir}\n> ${manifest.scripts.test}\n`);
  const child = spawn('sh', ['-c', manifest.scripts.test], {
    cwd: dir,
    stdio: 'inherit',
    env: { ...process.env, PATH, SITESEARCH_TEST_RESULTS: resultsDir, npm_lifecycle_event: 'test', npm_package_name: manifest.name, npm_package_json: join(dir, 'package.json') },
  });
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  // `node scripts/test.mjs [name…]` runs only the packages named (package name or folder name).
  const only = process.argv.slice(2);
  const total = { passed: 0, failed: 0, skipped: 0, failures: [] };
  const results = mkdtempSync(join(tmpdir(), 'sitesearch-test-'));
  let interrupted = false;
  // Ctrl+C reaches the running script too; stop after it instead of starting the next package.
  process.on('SIGINT', () => (interrupted = true));
  try {
    const packages = packagesInOrder().map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }));
    const runs = [
      { dir: root, manifest: { name: 'scripts' }, run: (resultsDir) => runScriptsTests(resultsDir) },
      ...packages.filter(({ manifest }) => manifest.scripts?.test).map((entry) => ({ ...entry, run: (resultsDir) => runScript(entry.dir, entry.manifest, resultsDir) })),
    ];
    for (const { dir, manifest, run } of runs) {
      if (only.length > 0 && !only.includes(manifest.name) && !only.includes(basename(dir))) continue;
      if (interrupted) break;
      const resultsDir = mkdtempSync(join(results, 'package-'));
      const code = await run(resultsDir);
      const counts = countReports(resultsDir);
      total.passed += counts.passed;
      total.failed += counts.failed;
      total.skipped += counts.skipped;
      total.failures.push(...counts.failures.map((failure) => `${manifest.name}: ${failure}`));
      if (code !== 0 && counts.failed === 0) {
        // Nothing a runner reported explains the failure: a type check, a build step or a crash.
        total.failed++;
        total.failures.push(`${manifest.name}: the test script exited with code ${code} outside any reported test (see its output above)`);
      } else if (counts.reports === 0) {
        console.warn(`[sitesearch] ${manifest.name}: its test script ran no vitest or playwright, so no tests were counted.`);
      }
    }
  } finally {
    rmSync(results, { recursive: true, force: true });
  }
  if (interrupted) {
    total.failed++;
    total.failures.push('interrupted (Ctrl+C): the remaining packages did not run');
  }
  console.log('');
  if (total.failures.length > 0) console.log(`Failed:\n${total.failures.map((failure) => `  ✗ ${failure}`).join('\n')}\n`);
  console.log(summaryLine(total));
  process.exitCode = total.failed > 0 ? 1 : 0;
}
