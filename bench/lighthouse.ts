// `npm run lighthouse`: Lighthouse (mobile defaults: Moto G Power screen, slow 4G, 4x CPU slowdown, all
// simulated) in Chromium (scripts/chromium.mjs) against the built app started locally with demo data, for the home page
// and an analysis result. Prints performance, accessibility and the main metrics of each run and their median.

import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type RunnerResult } from 'lighthouse';
import { chromiumPath } from '../scripts/chromium.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    chromium: { type: 'string' },
    // Lighthouse's mobile preset slows the CPU 4×; a higher factor stands in for a slower machine.
    'cpu-slowdown': { type: 'string', default: '4' },
    page: { type: 'string' },
    // A directory to keep each run's JSON report in, for its long tasks, requests and largest paint.
    reports: { type: 'string' },
  },
});
const runs = Math.max(1, Number(values.runs));
const cpuSlowdownMultiplier = Number(values['cpu-slowdown']);
if (!(cpuSlowdownMultiplier >= 1)) throw new Error('--cpu-slowdown must be a number of at least 1');
const ALL_PAGES = [
  { name: 'home', path: '/' },
  { name: 'analysis result', path: '/?mode=analyse&set=base_set&card=Charizard' },
];
const PAGES = values.page ? ALL_PAGES.filter((page) => page.name.startsWith(values.page ?? '')) : ALL_PAGES;
if (PAGES.length === 0)
  throw new Error(`--page matches none of: ${ALL_PAGES.map((page) => page.name).join(', ')}`);
const TARGETS = { performance: 95, accessibility: 100 };
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
] as const;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** `npm start`'s way in (builds the web app when stale), on a throw-away data directory with demo sales. */
async function startApp(dataDir: string): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SECURE_COOKIES: 'false',
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app exited with ${child.exitCode}`);
    const ready = await fetch(`${base}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { base, child };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill();
  throw new Error('The app did not become ready within 3 minutes');
}

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]!;

const score = (reports: RunnerResult['lhr'][], category: 'performance' | 'accessibility') =>
  Math.round(median(reports.map((lhr) => (lhr.categories[category]?.score ?? 0) * 100)));

/** A table row: the scores and metrics of one report, or the medians of several. */
function row(label: string, reports: RunnerResult['lhr'][]): string {
  const metrics = METRICS.map(([id]) => {
    const value = median(reports.map((lhr) => lhr.audits[id]?.numericValue ?? 0));
    return id === 'cumulative-layout-shift' ? value.toFixed(3) : `${(value / 1000).toFixed(2)} s`;
  });
  return `| ${label} | ${score(reports, 'performance')} | ${score(reports, 'accessibility')} | ${metrics.join(' | ')} |`;
}

/** One Lighthouse run. Now and then Chromium's trace of a load is unusable (NO_NAVSTART): that run is repeated. */
async function audit(url: string): Promise<RunnerResult['lhr']> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility'],
      throttling: { cpuSlowdownMultiplier },
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error || attempt === 3) return result.lhr;
    console.info(`  Lighthouse could not measure ${url} (${error.code}); running it again`);
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'holoscope-lighthouse-'));
const app = await startApp(dataDir);
const chrome = await chromeLauncher.launch({
  chromePath: values.chromium ?? (await chromiumPath()),
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
let belowTarget = false;
try {
  console.info(
    `Lighthouse, mobile defaults with the CPU slowed ${cpuSlowdownMultiplier}×, ${runs} run(s) per page, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  console.info('');
  console.info(`| page | performance | accessibility | ${METRICS.map(([, label]) => label).join(' | ')} |`);
  console.info(`| --- | --- | --- | ${METRICS.map(() => '---').join(' | ')} |`);
  for (const page of PAGES) {
    const reports: RunnerResult['lhr'][] = [];
    for (let run = 1; run <= runs; run++) {
      const lhr = await audit(`${app.base}${page.path}`);
      reports.push(lhr);
      if (values.reports) {
        fs.mkdirSync(values.reports, { recursive: true });
        const file = `${page.name.replaceAll(' ', '-')}-${run}.json`;
        fs.writeFileSync(path.join(values.reports, file), JSON.stringify(lhr));
      }
      // Every run as well as the median: on a shared machine runs differ by several points.
      console.info(row(`${page.name}, run ${run}`, [lhr]));
    }
    const performance = score(reports, 'performance');
    const accessibility = score(reports, 'accessibility');
    belowTarget ||= performance < TARGETS.performance || accessibility < TARGETS.accessibility;
    console.info(row(`${page.name}, median`, reports));
    for (const lhr of reports.slice(0, 1)) {
      const failing = Object.values(lhr.categories.accessibility?.auditRefs ?? [])
        .map((ref) => lhr.audits[ref.id])
        .filter((audit) => audit?.score === 0)
        .map((audit) => audit?.id);
      if (failing.length > 0)
        console.info(`  accessibility audits failing on ${page.name}: ${failing.join(', ')}`);
    }
  }
} finally {
  chrome.kill();
  app.child.kill('SIGTERM');
  await new Promise((resolve) => app.child.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (belowTarget) {
  console.info(
    `Below target (performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}).`,
  );
  process.exitCode = 1;
}
