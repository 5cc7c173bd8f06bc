// Tests of the `pnpm test` runner (scripts/test.mjs and scripts/test-shim.mjs), run first by it
// with node:test. The reports below have the shape Vitest 4 and Playwright 1.65 write.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { withJsonReport } from './test-shim.mjs';
import { countPlaywright, countReports, countVitest, summaryLine } from './test.mjs';

const here = dirname(fileURLToPath(import.meta.url));

test('a Vitest report: passed, failed, skipped and todo tests, and a file that never ran', () => {
  const counts = countVitest({
    numPassedTests: 7,
    numFailedTests: 1,
    numPendingTests: 2,
    numTodoTests: 1,
    testResults: [
      { name: '/repo/packages/a/src/a.test.ts', status: 'failed', assertionResults: [{ status: 'failed', fullName: 'a breaks' }, { status: 'passed' }] },
      { name: '/repo/packages/a/src/b.test.ts', status: 'failed', message: 'Cannot find module ./gone.js\n  at …', assertionResults: [] },
    ],
  });
  assert.equal(counts.passed, 7);
  assert.equal(counts.failed, 2);
  assert.equal(counts.skipped, 3);
  assert.equal(counts.failures.length, 2);
  assert.match(counts.failures[0], /a breaks$/);
  assert.match(counts.failures[1], /did not run: Cannot find module \.\/gone\.js\)$/);
});

test('a Playwright report: flaky tests passed in the end, errors outside tests are failures', () => {
  const counts = countPlaywright({
    stats: { expected: 4, unexpected: 1, flaky: 1, skipped: 2 },
    errors: [{ message: 'Error: globalSetup failed\n  at …' }],
    suites: [{ title: 'a.spec.ts', specs: [], suites: [{ title: 'modal', specs: [{ title: 'opens', file: 'a.spec.ts', tests: [{ status: 'unexpected' }] }] }] }],
  });
  assert.deepEqual({ passed: counts.passed, failed: counts.failed, skipped: counts.skipped }, { passed: 5, failed: 2, skipped: 2 });
  assert.deepEqual(counts.failures, ['a.spec.ts › modal › opens', 'playwright: Error: globalSetup failed']);
});

test('reports of several runners in one folder add up; an unreadable one is a failure', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sitesearch-test-test-'));
  writeFileSync(join(dir, 'vitest-1.json'), JSON.stringify({ numPassedTests: 3, numFailedTests: 0, testResults: [] }));
  writeFileSync(join(dir, 'playwright-1.json'), JSON.stringify({ stats: { expected: 2, unexpected: 0, flaky: 0, skipped: 1 }, suites: [] }));
  writeFileSync(join(dir, 'vitest-2.json'), '{"numPassedTests": 1,');
  const total = countReports(dir);
  assert.deepEqual({ passed: total.passed, failed: total.failed, skipped: total.skipped, reports: total.reports }, { passed: 5, failed: 1, skipped: 1, reports: 2 });
});

test('the summary line', () => {
  assert.equal(summaryLine({ passed: 3, failed: 0, skipped: 0 }), '3 passed, 0 failed');
  assert.equal(summaryLine({ passed: 310, failed: 0, skipped: 2 }), '310 passed, 0 failed, 2 skipped');
});

test('the shims add a JSON reporter to test runs only, keeping a reporter the script chose', () => {
  assert.deepEqual(withJsonReport('vitest', ['run'], '/r.json').args, ['run', '--reporter=default', '--reporter=json', '--outputFile.json=/r.json']);
  assert.deepEqual(withJsonReport('vitest', ['run', '--reporter=dot'], '/r.json').args, ['run', '--reporter=dot', '--reporter=json', '--outputFile.json=/r.json']);
  assert.deepEqual(withJsonReport('vitest', ['bench'], '/r.json').args, ['bench']);
  const playwright = withJsonReport('playwright', ['test', '-c', 'docs', '--reporter', 'dot'], '/r.json');
  assert.deepEqual(playwright.args, ['test', '-c', 'docs', '--reporter=dot,json']);
  assert.deepEqual(playwright.env, { PLAYWRIGHT_JSON_OUTPUT_NAME: '/r.json' });
  assert.deepEqual(withJsonReport('playwright', ['install'], '/r.json').args, ['install']);
});

test('a shim runs the real binary found after it on PATH, with the extra arguments', () => {
  const bin = mkdtempSync(join(tmpdir(), 'sitesearch-test-bin-'));
  const results = join(bin, 'results');
  mkdirSync(results);
  // A stand-in "vitest" that records the arguments it was given.
  writeFileSync(join(bin, 'vitest'), `#!/bin/sh\nprintf '%s\\n' "$@" > "${join(bin, 'args.txt')}"\nexit 3\n`);
  chmodSync(join(bin, 'vitest'), 0o755);
  let status = 0;
  try {
    execFileSync(join(here, 'test-shims', 'vitest'), ['run', 'src/a.test.ts'], { env: { ...process.env, PATH: [join(here, 'test-shims'), bin, process.env.PATH].join(delimiter), SITESEARCH_TEST_RESULTS: results } });
  } catch (error) {
    status = error.status;
  }
  assert.equal(status, 3, 'the exit code of the real binary');
  const args = readFileSync(join(bin, 'args.txt'), 'utf8').trim().split('\n');
  assert.deepEqual(args.slice(0, 4), ['run', 'src/a.test.ts', '--reporter=default', '--reporter=json']);
  assert.match(args[4], new RegExp(`^--outputFile\\.json=${results}/vitest-[\\w-]+\\.json$`));
});
