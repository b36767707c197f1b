import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '#server/app.ts';
import type { LiveEvent } from '#server/live/live-bus.ts';
import { writeSingleChange } from '#server/sales/write/single-change.ts';
import { registerUser, type TestUser } from '../helpers/auth.ts';
import { saleRow } from '../helpers/sales-factory.ts';
import { testConfig } from '../helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl)
  console.warn('Two-worker alert tests skipped: TEST_DATABASE_URL is not set (they need PostgreSQL).');

const WATCHERS = 12;
const BATCHES = 40;
const SALES_PER_BATCH = 25;

describe.skipIf(!databaseUrl)('two instances’ alert workers on one PostgreSQL', () => {
  let database: TestDatabase;
  let a: App;
  let b: App;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Each instance connects on its own, as two processes would.
    const config = testConfig(database);
    a = await buildApp(config, { logger: false });
    b = await buildApp(config, { logger: false });
    await Promise.all([a.ready(), b.ready()]);
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await database?.drop();
  });

  it('handles every batch once between them, and each watcher hears of each handled batch once', async () => {
    const watchers: TestUser[] = [];
    for (let n = 0; n < WATCHERS; n++) {
      const watcher = await registerUser(n % 2 === 0 ? a : b);
      const response = await a.inject({
        method: 'POST',
        url: '/api/watches',
        payload: { set: 'base', card: 'Charizard', grader: 'PSA', grade: 9 },
        headers: { cookie: watcher.cookie },
      });
      expect(response.statusCode).toBe(201);
      watchers.push(watcher);
    }
    for (let batch = 0; batch < BATCHES; batch++) {
      const records = Array.from({ length: SALES_PER_BATCH }, (_, n) => {
        const {
          id: _id,
          created_at: _created,
          ...record
        } = saleRow({
          source_ref: `two-workers-${batch}-${n}`,
          // A price of its own: the same seller, price and day again would be a probable duplicate, left out.
          price_cents: 1_000_000 + batch * SALES_PER_BATCH + n,
          excluded: false,
        });
        return record;
      });
      await writeSingleChange(database.handle, records);
    }

    const heard: LiveEvent[] = [];
    const stop = a.context.live.subscribe((event) => {
      if (event.type === 'notification') heard.push(event);
    }, watchers[0]!.user.id);
    const [byA, byB] = await Promise.all([
      a.context.notifications.processPending(),
      b.context.notifications.processPending(),
    ]);
    expect(byA + byB).toBe(BATCHES);
    expect(byA).toBeGreaterThan(0);
    expect(byB).toBeGreaterThan(0);

    const { count } = await database.handle.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(WATCHERS * BATCHES * SALES_PER_BATCH);
    const perWatcher = await a.inject({
      url: '/api/notifications?limit=1',
      headers: { cookie: watchers[0]!.cookie },
    });
    expect(perWatcher.json().unread).toBe(BATCHES * SALES_PER_BATCH);

    // Events travel through NOTIFY; give the last ones a moment.
    const deadline = Date.now() + 5_000;
    while (heard.length < BATCHES && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    stop();
    expect(heard).toHaveLength(BATCHES);
  });

  it('skips a row another instance holds, and takes it once that instance is gone', async () => {
    const watcher = await registerUser(a);
    const watched = await a.inject({
      method: 'POST',
      url: '/api/watches',
      payload: { set: 'fossil', card: 'Zapdos' },
      headers: { cookie: watcher.cookie },
    });
    expect(watched.statusCode).toBe(201);
    for (const batch of [0, 1]) {
      const {
        id: _id,
        created_at: _created,
        ...record
      } = saleRow({
        set_id: 'fossil_set',
        card_name: 'Zapdos',
        source_ref: `held-${batch}`,
        price_cents: 10_000 + batch,
        excluded: false,
      });
      await writeSingleChange(database.handle, [record]);
    }
    // An instance that took the oldest row and then died before committing: its own connection holds the lock.
    const other = new pg.Client({ connectionString: databaseUrl });
    await other.connect();
    await other.query(`set search_path to ${database.schema}`);
    await other.query('begin');
    const held = await other.query('select id from notification_outbox order by id limit 1 for update');
    expect(held.rowCount).toBe(1);

    expect(await b.context.notifications.processPending()).toBe(1);
    const unread = async () =>
      (await b.inject({ url: '/api/notifications', headers: { cookie: watcher.cookie } })).json().unread;
    expect(await unread()).toBe(1);

    await other.end();
    expect(await b.context.notifications.processPending()).toBe(1);
    expect(await unread()).toBe(2);
  });
});
