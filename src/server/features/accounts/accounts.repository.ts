import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';

/** Failed sign-ins per account (migration 003), counted in the database so the limit holds on every instance. */
interface LoginFailuresTable {
  id: string;
  email_key: string;
  at: string;
}
type Db = Kysely<Database>;
const withFailures = (db: Db) => db.withTables<{ login_failures: LoginFailuresTable }>();

export type NewUser = Omit<UserRow, 'is_admin' | 'profile_image' | 'banner_image'> & { is_admin: boolean };

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
  session: { id: string; userId: string; createdAt: string; expiresAt: string; lastSeenAt: string },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
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

export async function touchSession(db: Db, sessionId: string, at: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', sessionId).execute();
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Drops a user's sessions that can no longer be used, so the table does not grow without bound. */
export async function deleteDeadSessions(db: Db, userId: string, expiredBefore: string, idleBefore: string) {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('expires_at', '<=', expiredBefore), eb('last_seen_at', '<=', idleBefore)]))
    .execute();
}

/** How many sign-ins of an account failed since `since`, and when the oldest of them was. */
export async function recentLoginFailures(
  db: Db,
  emailKey: string,
  since: string,
): Promise<{ count: number; oldest: string | null }> {
  const row = await withFailures(db)
    .selectFrom('login_failures')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('at').as('oldest')])
    .where('email_key', '=', emailKey)
    .where('at', '>', since)
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), oldest: row?.oldest ?? null };
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
