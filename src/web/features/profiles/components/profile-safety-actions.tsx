import type { PublicProfile } from '#shared/schemas/users.ts';
import { ReportButton } from '#web/components/report-button.tsx';
import { BlockButton } from './block-button.tsx';
import { FALLBACK_USERNAME } from './profile-header.tsx';

/** On another collector's profile, for a signed-in viewer: Block or Unblock, and Report. */
export function ProfileSafetyActions({ profile }: { profile: PublicProfile }) {
  const name = profile.username.trim() || FALLBACK_USERNAME;
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      {profile.blockedByYou ? (
        <p className="mr-auto text-sm text-slate-700">
          You have blocked {name}: they cannot make offers to you or send you messages.
        </p>
      ) : null}
      <BlockButton profile={profile} />
      <ReportButton subject="profile" id={profile.id} label={`Report ${name}`} />
    </div>
  );
}
