import './node-version.mjs';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from './build.mjs';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensureDockerCompose } from './ensure-docker-compose.mjs';
import { BIN, ROOT, run } from './run-steps.mjs';

const results = join(ROOT, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const steps = [];
const totals = { passed: 0, failed: 0, skipped: 0 };
/** The failed tests' names and first lines, printed again in the summary so CI's last lines name them. */
const failures = [];

async function step(name, action) {
  process.stdout.write(`\n=== ${name}\n`);
  const started = performance.now();
  const ok = await action();
  steps.push({ name, ok, seconds: (performance.now() - started) / 1000 });
  if (!ok) process.stdout.write(`--- ${name}: FAILED\n`);
  return ok;
}

/** Adds a Vitest JSON report's counts to the totals; false when the report is missing or has failures. */
function count(reportFile) {
  let report;
  try {
    report = JSON.parse(readFileSync(reportFile, 'utf8'));
  } catch {
    totals.failed += 1;
    return false;
  }
  totals.passed += report.numPassedTests ?? 0;
  // A suite that fails before its tests run (say, in beforeAll) counts as a failure too.
  const failedSuitesWithoutFailedTests = (report.numFailedTests ?? 0) === 0 ? (report.numFailedTestSuites ?? 0) : 0;
  totals.failed += (report.numFailedTests ?? 0) + failedSuitesWithoutFailedTests;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const file of report.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    const where = file.name.startsWith(ROOT) ? file.name.slice(ROOT.length + 1) : file.name;
    for (const test of failed) failures.push({ where, name: test.fullName, message: test.failureMessages?.[0] });
    if (failed.length === 0 && file.status === 'failed') failures.push({ where, name: '(the file failed before its tests)', message: file.message });
  }
  return (report.numFailedTests ?? 0) === 0 && (report.numFailedTestSuites ?? 0) === 0;
}

async function vitest(config, label, filters = []) {
  const report = join(results, `${label}.json`);
  const args = ['run', '--reporter=default', `--reporter=json`, `--outputFile.json=${report}`, ...filters];
  if (config) args.push('--config', config);
  const result = await run(join(BIN, 'vitest'), args);
  const clean = count(report);
  return result.code === 0 && clean;
}

/**
 * `npm test` runs every step; `npm run test:unit`, `test:int` and `test:e2e` run one tier of the
 * tests alone (no lint or type-check), by file name: *.unit.spec.ts and the console's *.test.tsx,
 * *.int.spec.ts (the real PostgreSQL, the XRPL sandbox), and e2e/*.e2e.ts (Chromium).
 */
const tier = process.argv[2] ?? 'all';
const TIERS = ['all', 'unit', 'int', 'e2e'];
if (!TIERS.includes(tier)) {
  process.stderr.write(`usage: node scripts/test.mjs [${TIERS.join('|')}]\n`);
  process.exit(2);
}
const browserTests = async () => {
  if (!(await build({ quiet: true }))) return false;
  if (!(await ensureChromium())) {
    totals.failed += 1;
    return false;
  }
  return vitest('e2e/vitest.config.ts', 'e2e');
};
const composeCheck = async () => {
  if (await ensureDockerCompose()) return true;
  totals.failed += 1;
  return false;
};

if (tier === 'unit') await step('unit tests (no database)', () => vitest(undefined, 'unit', ['.unit.spec.', 'console/src/']));
if (tier === 'int') {
  await step("docker-compose (Debian's, to validate docker-compose.yml offline)", composeCheck);
  await step('integration tests (real PostgreSQL)', () => vitest(undefined, 'int', ['.int.spec.']));
}
if (tier === 'e2e') await step('browser tests (Chromium against the real service)', browserTests);
if (tier === 'all') await everything();

async function everything() {
  await step('lint (eslint)', async () => (await run(join(BIN, 'eslint'), ['.'])).code === 0);
  await step(
    'formatting (prettier --check; `npm run format` fixes it)',
    async () => (await run(join(BIN, 'prettier'), ['--check', '--log-level', 'warn', '.'])).code === 0,
  );
  await step('capability map (dependency-cruiser)', async () => (await run('npm', ['run', '--silent', 'depcruise'])).code === 0);
  await step('type-check (server, tests, console)', async () => {
    const server = await run(join(BIN, 'tsc'), ['-b']);
    const tests = await run(join(BIN, 'tsc'), ['-p', 'tsconfig.test.json']);
    const consoleCheck = await run(join(BIN, 'tsc'), ['-p', 'console/tsconfig.json']);
    return server.code === 0 && tests.code === 0 && consoleCheck.code === 0;
  });
  // The compose test (ledger-service/src/config/docker-compose.int.spec.ts) fails without it, naming the command.
  await step("docker-compose (Debian's, to validate docker-compose.yml offline)", composeCheck);
  await step('unit and integration tests (real PostgreSQL)', () => vitest(undefined, 'vitest'));
  await step('browser tests (Chromium against the real service)', browserTests);
}

process.stdout.write('\n=== summary\n');
for (const { name, ok, seconds } of steps) {
  process.stdout.write(`${ok ? 'ok  ' : 'FAIL'}  ${name} (${seconds.toFixed(1)} s)\n`);
}
for (const { where, name, message } of failures) {
  const lines = String(message ?? '').split('\n');
  const firstLine = lines.find((line) => line.trim() !== '') ?? '';
  // The line of the test file the failure came from (its stack's first frame there), so CI's last lines say which assertion.
  const at = lines.map((line) => line.match(/([^\s(]+\.(?:spec|test|e2e)\.tsx?:\d+:\d+)/)?.[1]?.replace(/^file:\/\//, '')).find(Boolean);
  const location = at ? `\n        at ${at.startsWith(ROOT) ? at.slice(ROOT.length + 1) : at}` : '';
  process.stdout.write(`failed: ${where} > ${name}\n        ${firstLine.trim().slice(0, 300)}${location}\n`);
}
const failedSteps = steps.filter((entry) => !entry.ok).length;
process.stdout.write(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
process.exit(failedSteps === 0 && totals.failed === 0 ? 0 : 1);
