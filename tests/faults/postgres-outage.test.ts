import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin, type ServerProcess, startServer } from './server-process.ts';
import { TcpProxy } from './tcp-proxy.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) {
  console.info('PostgreSQL outage test skipped: TEST_DATABASE_URL is not set.');
}

/** A request must be answered, one way or the other, well before a client or load balancer gives up. */
const ANSWER_WITHIN_MS = 6_000;

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function timedGet(url: string, cookie?: string) {
  const started = Date.now();
  const response = await fetch(url, {
    ...(cookie ? { headers: { cookie } } : {}),
    signal: AbortSignal.timeout(ANSWER_WITHIN_MS + 4_000),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, ms: Date.now() - started };
}

describe.skipIf(!databaseUrl)('PostgreSQL goes away and comes back', () => {
  const database = `holoscope_outage_${crypto.randomBytes(4).toString('hex')}`;
  let dataDir: string;
  let proxy: TcpProxy;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'holoscope-outage-'));
    await adminQuery(`create database ${database}`);
    const target = new URL(databaseUrl!);
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    await proxy.start();
  });

  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await adminQuery(`drop database if exists ${database} with (force)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with the error body while it is gone, stays up, and recovers by itself', async () => {
    const appUrl = new URL(databaseUrl!);
    appUrl.hostname = '127.0.0.1';
    appUrl.port = String(proxy.port);
    appUrl.pathname = `/${database}`;
    server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: appUrl.toString() });
    const { origin } = server;
    const cookie = await loginAdmin(origin);
    const session = await timedGet(`${origin}/api/auth/session`, cookie);
    expect(session.status).toBe(200);
    const adminId: string = session.body.user.id;

    const requests = [
      `${origin}/api/auth/session`,
      `${origin}/api/users/${adminId}`,
      `${origin}/api/admin/sales/by-day?set=base_set`,
    ];
    const expectUnavailable = async () => {
      const ready = await timedGet(`${origin}/readyz`);
      expect(ready.status).toBe(503);
      expect(ready.body.error.code).toBe('service-unavailable');
      expect(ready.ms).toBeLessThan(ANSWER_WITHIN_MS);
      for (const url of requests) {
        const answer = await timedGet(url, cookie);
        expect({ url, status: answer.status, code: answer.body?.error?.code }).toEqual({
          url,
          status: 503,
          code: 'service-unavailable',
        });
        expect(answer.ms).toBeLessThan(ANSWER_WITHIN_MS);
      }
      expect((await timedGet(`${origin}/healthz`)).status).toBe(200);
    };

    // Stopped: connections are cut and new ones refused.
    await proxy.refuse();
    await expectUnavailable();

    // Partitioned: new connections hang; the pool's connection timeout turns that into an answer.
    await proxy.blackhole();
    await expectUnavailable();

    expect(server.child.exitCode).toBeNull();
    await proxy.restore();
    const deadline = Date.now() + 15_000;
    while ((await timedGet(`${origin}/readyz`)).status !== 200) {
      if (Date.now() > deadline) throw new Error(`No recovery:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    for (const url of requests) expect((await timedGet(url, cookie)).status).toBe(200);
    expect((await timedGet(`${origin}/api/auth/session`, cookie)).body.user.id).toBe(adminId);
    expect(server.output()).not.toMatch(/"level":(50|60)/);
  });
});
