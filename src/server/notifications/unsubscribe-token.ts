import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { UNSUBSCRIBE_KEY } from '../db/shared-sql.ts';
import type { Database } from '../db/schema.ts';

/**
 * Unsubscribe links work without signing in (docs/product.md §10): the token is the collector's id and an
 * HMAC of it under a key of this deployment (app_secrets), so nobody can make one for someone else.
 */
async function signingKey(db: Kysely<Database>): Promise<string> {
  const row = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', UNSUBSCRIBE_KEY)
    .executeTakeFirst();
  if (!row) throw new Error(`The secret ${UNSUBSCRIBE_KEY} is missing from app_secrets`);
  return row.value;
}

function signature(key: string, userId: string): string {
  return crypto.createHmac('sha256', key).update(`unsubscribe:${userId}`).digest('base64url');
}

export async function unsubscribeToken(db: Kysely<Database>, userId: string): Promise<string> {
  return `${userId}.${signature(await signingKey(db), userId)}`;
}

/** The collector the token names, or undefined when it was not made by this deployment. */
export async function verifyUnsubscribeToken(
  db: Kysely<Database>,
  token: string,
): Promise<string | undefined> {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const userId = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(signature(await signingKey(db), userId));
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? userId : undefined;
}
