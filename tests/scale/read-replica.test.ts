import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '#server/app.ts';
import { READ_YOUR_WRITES_MS } from '#server/db/read-routing.ts';
import type { NewSale } from '#server/db/schema.ts';
import { createDemoCollectors } from '#server/features/demo-data/demo-collectors.ts';
import { WROTE_COOKIE } from '#server/read-your-writes.ts';
import { findCardByName } from '#shared/catalogue.ts';
import { parseSetId } from '#shared/sets.ts';
import { makeAdmin, registerUser, type TestUser } from '../helpers/auth.ts';
import { itemBody, postItem } from '../helpers/collection-factory.ts';
import { insertSales } from '../helpers/sales-factory.ts';
import { testConfig } from '../helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) {
  console.warn('Read replica tests skipped: TEST_DATABASE_URL is not set (they need PostgreSQL).');
}

/**
 * Two schemas on the test server stand in for a primary and its replica. They hold different data, so each
 * answer tells which one it came from: Blastoise has three PSA 9 sales of $50 on the primary and three of
 * $300 on the "replica", and only the replica has demo collectors. Charizard's two PSA 9 sales ($100 and
 * $200) are on both, with the same places in the sales change log, as a real replica has them: a card's
 * columns read from the replica are brought up to date from whichever database the log is read from.
 */
describe.skipIf(!databaseUrl)('a read replica (DATABASE_READ_URL)', () => {
  let primary: TestDatabase;
  let replica: TestDatabase;
  let app: App;
  let mostHeld: { setId: string; cardName: string; copies: number };
  let primarySales: NewSale[];

  beforeAll(async () => {
    [primary, replica] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    const blastoise = (price_cents: number) =>
      Array.from({ length: 3 }, () => ({ card_name: 'Blastoise', price_cents }));
    await insertSales(primary.handle, blastoise(5_000));
    await insertSales(replica.handle, blastoise(30_000));
    primarySales = await insertSales(primary.handle, [
      { card_name: 'Charizard', price_cents: 10_000 },
      { card_name: 'Charizard', price_cents: 20_000 },
    ]);
    await replica.handle.db.insertInto('sales').values(primarySales).execute();
    ({ mostHeld } = await createDemoCollectors(replica.handle, { collectors: 5, items: 400, seed: 9 }));
    const config = testConfig(primary, { databaseReadUrl: databaseUrl, databaseReadSchema: replica.schema });
    app = await buildApp(config, { logger: false });
    await app.ready();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  afterAll(async () => {
    await app?.close();
    await Promise.all([primary?.drop(), replica?.drop()]);
  });

  const analysisTotal = async (card = 'Charizard') => {
    const response = await app.inject({
      url: `/api/sales/analysis?set=base_set&card=${card}&period=all`,
    });
    expect(response.statusCode).toBe(200);
    return response.json().total as number;
  };
  const ladder = async (card = 'Charizard') => {
    const response = await app.inject(`/api/sales/ladder?set=base_set&card=${card}&period=all`);
    expect(response.statusCode).toBe(200);
    return response
      .json()
      .rows.map((row: { grader: string; grade: number; count: number; median: number }) => ({
        grader: row.grader,
        grade: row.grade,
        count: row.count,
        median: row.median,
      }));
  };
  const sourceTotal = async (cookie?: string) => {
    const response = await app.inject({
      url: `/api/collectors?set=${mostHeld.setId}&card=${encodeURIComponent(mostHeld.cardName)}`,
      ...(cookie ? { headers: { cookie } } : {}),
    });
    expect(response.statusCode).toBe(200);
    return response.json().total as number;
  };
  const wroteCookieOf = (response: { cookies: { name: string; value: string }[] }) => {
    const cookie = response.cookies.find((candidate) => candidate.name === WROTE_COOKIE);
    expect(cookie).toBeDefined();
    return `${WROTE_COOKIE}=${cookie?.value}`;
  };
  const addMostHeldCard = (owner: TestUser) => {
    const setId = parseSetId(mostHeld.setId) ?? 'base_set';
    const card = findCardByName(setId, mostHeld.cardName);
    return postItem(
      app,
      owner.cookie,
      itemBody({ setId, cardName: mostHeld.cardName, cardNumber: card?.number ?? null }),
    );
  };

  it("answers a visitor's analysis, grade ladder and Source from the replica", async () => {
    expect(await analysisTotal('Blastoise')).toBe(3);
    expect(await ladder('Blastoise')).toEqual([{ grader: 'PSA', grade: 9, count: 3, median: 300 }]);
    expect(await analysisTotal()).toBe(2);
    expect(mostHeld.copies).toBeGreaterThan(2);
    expect(await sourceTotal()).toBe(mostHeld.copies);
  });

  it('reads and writes everything else on the primary', async () => {
    const collector = await registerUser(app);
    const profile = await app.inject(`/api/users/${collector.user.id}`);
    expect(profile.statusCode).toBe(200);
    // A demo collector lives on the replica only.
    expect((await app.inject('/api/users/demo-9-1')).statusCode).toBe(404);

    const added = await addMostHeldCard(collector);
    expect(added.statusCode).toBe(201);
    const stored = (handle: TestDatabase['handle']) =>
      handle.db
        .selectFrom('collection_items')
        .select('id')
        .where('user_id', '=', collector.user.id)
        .execute();
    expect(await stored(primary.handle)).toHaveLength(1);
    expect(await stored(replica.handle)).toHaveLength(0);
  });

  it('lets a collector who just wrote read Source from the primary, and from the replica again after a while', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const collector = await registerUser(app);
    const added = await addMostHeldCard(collector);
    expect(added.statusCode).toBe(201);
    const wrote = wroteCookieOf(added);

    // Theirs and the one added in the test before: what the primary holds.
    expect(await sourceTotal(`${collector.cookie}; ${wrote}`)).toBe(2);
    expect(await sourceTotal(collector.cookie)).toBe(mostHeld.copies);
    expect(await sourceTotal()).toBe(mostHeld.copies);

    vi.setSystemTime(Date.now() + READ_YOUR_WRITES_MS + 1000);
    expect(await sourceTotal(`${collector.cookie}; ${wrote}`)).toBe(mostHeld.copies);
  });

  it('reads the analysis from the primary for a while after sales change, so the cache refills with the change', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const admin = await makeAdmin({ app, database: primary });
    const deletion = await app.inject({
      method: 'POST',
      url: '/api/admin/sales/delete',
      headers: { cookie: admin.cookie },
      payload: { saleIds: [primarySales[1]?.id] },
    });
    expect(deletion.statusCode).toBe(200);
    expect(await analysisTotal()).toBe(1);
    expect(await ladder()).toEqual([{ grader: 'PSA', grade: 9, count: 1, median: 100 }]);
    expect(await sourceTotal()).toBe(2);

    vi.setSystemTime(Date.now() + READ_YOUR_WRITES_MS + 1000);
    expect(await sourceTotal()).toBe(mostHeld.copies);
  });
});
