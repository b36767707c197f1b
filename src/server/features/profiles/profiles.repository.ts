import { type Kysely, sql } from 'kysely';
import type { ProfileImageKind } from '#shared/schemas/users.ts';
import type { Dialect } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { reputationColumns } from './reputation.repository.ts';

const IMAGE_COLUMN = { avatar: 'profile_image', banner: 'banner_image' } as const;

/** The columns a public profile shows, with the reputation; the email and password hash are never read here. */
export function findPublicUser(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('users')
    .leftJoin('collector_reputation as reputation', 'reputation.user_id', 'users.id')
    .select([
      'users.id',
      'users.username',
      'users.country',
      'users.country_code',
      'users.created_at',
      'users.profile_image',
      'users.banner_image',
      'users.show_collection_value',
      ...reputationColumns('reputation'),
    ])
    .where('users.id', '=', id)
    .executeTakeFirst();
}

export type PublicUserRow = NonNullable<Awaited<ReturnType<typeof findPublicUser>>>;

/** Changes the owner's profile settings; false when there is no such user. */
export async function updateProfileSettings(
  db: Kysely<Database>,
  id: string,
  settings: { showCollectionValue: boolean },
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ show_collection_value: sql.lit(settings.showCollectionValue) })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Points a user's avatar or banner at an image, in the transaction it is given; the image it showed before.
 * On PostgreSQL the user's row is locked first, so two replacements at once each see what the other left.
 */
export async function swapProfileImage(
  trx: Kysely<Database>,
  dialect: Dialect,
  id: string,
  kind: ProfileImageKind,
  hash: string,
): Promise<string | null> {
  const column = IMAGE_COLUMN[kind];
  const before = await trx
    .selectFrom('users')
    .select(column)
    .where('id', '=', id)
    .$if(dialect === 'postgres', (query) => query.forUpdate())
    .executeTakeFirst();
  await trx
    .updateTable('users')
    .set({ [column]: hash })
    .where('id', '=', id)
    .execute();
  return before?.[column] ?? null;
}
