import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '#server/app.ts';
import { AUTH_RATE_LIMITS } from '#server/features/accounts/per-ip-limit.ts';
import { analysisJson } from '#server/features/analysis/analysis.service.ts';
import { createAnalysisCaches } from '#server/features/analysis/analysis-cache.ts';
import { ladderJson } from '#server/features/analysis/valuation.service.ts';
import { rateLimitNamespace } from '#server/rate-limit-store.ts';
import { SalesEvents } from '#server/sales/changes/sales-events.ts';
import { CardSalesStore } from '#server/sales/columns/card-sales-store.ts';
import { AnalysisQuerySchema } from '#shared/schemas/sales.ts';
import { LadderQuerySchema } from '#shared/schemas/valuation.ts';
import { makeAdmin, registerUser, someIp } from '../helpers/auth.ts';
import { addItem } from '../helpers/collection-factory.ts';
import { daysAgo, insertSales } from '../helpers/sales-factory.ts';
import { testConfig } from '../helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0 });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const redisAvailable = databaseUrl ? await redisAnswers(redisUrl) : false;
if (!databaseUrl) {
  console.warn('Two-instance tests skipped: TEST_DATABASE_URL is not set (they need PostgreSQL).');
} else if (!redisAvailable) {
  console.warn(`Two-instance tests skipped: no Redis answers at ${redisUrl} (set TEST_REDIS_URL).`);
}

/** Resolves with the text of the stream once `marker` appears in it. */
function openLiveStream(port: number, cookie?: string) {
  let text = '';
  let ended = false;
  const waiters: { marker: string; resolve: () => void }[] = [];
  const headers = cookie ? { cookie } : {};
  const request = http.get({ host: '127.0.0.1', port, path: '/api/live', headers }, (response) => {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      text += chunk;
      for (const waiter of waiters.filter((candidate) => text.includes(candidate.marker))) waiter.resolve();
    });
    response.once('end', () => {
      ended = true;
    });
  });
  return {
    isEnded: () => ended,
    waitFor: (marker: string) =>
      new Promise<void>((resolve, reject) => {
        if (text.includes(marker)) return resolve();
        waiters.push({ marker, resolve });
        setTimeout(() => reject(new Error(`"${marker}" never arrived; got: ${text}`)), 5000).unref();
      }),
    close: () => request.destroy(),
  };
}

/** Retries `read` until it passes `check`: announcements between instances take a moment. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5000;
  let value = await read();
  while (!check(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

describe.skipIf(!databaseUrl || !redisAvailable)('two app instances on one PostgreSQL and one Redis', () => {
  let database: TestDatabase;
  let a: App;
  let b: App;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Both instances connect on their own, as two processes would: own pools, own LISTEN connections.
    const config = testConfig(database, { redisUrl });
    a = await buildApp(config, { logger: false });
    b = await buildApp(config, { logger: false });
    await Promise.all([a.ready(), b.ready()]);
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    if (database) {
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${rateLimitNamespace(database.schema)}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
      await database.drop();
    }
  });

  it('accepts a session started on A on B, and a sign-out on B ends it on A', async () => {
    const collector = await registerUser(a);
    const onB = await b.inject({ url: '/api/auth/session', headers: { cookie: collector.cookie } });
    expect(onB.json().user).toMatchObject({ id: collector.user.id, username: collector.user.username });

    const logout = await b.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: collector.cookie },
    });
    expect(logout.statusCode).toBeLessThan(300);
    const onA = await a.inject({ url: '/api/auth/session', headers: { cookie: collector.cookie } });
    expect(onA.json().user).toBeNull();
  });

  it("ends the session's live stream on A when it signs out on B", async () => {
    const collector = await registerUser(a);
    await a.listen({ port: 0, host: '127.0.0.1' });
    const stream = openLiveStream((a.server.address() as AddressInfo).port, collector.cookie);
    await stream.waitFor(': connected');
    const logout = await b.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: collector.cookie },
    });
    expect(logout.statusCode).toBe(200);
    expect(await eventually(async () => stream.isEnded(), Boolean)).toBe(true);
  });

  it("drops B's cached analysis of the card whose sale is deleted through A, and keeps the others", async () => {
    const [kept, doomed] = await insertSales(database.handle, [
      { card_name: 'Blastoise', price_cents: 20_000 },
      { card_name: 'Blastoise', price_cents: 90_000 },
      { card_name: 'Venusaur', price_cents: 40_000 },
    ]);
    const analysisOnB = async (card = 'Blastoise') =>
      (await b.inject(`/api/sales/analysis?set=base_set&card=${card}&period=all`)).json() as {
        total: number;
        sales: { saleId: string }[];
      };
    expect((await analysisOnB()).total).toBe(2);
    expect((await analysisOnB('Venusaur')).total).toBe(1);

    // Written behind every instance's back: B keeps answering from its cache, which shows it has one.
    await insertSales(database.handle, [
      { card_name: 'Blastoise', price_cents: 30_000 },
      { card_name: 'Venusaur', price_cents: 50_000 },
    ]);
    expect((await analysisOnB()).total).toBe(2);

    const admin = await makeAdmin({ app: a, database });
    const deletion = await a.inject({
      method: 'POST',
      url: '/api/admin/sales/delete',
      headers: { cookie: admin.cookie },
      payload: { saleIds: [doomed!.id] },
    });
    expect(deletion.statusCode).toBe(200);

    const idsOf = (answer: { sales: { saleId: string }[] }) => answer.sales.map((sale) => sale.saleId);
    const after = await eventually(analysisOnB, (answer) => !idsOf(answer).includes(doomed!.id));
    // The cache was dropped, not patched: the sale written behind its back shows up too.
    expect(after.total).toBe(2);
    const ids = idsOf(after);
    expect(ids).toContain(kept!.id);
    expect(ids).not.toContain(doomed!.id);
    expect(ids).toHaveLength(2);
    // The deletion named Blastoise only: B still answers Venusaur from its cache.
    expect((await analysisOnB('Venusaur')).total).toBe(1);
  });

  it("brings a card's columns up to date on both instances from the change log, without reading the card again", async () => {
    const mewtwo = 'set=base_set&card=Mewtwo';
    const views = async (app: App) => {
      const [analysis, ladder] = await Promise.all([
        app.inject(`/api/sales/analysis?${mewtwo}&period=all&pageSize=50`),
        app.inject(`/api/sales/ladder?${mewtwo}&period=all`),
      ]);
      return { analysis: analysis.json(), ladder: ladder.json() };
    };
    /** The same answers from caches that have never seen the card: computed from scratch. */
    const fromScratch = async () => {
      const context = {
        database: database.handle,
        analysisCaches: createAnalysisCaches(new SalesEvents(), new CardSalesStore()),
      };
      const log = { error: () => {} };
      const analysis = await analysisJson(
        context,
        AnalysisQuerySchema.parse({ set: 'base_set', card: 'Mewtwo', pageSize: 50 }),
        log,
      );
      const ladder = await ladderJson(context, LadderQuerySchema.parse({ set: 'base_set', card: 'Mewtwo' }));
      return { analysis: JSON.parse(analysis.toString()), ladder: JSON.parse(ladder.toString()) };
    };
    const wholeCardReads = () => [a, b].map((app) => app.context.analysisCaches.cards.reads.wholeCards);
    /** Both instances answer as computed from scratch (B once A's announcement reached it). */
    const expectBothUpToDate = async (total: number) => {
      const scratch = await fromScratch();
      expect(scratch.analysis.total).toBe(total);
      expect(await views(a)).toEqual(scratch);
      expect(
        await eventually(
          () => views(b),
          (onB) => onB.analysis.total === total,
        ),
      ).toEqual(scratch);
    };

    const [first, second] = await insertSales(database.handle, [
      { card_name: 'Mewtwo', price_cents: 50_000, grading_company: 'PSA', grade: 9, sold_at: daysAgo(4) },
      { card_name: 'Mewtwo', price_cents: 65_000, grading_company: 'PSA', grade: 10, sold_at: daysAgo(9) },
      { card_name: 'Mewtwo', price_cents: 42_000, grading_company: 'CGC', grade: 9, sold_at: daysAgo(30) },
    ]);
    await expectBothUpToDate(3);
    const readsBefore = wholeCardReads();

    // New sales stored by A, which announces them as the importer does.
    await insertSales(database.handle, [
      { card_name: 'Mewtwo', price_cents: 48_000, grading_company: 'PSA', grade: 9, sold_at: daysAgo(2) },
      { card_name: 'Mewtwo', price_cents: 51_000, grading_company: 'BGS', grade: 9.5, sold_at: daysAgo(9) },
    ]);
    a.context.salesEvents.changed(['base_set-10']);
    await expectBothUpToDate(5);

    // A deletion through B, a restore through A.
    const admin = await makeAdmin({ app: a, database });
    const adminPost = (app: App, url: string, saleIds: string[]) =>
      app.inject({ method: 'POST', url, headers: { cookie: admin.cookie }, payload: { saleIds } });
    expect((await adminPost(b, '/api/admin/sales/delete', [first!.id, second!.id])).statusCode).toBe(200);
    await expectBothUpToDate(3);
    expect((await adminPost(a, '/api/admin/sales/restore', [second!.id])).statusCode).toBe(200);
    await expectBothUpToDate(4);

    // A sale flagged through an UPDATE on one instance leaves the ladders of both.
    await database.handle.db
      .updateTable('sales')
      .set({ excluded: true })
      .where('id', '=', second!.id)
      .execute();
    a.context.salesEvents.changed(['base_set-10']);
    const scratch = await fromScratch();
    expect(scratch.ladder.rows.find((row: { grade: number }) => row.grade === 10)).toBeUndefined();
    expect(await views(a)).toEqual(scratch);
    expect(
      await eventually(
        () => views(b),
        (onB) => !onB.ladder.rows.some((row: { grade: number }) => row.grade === 10),
      ),
    ).toEqual(scratch);

    expect(wholeCardReads()).toEqual(readsBefore);
  });

  it('brings a collection change made on A to a page listening on B', async () => {
    await b.listen({ port: 0, host: '127.0.0.1' });
    const stream = openLiveStream((b.server.address() as AddressInfo).port);
    try {
      await stream.waitFor(': connected');
      const owner = await registerUser(a);
      await addItem(a, owner);
      await stream.waitFor(`event: collection\ndata: ${JSON.stringify({ userId: owner.user.id })}`);
    } finally {
      stream.close();
    }
  });

  it('counts sign-in attempts from one address across both instances', async () => {
    const ip = someIp();
    // A different email each time, so only the per-address limit is in play (not the per-account slow-down).
    let tries = 0;
    const attempt = (app: App) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: ip,
        payload: { email: `nobody${++tries}@example.com`, password: 'wrong password' },
      });
    const half = AUTH_RATE_LIMITS.login / 2;
    for (let i = 0; i < half; i++) expect((await attempt(a)).statusCode).toBe(401);
    for (let i = 0; i < half; i++) expect((await attempt(b)).statusCode).toBe(401);

    // Each instance has seen only half the limit; only a shared count refuses the next attempt.
    const refusedOnA = await attempt(a);
    const refusedOnB = await attempt(b);
    for (const refused of [refusedOnA, refusedOnB]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('rate-limited');
    }
    expect((await attempt(b)).headers['retry-after']).toBeDefined();
  });
});
