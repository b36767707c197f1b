import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CardSales, cardSalesFromRows, type SaleValues } from './card-sales.ts';
import { applySalesChanges, type SaleChange } from './card-sales-changes.ts';

/** The columns as reading the card whole gives them: from rows newest first, ties in any order. */
function columnsOf(sales: readonly SaleValues[]): CardSales {
  const rows = [...sales].sort((a, b) => b.soldAt - a.soldAt);
  return cardSalesFromRows({
    prices: rows.map((sale) => sale.price),
    soldAt: rows.map((sale) => sale.soldAt),
    graders: rows.map((sale) => sale.grader),
    grades: rows.map((sale) => sale.grade),
    excluded: rows.map((sale) => sale.excluded),
  });
}

function plain(sales: CardSales | undefined) {
  return (
    sales && {
      ...sales,
      prices: [...sales.prices],
      soldAt: [...sales.soldAt],
      gradeCodes: [...sales.gradeCodes],
      excluded: [...sales.excluded],
    }
  );
}

// Few distinct values, so ties, repeated sales and shared grades are common.
const sale: fc.Arbitrary<SaleValues> = fc.record({
  price: fc.constantFrom(100, 250, 900),
  soldAt: fc.constantFrom(1_000, 2_000, 3_000, 4_000),
  grader: fc.constantFrom(null, 'PSA', 'CGC'),
  grade: fc.constantFrom(null, 9, 10),
  excluded: fc.constantFrom(0 as const, 1 as const),
});

describe("applying sales changes to a card's columns", () => {
  it('gives the columns that reading the changed card whole gives', () => {
    fc.assert(
      fc.property(
        fc.array(sale, { maxLength: 30 }),
        fc.array(sale, { maxLength: 10 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        fc.array(fc.tuple(fc.nat(), fc.boolean()), { maxLength: 5 }),
        (before, additions, removalPicks, flagPicks) => {
          const after = [...before];
          const changes: SaleChange[] = [];
          for (const pick of removalPicks) {
            if (after.length === 0) break;
            const [taken] = after.splice(pick % after.length, 1);
            changes.push({ ...taken!, change: -1 });
          }
          for (const added of additions) {
            after.push(added);
            changes.push({ ...added, change: 1 });
          }
          // A flag set or cleared is the sale taken away and added back with the new flag.
          for (const [pick, flagged] of flagPicks) {
            if (after.length === 0) break;
            const index = pick % after.length;
            const old = after[index]!;
            after[index] = { ...old, excluded: flagged ? 1 : 0 };
            changes.push({ ...old, change: -1 }, { ...after[index]!, change: 1 });
          }
          expect(plain(applySalesChanges(columnsOf(before), changes))).toEqual(plain(columnsOf(after)));
        },
      ),
    );
  });

  it('refuses to remove a sale the columns do not hold', () => {
    const columns = columnsOf([{ price: 100, soldAt: 1_000, grader: 'PSA', grade: 9, excluded: 0 }]);
    const missing: SaleChange = {
      price: 100,
      soldAt: 1_000,
      grader: 'PSA',
      grade: 9,
      excluded: 1,
      change: -1,
    };
    expect(applySalesChanges(columns, [missing])).toBeUndefined();
  });
});
