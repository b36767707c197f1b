/** docs/product.md §9: partnership tiers by annual sales, highest first. */
export const PARTNERSHIP_TIERS = [
  {
    name: 'Elite',
    minimumAnnualSales: 5_000_000,
    perk: 'A dedicated partner manager and first look at major collections.',
  },
  {
    name: 'Premier',
    minimumAnnualSales: 3_000_000,
    perk: 'Priority placement for your listings and quarterly market reviews.',
  },
  {
    name: 'Select',
    minimumAnnualSales: 1_500_000,
    perk: 'Featured seller badge and early access to new Holoscope tools.',
  },
  {
    name: 'Core',
    minimumAnnualSales: 500_000,
    perk: 'Partner pricing, sales insights and a direct support line.',
  },
] as const;

export const FEE_FREE_MONTHS = 12;

/** $5M+, $1.5M+, $500K+ as the tiers are named. */
export function formatSalesThreshold(dollars: number): string {
  if (dollars >= 1_000_000) return `$${Number((dollars / 1_000_000).toFixed(1))}M+`;
  return `$${Number((dollars / 1_000).toFixed(0))}K+`;
}
