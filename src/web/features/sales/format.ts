const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const compactDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});
// Sale days are calendar days in UTC (the API's sold dates), so they read the same in every time zone.
const saleDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const monthYear = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** $1,234.50: always two decimals, as SPEC.md shows prices. */
export function formatDollars(amount: number): string {
  return dollars.format(amount);
}

/** $1.2K: for chart axes, where space is short. */
export function formatDollarsCompact(amount: number): string {
  return compactDollars.format(amount);
}

/** Nov 3, 2025 from an ISO date or instant. */
export function formatSaleDate(iso: string | number): string {
  return saleDay.format(new Date(iso));
}

/** Nov 2025 from an ISO date, an instant or milliseconds since the epoch. */
export function formatMonthYear(value: string | number): string {
  return monthYear.format(new Date(value));
}

/** The seller's feedback at the time of sale, as the table's tooltip says it. */
export function sellerRatingText(rating: number | null): string {
  return rating === null ? 'Seller rating unknown' : `Seller rating at time of sale: ${rating}%`;
}
