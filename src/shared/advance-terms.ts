/**
 * docs/product.md §9 card advance figures. The marketing page, its comparison table and the inquiry rules all read
 * them from here, so a changed figure changes every place it appears.
 */
export const ADVANCE_PERCENT = 75;
export const MINIMUM_MARKET_VALUE = 300;
export const ADVANCE_GRADERS = ['PSA', 'BGS', 'SGC'] as const;
export const ADVANCE_TERM_WEEKS = { min: 16, max: 26 } as const;
export const EBAY_FEE_PERCENT = 12;
export const DEALER_PERCENT = 80;
export const EXAMPLE_MARKET_VALUE = 25_000;

/** Percentages of a dollar amount, worked in whole cents so results never carry float noise. */
function percentOf(dollars: number, percent: number): number {
  return Math.round((Math.round(dollars * 100) * percent) / 100) / 100;
}

/** The largest advance for a card of this market value (docs/product.md §9: up to 75 %). */
export function maxAdvance(marketValue: number): number {
  return percentOf(marketValue, ADVANCE_PERCENT);
}

/** What a seller keeps after eBay's fees. */
export function ebayProceeds(marketValue: number): number {
  return percentOf(marketValue, 100 - EBAY_FEE_PERCENT);
}

/** What a dealer pays outright. */
export function dealerOffer(marketValue: number): number {
  return percentOf(marketValue, DEALER_PERCENT);
}

export function qualifiesForAdvance(marketValue: number): boolean {
  return marketValue >= MINIMUM_MARKET_VALUE;
}

export interface ComparisonRow {
  option: 'advance' | 'ebay' | 'dealer';
  label: string;
  cash: number;
  paidWhen: string;
  keepCard: boolean;
}

/** The three ways to turn a card into cash that the card advances page compares. */
export function compareOptions(marketValue: number): ComparisonRow[] {
  return [
    {
      option: 'advance',
      label: `Holoscope advance (${ADVANCE_PERCENT}%)`,
      cash: maxAdvance(marketValue),
      paidWhen: 'Now',
      keepCard: true,
    },
    {
      option: 'ebay',
      label: `Sell on eBay (${EBAY_FEE_PERCENT}% fees)`,
      cash: ebayProceeds(marketValue),
      paidWhen: 'After the sale closes and the buyer pays',
      keepCard: false,
    },
    {
      option: 'dealer',
      label: `Sell to a dealer (${DEALER_PERCENT}% of value)`,
      cash: dealerOffer(marketValue),
      paidWhen: 'Now',
      keepCard: false,
    },
  ];
}

/** The card advances page's search parameter that carries a card's market value into its calculator. */
const MARKET_VALUE_PARAM = 'value';

/**
 * Where **Quick Advance** leads from an analysis: the card advances page at its `#advance` hero, with the card's
 * value in the calculator. Undefined when the value is under the advance minimum, so there is no link.
 */
export function quickAdvanceHref(marketValue: number): string | undefined {
  if (!Number.isFinite(marketValue) || !qualifiesForAdvance(marketValue)) return undefined;
  const cents = Math.round(marketValue * 100);
  const dollars = cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
  return `/card-advances?${MARKET_VALUE_PARAM}=${dollars}#advance`;
}

/** The market value a Quick Advance link carried: a positive amount of dollars with at most two decimals. */
export function marketValueFromSearch(search: URLSearchParams): number | undefined {
  const text = search.get(MARKET_VALUE_PARAM)?.trim() ?? '';
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return undefined;
  const value = Number(text);
  return value > 0 ? value : undefined;
}
