import { getSet, type SetId } from './sets.ts';

export const NOTIFICATION_KINDS = [
  'sale',
  'wanted-card-open',
  'offer-expired',
  'deal-completed',
  'deal-cancelled',
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
  /** US dollars: the sale's price, the expired offer's last amount, or the deal's agreed amount. */
  price: number | null;
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

export function notificationText(facts: NotificationFacts): string {
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
  return `${cohortLabel(facts)}, on your Want to Buy list, is now open to offers`;
}
