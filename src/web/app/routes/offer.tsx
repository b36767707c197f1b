import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { Spinner } from '#web/components/ui/states.tsx';
import { useSession } from '#web/features/accounts/api/session.ts';
import { LoginButton } from '#web/features/accounts/components/login-button.tsx';
import { AddBoughtCard } from '#web/features/collections/components/add-bought-card.tsx';
import { useMarkOfferRead, useNotifications } from '#web/features/notifications/api/notifications.ts';
import { useOffer } from '#web/features/offers/api/offers.ts';
import { OfferThread } from '#web/features/offers/components/offer-thread.tsx';

/**
 * /offers/:id (docs/product.md §9): an offer's rounds, deal and conversation, for its two collectors; the
 * buyer of a completed deal may add the card to their collection from here.
 */
export function OfferPage() {
  const { id = '' } = useParams();
  const session = useSession();
  const user = session.user;
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-3 py-4 sm:px-6 sm:py-6">
      <Link to="/profile" className="text-sm font-medium text-brand-700 underline">
        All my offers
      </Link>
      {user ? <SeenOfferNews offerId={id} /> : null}
      {user ? (
        <OfferThread
          offerId={id}
          afterCompletion={(offer) => <AddBoughtCard ownerId={user.id} card={offer.item} />}
        />
      ) : session.isLoading ? (
        <Spinner label="Loading offer…" />
      ) : (
        <section className="rounded-2xl bg-white px-4 py-12 text-center ring-1 ring-slate-200">
          <h1 className="text-xl font-bold text-slate-900">Your offer</h1>
          <p className="mt-2 text-slate-600">Sign in to see this offer and its messages.</p>
          <div className="mt-6 flex justify-center">
            <LoginButton />
          </div>
        </section>
      )}
    </div>
  );
}

/**
 * While the offer's page is open, its news counts as seen: its notifications are marked read when the offer
 * loads and when the bell's list brings an unread one about it.
 */
function SeenOfferNews({ offerId }: { offerId: string }) {
  const offer = useOffer(offerId);
  const notifications = useNotifications(true);
  const { mutate } = useMarkOfferRead();
  const loadedAt = offer.isSuccess ? offer.dataUpdatedAt : 0;
  const unseen =
    notifications.data?.pages.some((page) =>
      page.notifications.some((notification) => notification.offerId === offerId && !notification.read),
    ) ?? false;
  useEffect(() => {
    if (loadedAt > 0) mutate(offerId);
  }, [loadedAt, offerId, mutate]);
  useEffect(() => {
    if (unseen) mutate(offerId);
  }, [unseen, offerId, mutate]);
  return null;
}
