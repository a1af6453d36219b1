// Prints the last line CI reads: `tests: N passed, N failed`, summed over every runner's report.
import fs from 'node:fs';
import path from 'node:path';

const dir = 'test-results';
let passed = 0;
let failed = 0;
const flaky = [];
const reports = fs.existsSync(dir)
  ? fs.readdirSync(dir).filter((name) => name.endsWith('.json'))
  : [];
for (const name of reports) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
  if (typeof report.numPassedTests === 'number') {
    // Vitest's JSON reporter, and the engines' smoke run, which names a walk it took twice.
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    for (const result of report.results ?? []) {
      if (result.flaky) flaky.push(`engine smoke: ${result.engine} (${result.flaky})`);
    }
  } else if (report.stats) {
    // Playwright's JSON reporter. A test that failed once and passed on its one retry counts as
    // passed, and is named below so it is looked into rather than forgotten.
    passed += (report.stats.expected ?? 0) + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected ?? 0;
    collectFlaky(report.suites ?? []);
  }
}
// A failing step that ran no test runner (typecheck, lint, format) still counts as a failure.
const exitCode = Number(process.argv[2] ?? 0);
if (exitCode !== 0 && failed === 0) failed = 1;
for (const title of flaky) console.log(`flaky (passed on its retry): ${title}`);
console.log(`tests: ${passed} passed, ${failed} failed`);

function collectFlaky(suites) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'flaky')
          flaky.push(`[${test.projectName}] ${spec.file} › ${spec.title}`);
      }
    }
    collectFlaky(suite.suites ?? []);
  }
}
