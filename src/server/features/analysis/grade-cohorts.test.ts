import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { columnsOf, saleValues } from '../../../../tests/helpers/card-sales-columns.ts';
import type { SaleValues } from '../../sales/columns/card-sales.ts';
import { applySalesChanges, type SaleChange } from '../../sales/columns/card-sales-changes.ts';
import { type GradeCohort, gradeCohorts } from './grade-cohorts.ts';

function plain(cohorts: readonly GradeCohort[]) {
  return cohorts.map((cohort) => ({ ...cohort, prices: [...cohort.prices], soldAt: [...cohort.soldAt] }));
}

/** Removes the picked sales from `sales` and adds `additions`, as change-log entries. */
function change(
  sales: SaleValues[],
  additions: readonly SaleValues[],
  removals: readonly number[],
): SaleChange[] {
  const changes: SaleChange[] = [];
  for (const pick of removals) {
    if (sales.length === 0) break;
    const [taken] = sales.splice(pick % sales.length, 1);
    changes.push({ ...taken!, change: -1 });
  }
  for (const added of additions) {
    sales.push(added);
    changes.push({ ...added, change: 1 });
  }
  return changes;
}

const key = (cohort: GradeCohort) => `${cohort.grader}|${cohort.grade}`;

describe("a card's cohorts after changes to its sales", () => {
  it('are the cohorts of the changed card read whole, sharing the unchanged grades with the earlier split', () => {
    fc.assert(
      fc.property(
        fc.array(saleValues, { maxLength: 30 }),
        fc.array(fc.tuple(fc.array(saleValues, { maxLength: 5 }), fc.array(fc.nat(), { maxLength: 5 })), {
          minLength: 1,
          maxLength: 3,
        }),
        fc.boolean(),
        (before, steps, includeFlagged) => {
          const sales = [...before];
          let columns = columnsOf(sales);
          const first = gradeCohorts(columns, includeFlagged);
          const touched = new Set<string>();
          // Only the first columns are split; the versions between are not, as when no request saw them.
          for (const [additions, removals] of steps) {
            const changes = change(sales, additions, removals);
            for (const entry of changes) touched.add(`${entry.grader}|${entry.grade}`);
            columns = applySalesChanges(columns, changes)!;
          }
          const after = gradeCohorts(columns, includeFlagged);
          expect(plain(after)).toEqual(plain(gradeCohorts(columnsOf(sales), includeFlagged)));
          for (const cohort of after) {
            const earlier = first.find((other) => key(other) === key(cohort));
            if (!touched.has(key(cohort))) expect(cohort).toBe(earlier);
          }
        },
      ),
    );
  });

  it('of a grade that gained a sale are split again, and the others are kept', () => {
    const psa9 = { price: 90_000, soldAt: 1_000, grader: 'PSA', grade: 9, excluded: 0 as const };
    const psa10 = { price: 400_000, soldAt: 2_000, grader: 'PSA', grade: 10, excluded: 0 as const };
    const columns = columnsOf([psa9, psa10]);
    const gradeOf = (cohorts: readonly GradeCohort[], grade: number) =>
      cohorts.find((cohort) => cohort.grade === grade);
    const [ten, nine] = [10, 9].map((grade) => gradeOf(gradeCohorts(columns, false), grade));
    const next = applySalesChanges(columns, [{ ...psa9, price: 95_000, soldAt: 3_000, change: 1 }])!;
    const [tenAfter, nineAfter] = [10, 9].map((grade) => gradeOf(gradeCohorts(next, false), grade));
    expect(tenAfter).toBe(ten);
    expect(nineAfter).not.toBe(nine);
    expect([...nineAfter!.prices]).toEqual([95_000, 90_000]);
  });
});
