import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { insertUser, type NewUser } from './accounts.repository.ts';

type Db = Kysely<Database>;

export type OidcFlow = Selectable<Database['oidc_flows']>;

export interface PendingIdentityRow {
  id: string;
  provider_id: string;
  subject: string;
  email: string | null;
  email_verified: boolean;
  return_to: string;
  expires_at: string;
}

export type IdentityLink = Selectable<Database['identity_links']>;

/** Stores a started sign-in, and drops the ones that ran out unused. */
export async function insertFlow(db: Db, flow: OidcFlow, now: string): Promise<void> {
  await db.deleteFrom('oidc_flows').where('expires_at', '<=', now).execute();
  await db.insertInto('oidc_flows').values(flow).execute();
}

/** Takes a started sign-in out: it is answered once, whatever the answer. */
export async function takeFlow(db: Db, id: string): Promise<OidcFlow | undefined> {
  return db.deleteFrom('oidc_flows').where('id', '=', id).returningAll().executeTakeFirst();
}

export async function insertPendingIdentity(db: Db, pending: PendingIdentityRow, now: string): Promise<void> {
  await db.deleteFrom('pending_identities').where('expires_at', '<=', now).execute();
  await db
    .insertInto('pending_identities')
    .values({ ...pending, email_verified: sql.lit(pending.email_verified) })
    .execute();
}

export async function findPendingIdentity(
  db: Db,
  id: string,
  now: string,
): Promise<PendingIdentityRow | undefined> {
  const row = await db
    .selectFrom('pending_identities')
    .selectAll()
    .where('id', '=', id)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row && { ...row, email_verified: Boolean(row.email_verified) };
}

export async function findLink(
  db: Db,
  providerId: string,
  subject: string,
): Promise<IdentityLink | undefined> {
  return db
    .selectFrom('identity_links')
    .selectAll()
    .where('provider_id', '=', providerId)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

export function linksOfUser(db: Db, userId: string): Promise<IdentityLink[]> {
  return db.selectFrom('identity_links').selectAll().where('user_id', '=', userId).execute();
}

/** Links the identity to the account, in place of any identity of the same provider it had. */
export async function replaceLink(db: Db, link: IdentityLink): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('identity_links')
      .where('user_id', '=', link.user_id)
      .where('provider_id', '=', link.provider_id)
      .execute();
    await trx.insertInto('identity_links').values(link).execute();
  });
}

export async function deleteLink(db: Db, userId: string, providerId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('identity_links')
    .where('user_id', '=', userId)
    .where('provider_id', '=', providerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * The account, its link and the end of the pending identity, all or nothing. False when the pending
 * identity was used or dropped meanwhile (nothing is written then).
 */
export async function createAccountFromIdentity(
  db: Db,
  pendingId: string,
  user: NewUser,
  link: IdentityLink,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const taken = await trx.deleteFrom('pending_identities').where('id', '=', pendingId).executeTakeFirst();
    if (Number(taken.numDeletedRows) === 0) return false;
    await insertUser(trx, user);
    await trx.insertInto('identity_links').values(link).execute();
    return true;
  });
}
