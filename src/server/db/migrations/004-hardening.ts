import crypto from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { usernameKey } from '#shared/usernames.ts';
import type { Dialect } from '../connect.ts';
import { columnTypes } from './column-types.ts';

interface UserKeyRow {
  id: string;
  username: string;
  username_key: string;
}

/** A key set aside for an account that lost its name's key: unique, because it carries the account id. */
const setAside = (key: string, id: string) => `${key}#${id}`;

/**
 * Usernames become unique on a stricter key (docs/decisions/014-usernames.md): normalised, without invisible
 * characters, look-alike letters read as Latin, case-folded. Each account's key is computed again. When
 * names that were told apart now share a key, the account already holding it keeps it, else the oldest,
 * and the others get it set aside with their id, so the unique index holds and no account is lost.
 */
async function rekeyUsernames(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<UserKeyRow>`
    select id, username, username_key from users order by created_at, id`.execute(db);
  const wanted = rows.map((row) => ({ ...row, key: usernameKey(row.username) }));
  const taken = new Set(wanted.filter((row) => row.key === row.username_key).map((row) => row.key));
  const changes: { id: string; key: string }[] = [];
  for (const row of wanted) {
    if (row.key === row.username_key) continue;
    const key = taken.has(row.key) ? setAside(row.key, row.id) : row.key;
    taken.add(key);
    changes.push({ id: row.id, key });
  }
  // Out of the way first, so no final key meets a row that still holds it under its old spelling.
  for (const { id } of changes) {
    await sql`update users set username_key = ${setAside('', id)} where id = ${id}`.execute(db);
  }
  for (const { id, key } of changes) {
    await sql`update users set username_key = ${key} where id = ${id}`.execute(db);
  }
}

/**
 * Sign-in failures are counted per account and client as well as per account
 * (docs/decisions/013-sign-in-throttling.md): `client` is `address:<ip or IPv6 /64>` or `device:<id>`;
 * failures from before have none and count only towards the account. `app_secrets` holds the
 * deployment's key for signing known-device cookies, made here once so every instance shares it.
 */
async function signInThrottling(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('login_failures').addColumn('client', 'text').execute();
  await db.schema
    .createIndex('login_failures_client')
    .on('login_failures')
    .columns(['email_key', 'client', 'at'])
    .execute();
  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  const key = crypto.randomBytes(32).toString('base64url');
  await sql`insert into app_secrets (name, value) values ('device-cookie-key', ${key})`.execute(db);
}

/**
 * Replacing a profile picture deletes the image it replaces unless something else shows it; these indexes
 * answer "does a sale show it" without reading the sales table. Only sales with an image are in them.
 */
async function imageIndexes(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sales', 'deleted_sales']) {
    await db.schema
      .createIndex(`${table}_image`)
      .on(table)
      .column('image')
      .where(sql.ref('image'), 'is not', null)
      .execute();
  }
}

/** PSA's "no such certificate" answers, kept for a day so asking again does not spend PSA's daily quota. */
async function certMisses(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('cert_misses')
    .addColumn('cert_number', 'text', (c) => c.primaryKey())
    .addColumn('checked_at', sql.raw(columnTypes(dialect).timestamp), (c) => c.notNull())
    .execute();
}

export function hardening(dialect: Dialect) {
  const work = async (db: Kysely<unknown>) => {
    await rekeyUsernames(db);
    await signInThrottling(db);
    await imageIndexes(db);
    await certMisses(db, dialect);
  };
  return {
    // Kysely runs a migration in a transaction on PostgreSQL only; this one is all or nothing on SQLite too.
    async up(db: Kysely<unknown>): Promise<void> {
      await (db.isTransaction ? work(db) : db.transaction().execute(work));
    },
  };
}
