import { MapPin } from 'lucide-react';
import { useState } from 'react';
import type { PublicProfile } from '#shared/schemas/users.ts';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { ErrorNotice } from '#web/components/ui/states.tsx';
import { ImageUploadButton } from './image-upload-button.tsx';

export const FALLBACK_USERNAME = 'Collector';

/** docs/product.md §2: banner, avatar, username, member-since year and country; the owner can replace both images. */
export function ProfileHeader({ profile, isOwner }: { profile: PublicProfile; isOwner: boolean }) {
  const [uploadError, setUploadError] = useState<string | null>(null);
  const name = profile.username.trim() || FALLBACK_USERNAME;

  return (
    <section
      aria-labelledby="profile-name"
      className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <div className="relative h-36 bg-gradient-to-r from-brand-700 via-brand-500 to-gold sm:h-56">
        {profile.bannerImageUrl ? (
          <img src={profile.bannerImageUrl} alt="" className="size-full object-cover" />
        ) : null}
        {isOwner ? (
          <ImageUploadButton
            kind="banner"
            label="Change banner"
            onError={setUploadError}
            className="absolute right-3 top-3"
          />
        ) : null}
      </div>
      <div className="px-4 pb-5 sm:px-6">
        {/* Positioned, so it paints over the banner (positioned too) that it overlaps. */}
        <div className="relative -mt-12 flex items-end gap-3 sm:-mt-14">
          <div className="rounded-full bg-white p-1 shadow">
            <Avatar
              name={name}
              imageUrl={profile.profileImageUrl}
              alt={`Profile picture of ${name}`}
              className="size-24 text-3xl sm:size-28"
            />
          </div>
          {isOwner ? (
            <ImageUploadButton kind="avatar" label="Change photo" onError={setUploadError} className="mb-2" />
          ) : null}
        </div>
        <h1 id="profile-name" className="mt-3 break-words text-2xl font-bold text-slate-900">
          {name}
        </h1>
        <p className="mt-1 text-sm text-slate-600">Member since {profile.memberSince}</p>
        {profile.country ? (
          <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
            <MapPin className="size-4" aria-hidden />
            {profile.country}
          </p>
        ) : null}
        {uploadError ? (
          <div className="mt-4">
            <ErrorNotice message={uploadError} />
          </div>
        ) : null}
      </div>
    </section>
  );
}
