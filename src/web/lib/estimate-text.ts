import type { SlabEstimate } from '#shared/schemas/valuation.ts';
import { formatCount } from './format.ts';

function windowText(days: number): string {
  if (days % 365 === 0) return days === 365 ? 'the last year' : `the last ${days / 365} years`;
  return `the last ${days} days`;
}

function salesText(count: number): string {
  return count === 1 ? '1 sale' : `${formatCount(count)} sales`;
}

/**
 * What an estimate stands on, in words: never a number without its basis and how many sales it counts
 * (docs/product.md §3).
 */
export function estimateBasisText(estimate: SlabEstimate, grader: string): string {
  if (estimate.basis === 'none' || estimate.windowDays === null) {
    return 'Not enough recent sales of this grade or its neighbours to estimate.';
  }
  const sales = `${salesText(estimate.comps)} in ${windowText(estimate.windowDays)}`;
  if (estimate.basis === 'recent-sales') return `Based on ${sales}, recent ones weighing more.`;
  const grades = estimate.neighbourGrades.map((grade) => `${grader} ${grade}`).join(' and ');
  return `Too few sales of this grade: scaled from ${grades} (${sales}).`;
}

function windowShort(days: number): string {
  if (days % 365 === 0) return days === 365 ? '1 year' : `${days / 365} years`;
  return `${days} days`;
}

/** The same in a few words, for a card of a collection. */
export function estimateBasisShort(estimate: SlabEstimate, grader: string): string {
  if (estimate.basis === 'none' || estimate.windowDays === null) return 'Too few sales to estimate';
  const sales = `${salesText(estimate.comps)} in ${windowShort(estimate.windowDays)}`;
  if (estimate.basis === 'recent-sales') return `From ${sales}`;
  return `Scaled from ${grader} ${estimate.neighbourGrades.join(' & ')}: ${sales}`;
}
