import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EBAY_CLIENT,
  type EbayStandIn,
  type StandInSale,
  startEbayStandIn,
} from '../helpers/ebay-stand-in.ts';
import { loginAdmin, type ServerProcess, startServer } from './server-process.ts';

const DAY_MS = 86_400_000;
/** Fossil's first names in catalogue order: the feed asks for them in this order. */
const QUERIES = ['Aerodactyl', 'Articuno', 'Ditto', 'Dragonite', 'Gengar'].map(
  (name) => `${name} fossil 1st edition`,
);
const NUMBERS = ['1/62', '2/62', '3/62', '4/62', '5/62'];
/** Two pages per name. */
const SALES_PER_QUERY = 260;
/** A sale on the second name's first page whose photo never comes: the run is killed while it waits. */
const HELD_SALE = 60;
/** Sales are committed 25 at a time: the ones before the held sale's group are in when the server dies. */
const COMMITTED_BEFORE_KILL = SALES_PER_QUERY + 50;

function itemIdOf(query: number, n: number): string {
  return `9${query}${String(n).padStart(6, '0')}`;
}

function salesFor(index: number): StandInSale[] {
  const name = QUERIES[index]!.split(' ')[0];
  return Array.from({ length: SALES_PER_QUERY }, (_, n) => ({
    itemId: itemIdOf(index, n),
    title: `${name} ${NUMBERS[index]} Fossil 1st Edition Holo PSA 9`,
    price: `${150 + n}.00`,
    soldAt: new Date(Date.now() - (1 + (n % 30)) * DAY_MS).toISOString(),
    withImage: index === 1 && n === HELD_SALE,
  }));
}

async function call(server: ServerProcess, cookie: string, method: string, url: string, body?: unknown) {
  const response = await fetch(`${server.origin}${url}`, {
    method,
    headers: { cookie, origin: server.origin, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: await response.json() };
}

describe('kill -9 while a feed run is going', () => {
  let dataDir: string;
  let standIn: EbayStandIn;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'holoscope-feed-kill-'));
    standIn = await startEbayStandIn();
    for (const [index, query] of QUERIES.entries()) standIn.setSales(query, salesFor(index));
  });

  afterAll(async () => {
    await server?.stop();
    await standIn.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the sales committed before the kill and finishes the run after the restart, counting each once', async () => {
    const env = { DATA_DIR: dataDir, EBAY_API_BASE_URL: standIn.url };
    server = await startServer(env);
    let cookie = await loginAdmin(server.origin);
    const added = await call(server, cookie, 'POST', '/api/admin/feeds', {
      adapter: 'ebay',
      name: 'eBay Fossil',
      schedule: '0 6 * * *',
      settings: { sets: ['fossil_set'] },
      secrets: EBAY_CLIENT,
    });
    expect(added.status).toBe(201);

    const held = standIn.hold(itemIdOf(1, HELD_SALE));
    const started = await call(server, cookie, 'POST', `/api/admin/feeds/${added.body.id}/run`);
    expect(started.status).toBe(202);
    const deadline = Date.now() + 30_000;
    while (standIn.imageRequests === 0) {
      if (Date.now() > deadline) throw new Error(`The run did not get going:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    server.child.kill('SIGKILL');
    expect(await server.exited).toMatchObject({ signal: 'SIGKILL' });
    held.release();

    const db = new SQLite(path.join(dataDir, 'holoscope.db'), { readonly: true });
    try {
      const run = db.prepare('select status, stored, duplicates, attempts from feed_runs').get();
      expect(run).toEqual({ status: 'running', stored: COMMITTED_BEFORE_KILL, duplicates: 0, attempts: 1 });
      expect(db.prepare('select count(*) from sales').pluck().get()).toBe(COMMITTED_BEFORE_KILL);
    } finally {
      db.close();
    }

    server = await startServer(env);
    cookie = await loginAdmin(server.origin);
    let detail = await call(server, cookie, 'GET', `/api/admin/feed-runs/${started.body.id}`);
    const finishBy = Date.now() + 60_000;
    while (detail.body.run.status !== 'succeeded') {
      if (Date.now() > finishBy || detail.body.run.status === 'failed') {
        throw new Error(`The run did not finish: ${JSON.stringify(detail.body)}\n${server.output()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      detail = await call(server, cookie, 'GET', `/api/admin/feed-runs/${started.body.id}`);
    }
    expect(detail.body.run).toMatchObject({
      stored: QUERIES.length * SALES_PER_QUERY,
      duplicates: 0,
      refused: 0,
      attempts: 2,
    });

    // The first name was not asked again; the page cut off was, and its sales went on after the committed ones.
    const asked = (query: string) =>
      standIn.searches.filter((search) => search.params.get('q') === query).length;
    expect(QUERIES.map(asked)).toEqual([2, 3, 2, 2, 2]);

    const after = new SQLite(path.join(dataDir, 'holoscope.db'), { readonly: true });
    try {
      expect(after.prepare('select count(*) from sales').pluck().get()).toBe(
        QUERIES.length * SALES_PER_QUERY,
      );
      expect(after.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      after.close();
    }
    await server.stop();
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });
});
