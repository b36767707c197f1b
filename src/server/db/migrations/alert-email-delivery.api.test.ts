import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/helpers/test-database.ts';
import { claimDigest, collectorsDue } from '../../notifications/email-digest.repository.ts';
import { migrateToLatest } from '../migrate.ts';

describe('migration 013: alert emails that survive a refusal', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ upTo: '012-sales-change-log' });
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('never emails again what an earlier digest carried, and emails what none did', async () => {
    const db = database.handle.db;
    const earlier = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();
    await db
      .insertInto('users')
      .values({
        id: 'before-013',
        email: 'before-013@example.com',
        username: 'before_013',
        username_key: 'before_013',
        password_hash: 'x',
        country: 'Germany',
        country_code: 'DE',
        is_admin: database.handle.dialect === 'postgres' ? false : 0,
        created_at: earlier,
        profile_image: null,
        banner_image: null,
      })
      .execute();
    const notification = (key: string, emailedAt: string | null) => ({
      user_id: 'before-013',
      kind: 'sale' as const,
      dedupe_key: key,
      set_id: 'base_set',
      card_name: 'Charizard',
      created_at: earlier,
      emailed_at: emailedAt,
    });
    await db
      .insertInto('notifications')
      .values([notification('emailed', earlier), notification('waiting', null)])
      .execute();
    await db
      .insertInto('notification_emails')
      .values({ user_id: 'before-013', last_sent_at: earlier })
      .execute();

    await migrateToLatest(database.handle);

    const now = new Date().toISOString();
    const sentBefore = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    expect(await collectorsDue(database.handle, sentBefore, 10)).toEqual(['before-013']);
    const digest = await claimDigest(database.handle, 'before-013', now, sentBefore);
    const carried = await db
      .selectFrom('notifications')
      .select('dedupe_key')
      .where('alert_email_id', '=', digest!)
      .execute();
    expect(carried).toEqual([{ dedupe_key: 'waiting' }]);
  });
});
