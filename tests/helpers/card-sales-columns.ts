import fc from 'fast-check';
import { type CardSales, cardSalesFromRows, type SaleValues } from '#server/sales/columns/card-sales.ts';

/** The columns as reading the card whole gives them: from rows newest first, ties in any order. */
export function columnsOf(sales: readonly SaleValues[]): CardSales {
  const rows = [...sales].sort((a, b) => b.soldAt - a.soldAt);
  return cardSalesFromRows({
    prices: rows.map((sale) => sale.price),
    soldAt: rows.map((sale) => sale.soldAt),
    graders: rows.map((sale) => sale.grader),
    grades: rows.map((sale) => sale.grade),
    excluded: rows.map((sale) => sale.excluded),
  });
}

/** A sale from few distinct values, so ties, repeated sales and shared grades are common. */
export const saleValues: fc.Arbitrary<SaleValues> = fc.record({
  price: fc.constantFrom(100, 250, 900),
  soldAt: fc.constantFrom(1_000, 2_000, 3_000, 4_000),
  grader: fc.constantFrom(null, 'PSA', 'CGC'),
  grade: fc.constantFrom(null, 9, 10),
  excluded: fc.constantFrom(0 as const, 1 as const),
});
