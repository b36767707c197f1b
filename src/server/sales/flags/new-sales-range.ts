import type { SaleChange } from '../columns/card-sales-changes.ts';
import type { CardRef } from '../columns/card-sales-store.ts';

export const DAY_MS = 86_400_000;

/** What the flags of a transaction's new sales of one card start from (flag-new-sales.ts). */
export interface CardRange {
  card: CardRef;
  from: number;
  to: number;
  /** The cohorts (cohortKey) of the new sales: a sale changes only its own cohort's outliers. */
  cohorts: Set<string>;
  /**
   * The new sales as the change log has them: the writer's own entries (OwnChanges), and where same-day
   * duplicates may be (a pair of two older sales was judged when the later arrived).
   */
  logged: SaleChange[];
}

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

export function cohortKey(grader: string | null, grade: number | null): string {
  return `${grader ?? '\u0001'}\u0000${grade ?? ''}`;
}
