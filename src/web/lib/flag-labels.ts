/** A flag's short label for its chip; its reason, written out beside it, says the rest. */
const FLAG_LABELS: Record<string, string> = {
  'outlier-high': 'Unusually high',
  'outlier-low': 'Unusually low',
  'probable-duplicate': 'Probable duplicate',
  'title-mismatch': 'Title',
  'best-offer-unrevealed': 'Best Offer',
};

export function flagLabel(code: string): string {
  return FLAG_LABELS[code] ?? code;
}
