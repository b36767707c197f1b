import type { ReactNode } from 'react';
import { printedCardName } from '#shared/collection-rules.ts';
import type { OfferAction, OfferDetail } from '#shared/schemas/offers.ts';
import { getSet } from '#shared/sets.ts';
import { ProfileLink } from '#web/components/profile-link.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ErrorNotice, Spinner } from '#web/components/ui/states.tsx';
import { useOffer, useOfferAction } from '#web/features/offers/api/offers.ts';
import { partyName, turnText, viewerParty } from '#web/features/offers/offer-parties.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { formatDateTime, formatDollars } from '#web/lib/format.ts';
import { CounterForm } from './counter-form.tsx';
import { DealPanel } from './deal-panel.tsx';
import { OfferMessages } from './offer-messages.tsx';
import { OfferStatusBadge } from './offer-status.tsx';

interface OfferThreadProps {
  offerId: string;
  /** What the buyer of a completed deal is offered, given the offer (composed by the page). */
  afterCompletion?: (offer: OfferDetail) => ReactNode;
}

/**
 * One offer as its two parties see it: the card, every round, what the viewer may do now, the deal an
 * accepted offer became, the conversation.
 */
export function OfferThread({ offerId, afterCompletion }: OfferThreadProps) {
  const offer = useOffer(offerId);
  if (offer.isPending) return <Spinner label="Loading offer…" />;
  if (offer.isError) {
    if (offer.error instanceof ApiError && offer.error.status === 404) {
      return (
        <section className="rounded-2xl bg-white px-4 py-12 text-center ring-1 ring-slate-200">
          <h1 className="text-xl font-bold text-slate-900">Offer not found</h1>
          <p className="mt-2 text-slate-600">
            We could not find this offer. Only its two collectors can open it.
          </p>
        </section>
      );
    }
    return <ErrorNotice message={offer.error.message} onRetry={() => void offer.refetch()} />;
  }
  return <OfferView offer={offer.data} afterCompletion={afterCompletion?.(offer.data)} />;
}

function OfferView({ offer, afterCompletion }: { offer: OfferDetail; afterCompletion: ReactNode }) {
  const { item } = offer;
  const grade = item.grade === null ? 'Ungraded' : `${item.gradingCompany ?? 'Grade'} ${item.grade}`;
  const turn = turnText(offer);
  return (
    <article className="space-y-6 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-6">
      <header className="flex gap-4">
        <img
          src={item.imageUrl}
          alt=""
          width={245}
          height={342}
          className="h-28 w-20 shrink-0 rounded-md bg-slate-100 object-cover"
        />
        <div className="min-w-0 space-y-1">
          <h1 className="text-xl font-bold text-slate-900">
            Offer on {printedCardName(item.cardName)}{' '}
            <span className="font-mono text-base text-slate-600">{item.cardNumber}</span>
          </h1>
          <p className="text-sm text-slate-700">
            {getSet(item.setId).name} · {grade}
          </p>
          <p className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900">
            {formatDollars(offer.amount)} <OfferStatusBadge status={offer.status} />
          </p>
          <p className="text-sm text-slate-600">
            {offer.direction === 'sent' ? 'Your offer to ' : 'An offer from '}
            <ProfileLink userId={offer.otherParty.id} className="font-medium text-brand-700 underline">
              {offer.otherParty.username}
            </ProfileLink>
          </p>
          {turn ? (
            <p className="text-sm font-medium text-slate-800" data-testid="offer-turn">
              {turn}
              {offer.expiresAt ? (
                <span className="font-normal text-slate-600">
                  {' '}
                  · expires <time dateTime={offer.expiresAt}>{formatDateTime(offer.expiresAt)}</time>
                </span>
              ) : null}
            </p>
          ) : null}
        </div>
      </header>

      <section aria-labelledby="offer-rounds-title" className="space-y-3">
        <h2 id="offer-rounds-title" className="text-lg font-bold text-slate-900">
          Rounds
        </h2>
        <ol className="space-y-2" aria-label="Rounds">
          {offer.rounds.map((round, index) => (
            <li
              key={round.at + String(index)}
              className="rounded-xl border border-slate-200 px-3 py-2 text-sm"
            >
              <p className="text-slate-900">
                <span className="font-semibold">{partyName(offer, round.by)}</span>{' '}
                {index === 0 ? 'offered' : 'countered with'}{' '}
                <span className="font-semibold tabular-nums">{formatDollars(round.amount)}</span>
              </p>
              <p className="text-xs text-slate-600">
                <time dateTime={round.at}>{formatDateTime(round.at)}</time>
              </p>
              {round.message ? (
                <p className="whitespace-pre-wrap break-words text-slate-700 italic">“{round.message}”</p>
              ) : null}
            </li>
          ))}
        </ol>
        {offer.status === 'open' ? <OfferMoves offer={offer} /> : null}
      </section>

      {offer.deal ? <DealPanel offer={offer} deal={offer.deal} afterCompletion={afterCompletion} /> : null}

      <OfferMessages offer={offer} />
    </article>
  );
}

/** Accept, Decline and Counter when it is the viewer's turn; Withdraw for the buyer at either turn. */
function OfferMoves({ offer }: { offer: OfferDetail }) {
  const act = useOfferAction();
  const run = (action: OfferAction) => act.mutate({ offerId: offer.id, action });
  const buyer = viewerParty(offer) === 'buyer';
  return (
    <div className="space-y-4 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
      {act.isError ? <ErrorNotice message={act.error.message} /> : null}
      <div className="flex flex-wrap gap-2">
        {offer.yourTurn ? (
          <>
            <Button disabled={act.isPending} onClick={() => run('accept')}>
              Accept {formatDollars(offer.amount)}
            </Button>
            <Button variant="secondary" disabled={act.isPending} onClick={() => run('decline')}>
              Decline
            </Button>
          </>
        ) : null}
        {buyer ? (
          <Button variant="secondary" disabled={act.isPending} onClick={() => run('withdraw')}>
            Withdraw
          </Button>
        ) : null}
      </div>
      {offer.yourTurn ? <CounterForm offerId={offer.id} /> : null}
    </div>
  );
}
