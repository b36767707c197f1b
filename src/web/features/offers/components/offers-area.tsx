import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { printedCardName } from '#shared/collection-rules.ts';
import type { Offer, OfferAction } from '#shared/schemas/offers.ts';
import { getSet } from '#shared/sets.ts';
import { ProfileLink } from '#web/components/profile-link.tsx';
import { Button, buttonClass } from '#web/components/ui/button.tsx';
import { EmptyState, ErrorNotice, Spinner } from '#web/components/ui/states.tsx';
import { useMyOffers, useOfferAction } from '#web/features/offers/api/offers.ts';
import { turnText } from '#web/features/offers/offer-parties.ts';
import { formatDollars, formatSaleDate } from '#web/lib/format.ts';
import { OfferStatusBadge } from './offer-status.tsx';

/**
 * The collector's offers: those received on their cards and those they sent, each with whose turn it is and
 * a link to its rounds and conversation; Accept and Decline when it is their turn, Withdraw on their own.
 */
export function OffersArea() {
  const offers = useMyOffers(true);
  const act = useOfferAction();
  const pendingId = act.isPending ? act.variables?.offerId : undefined;
  const run = (offerId: string, action: OfferAction) => act.mutate({ offerId, action });

  return (
    <section
      aria-labelledby="offers-title"
      className="space-y-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="offers-title" className="text-xl font-bold text-slate-900">
        Offers
      </h2>
      {act.isError ? <ErrorNotice message={act.error.message} /> : null}
      {offers.isPending ? (
        <Spinner label="Loading offers…" />
      ) : offers.isError ? (
        <ErrorNotice message={offers.error.message} onRetry={() => void offers.refetch()} />
      ) : (
        <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
          <OfferList title="Received" empty="No offers on your cards yet." offers={offers.data.received}>
            {(offer) =>
              offer.yourTurn ? (
                <>
                  <Button disabled={pendingId === offer.id} onClick={() => run(offer.id, 'accept')}>
                    Accept
                  </Button>
                  <Button
                    variant="secondary"
                    disabled={pendingId === offer.id}
                    onClick={() => run(offer.id, 'decline')}
                  >
                    Decline
                  </Button>
                </>
              ) : null
            }
          </OfferList>
          <OfferList title="Sent" empty="You have not made any offers." offers={offers.data.sent}>
            {(offer) =>
              offer.status === 'open' ? (
                <>
                  {offer.yourTurn ? (
                    <Button disabled={pendingId === offer.id} onClick={() => run(offer.id, 'accept')}>
                      Accept
                    </Button>
                  ) : null}
                  <Button
                    variant="secondary"
                    disabled={pendingId === offer.id}
                    onClick={() => run(offer.id, 'withdraw')}
                  >
                    Withdraw
                  </Button>
                </>
              ) : null
            }
          </OfferList>
        </div>
      )}
    </section>
  );
}

interface OfferListProps {
  title: 'Received' | 'Sent';
  empty: string;
  offers: Offer[];
  children: (offer: Offer) => ReactNode;
}

function OfferList({ title, empty, offers, children }: OfferListProps) {
  return (
    <div className="space-y-3">
      <h3 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
        {title} <span className="tabular-nums">({offers.length})</span>
      </h3>
      {offers.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <ul className="space-y-3" aria-label={`${title} offers`}>
          {offers.map((offer) => (
            <OfferRow key={offer.id} offer={offer} actions={children(offer)} />
          ))}
        </ul>
      )}
    </div>
  );
}

function OfferRow({ offer, actions }: { offer: Offer; actions: ReactNode }) {
  const { item } = offer;
  const grade = item.grade === null ? 'Ungraded' : `${item.gradingCompany ?? 'Grade'} ${item.grade}`;
  const turn = turnText(offer);
  return (
    <li className="flex gap-3 rounded-xl border border-slate-200 p-3">
      <img
        src={item.imageUrl}
        alt=""
        width={56}
        height={78}
        loading="lazy"
        className="h-20 w-14 shrink-0 rounded bg-slate-100 object-cover"
      />
      <div className="min-w-0 flex-1 space-y-1 text-sm">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
          {formatDollars(offer.amount)} <OfferStatusBadge status={offer.status} />
        </p>
        <p className="text-slate-800">
          {printedCardName(item.cardName)} <span className="font-mono text-slate-600">{item.cardNumber}</span>{' '}
          · {getSet(item.setId).name} · {grade}
        </p>
        <p className="text-slate-600">
          {offer.direction === 'received' ? 'From ' : 'To '}
          <ProfileLink userId={offer.otherParty.id} className="font-medium text-brand-700 underline">
            {offer.otherParty.username}
          </ProfileLink>{' '}
          · {formatSaleDate(offer.createdAt)}
        </p>
        {offer.message ? <p className="break-words text-slate-700 italic">“{offer.message}”</p> : null}
        {turn ? <p className="font-medium text-slate-800">{turn}</p> : null}
        <div className="flex flex-wrap items-center gap-2 pt-1">
          {actions}
          <Link
            to={`/offers/${encodeURIComponent(offer.id)}`}
            aria-label={`Rounds and messages: offer on ${printedCardName(item.cardName)} with ${offer.otherParty.username}`}
            className={buttonClass('ghost')}
          >
            Rounds and messages
          </Link>
        </div>
      </div>
    </li>
  );
}
