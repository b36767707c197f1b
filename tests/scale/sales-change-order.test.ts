import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardsChangesSince } from '#server/sales/columns/card-sales.repository.ts';
import { saleRow } from '../helpers/sales-factory.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl)
  console.warn('Change-log order tests skipped: TEST_DATABASE_URL is not set (they need PostgreSQL).');

describe.skipIf(!databaseUrl)('the sales change log on PostgreSQL', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  const changesSince = async (seq: number) => {
    const [changes] = await cardsChangesSince(database.handle.db, 'postgres', [
      { setId: 'base_set', cardName: 'Charizard', seq, limit: 100, before: Number.MAX_SAFE_INTEGER },
    ]);
    return changes!;
  };

  /** Whether a writer of this schema waits for the log's lock. */
  const aWriterWaits = async () => {
    const { rows } = await sql<{ waiting: number }>`
      select count(*) as waiting from pg_locks
      where locktype = 'advisory' and not granted
        and objid::bigint = (hashtext(current_schema() || '.sales_changes')::bigint & 4294967295)
    `.execute(database.handle.db);
    return Number(rows[0]?.waiting) > 0;
  };

  it('numbers entries in commit order, so a reader never passes a transaction that commits late', async () => {
    const early = await database.handle.db.startTransaction().execute();
    const late = await database.handle.db.startTransaction().execute();
    try {
      await early
        .insertInto('sales')
        .values(saleRow({ card_name: 'Charizard', price_cents: 1_000 }))
        .execute();
      // The later writer cannot take a number while the earlier one is uncommitted: it waits.
      const lateInsert = late
        .insertInto('sales')
        .values(saleRow({ card_name: 'Charizard', price_cents: 2_000 }))
        .execute();
      for (let tries = 0; !(await aWriterWaits()); tries++) {
        expect(tries).toBeLessThan(100);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect((await changesSince(0)).changes).toEqual([]);

      await early.commit().execute();
      await lateInsert;
      const afterEarly = await changesSince(0);
      expect(afterEarly.changes.map((change) => change.price)).toEqual([1_000]);

      await late.commit().execute();
      const afterLate = await changesSince(afterEarly.seq);
      expect(afterLate.changes.map((change) => change.price)).toEqual([2_000]);
      expect(afterLate.seq).toBeGreaterThan(afterEarly.seq);
    } finally {
      await early
        .rollback()
        .execute()
        .catch(() => {});
      await late
        .rollback()
        .execute()
        .catch(() => {});
    }
  });

  it('says every card changed when the sales table is truncated', async () => {
    const { seq } = await changesSince(0);
    await sql`truncate sales`.execute(database.handle.db);
    expect(await changesSince(seq)).toMatchObject({ tooMany: true });
  });
});
