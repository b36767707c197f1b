import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { columnsOf, saleValues } from '../../../../tests/helpers/card-sales-columns.ts';
import type { CardSales } from './card-sales.ts';
import { applySalesChanges, type SaleChange } from './card-sales-changes.ts';

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

describe("applying sales changes to a card's columns", () => {
  it('gives the columns that reading the changed card whole gives', () => {
    fc.assert(
      fc.property(
        fc.array(saleValues, { maxLength: 30 }),
        fc.array(saleValues, { maxLength: 10 }),
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
