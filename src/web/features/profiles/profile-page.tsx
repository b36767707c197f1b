import { useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { ErrorNotice, Spinner } from '#web/components/ui/states.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useSession } from '../accounts/api/session.ts';
import { AccountSheet } from '../accounts/components/account-sheet.tsx';
import { CollectionSection } from '../collections/collection-section.tsx';
import { useLiveUpdates } from '../live/use-live-updates.ts';
import { OffersArea } from '../offers/offers-area.tsx';
import { useProfile } from './api/profile.ts';
import { BackToSearch } from './components/back-to-search.tsx';
import { FALLBACK_USERNAME, ProfileHeader } from './components/profile-header.tsx';

/**
 * /profile and /profile/:id (SPEC.md §2): the signed-in user's own profile when there is no id or the id is
 * theirs, anyone's public profile otherwise. The collector's lists go below the header.
 */
export function ProfilePage() {
  const { id } = useParams();
  const session = useSession();
  useLiveUpdates(session.user?.id ?? null);
  const profileId = id ?? session.user?.id;
  const isOwner = Boolean(session.user && session.user.id === profileId);

  return (
    <div className="mx-auto max-w-4xl space-y-4 px-3 py-4 sm:px-6 sm:py-6">
      <BackToSearch />
      {profileId ? (
        <ProfileContent profileId={profileId} isOwner={isOwner} viewerId={session.user?.id ?? null} />
      ) : session.isLoading ? (
        <Spinner label="Loading your profile…" />
      ) : (
        <SignInPrompt />
      )}
    </div>
  );
}

interface ProfileContentProps {
  profileId: string;
  isOwner: boolean;
  viewerId: string | null;
}

function ProfileContent({ profileId, isOwner, viewerId }: ProfileContentProps) {
  const profile = useProfile(profileId);
  if (profile.isPending) return <Spinner label="Loading profile…" />;
  if (profile.isError) {
    if (profile.error instanceof ApiError && profile.error.status === 404) {
      return (
        <section className="rounded-2xl bg-white px-4 py-12 text-center ring-1 ring-slate-200">
          <h1 className="text-xl font-bold text-slate-900">Collector not found</h1>
          <p className="mt-2 text-slate-600">This profile does not exist or has been removed.</p>
        </section>
      );
    }
    return (
      <>
        <h1 className="sr-only">Collector profile</h1>
        <ErrorNotice message={profile.error.message} onRetry={() => void profile.refetch()} />
      </>
    );
  }
  return (
    <>
      <ProfileHeader profile={profile.data} isOwner={isOwner} />
      <CollectionSection
        profileId={profile.data.id}
        ownerName={profile.data.username.trim() || FALLBACK_USERNAME}
        isOwner={isOwner}
        viewerId={viewerId}
      />
      {isOwner ? <OffersArea /> : null}
    </>
  );
}

function SignInPrompt() {
  const [open, setOpen] = useState(false);
  return (
    <section className="rounded-2xl bg-white px-4 py-12 text-center ring-1 ring-slate-200">
      <h1 className="text-xl font-bold text-slate-900">Your profile</h1>
      <p className="mt-2 text-slate-600">
        Sign in to see your profile, your collection and your Want to Buy list.
      </p>
      <div className="mt-6 flex justify-center">
        <AccountSheet open={open} onOpenChange={setOpen} trigger={<Button>Login</Button>} />
      </div>
    </section>
  );
}
