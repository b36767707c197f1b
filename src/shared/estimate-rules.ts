import { VARIANTS, type Variant } from './collection-rules.ts';

/**
 * How a slab's estimate is made (docs/product.md §3, docs/decisions/017-slab-estimate.md): the numbers the
 * server computes with and the web app describes.
 */
export const ESTIMATE_BASES = ['recent-sales', 'neighbour-grades', 'none'] as const;
export type EstimateBasis = (typeof ESTIMATE_BASES)[number];

/** A sale's weight halves with every this many days of age. */
export const ESTIMATE_HALF_LIFE_DAYS = 90;
/** The window of sales looked at, widened step by step until it holds enough of them. */
export const ESTIMATE_WINDOWS_DAYS = [90, 180, 365, 730] as const;
/** The fewest sales an estimate stands on. */
export const ESTIMATE_MIN_COMPS = 5;
/** How far (in grade points) a neighbouring grade may be from the slab's to stand in for it. */
export const NEIGHBOUR_GRADE_DISTANCE = 1;

/** The print every recorded sale is of: other prints of a card are not valued from its sales. */
const VALUED_VARIANT: Variant = VARIANTS[0];

/**
 * A collected card is valued when it is graded (a grading company and a grade) and is the 1st Edition print
 * (or does not say), since every sale Holoscope records is of a 1st Edition card.
 */
export function isValuable(item: {
  list: string;
  grade: number | null;
  gradingCompany: string | null;
  variant: string | null;
}): boolean {
  return (
    item.list === 'collected' &&
    item.grade !== null &&
    item.gradingCompany !== null &&
    (item.variant === null || item.variant === VALUED_VARIANT)
  );
}
