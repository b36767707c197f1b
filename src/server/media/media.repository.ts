import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database>;

export interface MediaRow {
  hash: string;
  width: number;
  height: number;
  bytes: number;
  mime: string;
}

export async function insertMedia(db: Db, row: MediaRow): Promise<void> {
  await db
    .insertInto('media')
    .values({ ...row, created_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.column('hash').doNothing())
    .execute();
}

/**
 * Holds one image's lock until the transaction ends, so taking an image up and letting it go never
 * interleave. PostgreSQL takes an advisory lock on the hash; SQLite runs one transaction at a time anyway.
 */
export async function lockImage(trx: Db, dialect: Dialect, hash: string): Promise<void> {
  if (dialect !== 'postgres') return;
  const key = BigInt.asIntN(64, BigInt(`0x${hash.slice(0, 16)}`));
  await sql`select pg_advisory_xact_lock(${key.toString()}::bigint)`.execute(trx);
}

/**
 * Deletes an image's row when nothing shows it (a profile picture or banner, a sale, an archived sale, a
 * certificate lookup's scans); whether it did.
 */
export async function deleteMediaUnlessUsed(db: Db, hash: string): Promise<boolean> {
  const result = await db
    .deleteFrom('media')
    .where('hash', '=', hash)
    .where(({ exists, not, or, selectFrom }) =>
      not(
        or([
          exists(
            selectFrom('users')
              .select('id')
              .where((eb) => eb.or([eb('profile_image', '=', hash), eb('banner_image', '=', hash)])),
          ),
          exists(selectFrom('sales').select('id').where('image', '=', hash)),
          exists(selectFrom('deleted_sales').select('id').where('image', '=', hash)),
          exists(
            selectFrom('cert_lookups').select('cert_number').where('images', 'like', `%/media/${hash}%`),
          ),
        ]),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
