import { cohortLabel, usd } from './notification-text.ts';
import type { SetId } from './sets.ts';

/** docs/product.md §10: how a watch is described, on the analysis page and in the Watching list. */
export interface WatchFacts {
  setId: SetId;
  cardName: string;
  grader: string | null;
  grade: number | null;
  below: number | null;
  above: number | null;
}

/** "below $20,000.00", "above $100.00", "between $100.00 and $200.00", or "at any price". */
export function priceConditionText(watch: Pick<WatchFacts, 'below' | 'above'>): string {
  if (watch.below !== null && watch.above !== null) {
    return `between ${usd(watch.above)} and ${usd(watch.below)}`;
  }
  if (watch.below !== null) return `below ${usd(watch.below)}`;
  if (watch.above !== null) return `above ${usd(watch.above)}`;
  return 'at any price';
}

/** "Charizard (Base Set) PSA 9, any grade" etc.: the cohort and the price condition. */
export function watchText(watch: WatchFacts): string {
  const cohort = cohortLabel(watch);
  return `${cohort}${watch.grader ? '' : ', any grade'}, ${priceConditionText(watch)}`;
}
