import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Migration 024. */
interface PasskeysTable {
  id: string;
  user_id: string;
  public_key: string;
  counter: number | string;
  transports: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}
export type ChallengePurpose = 'register' | 'sign-in';
interface WebauthnChallengesTable {
  id: string;
  challenge: string;
  purpose: ChallengePurpose;
  user_id: string | null;
  expires_at: string;
}

type Db = Kysely<Database>;
const tables = (db: Db) =>
  db.withTables<{ passkeys: PasskeysTable; webauthn_challenges: WebauthnChallengesTable }>();

export interface StoredPasskey {
  id: string;
  userId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

function toPasskey(row: PasskeysTable): StoredPasskey {
  return {
    id: row.id,
    userId: row.user_id,
    publicKey: row.public_key,
    // A bigint on PostgreSQL, read as a string; the counter is 32-bit, so a number holds it exactly.
    counter: Number(row.counter),
    transports: row.transports === '' ? [] : row.transports.split(','),
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

export async function insertPasskey(db: Db, passkey: StoredPasskey): Promise<void> {
  await tables(db)
    .insertInto('passkeys')
    .values({
      id: passkey.id,
      user_id: passkey.userId,
      public_key: passkey.publicKey,
      counter: passkey.counter,
      transports: passkey.transports.join(','),
      name: passkey.name,
      created_at: passkey.createdAt,
      last_used_at: passkey.lastUsedAt,
    })
    .execute();
}

export async function findPasskey(db: Db, id: string): Promise<StoredPasskey | undefined> {
  const row = await tables(db).selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toPasskey(row);
}

export async function listPasskeys(db: Db, userId: string): Promise<StoredPasskey[]> {
  const rows = await tables(db)
    .selectFrom('passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toPasskey);
}

/**
 * Records a sign-in with the passkey, only if its counter is still the one the check saw: of two sign-ins
 * with the same signature at once, one wins. Whether it was recorded.
 */
export async function recordUse(db: Db, id: string, seenCounter: number, newCounter: number, at: string) {
  const result = await tables(db)
    .updateTable('passkeys')
    .set({ counter: newCounter, last_used_at: at })
    .where('id', '=', id)
    .where('counter', '=', seenCounter)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function renamePasskey(db: Db, userId: string, id: string, name: string): Promise<boolean> {
  const result = await tables(db)
    .updateTable('passkeys')
    .set({ name })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deletePasskey(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await tables(db)
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Stores a ceremony's challenge, and drops the ones nobody finished in time. */
export async function insertChallenge(
  db: Db,
  challenge: WebauthnChallengesTable,
  now: string,
): Promise<void> {
  await tables(db)
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom('webauthn_challenges').where('expires_at', '<=', now).execute();
      await trx.insertInto('webauthn_challenges').values(challenge).execute();
    });
}

/** Takes a challenge out for its one use: a second request with the same cookie finds nothing. */
export async function takeChallenge(db: Db, id: string): Promise<WebauthnChallengesTable | undefined> {
  return tables(db).deleteFrom('webauthn_challenges').where('id', '=', id).returningAll().executeTakeFirst();
}
