import { z } from 'zod';
import { ReceivedRatingSchema, ReputationSchema } from './ratings.ts';

/** GET /api/users/:id and the answer of PUT /api/users/me/{avatar,banner}: never an email (docs/product.md §7). */
export const PublicProfileSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    country: z.string(),
    countryCode: z.string(),
    /** The year the collector signed up ("Member since 2026"). */
    memberSince: z.number().int(),
    profileImageUrl: z.string().nullable(),
    bannerImageUrl: z.string().nullable(),
    /** Show my collection's value: when true, anyone sees the collection's value and each card's estimate. */
    showCollectionValue: z.boolean(),
    /** What other collectors said of this one after completed deals. */
    reputation: ReputationSchema,
    /** The latest ratings received (at most MAX_LISTED_RATINGS), newest first; reputation.count counts them all. */
    ratings: z.array(ReceivedRatingSchema),
    /** Whether the signed-in viewer has blocked this collector (false for a visitor and on one's own profile). */
    blockedByYou: z.boolean(),
  })
  .meta({ id: 'PublicProfile' });
export type PublicProfile = z.infer<typeof PublicProfileSchema>;

/** PUT /api/users/me/settings: the owner's profile settings. */
export const ProfileSettingsBodySchema = z.object({
  showCollectionValue: z.boolean({ error: 'Show my collection’s value is on or off.' }),
});
export type ProfileSettingsBody = z.infer<typeof ProfileSettingsBodySchema>;

export const UserIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const PROFILE_IMAGE_KINDS = ['avatar', 'banner'] as const;
export type ProfileImageKind = (typeof PROFILE_IMAGE_KINDS)[number];

/** Stored image sizes: uploads are scaled down to fit these boxes (never up). */
export const PROFILE_IMAGE_BOXES: Record<ProfileImageKind, { maxWidth: number; maxHeight: number }> = {
  avatar: { maxWidth: 512, maxHeight: 512 },
  banner: { maxWidth: 1600, maxHeight: 600 },
};

/** The upload limit users are told about; the media store enforces the same number. */
export const MAX_UPLOAD_MEGABYTES = 10;
