import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EBAY_CLIENT, type EbayStandIn, startEbayStandIn } from '../helpers/ebay-stand-in.ts';
import { loginAdmin, type ServerProcess, startServer } from './server-process.ts';

/** A server's requests as it saw them, and its port. */
interface Listener {
  port: number;
  asked: string[];
  close(): Promise<void>;
}

async function listen(host: string, answer: http.RequestListener): Promise<Listener> {
  const asked: string[] = [];
  const server = http.createServer((request, response) => {
    asked.push(request.url ?? '');
    answer(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    asked,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

const DAY_MS = 86_400_000;

/** A line of the partner's file, as flat_sales has it. */
function saleLine(n: number): string {
  return `${JSON.stringify({
    source_ref: `slow-partner-${n}`,
    set_id: 'base_set',
    card_name: 'Charizard',
    price: 300 + n,
    timestamp: new Date(Date.now() - DAY_MS).toISOString(),
    seller: 'slow_partner',
  })}\n`;
}

/**
 * Probes of the running server through its feeds: a partner whose redirects lead inside the network, a host
 * name that resolves inside it, a file larger than a feed may be, an eBay photo without end, and a partner
 * that trickles its file. The partner is on this machine, as FEEDS_ALLOWED_HOSTS allows it; a server on
 * every other loopback address stands for what is inside, and must never be asked.
 */
describe('hostile feeds against the running server', () => {
  let dataDir: string;
  let server: ServerProcess;
  let cookie: string;
  let partner: Listener;
  let inside: Listener;
  let standIn: EbayStandIn;
  let redirectTo = '';

  const call = async (method: string, url: string, body?: unknown) => {
    const response = await fetch(`${server.origin}${url}`, {
      method,
      headers: {
        cookie,
        origin: server.origin,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: await response.json() };
  };

  const addUrlFeed = async (name: string, url: string): Promise<string> => {
    const added = await call('POST', '/api/admin/feeds', {
      adapter: 'url',
      name,
      schedule: '0 6 * * *',
      settings: { url },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    return added.body.id;
  };

  const startRun = async (feedId: string): Promise<string> => {
    const started = await call('POST', `/api/admin/feeds/${feedId}/run`);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    return started.body.id;
  };

  /** The run once it has succeeded or failed. */
  const finishedRun = async (runId: string) => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { body } = await call('GET', `/api/admin/feed-runs/${runId}`);
      if (body.run.status === 'succeeded' || body.run.status === 'failed') return body.run;
      if (Date.now() > deadline) throw new Error(`The run did not end: ${JSON.stringify(body)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'holoscope-hostile-feeds-'));
    // Every address of this machine, so that 127.0.0.2, localhost and ::1 would all reach it.
    inside = await listen('::', (_request, response) => response.end('secret\n'));
    partner = await listen('127.0.0.1', (request, response) => {
      if (request.url === '/redirect') return response.writeHead(302, { location: redirectTo }).end();
      if (request.url === '/huge') {
        // Says it is far larger than a feed may be, sends a little, and never ends.
        response.writeHead(200, { 'content-length': String(2 * 1024 ** 3) });
        return response.write(saleLine(0));
      }
      // A file that trickles in, a line at a time, for as long as it is read.
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      let n = 0;
      const timer = setInterval(() => response.write(saleLine(++n)), 100);
      response.on('close', () => clearInterval(timer));
    });
    standIn = await startEbayStandIn();
    server = await startServer({
      DATA_DIR: dataDir,
      FEEDS_ALLOWED_HOSTS: '127.0.0.1',
      EBAY_API_BASE_URL: standIn.url,
    });
    cookie = await loginAdmin(server.origin);
  });

  afterAll(async () => {
    await server?.stop();
    await Promise.all([partner?.close(), inside?.close(), standIn?.close()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('never follows a redirect inside the network, however the address is written', async () => {
    const feedId = await addUrlFeed('Redirecting partner', `http://127.0.0.1:${partner.port}/redirect`);
    const targets = [
      `http://127.0.0.2:${inside.port}/sales.jsonl`,
      `http://localhost:${inside.port}/sales.jsonl`,
      `http://[::1]:${inside.port}/sales.jsonl`,
      `http://[::ffff:127.0.0.2]:${inside.port}/sales.jsonl`,
      `http://2130706434:${inside.port}/sales.jsonl`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/sales.jsonl',
      'http://172.16.0.1/sales.jsonl',
      'http://192.168.0.1/sales.jsonl',
      'http://[fe80::1]/sales.jsonl',
      'http://[fd00::1]/sales.jsonl',
    ];
    for (const target of targets) {
      redirectTo = target;
      const run = await finishedRun(await startRun(feedId));
      expect(run, target).toMatchObject({ status: 'failed', stored: 0 });
      expect(run.lastError, target).toMatch(/redirected elsewhere: .* inside the network/);
    }
    expect(partner.asked.filter((url) => url === '/redirect')).toHaveLength(targets.length);
    expect(inside.asked).toEqual([]);
  });

  it('refuses a host name that resolves to an address inside the network', async () => {
    const feedId = await addUrlFeed('Named inside', `http://localhost:${inside.port}/sales.jsonl`);
    const run = await finishedRun(await startRun(feedId));
    expect(run).toMatchObject({ status: 'failed', stored: 0 });
    expect(run.lastError).toMatch(/^localhost resolves to an address inside the network/);
    expect(inside.asked).toEqual([]);
  });

  it('refuses a file larger than a feed may be without reading it', async () => {
    const feedId = await addUrlFeed('Huge partner', `http://127.0.0.1:${partner.port}/huge`);
    const run = await finishedRun(await startRun(feedId));
    expect(run).toMatchObject({ status: 'failed', stored: 0, lastError: 'The file is larger than 1024 MB.' });
  });

  it('stores an eBay sale without its photo when the photo never ends', async () => {
    standIn.setSales('Aerodactyl fossil 1st edition', [
      {
        itemId: '710000001',
        title: 'Aerodactyl 1/62 Fossil 1st Edition Holo PSA 9',
        price: '450.00',
        soldAt: new Date(Date.now() - DAY_MS).toISOString(),
        endlessImage: true,
      },
    ]);
    const added = await call('POST', '/api/admin/feeds', {
      adapter: 'ebay',
      name: 'eBay Charizard',
      schedule: '0 6 * * *',
      settings: { sets: ['fossil_set'] },
      secrets: EBAY_CLIENT,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const run = await finishedRun(await startRun(added.body.id));
    expect(run).toMatchObject({ status: 'succeeded', stored: 1 });
    const db = new SQLite(path.join(dataDir, 'holoscope.db'), { readonly: true });
    try {
      expect(db.prepare("select image from sales where source = 'ebay'").all()).toEqual([{ image: null }]);
    } finally {
      db.close();
    }
    // The photo was read to its cap and no further: what was sent beyond it sat in the connection's buffers.
    expect(standIn.endlessImageBytes).toBeLessThan(64 * 1024 ** 2);
  });

  it('goes on answering while a partner trickles its file, and stops at once when asked to', async () => {
    const feedId = await addUrlFeed('Slow partner', `http://127.0.0.1:${partner.port}/slow`);
    await startRun(feedId);
    const deadline = Date.now() + 30_000;
    while (!partner.asked.includes('/slow')) {
      if (Date.now() > deadline) throw new Error(`The run did not ask the partner:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (let read = 0; read < 20; read++) {
      const sent = performance.now();
      expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
      expect(performance.now() - sent).toBeLessThan(2_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const stopping = performance.now();
    await server.stop();
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(performance.now() - stopping).toBeLessThan(15_000);
  });
});
