/**
 * Where a price sits on the Market Range bar, as a percentage of the way from the lowest to the highest sale.
 * Always 0–100 so a marker never leaves the bar; the middle when every sale has the same price.
 */
export function rangePosition(value: number, low: number, high: number): number {
  if (!Number.isFinite(value) || !Number.isFinite(low) || !Number.isFinite(high) || high <= low) return 50;
  const percent = ((value - low) / (high - low)) * 100;
  return Math.min(100, Math.max(0, percent));
}

/** "12.50% above average", "3.25% below average" or "at the average": the latest sale against the average. */
export function percentFromAverageText(percent: number): string {
  if (percent === 0) return 'at the average';
  return `${Math.abs(percent).toFixed(2)}% ${percent > 0 ? 'above' : 'below'} average`;
}
