import { describe, expect, it } from 'vitest';
import { formatSalesThreshold, PARTNERSHIP_TIERS } from './partnership-tiers.ts';

describe('partnership tiers', () => {
  it('reads as the product names them: $5M+ Elite, $3M+ Premier, $1.5M+ Select, $500K+ Core', () => {
    expect(
      PARTNERSHIP_TIERS.map((tier) => `${formatSalesThreshold(tier.minimumAnnualSales)} ${tier.name}`),
    ).toEqual(['$5M+ Elite', '$3M+ Premier', '$1.5M+ Select', '$500K+ Core']);
  });
});
