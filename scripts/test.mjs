// `npm test`: unit and API integration tests (SQLite, and PostgreSQL when TEST_DATABASE_URL is set), then the
// browser tests against the built app. Ends with one line: "tests: N passed, N failed".
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumPath } from './chromium.mjs';

const results = 'reports';
// A report left from an earlier run must not be counted as this run's.
fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });
const node = process.execPath;

/** Runs a step with its output shown as it comes; resolves to its exit status. */
function run(label, args) {
  console.info(`\n── ${label} ──`);
  const child = spawn(node, args, { stdio: 'inherit', env: process.env });
  return new Promise((resolve) => {
    child.once('error', () => resolve(1));
    child.once('close', (code) => resolve(code ?? 1));
  });
}

/**
 * Starts a step in the background with its output going to a file, and returns a function that waits for
 * it and then shows that output under the step's heading, so steps that overlap do not mix their lines.
 */
function startQuietly(label, args) {
  const log = path.join(results, `${label.replaceAll(' ', '-')}.log`);
  const output = fs.openSync(log, 'w');
  const child = spawn(node, args, { stdio: ['ignore', output, output], env: process.env });
  fs.closeSync(output);
  const status = new Promise((resolve) => {
    child.once('error', () => resolve(1));
    child.once('close', (code) => resolve(code ?? 1));
  });
  return async () => {
    const code = await status;
    console.info(`\n── ${label} ──`);
    process.stdout.write(fs.readFileSync(log, 'utf8'));
    return code;
  };
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

if (!process.env.TEST_DATABASE_URL) {
  console.info(
    'PostgreSQL pass skipped: TEST_DATABASE_URL is not set, so the API suite runs on SQLite only.',
  );
}

// The web build uses one core for a while; the tests below it leave one mostly idle, waiting on databases,
// child processes and timers, so the build runs alongside them.
const webBuild = startQuietly('web build', ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
const vitestStatus = await run('unit and API tests', [
  'node_modules/vitest/vitest.mjs',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${results}/vitest.json`,
]);
const buildStatus = await webBuild();
const browser = await startableChromium();
const e2eStatus =
  buildStatus === 0 && browser.path
    ? await run('browser tests', ['node_modules/@playwright/test/cli.js', 'test'])
    : 1;

const vitest = readJson(`${results}/vitest.json`);
const e2e = readJson(`${results}/e2e.json`);
const passed = (vitest?.numPassedTests ?? 0) + (e2e?.stats?.expected ?? 0) + (e2e?.stats?.flaky ?? 0);
const failed = (vitest?.numFailedTests ?? 0) + (e2e?.stats?.unexpected ?? 0);

/** Tests that failed once and passed on their retry (CI only): named so that intermittent failures get fixed. */
const flaky = [
  ...(vitest?.testResults ?? []).flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'passed' && test.failureMessages?.length)
      .map((test) => `${path.relative(process.cwd(), file.name)} › ${test.fullName}`),
  ),
  ...browserTests(e2e?.suites ?? [], 'flaky'),
];

/** Tests that failed, named again at the end so that a long run's log shows them next to the count. */
const failures = [
  ...(vitest?.testResults ?? []).flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'failed')
      .map(
        (test) =>
          `${path.relative(process.cwd(), file.name)} › ${test.fullName}: ${firstLine(test.failureMessages)}`,
      ),
  ),
  ...browserTests(e2e?.suites ?? [], 'unexpected'),
  ...(browser.path ? [] : ['browser tests: not run, no Chromium could be started']),
];

/**
 * Finds the Chromium the browser tests will use and starts it once, so that a machine where none can run
 * gets one line saying what to install instead of every browser test failing on its own.
 */
async function startableChromium() {
  console.info('\n── browser ──');
  try {
    const executablePath = await chromiumPath();
    const started = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
    await started.close();
    process.env.CHROMIUM_PATH = executablePath;
    console.info(`Chromium: ${executablePath}`);
    return { path: executablePath };
  } catch (error) {
    const reason = String(error?.message ?? error).split('\n')[0];
    console.error(
      `browser tests not run: no Chromium could be started (${reason}). Install one (on Debian: apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome.`,
    );
    return { path: undefined };
  }
}

function firstLine(messages) {
  return (messages?.[0] ?? '').split('\n')[0].slice(0, 300);
}

/** The browser tests of the report's suites with this status (Playwright's: 'flaky', 'unexpected'). */
function browserTests(suites, status) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => spec.tests.some((test) => test.status === status))
      .map((spec) => `${suite.title} › ${spec.title}`),
    ...browserTests(suite.suites ?? [], status),
  ]);
}

const broken = [vitestStatus, buildStatus, e2eStatus].some((status) => status !== 0);

console.info('');
for (const name of flaky) console.info(`passed on retry: ${name}`);
for (const name of failures) console.info(`failed: ${name}`);
console.info(`tests: ${passed} passed, ${failed + (broken && failed === 0 ? 1 : 0)} failed`);
process.exit(broken ? 1 : 0);
