import type { Offer, OfferParty } from '#shared/schemas/offers.ts';

/** The viewer's side of the offer: they made it (buyer) or it is on their card (owner). */
export function viewerParty(offer: Pick<Offer, 'direction'>): OfferParty {
  return offer.direction === 'sent' ? 'buyer' : 'owner';
}

/** "You" for the viewer's own rounds and messages, the other collector's username for theirs. */
export function partyName(offer: Pick<Offer, 'direction' | 'otherParty'>, party: OfferParty): string {
  return party === viewerParty(offer) ? 'You' : offer.otherParty.username;
}

/** Whose turn it is, as the offer's rows and page say it. */
export function turnText(offer: Pick<Offer, 'status' | 'yourTurn' | 'otherParty'>): string | null {
  if (offer.status !== 'open') return null;
  return offer.yourTurn ? 'Your turn to answer' : `Waiting for ${offer.otherParty.username}`;
}
