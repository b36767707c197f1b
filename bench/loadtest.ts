// `npm run loadtest`: a mixed workload against a 1,000,000-sale / 50,000-collector database for 60 seconds,
// on SQLite, or on PostgreSQL when DATABASE_URL is set. The server runs in a child process so its memory is
// its own; prints requests per second, p50/p99 per route, errors (429s of the sign-in limit apart) and the
// server's memory at the start, every 10 seconds and at the end. Local only: it fills a temporary database.

import os from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { createDemoCollectors } from '#server/features/demo-data/demo-collectors.ts';
import { loadDemoSales } from '#server/features/demo-data/load-demo-sales.ts';
import { createBenchDatabase } from './bench-database.ts';
import { requestMix, requestsFor } from './loadtest-mix.ts';
import { startServerProcess } from './server-process.ts';

const { values } = parseArgs({
  options: {
    sales: { type: 'string', default: '1000000' },
    collectors: { type: 'string', default: '50000' },
    items: { type: 'string', default: '500000' },
    seconds: { type: 'string', default: '60' },
  },
});
const salesCount = Number(values.sales);
const collectors = Number(values.collectors);
const items = Number(values.items);
const seconds = Number(values.seconds);
const SEED = 1;
const SAMPLE_MS = 10_000;
const count = (value: number) => Math.round(value).toLocaleString('en-US');

const database = await createBenchDatabase();
console.info(
  `Load test on ${database.label}, ${os.cpus().length} cores, Node ${process.version}, load average ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
try {
  let started = performance.now();
  console.info(
    `Generating ${count(salesCount)} sales, ${count(collectors)} collectors with ${count(items)} cards…`,
  );
  const today = new Date().toISOString().slice(0, 10);
  await loadDemoSales(
    { database: database.handle, salesEvents: { changed() {} } as never },
    { seed: SEED, count: salesCount, today },
  );
  await createDemoCollectors(database.handle, { collectors, items, seed: SEED });
  console.info(`  ready in ${((performance.now() - started) / 1000).toFixed(0)} s`);

  const top = await sql<{ set_id: string; card_name: string }>`
    select set_id, card_name from sales group by set_id, card_name order by count(*) desc limit 12`.execute(
    database.handle.db,
  );

  const url = process.env.DATABASE_URL;
  const server = await startServerProcess({
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'off',
    DATA_DIR: database.dataDir,
    ...(url?.startsWith('postgres') ? { DATABASE_URL: url } : {}),
    ...(database.schema ? { LOADTEST_SCHEMA: database.schema } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  });
  try {
    const logins = await registerUsers(server.base, 5);
    const mix = requestMix({
      topCards: top.rows.map((row) => [row.set_id, row.card_name]),
      collectors,
      demoSeed: SEED,
      logins,
    });
    // One pass over every path first, so the figures are of a running server, not of its first requests.
    for (const route of mix.filter((candidate) => !candidate.limited)) {
      for (const path of route.paths) await (await fetch(`${server.base}${path}`)).arrayBuffer();
    }

    const memory = [{ at: 'start', rss: server.rssMb(), heap: await server.heapMb() }];
    started = performance.now();
    const sampler = setInterval(() => {
      void server.heapMb().then((heap) => {
        memory.push({
          at: `${Math.round((performance.now() - started) / 1000)} s`,
          rss: server.rssMb(),
          heap,
        });
      });
    }, SAMPLE_MS);
    console.info(`Running the mix for ${seconds} s…`);
    const results = await Promise.all(
      mix.map((route) =>
        autocannon({
          url: server.base,
          connections: route.connections,
          duration: seconds,
          requests: requestsFor(route),
        }).then((result) => ({ route, result })),
      ),
    );
    clearInterval(sampler);
    memory.push({ at: 'end', rss: server.rssMb(), heap: await server.heapMb() });

    let totalRequests = 0;
    let totalErrors = 0;
    let limited = 0;
    console.info('');
    console.info('| route | connections | req/s | p50 | p99 | errors | 429 (intended) |');
    console.info('| --- | --- | --- | --- | --- | --- | --- |');
    for (const { route, result } of results) {
      const tooMany = result.statusCodeStats?.['429']?.count ?? 0;
      const intended = route.limited ? tooMany : 0;
      const errors = result.errors + result.timeouts + result.non2xx - intended;
      totalRequests += result.requests.total;
      totalErrors += errors;
      limited += intended;
      console.info(
        `| ${route.name} | ${route.connections} | ${count(result.requests.total / seconds)} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${errors} | ${route.limited ? intended : '–'} |`,
      );
    }
    console.info(`| all | | ${count(totalRequests / seconds)} | | | ${totalErrors} | ${limited} |`);
    console.info('');
    console.info(`| server memory | ${memory.map((sample) => sample.at).join(' | ')} |`);
    console.info(`| --- |${memory.map(() => ' --- |').join('')}`);
    console.info(`| RSS (MB) | ${memory.map((sample) => sample.rss.toFixed(0)).join(' | ')} |`);
    console.info(`| heap after GC (MB) | ${memory.map((sample) => sample.heap.toFixed(1)).join(' | ')} |`);
    if (totalErrors > 0) process.exitCode = 1;
  } finally {
    await server.stop();
  }
} finally {
  await database.drop();
}

/** Real accounts with real passwords, signed up through the API like anyone else. */
async function registerUsers(base: string, howMany: number) {
  const users: { email: string; password: string }[] = [];
  for (let i = 1; i <= howMany; i++) {
    const email = `loadtest_${i}@example.com`;
    const password = `load test password ${i}`;
    const response = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: `loadtest_${i}`,
        email,
        password,
        verifyPassword: password,
        country: 'Germany',
        countryCode: 'DE',
      }),
    });
    if (response.status !== 201)
      throw new Error(`Sign-up failed: ${response.status} ${await response.text()}`);
    users.push({ email, password });
  }
  return users;
}
