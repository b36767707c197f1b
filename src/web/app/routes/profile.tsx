import { useState } from 'react';
import { useParams } from 'react-router';
import type { CollectionItem } from '#shared/schemas/collections.ts';
import { ErrorNotice, Spinner } from '#web/components/ui/states.tsx';
import { LinkedProviders } from '#web/features/accounts/components/linked-providers.tsx';
import { useSession } from '#web/features/accounts/api/session.ts';
import { EmailVerificationStatus } from '#web/features/accounts/components/email-verification.tsx';
import { LoginButton } from '#web/features/accounts/components/login-button.tsx';
import { setCardsQuery } from '#web/features/catalogue/api/set-cards.ts';
import { CollectionSection } from '#web/features/collections/components/collection-section.tsx';
import { CollectionValue } from '#web/features/collections/components/collection-value.tsx';
import { gradeText, itemTitle } from '#web/features/collections/components/item-card.tsx';
import { useLiveUpdates } from '#web/features/live/use-live-updates.ts';
import { useMyOffers } from '#web/features/offers/api/offers.ts';
import { ItemOffer } from '#web/features/offers/components/item-offer.tsx';
import { OfferInbox } from '#web/features/offers/components/offer-inbox.tsx';
import { OfferSheet, type OfferTarget } from '#web/features/offers/components/offer-sheet.tsx';
import { latestSentByItem } from '#web/features/offers/latest-offers.ts';
import { useProfile } from '#web/features/profiles/api/profile.ts';
import { BackToSearch } from '#web/features/profiles/components/back-to-search.tsx';
import { CollectionValueSwitch } from '#web/features/profiles/components/collection-value-switch.tsx';
import { FALLBACK_USERNAME, ProfileHeader } from '#web/features/profiles/components/profile-header.tsx';
import { ProfileReputation } from '#web/features/profiles/components/profile-reputation.tsx';
import { ProfileSafetyActions } from '#web/features/profiles/components/profile-safety-actions.tsx';
import { SecuritySection } from '#web/features/security/components/security-section.tsx';
import { WatchingList } from '#web/features/watches/components/watching-list.tsx';
import { ApiError } from '#web/lib/api-client.ts';

/**
 * /profile and /profile/:id (docs/product.md §2): the signed-in user's own profile when there is no id or the id is
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
      <ProfileReputation profile={profile.data} />
      {isOwner ? (
        <>
          <EmailVerificationStatus />
          <CollectionValue
            ownerId={profile.data.id}
            isOwner
            sharing={<CollectionValueSwitch profile={profile.data} />}
          />
          <CollectionSection
            profileId={profile.data.id}
            isOwner
            setCardsQuery={setCardsQuery}
            showEstimates
          />
          <WatchingList />
          <OfferInbox />
          <LinkedProviders />
          <SecuritySection />
        </>
      ) : (
        <>
          {viewerId ? <ProfileSafetyActions profile={profile.data} /> : null}
          {profile.data.showCollectionValue ? (
            <CollectionValue ownerId={profile.data.id} isOwner={false} />
          ) : null}
          <OfferableCollection
            profileId={profile.data.id}
            ownerName={profile.data.username.trim() || FALLBACK_USERNAME}
            viewerId={viewerId}
            showEstimates={profile.data.showCollectionValue}
          />
        </>
      )}
    </>
  );
}

interface OfferableCollectionProps {
  profileId: string;
  ownerName: string;
  viewerId: string | null;
  showEstimates: boolean;
}

/** Another collector's cards, each with Make Offer where it accepts offers and the viewer's own offer on it. */
function OfferableCollection({ profileId, ownerName, viewerId, showEstimates }: OfferableCollectionProps) {
  const [offerOn, setOfferOn] = useState<OfferTarget | null>(null);
  const myOffers = useMyOffers(viewerId !== null);
  const latestOffers = latestSentByItem(myOffers.data?.sent);
  const itemOffer = (item: CollectionItem, estimate: number | null) => (
    <ItemOffer
      latest={latestOffers.get(item.id)}
      acceptingOffers={item.acceptingOffers}
      title={itemTitle(item)}
      onMakeOffer={() =>
        setOfferOn({
          itemId: item.id,
          title: itemTitle(item),
          ownerName,
          imageUrl: item.imageUrl,
          grade: gradeText(item),
          certNumber: item.certNumber,
          estimate,
        })
      }
    />
  );
  return (
    <>
      <CollectionSection
        profileId={profileId}
        isOwner={false}
        setCardsQuery={setCardsQuery}
        itemOffer={itemOffer}
        showEstimates={showEstimates}
      />
      <OfferSheet
        target={offerOn}
        onClose={() => setOfferOn(null)}
        signedIn={viewerId !== null}
        loginButton={<LoginButton />}
      />
    </>
  );
}

function SignInPrompt() {
  return (
    <section className="rounded-2xl bg-white px-4 py-12 text-center ring-1 ring-slate-200">
      <h1 className="text-xl font-bold text-slate-900">Your profile</h1>
      <p className="mt-2 text-slate-600">
        Sign in to see your profile, your collection and your Want to Buy list.
      </p>
      <div className="mt-6 flex justify-center">
        <LoginButton />
      </div>
    </section>
  );
}
