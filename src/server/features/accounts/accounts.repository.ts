import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';
import type { FailureTallies } from './sign-in-throttle.ts';

/**
 * Failed sign-ins per account and client (migrations 002 and 004), counted in the database so the limits
 * hold on every instance. `client` is null on failures from before it was recorded.
 */
interface LoginFailuresTable {
  id: string;
  email_key: string;
  client: string | null;
  at: string;
}
interface AppSecretsTable {
  name: string;
  value: string;
}
type Db = Kysely<Database>;
const withFailures = (db: Db) => db.withTables<{ login_failures: LoginFailuresTable }>();

export type NewUser = Omit<
  UserRow,
  | 'is_admin'
  | 'profile_image'
  | 'banner_image'
  | 'show_collection_value'
  | 'email_verified_at'
  | 'suspended_at'
> & {
  is_admin: boolean;
  /** Set when the account comes with an address already proven (an email link, a provider's verified email). */
  email_verified_at?: string | null;
};

export interface SessionWithUser {
  sessionId: string;
  expiresAt: string;
  lastSeenAt: string;
  user: UserRow;
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function isUsernameTaken(db: Db, key: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('username_key', '=', key).executeTakeFirst();
  return row !== undefined;
}

/** A boolean literal both dialects store as they read it back (SQLite has TRUE and FALSE as 1 and 0). */
const literal = (value: boolean) => sql.lit(value);

export async function insertUser(db: Db, user: NewUser): Promise<void> {
  await db
    .insertInto('users')
    .values({ ...user, is_admin: literal(user.is_admin) })
    .execute();
}

export async function setUserAdminAndPassword(db: Db, id: string, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ is_admin: literal(true), password_hash: passwordHash })
    .where('id', '=', id)
    .execute();
}

export async function insertSession(
  db: Db,
  session: {
    id: string;
    userId: string;
    userAgent: string | null;
    createdAt: string;
    expiresAt: string;
    lastSeenAt: string;
  },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      user_agent: session.userAgent,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
      last_seen_at: session.lastSeenAt,
    })
    .execute();
}

export async function findSessionWithUser(db: Db, sessionId: string): Promise<SessionWithUser | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.id as session_id',
      'sessions.expires_at as session_expires_at',
      'sessions.last_seen_at as session_last_seen_at',
    ])
    .where('sessions.id', '=', sessionId)
    // A suspended account's sessions were ended; none signs it in meanwhile either.
    .where('users.suspended_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_id, session_expires_at, session_last_seen_at, ...user } = row;
  return {
    sessionId: session_id,
    expiresAt: session_expires_at,
    lastSeenAt: session_last_seen_at,
    user: user as Selectable<Database['users']>,
  };
}

export async function touchSession(db: Db, sessionId: string, at: string, userAgent: string | null) {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: at, ...(userAgent ? { user_agent: userAgent } : {}) })
    .where('id', '=', sessionId)
    .execute();
}

/** Deletes a session; the user it belonged to, or undefined when there was none. */
export async function deleteSession(db: Db, sessionId: string): Promise<string | undefined> {
  const row = await db
    .deleteFrom('sessions')
    .where('id', '=', sessionId)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** Drops a user's sessions that can no longer be used, so the table does not grow without bound. */
export async function deleteDeadSessions(db: Db, userId: string, expiredBefore: string, idleBefore: string) {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('expires_at', '<=', expiredBefore), eb('last_seen_at', '<=', idleBefore)]))
    .execute();
}

/** The account's failed sign-ins since `since`, everyone's and this client's: how many, and the latest. */
export async function loginFailureTallies(
  db: Db,
  emailKey: string,
  client: string,
  since: string,
): Promise<FailureTallies> {
  const row = await withFailures(db)
    .selectFrom('login_failures')
    .select((eb) => {
      const mine = eb.case().when('client', '=', client);
      return [
        eb.fn.countAll<number>().as('count'),
        eb.fn.max('at').as('last'),
        eb.fn.sum<number>(mine.then(1).else(0).end()).as('client_count'),
        eb.fn.max(mine.then(eb.ref('at')).end()).as('client_last'),
      ];
    })
    .where('email_key', '=', emailKey)
    .where('at', '>', since)
    .executeTakeFirst();
  return {
    account: { count: Number(row?.count ?? 0), last: row?.last ?? null },
    client: { count: Number(row?.client_count ?? 0), last: row?.client_last ?? null },
  };
}

export async function recordLoginFailure(db: Db, failure: LoginFailuresTable, forgetBefore: string) {
  await db.transaction().execute(async (trx) => {
    await withFailures(trx).insertInto('login_failures').values(failure).execute();
    await withFailures(trx)
      .deleteFrom('login_failures')
      .where('email_key', '=', failure.email_key)
      .where('at', '<=', forgetBefore)
      .execute();
  });
}

/** A client that got the password right starts afresh on that account. */
export async function forgetClientFailures(db: Db, emailKey: string, client: string): Promise<void> {
  await withFailures(db)
    .deleteFrom('login_failures')
    .where('email_key', '=', emailKey)
    .where('client', '=', client)
    .execute();
}

/** A deployment-wide secret made by a migration (the known-device cookies' signing key). */
export async function findSecret(db: Db, name: string): Promise<string> {
  const row = await db
    .withTables<{ app_secrets: AppSecretsTable }>()
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  if (!row) throw new Error(`The secret ${name} is missing from app_secrets`);
  return row.value;
}

/** Ends every session of a user; the ids of those that were ended. */
export async function deleteSessionsOfUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db.deleteFrom('sessions').where('user_id', '=', userId).returning('id').execute();
  return rows.map((row) => row.id);
}

export async function setPasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/**
 * Marks the address verified, if it is still the account's address and not verified already; whether the
 * account now has it verified.
 */
export async function markEmailVerified(db: Db, userId: string, email: string, at: string): Promise<boolean> {
  await db
    .updateTable('users')
    .set({ email_verified_at: at })
    .where('id', '=', userId)
    .where('email', '=', email)
    .where('email_verified_at', 'is', null)
    .execute();
  const row = await db
    .selectFrom('users')
    .select('email_verified_at')
    .where('id', '=', userId)
    .where('email', '=', email)
    .executeTakeFirst();
  return Boolean(row?.email_verified_at);
}
