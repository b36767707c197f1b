import { findCardById } from '#shared/catalogue.ts';
import { isValuable } from '#shared/estimate-rules.ts';
import type { CollectionEstimatesResponse, CollectionValueResponse } from '#shared/schemas/valuation.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import type { CohortValue } from '../analysis/cohort-value.ts';
import { weekEnds } from '../analysis/cohort-value.ts';
import { toSlabEstimate } from '../analysis/slab-estimate.ts';
import { cohortValueOf } from '../analysis/valuation.service.ts';
import * as repo from './collections.repository.ts';

type Context = Pick<AppContext, 'database' | 'analysisCaches'>;

const COLLECTOR_NOT_FOUND = 'We could not find this collector.';

interface CollectedValues {
  /** How many cards the Collected list holds. */
  collected: number;
  /** The value of each card that can be valued, by item id. */
  values: Map<string, CohortValue>;
}

/**
 * The value of each collected card that can be valued (docs/product.md §3): graded, the 1st Edition print and
 * a catalogue card. Slabs of the same card, grader and grade share one computation.
 */
async function collectedValues(context: Context, userId: string, now: number): Promise<CollectedValues> {
  const rows = (await repo.findItemsOfUser(context.database.db, userId)).filter(
    (row) => row.list === 'collected',
  );
  const byCohort = new Map<string, Promise<CohortValue>>();
  const pending: [string, Promise<CohortValue>][] = [];
  for (const row of rows) {
    const card = findCardById(row.card_id);
    const valuable = isValuable({
      list: row.list,
      grade: row.grade,
      gradingCompany: row.grading_company,
      variant: row.variant,
    });
    if (!card || !valuable || row.grading_company === null || row.grade === null) continue;
    const key = [card.cardId, row.grading_company, row.grade].join('|');
    let value = byCohort.get(key);
    if (!value) {
      value = cohortValueOf(context, card, row.grading_company, row.grade, now);
      byCohort.set(key, value);
    }
    pending.push([row.id, value]);
  }
  const values = new Map<string, CohortValue>();
  for (const [itemId, value] of pending) values.set(itemId, await value);
  return { collected: rows.length, values };
}

/** Every valued card's estimate now, for anyone looking at the collection. */
export async function collectionEstimates(
  context: Context,
  userId: string,
  now: number = Date.now(),
): Promise<CollectionEstimatesResponse> {
  if (!(await repo.userExists(context.database.db, userId))) throw notFound(COLLECTOR_NOT_FOUND);
  const { values } = await collectedValues(context, userId, now);
  return {
    estimates: [...values].map(([itemId, value]) => ({
      itemId,
      ...toSlabEstimate(value.current, value.asOf),
    })),
  };
}

/** Whole cents of an estimate, so totals add up the figures shown for each card. */
const wholeCents = (cents: number) => Math.round(cents);

/**
 * The collection's value for its owner (docs/product.md §3): the sum of the estimates, how many collected
 * cards were and were not valued, and the same cards' value at the end of each of the last 52 weeks.
 */
export async function collectionValue(
  context: Context,
  userId: string,
  now: number = Date.now(),
): Promise<CollectionValueResponse> {
  const { collected, values } = await collectedValues(context, userId, now);
  const ends = weekEnds(now);
  const weekly = new Array<number>(ends.length).fill(0);
  let total = 0;
  let counted = 0;
  for (const value of values.values()) {
    if (value.current) {
      total += wholeCents(value.current.estimate);
      counted += 1;
    }
    value.weekly.forEach((cents, week) => {
      if (!Number.isNaN(cents)) weekly[week]! += wholeCents(cents);
    });
  }
  return {
    total: total / 100,
    counted,
    uncounted: collected - counted,
    history: ends.map((end, week) => ({
      date: new Date(end).toISOString().slice(0, 10),
      total: weekly[week]! / 100,
    })),
  };
}
