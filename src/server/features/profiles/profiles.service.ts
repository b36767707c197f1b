import { MAX_LISTED_RATINGS } from '#shared/schemas/ratings.ts';
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
import { listReceivedRatings, toReputation } from './reputation.repository.ts';

const PROFILE_NOT_FOUND = 'We could not find this collector.';

type ReceivedRatingRow = Awaited<ReturnType<typeof listReceivedRatings>>[number];

function toPublicProfile(
  row: PublicUserRow,
  ratings: ReceivedRatingRow[],
  blockedByYou = false,
): PublicProfile {
  return {
    id: row.id,
    username: row.username,
    country: row.country,
    countryCode: row.country_code,
    memberSince: new Date(row.created_at).getUTCFullYear(),
    profileImageUrl: mediaUrl(row.profile_image),
    bannerImageUrl: mediaUrl(row.banner_image),
    showCollectionValue: toBoolean(row.show_collection_value),
    reputation: toReputation(row),
    ratings: ratings.map((rating) => ({
      stars: rating.stars,
      comment: rating.comment,
      rater: { id: rating.rater_id, username: rating.rater_username },
      at: rating.created_at,
    })),
    blockedByYou,
  };
}

/** The profile with its reputation and the latest ratings received, newest first. */
export async function getPublicProfile(
  context: AppContext,
  id: string,
  viewerId?: string,
): Promise<PublicProfile> {
  const db = context.database.db;
  const [row, ratings] = await Promise.all([
    findPublicUser(db, id),
    listReceivedRatings(db, id, MAX_LISTED_RATINGS),
  ]);
  if (!row) throw notFound(PROFILE_NOT_FOUND);
  return toPublicProfile(row, ratings, await hasBlocked(context, viewerId, id));
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
