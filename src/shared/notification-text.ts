import { getSet, type SetId } from './sets.ts';

/**
 * docs/product.md §10: what a notification says, the same in the header's list and in the email digest.
 */
export interface NotificationFacts {
  kind: 'sale' | 'wanted-card-open';
  setId: SetId;
  cardName: string;
  grader: string | null;
  grade: number | null;
  /** US dollars. */
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
  return `${cohortLabel(facts)}, on your Want to Buy list, is now open to offers`;
}
