import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '#server/app.ts';
import { dayBefore } from '#shared/schemas/admin.ts';
import { makeAdmin, type TestUser } from '../helpers/auth.ts';
import { addFeed, waitForRun } from '../helpers/feeds.ts';
import { testConfig } from '../helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) console.warn('Feed scheduling across instances skipped: TEST_DATABASE_URL is not set.');

/** pg-boss's cron fires on the minute and is checked every few seconds: allow two minutes. */
const MINUTE_AND_MORE = 150_000;

describe.skipIf(!databaseUrl)('two app instances on one PostgreSQL run a feed schedule once', () => {
  let database: TestDatabase;
  let a: App;
  let b: App;
  let admin: TestUser;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Two instances as two processes would be: own pools, own schedulers, one database and one shared DATA_DIR.
    const config = testConfig(database);
    a = await buildApp(config, { logger: false });
    b = await buildApp(config, { logger: false });
    await Promise.all([a.ready(), b.ready()]);
    await Promise.all([a.context.feeds.start(), b.context.feeds.start()]);
    admin = await makeAdmin({ app: a, database });
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await database?.drop();
  });

  it(
    'starts one run for the minute, on one instance, and imports the dropped file once',
    async () => {
      const feed = await addFeed(a, admin, {
        adapter: 'folder',
        name: 'Every five minutes',
        schedule: '*/5 * * * *',
        settings: { folder: 'every-minute' },
      });
      // The schedule's time is made to have come, so the next minute's tick (on either instance) runs it.
      await database.handle.db
        .updateTable('feeds')
        .set({ next_run_at: new Date().toISOString() })
        .where('id', '=', feed.id)
        .execute();
      fs.writeFileSync(
        path.join(a.context.config.feedsDir, 'every-minute', 'sales.jsonl'),
        JSON.stringify({
          id: 'scale-1',
          set_id: 'jungle',
          card_name: 'Snorlax',
          price: 333.33,
          sale_date: dayBefore(1),
          seller: 'scale',
        }),
      );
      const runsOf = async () =>
        (
          await b.inject({ url: `/api/admin/feeds/${feed.id}/runs`, headers: { cookie: admin.cookie } })
        ).json().runs as { id: string; trigger: string; createdAt: string }[];
      const deadline = Date.now() + MINUTE_AND_MORE - 20_000;
      let runs = await runsOf();
      while (runs.length === 0) {
        if (Date.now() > deadline) throw new Error('No scheduled run within two minutes');
        await new Promise((resolve) => setTimeout(resolve, 500));
        runs = await runsOf();
      }
      const { run } = await waitForRun(b, admin, runs[0]!.id);
      expect(run).toMatchObject({ trigger: 'schedule', status: 'succeeded', stored: 1, attempts: 1 });

      // Both instances ticked for that minute; still there is one run of it.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const minute = run.createdAt.slice(0, 16);
      expect(
        (await runsOf()).filter((candidate) => candidate.createdAt.slice(0, 16) === minute),
      ).toHaveLength(1);
      const sales = await database.handle.db.selectFrom('sales').select('source_ref').execute();
      expect(sales).toEqual([{ source_ref: 'scale-1' }]);
    },
    MINUTE_AND_MORE,
  );
});
