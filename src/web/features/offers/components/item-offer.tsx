import { HandCoins } from 'lucide-react';
import type { Offer } from '#shared/schemas/offers.ts';
import { buttonClass } from '#web/components/ui/button.tsx';
import { formatDollars } from '#web/lib/format.ts';
import { OfferStatusBadge } from './offer-status.tsx';

interface ItemOfferProps {
  /** The viewer's latest offer on this card, if any. */
  latest: Offer | undefined;
  acceptingOffers: boolean;
  /** Names the card for screen readers: "Make Offer on Charizard 4/102". */
  title: string;
  onMakeOffer: () => void;
}

/** On another collector's card: Make Offer when it accepts offers, and the status of the viewer's own offer. */
export function ItemOffer({ latest, acceptingOffers, title, onMakeOffer }: ItemOfferProps) {
  const canOffer = acceptingOffers && latest?.status !== 'open' && latest?.status !== 'accepted';
  return (
    <>
      {latest ? (
        <p className="flex flex-wrap items-center gap-1.5 text-xs text-slate-700">
          Your offer {formatDollars(latest.amount)} <OfferStatusBadge status={latest.status} />
        </p>
      ) : null}
      {canOffer ? (
        <button
          type="button"
          onClick={onMakeOffer}
          className={buttonClass('primary', 'px-3 py-1.5 whitespace-nowrap')}
        >
          <HandCoins className="size-4" aria-hidden />
          Make Offer<span className="sr-only"> on {title}</span>
        </button>
      ) : null}
    </>
  );
}
