import type { Kysely } from 'kysely';
import type { ProfileImageKind } from '#shared/schemas/users.ts';
import type { Database } from '../../db/schema.ts';

const IMAGE_COLUMN = { avatar: 'profile_image', banner: 'banner_image' } as const;

/** The columns a public profile shows; the email and password hash are never read here. */
export function findPublicUser(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'country', 'country_code', 'created_at', 'profile_image', 'banner_image'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export type PublicUserRow = NonNullable<Awaited<ReturnType<typeof findPublicUser>>>;

export async function setProfileImage(
  db: Kysely<Database>,
  id: string,
  kind: ProfileImageKind,
  hash: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ [IMAGE_COLUMN[kind]]: hash })
    .where('id', '=', id)
    .execute();
}
