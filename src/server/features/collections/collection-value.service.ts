import { type Card, findCardById } from '#shared/catalogue.ts';
import { MESSAGES } from '#shared/errors.ts';
import { isValuable } from '#shared/estimate-rules.ts';
import type { CollectionEstimatesResponse, CollectionValueResponse } from '#shared/schemas/valuation.ts';
import type { AppContext } from '../../context.ts';
import { forbidden, notFound, unauthenticated } from '../../errors.ts';
import type { CohortValue } from '../analysis/public.ts';
import { cohortValueOf, toSlabEstimate, weekEnds } from '../analysis/public.ts';
import * as repo from './collections.repository.ts';

type Context = Pick<AppContext, 'database' | 'analysisCaches'>;

const COLLECTOR_NOT_FOUND = 'We could not find this collector.';
export const VALUE_IS_PRIVATE = 'Only its owner can see the value of a collection.';

/**
 * Who may see a collection's value and its cards' estimates (docs/product.md §6): its owner, and anyone once
 * the owner turned on Show my collection's value. Otherwise a visitor is asked to sign in (401) and another
 * collector refused (403); a collector who does not exist is a 404 either way.
 */
export async function assertMaySeeValue(
  context: Context,
  viewerId: string | null,
  ownerId: string,
): Promise<void> {
  if (viewerId === ownerId) return;
  const shared = await repo.findValueSharing(context.database.db, ownerId);
  if (shared === undefined) throw notFound(COLLECTOR_NOT_FOUND);
  if (shared) return;
  if (viewerId === null) throw unauthenticated(MESSAGES.authenticationRequired);
  throw forbidden(VALUE_IS_PRIVATE);
}

/** A slab the collection holds, with how its value is found and which of the collector's cards are one. */
interface HeldSlab {
  value: CohortValue;
  itemIds: string[];
}

interface CollectedValues {
  /** How many cards the Collected list holds. */
  collected: number;
  slabs: HeldSlab[];
}

/**
 * The value of each collected card that can be valued (docs/product.md §3): graded, the 1st Edition print and
 * a catalogue card. Cards of the same card, grader and grade share one slab value.
 */
async function collectedValues(context: Context, userId: string, now: number): Promise<CollectedValues> {
  const rows = await repo.findCollectedSlabs(context.database.db, userId);
  const held = new Map<string, { card: Card; grader: string; grade: number; itemIds: string[] }>();
  for (const row of rows) {
    const card = findCardById(row.card_id);
    const { grading_company: grader, grade } = row;
    const valuable = isValuable({ list: 'collected', grade, gradingCompany: grader, variant: row.variant });
    if (!card || !valuable || grader === null || grade === null) continue;
    const key = [card.cardId, grader, grade].join('|');
    const slab = held.get(key);
    if (slab) slab.itemIds.push(row.id);
    else held.set(key, { card, grader, grade, itemIds: [row.id] });
  }
  const slabs = await Promise.all(
    [...held.values()].map(async ({ card, grader, grade, itemIds }) => ({
      value: await cohortValueOf(context, card, grader, grade, now),
      itemIds,
    })),
  );
  return { collected: rows.length, slabs };
}

/** Every valued card's estimate now, for whoever assertMaySeeValue lets see them. */
export async function collectionEstimates(
  context: Context,
  userId: string,
  now: number = Date.now(),
): Promise<CollectionEstimatesResponse> {
  const { slabs } = await collectedValues(context, userId, now);
  return {
    estimates: slabs.flatMap(({ value, itemIds }) => {
      const estimate = toSlabEstimate(value.current, value.asOf);
      return itemIds.map((itemId) => ({ itemId, ...estimate }));
    }),
  };
}

/** Whole cents of an estimate, so totals add up the figures shown for each card. */
const wholeCents = (cents: number) => Math.round(cents);

/**
 * The collection's value (docs/product.md §3), for whoever assertMaySeeValue lets see it: the sum of the estimates, how many collected
 * cards were and were not valued, and the same cards' value at the end of each of the last 52 weeks.
 */
export async function collectionValue(
  context: Context,
  userId: string,
  now: number = Date.now(),
): Promise<CollectionValueResponse> {
  const { collected, slabs } = await collectedValues(context, userId, now);
  const ends = weekEnds(now);
  const weekly = new Array<number>(ends.length).fill(0);
  let total = 0;
  let counted = 0;
  for (const { value, itemIds } of slabs) {
    const copies = itemIds.length;
    if (value.current) {
      total += wholeCents(value.current.estimate) * copies;
      counted += copies;
    }
    value.weekly.forEach((cents, week) => {
      if (!Number.isNaN(cents)) weekly[week]! += wholeCents(cents) * copies;
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
