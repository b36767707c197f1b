import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/helpers/test-database.ts';
import { migrateToLatest } from '../migrate.ts';

describe('migration 016: alert emails only to bare addresses', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ upTo: '015-sales-day-by-card' });
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('turns alert emails off for every stored address that is not one bare address, and only for those', async () => {
    const db = database.handle.db;
    const accounts = {
      plain: 'misty@example.com',
      angled: 'evil<alice@example.com>',
      listed: 'x,victim@example.com',
      unsubscribed: 'brock,onix@example.com',
      emailed: 'ash <ash@example.com>',
    };
    await db
      .insertInto('users')
      .values(
        Object.entries(accounts).map(([id, email]) => ({
          id,
          email,
          username: id,
          username_key: id,
          password_hash: 'x',
          country: 'Germany',
          country_code: 'DE',
          is_admin: database.handle.dialect === 'postgres' ? false : 0,
          created_at: '2026-01-01T00:00:00.000Z',
          profile_image: null,
          banner_image: null,
        })),
      )
      .execute();
    const earlier = '2026-02-01T00:00:00.000Z';
    await db
      .insertInto('notification_emails')
      .values([
        { user_id: 'plain', last_sent_at: earlier, unsubscribed_at: null },
        { user_id: 'unsubscribed', last_sent_at: null, unsubscribed_at: earlier },
        { user_id: 'emailed', last_sent_at: earlier, unsubscribed_at: null },
      ])
      .execute();

    await migrateToLatest(database.handle);

    const rows = await db
      .selectFrom('notification_emails')
      .select(['user_id', 'last_sent_at', 'unsubscribed_at'])
      .orderBy('user_id')
      .execute();
    const byUser = new Map(rows.map((row) => [row.user_id, row]));
    expect(byUser.get('plain')?.unsubscribed_at).toBeNull();
    for (const id of ['angled', 'listed', 'emailed'])
      expect(byUser.get(id)?.unsubscribed_at, id).not.toBeNull();
    expect(new Date(byUser.get('unsubscribed')!.unsubscribed_at!).toISOString()).toBe(earlier);
    expect(new Date(byUser.get('emailed')!.last_sent_at!).toISOString()).toBe(earlier);
    expect(await db.selectFrom('users').select('id').execute()).toHaveLength(5);
  });
});
