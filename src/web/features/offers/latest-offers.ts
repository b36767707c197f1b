import type { Offer } from '#shared/schemas/offers.ts';

/** Each card's newest offer from the viewer (offers arrive newest first). */
export function latestSentByItem(sent: readonly Offer[] | undefined): Map<string, Offer> {
  const latest = new Map<string, Offer>();
  for (const offer of sent ?? []) if (!latest.has(offer.item.id)) latest.set(offer.item.id, offer);
  return latest;
}
