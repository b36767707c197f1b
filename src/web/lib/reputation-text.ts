import type { Reputation } from '#shared/schemas/ratings.ts';

/** "1 star", "4 stars". */
export function starsText(stars: number): string {
  return stars === 1 ? '1 star' : `${stars} stars`;
}

/** "4.3 out of 5 stars", as a screen reader hears a row of stars. */
export function averageText(average: number): string {
  return `${average.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} out of 5 stars`;
}

/** "1 rating", "23 ratings". */
export function ratingsCountText(count: number): string {
  return count === 1 ? '1 rating' : `${count.toLocaleString('en-US')} ratings`;
}

/** "1 completed deal", "23 completed deals". */
export function completedDealsText(count: number): string {
  return count === 1 ? '1 completed deal' : `${count.toLocaleString('en-US')} completed deals`;
}

/** Beside a collector's name in Source: "4.3 · 23 ratings · 23 completed deals", or "No ratings yet · …". */
export function reputationLine(reputation: Reputation): string {
  const rated =
    reputation.average === null
      ? 'No ratings yet'
      : `${reputation.average.toFixed(1)} · ${ratingsCountText(reputation.count)}`;
  return `${rated} · ${completedDealsText(reputation.completedDeals)}`;
}
