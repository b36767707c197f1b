import type { ProfileImageKind, ProfileSettingsBody, PublicProfile } from '#shared/schemas/users.ts';
import { PROFILE_IMAGE_BOXES } from '#shared/schemas/users.ts';
import type { AppContext } from '../../context.ts';
import { toBoolean } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { mediaUrl } from '../../media/media-store.ts';
import { hasBlocked } from '../safety/public.ts';
import {
  findPublicUser,
  type PublicUserRow,
  swapProfileImage,
  updateProfileSettings,
} from './profiles.repository.ts';

const PROFILE_NOT_FOUND = 'We could not find this collector.';

function toPublicProfile(row: PublicUserRow, blockedByYou = false): PublicProfile {
  return {
    id: row.id,
    username: row.username,
    country: row.country,
    countryCode: row.country_code,
    memberSince: new Date(row.created_at).getUTCFullYear(),
    profileImageUrl: mediaUrl(row.profile_image),
    bannerImageUrl: mediaUrl(row.banner_image),
    showCollectionValue: toBoolean(row.show_collection_value),
    blockedByYou,
  };
}

export async function getPublicProfile(
  context: AppContext,
  id: string,
  viewerId?: string,
): Promise<PublicProfile> {
  const row = await findPublicUser(context.database.db, id);
  if (!row) throw notFound(PROFILE_NOT_FOUND);
  return toPublicProfile(row, await hasBlocked(context, viewerId, id));
}

/** The owner's profile settings; every open page of the profile hears of the change. */
export async function changeProfileSettings(
  context: AppContext,
  userId: string,
  settings: ProfileSettingsBody,
): Promise<PublicProfile> {
  if (!(await updateProfileSettings(context.database.db, userId, settings)))
    throw notFound(PROFILE_NOT_FOUND);
  await context.live.publish({ type: 'profile', userId });
  return getPublicProfile(context, userId);
}

/**
 * Re-encodes the upload (the media store refuses non-images and oversized ones), makes it the user's
 * picture or banner, deletes the image it replaces when nothing else shows it, and tells open pages.
 */
export async function replaceProfileImage(
  context: AppContext,
  userId: string,
  kind: ProfileImageKind,
  upload: Buffer,
): Promise<PublicProfile> {
  const { dialect } = context.database;
  await context.media.replaceImage(upload, PROFILE_IMAGE_BOXES[kind], (trx, hash) =>
    swapProfileImage(trx, dialect, userId, kind, hash),
  );
  await context.live.publish({ type: 'profile', userId });
  return getPublicProfile(context, userId);
}
