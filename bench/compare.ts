// `npm run bench:compare -- <other checkout>`: the read lines of bench/run.ts for two versions of the code
// at once. Each checkout serves its own copy of the same demo data in a process of its own
// (bench/compare-side.ts, which the other checkout needs too), and one client asks them in turn, request by
// request, so both versions meet the same moments of the machine: on a machine whose speed moves from one
// minute to the next, runs of the whole bench in turns differ by more than the code does. The other
// checkout is "before", this one "after". SQLite, or PostgreSQL when DATABASE_URL is set.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { formatMs, percentiles } from './measure.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { requests: { type: 'string', default: '1000' } },
});
const beforeDir = positionals[0];
if (!beforeDir || !fs.existsSync(path.join(beforeDir, 'bench/compare-side.ts'))) {
  console.error('Usage: npm run bench:compare -- <other checkout>, which holds bench/compare-side.ts too.');
  process.exit(2);
}
const requests = Number(values.requests);
const today = new Date().toISOString().slice(0, 10);

interface Side {
  name: 'before' | 'after';
  process: ChildProcess;
  control: string;
  cookie: string;
  urls: Record<string, string>;
}

async function startSide(name: Side['name'], cwd: string): Promise<Side> {
  const child = spawn('node', ['--import', 'tsx', 'bench/compare-side.ts', today], {
    cwd,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  for await (const line of readline.createInterface({ input: child.stdout! })) {
    if (line.startsWith('{')) return { name, process: child, ...JSON.parse(line) };
  }
  throw new Error(`The ${name} side stopped before it was ready`);
}

/** Each line: the URL to ask, what to do before each request, and how many requests. */
const LINES = [
  { line: 'suggestions', url: 'suggestions' },
  { line: 'analysis, uncached', url: 'analysis', before: '/drop-answers' },
  { line: 'analysis, first after a sales change', url: 'analysis', before: '/store-sale' },
  { line: 'analysis, card read whole', url: 'analysis', before: '/forget-columns', requests: 200 },
  { line: 'ladder, uncached', url: 'ladder', before: '/drop-answers' },
  { line: "ladder, first after a change to the card's sales", url: 'ladder', before: '/store-sale' },
  { line: 'PSA 9 estimate, uncached', url: 'estimate', before: '/drop-answers' },
  {
    line: "PSA 9 estimate, first after a change to the card's sales",
    url: 'estimate',
    before: '/store-sale',
  },
  { line: 'collection value, 500 graded cards', url: 'value', signedIn: true },
  {
    line: 'collection value, first after a change to one of its cards',
    url: 'value',
    before: '/store-collector-sale',
    signedIn: true,
    requests: 500,
  },
  { line: 'Source search, most-held card', url: 'source' },
] as const;
/** Unmeasured requests first, as in bench/run.ts: they compile the code the line runs. */
const WARM_UP = 20;

async function timedGet(url: string, cookie: string | undefined): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, cookie ? { headers: { cookie } } : {});
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

const sides = [await startSide('before', beforeDir), await startSide('after', process.cwd())] as const;
try {
  console.info(`| Line | before p50 / p99 | after p50 / p99 | after / before, p50 / p99 |`);
  console.info('| --- | --- | --- | --- |');
  for (const spec of LINES) {
    const count = 'requests' in spec ? spec.requests : requests;
    const samples = { before: [] as number[], after: [] as number[] };
    for (let i = 0; i < WARM_UP + count; i++) {
      for (const side of i % 2 === 0 ? sides : [sides[1], sides[0]]) {
        if ('before' in spec) await fetch(side.control + spec.before);
        const ms = await timedGet(side.urls[spec.url]!, 'signedIn' in spec ? side.cookie : undefined);
        if (i >= WARM_UP) samples[side.name].push(ms);
      }
    }
    const before = percentiles(samples.before);
    const after = percentiles(samples.after);
    const ratio = (a: number, b: number) => `${((a / b) * 100).toFixed(0)} %`;
    console.info(
      `| ${spec.line} | ${formatMs(before.p50)} / ${formatMs(before.p99)} | ${formatMs(after.p50)} / ${formatMs(after.p99)} | ${ratio(after.p50, before.p50)} / ${ratio(after.p99, before.p99)} |`,
    );
  }
} finally {
  for (const side of sides) await fetch(`${side.control}/stop`).catch(() => side.process.kill());
}
