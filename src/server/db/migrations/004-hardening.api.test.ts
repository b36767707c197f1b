import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/helpers/test-database.ts';
import { insertUser } from '../../features/accounts/accounts.repository.ts';
import { migrateToLatest } from '../migrate.ts';
import { initial } from './001-initial.ts';
import { loginFailures } from './002-login-failures.ts';
import { collectorSearch } from './003-collector-search.ts';
import { excludedSales } from './006-excluded-sales.ts';

interface OldUser {
  id: string;
  username: string;
  /** The key as the earlier rule (trimmed, lower case) made it. */
  username_key: string;
  created_at: string;
}

const user = (id: string, username: string, createdAt: string): OldUser => ({
  id,
  username,
  username_key: username.trim().toLowerCase(),
  created_at: createdAt,
});

/** Accounts as the earlier rule let them in: names that now read as one another told apart by case only. */
const BEFORE: OldUser[] = [
  user('u-fullwidth-ash', 'Ａｓｈ', '2019-01-01T00:00:00.000Z'),
  user('u-ash', 'Ash', '2020-01-01T00:00:00.000Z'),
  user('u-hidden-ash', 'ASH\u200b', '2021-01-01T00:00:00.000Z'),
  user('u-styled-brock', '𝐁𝐫𝐨𝐜𝐤', '2019-06-01T00:00:00.000Z'),
  user('u-hidden-brock', 'Bro\u200dck', '2020-06-01T00:00:00.000Z'),
  user('u-misty', 'Misty', '2018-01-01T00:00:00.000Z'),
  user('u-strasse', 'Straße', '2018-02-01T00:00:00.000Z'),
];

describe('migration 004: usernames keyed by how they look', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ upTo: '003-collector-search' });
    for (const row of BEFORE) {
      await insertUser(database.handle.db, {
        ...row,
        email: `${row.id}@example.com`,
        password_hash: 'x',
        country: 'Japan',
        country_code: 'JP',
        is_admin: false,
      });
    }
    await migrateToLatest(database.handle);
  });
  afterAll(() => database?.drop());

  it('gives every account the new key, and each key to one account only', async () => {
    const rows = await database.handle.db
      .selectFrom('users')
      .select(['id', 'username', 'username_key'])
      .orderBy('id')
      .execute();
    expect(Object.fromEntries(rows.map((row) => [row.id, row.username_key]))).toEqual({
      // "Ash" held "ash" exactly before, so it keeps it; the older full-width name is set aside.
      'u-ash': 'ash',
      'u-fullwidth-ash': 'ash#u-fullwidth-ash',
      'u-hidden-ash': 'ash#u-hidden-ash',
      // Neither Brock held "brock": the older account gets it.
      'u-styled-brock': 'brock',
      'u-hidden-brock': 'brock#u-hidden-brock',
      'u-misty': 'misty',
      'u-strasse': 'strasse',
    });
  });

  it('keeps every name as it was shown', async () => {
    const rows = await database.handle.db.selectFrom('users').select(['id', 'username']).execute();
    expect(Object.fromEntries(rows.map((row) => [row.id, row.username]))).toEqual(
      Object.fromEntries(BEFORE.map((row) => [row.id, row.username])),
    );
  });
});

describe('migration 004 arriving after a later-numbered one', () => {
  let database: TestDatabase;
  afterAll(() => database?.drop());

  it('still runs on a database that already has 006', async () => {
    database = await createTestDatabase({ upTo: '003-collector-search' });
    const { handle } = database;
    // A release without 004 brought the database to 006 first.
    const without004 = new Migrator({
      db: handle.db,
      provider: {
        getMigrations: async () => ({
          '001-initial': initial(handle.dialect),
          '002-login-failures': loginFailures(handle.dialect),
          '003-collector-search': collectorSearch(handle.dialect),
          '006-excluded-sales': excludedSales(handle.dialect),
        }),
      },
      ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
    });
    expect((await without004.migrateToLatest()).error).toBeUndefined();

    await migrateToLatest(handle);
    const { rows } = await sql<{ name: string }>`select name from app_secrets`.execute(handle.db);
    // 004 made its key (later migrations add keys of their own).
    expect(rows.map((row) => row.name)).toContain('device-cookie-key');
  });
});
