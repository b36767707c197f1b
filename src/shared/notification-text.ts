import { getSet, type SetId } from './sets.ts';

export const NOTIFICATION_KINDS = [
  'sale',
  'wanted-card-open',
  'offer-expired',
  'deal-completed',
  'deal-cancelled',
  'offer-received',
  'offer-countered',
  'offer-message',
  'offer-accepted',
  'offer-declined',
  'offer-passed-over',
  'offer-withdrawn',
  'deal-sent',
  'deal-received',
  'deal-rated',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * docs/product.md §10: what a notification says, the same in the header's list and in the email digest.
 */
export interface NotificationFacts {
  kind: NotificationKind;
  setId: SetId;
  cardName: string;
  grader: string | null;
  grade: number | null;
  /**
   * US dollars: the sale's price; for an offer, the amount of the round it names (made, countered), else the
   * offer's last amount (the agreed one for a deal).
   */
  price: number | null;
  /** The other collector of the offer, who took the step (offer and deal kinds); absent or null otherwise. */
  actor?: string | null;
}

/** $1,234.50, as prices are shown everywhere (web/lib/format.ts writes the same for the pages). */
export function usd(amount: number): string {
  const [whole = '0', cents = '00'] = amount.toFixed(2).split('.');
  return `$${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${cents}`;
}

/** "Charizard (Base Set) PSA 9", or without the grade when there is none. */
export function cohortLabel(
  facts: Pick<NotificationFacts, 'setId' | 'cardName' | 'grader' | 'grade'>,
): string {
  const grade = facts.grader ? ` ${facts.grader}${facts.grade === null ? '' : ` ${facts.grade}`}` : '';
  return `${facts.cardName} (${getSet(facts.setId).name})${grade}`;
}

/** What an offer step says, by the collector who took it ("ash_k countered at $1,250.00 for …"). */
function offerStepText(facts: NotificationFacts, card: string, actor: string): string | undefined {
  const amount = facts.price === null ? '' : usd(facts.price);
  const of = amount ? ` of ${amount}` : '';
  switch (facts.kind) {
    case 'offer-received':
      return `${actor} made an offer${of} on your ${card}`;
    case 'offer-countered':
      return amount ? `${actor} countered at ${amount} for ${card}` : `${actor} countered on ${card}`;
    case 'offer-message':
      return `${actor} sent you a message about ${card}`;
    case 'offer-accepted':
      return `${actor} accepted the offer${of} on ${card}: it is now a deal`;
    case 'offer-declined':
      return `${actor} declined the offer${of} on ${card}`;
    case 'offer-passed-over':
      return `${actor} accepted another offer on ${card}, so your offer${of} was declined`;
    case 'offer-withdrawn':
      return `${actor} withdrew the offer${of} on your ${card}`;
    case 'deal-sent':
      return `${actor} marked ${card} as sent: mark it received once it arrives`;
    case 'deal-received':
      return `${actor} marked ${card} as received`;
    case 'deal-completed':
      return `${actor} marked their side too: the deal on ${card}${amount ? ` for ${amount}` : ''} is completed`;
    case 'deal-cancelled':
      return `${actor} cancelled the deal on ${card}${amount ? ` for ${amount}` : ''}`;
    case 'deal-rated':
      return `${actor} rated your deal on ${card}`;
    default:
      return undefined;
  }
}

export function notificationText(facts: NotificationFacts): string {
  if (facts.actor) {
    const text = offerStepText(facts, cohortLabel(facts), facts.actor);
    if (text) return text;
  }
  if (facts.kind === 'sale') {
    return `${cohortLabel(facts)} sold for ${facts.price === null ? 'an unknown price' : usd(facts.price)}`;
  }
  if (facts.kind === 'offer-expired') {
    const amount = facts.price === null ? '' : ` of ${usd(facts.price)}`;
    return `The offer${amount} on ${cohortLabel(facts)} expired after 7 days without an answer`;
  }
  if (facts.kind === 'deal-completed' || facts.kind === 'deal-cancelled') {
    const amount = facts.price === null ? '' : ` for ${usd(facts.price)}`;
    const outcome = facts.kind === 'deal-completed' ? 'is completed' : 'was cancelled';
    return `The deal on ${cohortLabel(facts)}${amount} ${outcome}`;
  }
  if (facts.kind === 'wanted-card-open') {
    return `${cohortLabel(facts)}, on your Want to Buy list, is now open to offers`;
  }
  // An offer step whose other collector is gone (an account deleted since): said without a name.
  return `There is news about your offer on ${cohortLabel(facts)}`;
}
