// A node:test reporter for scripts/test.mjs: writes the run's counts as one JSON object, in the
// shape of a Vitest report, so the runner adds them up like every other package's results.
export default async function* countReporter(source) {
  const report = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0, testResults: [] };
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    // Suites and files report too; only the tests themselves count.
    if (event.data.details?.type === 'suite' || event.data.nesting === undefined) continue;
    if (event.data.skip) report.numPendingTests++;
    else if (event.data.todo) report.numTodoTests++;
    else if (event.type === 'test:pass') report.numPassedTests++;
    else {
      report.numFailedTests++;
      report.testResults.push({ name: event.data.file ?? 'scripts', status: 'failed', assertionResults: [{ status: 'failed', fullName: event.data.name }] });
    }
  }
  yield `${JSON.stringify(report)}\n`;
}
