import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saleRecord } from '../helpers/alerts.ts';
import { registrationBody } from '../helpers/auth.ts';
import { loginAdmin, type ServerProcess, startServer, uploadImport } from './server-process.ts';

const MATCHING = 20;

async function register(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(registrationBody()),
  });
  if (response.status !== 201) throw new Error(`Sign-up failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((value) => /^(__Host-)?holoscope_session=/.test(value));
  return cookie!.split(';')[0]!;
}

async function notificationCount(origin: string, cookie: string): Promise<number> {
  const response = await fetch(`${origin}/api/notifications?limit=100`, { headers: { cookie } });
  if (response.status !== 200) throw new Error(`Notifications answered ${response.status}`);
  return ((await response.json()) as { notifications: unknown[] }).notifications.length;
}

describe('kill -9 between storing sales and handling their alerts', () => {
  let dataDir: string;
  let salesFile: string;
  let server: ServerProcess | undefined;

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'holoscope-alerts-kill-'));
    salesFile = path.join(dataDir, 'sales.jsonl');
    const records = [
      ...Array.from({ length: MATCHING }, (_, n) => saleRecord({ id: `kill-match-${n}`, price: 10_000 + n })),
      ...Array.from({ length: 10 }, (_, n) => saleRecord({ id: `kill-dear-${n}`, price: 25_000 + n })),
    ];
    fs.writeFileSync(salesFile, `${records.join('\n')}\n`);
  });

  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses no alert and creates none twice', async () => {
    // An instance that only answers requests: the import's alert work waits in the outbox.
    server = await startServer({ DATA_DIR: dataDir, NOTIFICATION_WORKER: 'off' });
    const collector = await register(server.origin);
    const watched = await fetch(`${server.origin}/api/watches`, {
      method: 'POST',
      headers: { cookie: collector, origin: server.origin, 'content-type': 'application/json' },
      body: JSON.stringify({ set: 'base', card: 'Charizard', grader: 'PSA', grade: 9, below: 20_000 }),
    });
    expect(watched.status).toBe(201);
    const admin = await loginAdmin(server.origin);
    const imported = await uploadImport(server.origin, admin, salesFile);
    expect(await imported.json()).toMatchObject({ imported: MATCHING + 10 });

    const db = new SQLite(path.join(dataDir, 'holoscope.db'), { readonly: true });
    try {
      expect(db.prepare('select count(*) from notification_outbox').pluck().get()).toBeGreaterThan(0);
      expect(db.prepare('select count(*) from notifications').pluck().get()).toBe(0);
    } finally {
      db.close();
    }
    server.child.kill('SIGKILL');
    expect(await server.exited).toMatchObject({ signal: 'SIGKILL' });

    // A server with its worker picks the work up where it was left.
    server = await startServer({ DATA_DIR: dataDir });
    const deadline = Date.now() + 20_000;
    while ((await notificationCount(server.origin, collector)) < MATCHING) {
      if (Date.now() > deadline) throw new Error(`Alerts did not arrive:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    // Killed again and restarted, and the same file imported again: still each alert once.
    server.child.kill('SIGKILL');
    await server.exited;
    server = await startServer({ DATA_DIR: dataDir });
    const again = await uploadImport(server.origin, await loginAdmin(server.origin), salesFile);
    expect(await again.json()).toMatchObject({ imported: 0, duplicates: MATCHING + 10 });
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await notificationCount(server.origin, collector)).toBe(MATCHING);
    const after = new SQLite(path.join(dataDir, 'holoscope.db'), { readonly: true });
    try {
      expect(after.prepare('select count(*) from notification_outbox').pluck().get()).toBe(0);
      expect(after.prepare('select count(distinct sale_id) from notifications').pluck().get()).toBe(MATCHING);
    } finally {
      after.close();
    }
    await server.stop();
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });
});
