import type { Kysely } from 'kysely';
import type { LinkRefusal } from '#shared/account-links.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

export interface TokenToStore {
  id: string;
  purpose: string;
  userId: string;
  email: string;
  createdAt: string;
  expiresAt: string;
}

/** Stores a token's hash, and drops the tokens that ended long enough ago to be forgotten. */
export async function insertOneTimeToken(
  db: Db,
  token: TokenToStore,
  forgetEndedBefore: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('one_time_tokens').where('expires_at', '<', forgetEndedBefore).execute();
    await trx
      .insertInto('one_time_tokens')
      .values({
        id: token.id,
        purpose: token.purpose,
        user_id: token.userId,
        email: token.email,
        created_at: token.createdAt,
        expires_at: token.expiresAt,
      })
      .execute();
  });
}

export type SpentToken = { userId: string; email: string } | { refused: LinkRefusal };

/**
 * Spends a token: one conditional update, so of two requests with the same token exactly one gets its user
 * (the other finds it used). The owner's other unspent tokens for the same purpose go with it, so an older
 * link in the mailbox cannot be used after a newer one was. When nothing was spent, says why.
 */
export async function spendOneTimeToken(
  db: Db,
  id: string,
  purpose: string,
  now: string,
): Promise<SpentToken> {
  const spent = await db
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'email'])
    .executeTakeFirst();
  if (spent) {
    await spendOtherTokens(db, spent.user_id, [purpose], now);
    return { userId: spent.user_id, email: spent.email };
  }
  const found = await db
    .selectFrom('one_time_tokens')
    .select(['used_at'])
    .where('id', '=', id)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  if (!found) return { refused: 'invalid' };
  return { refused: found.used_at === null ? 'expired' : 'used' };
}

/** Marks a user's unspent tokens of these purposes used (a new password ends the sign-in links too). */
export async function spendOtherTokens(
  db: Db,
  userId: string,
  purposes: string[],
  now: string,
): Promise<void> {
  await db
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', 'in', purposes)
    .where('used_at', 'is', null)
    .execute();
}

/** How many account mails went to an address, and to a client, since `since`. */
export async function accountMailCounts(
  db: Db,
  email: string,
  client: string,
  since: string,
): Promise<{ email: number; client: number; oldestEmail: string | null; oldestClient: string | null }> {
  const count = (column: 'email' | 'client', value: string) =>
    db
      .selectFrom('account_mails')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('at').as('oldest')])
      .where(column, '=', value)
      .where('at', '>', since)
      .executeTakeFirstOrThrow();
  const [byEmail, byClient] = await Promise.all([count('email', email), count('client', client)]);
  return {
    email: Number(byEmail.count),
    client: Number(byClient.count),
    oldestEmail: byEmail.oldest,
    oldestClient: byClient.oldest,
  };
}

/** Records a mail asked for, and forgets those older than the window. */
export async function recordAccountMail(
  db: Db,
  mail: { id: string; email: string; client: string; at: string },
  forgetBefore: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('account_mails').where('at', '<=', forgetBefore).execute();
    await trx.insertInto('account_mails').values(mail).execute();
  });
}
