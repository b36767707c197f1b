import type { Transaction } from 'kysely';
import { lockCollector } from '../../db/collector-lock.ts';
import type { DatabaseHandle } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import type { IdentityProvider } from '../../env.ts';
import { AppError } from '../../errors.ts';
import { listPasskeys } from '../passkeys/public.ts';
import { findUserById } from './accounts.repository.ts';
import { linksOfUser } from './identity.repository.ts';
import { hasPassword } from './password.ts';

type Trx = Transaction<Database>;

/** One of an account's ways in to remove, and what to answer when it is the last. */
interface WayIn {
  remove: (trx: Trx) => Promise<boolean>;
  refusal: string;
}

/**
 * Whether the account can still sign in by itself: with its password, a passkey, or a link to a provider
 * this site still offers.
 */
async function keepsAWayIn(trx: Trx, userId: string, providerIds: string[]): Promise<boolean> {
  const user = await findUserById(trx, userId);
  if (user && hasPassword(user.password_hash)) return true;
  if ((await listPasskeys(trx, userId)).length > 0) return true;
  return (await linksOfUser(trx, userId)).some((link) => providerIds.includes(link.provider_id));
}

/**
 * Removes one of the account's ways in (a passkey, a linked provider) unless it is the last one left, in
 * which case nothing changes and the answer is 409 with the refusal given: an account made through a
 * provider has no password, so without this it could lock itself out. The account's row is held meanwhile,
 * so two removals at once cannot each leave the other the last. False when there was nothing to remove.
 */
export async function removeWayIn(
  database: DatabaseHandle,
  providers: IdentityProvider[],
  userId: string,
  { remove, refusal }: WayIn,
): Promise<boolean> {
  const providerIds = providers.map(({ id }) => id);
  return database.db.transaction().execute(async (trx) => {
    await lockCollector(trx, database.dialect, userId);
    if (!(await remove(trx))) return false;
    if (!(await keepsAWayIn(trx, userId, providerIds))) throw new AppError(409, 'conflict', refusal);
    return true;
  });
}
