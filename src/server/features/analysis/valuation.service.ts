import { normaliseCardName } from '#shared/card-names.ts';
import { type Card, findCardByName } from '#shared/catalogue.ts';
import { periodStart } from '#shared/sales-constants.ts';
import type {
  EstimateQuery,
  LadderQuery,
  LadderResponse,
  PopulationsQuery,
  PopulationsResponse,
  SlabEstimate,
} from '#shared/schemas/valuation.ts';
import type { CardSales } from '../../sales/columns/card-sales.ts';
import { earlierColumns } from '../../sales/columns/card-sales-changes.ts';
import { latestPopulations, populationHistory } from '../certs/public.ts';
import { type AnalysisContext, cached, cardSalesOf } from './analysis.service.ts';
import { type CohortValue, cohortValue, type EarlierValue, lastWeekEnd } from './cohort-value.ts';
import { type GradeCohort, gradeCohorts } from './grade-cohorts.ts';
import { gradeLadder } from './grade-ladder.ts';
import { estimateCohort, toSlabEstimate } from './slab-estimate.ts';

/**
 * The grade ladder of a card as JSON bytes (docs/product.md §3), its rows cached with the card's other
 * answers and PSA's latest population figures added to them as they are now. An unknown card answers as the
 * analysis does: the name as typed, cardId null and no rows.
 */
export async function ladderJson(
  context: AnalysisContext,
  query: LadderQuery,
  now: number = Date.now(),
): Promise<Buffer> {
  const card = findCardByName(query.set, query.card);
  if (!card) {
    const empty: LadderResponse = {
      cardId: null,
      cardName: normaliseCardName(query.card),
      setId: query.set,
      period: query.period,
      rows: [],
      psaPopulations: [],
    };
    return Buffer.from(JSON.stringify(empty));
  }
  const key = [card.cardId, 'ladder', query.period, query.includeFlagged].join('|');
  const [rows, populations] = await Promise.all([
    ladderRowsJson(context, card, query, key, now),
    latestPopulations(context.database.read, card.cardId, '1st Edition'),
  ]);
  // The cached bytes are a JSON object: the populations go in before its closing brace.
  const tail = `,"psaPopulations":${JSON.stringify(populations)}}`;
  return Buffer.concat([rows.subarray(0, -1), Buffer.from(tail)]);
}

/**
 * PSA's population of the card's 1st Edition print as certificate lookups observed it, day by day
 * (docs/decisions/050-psa-certificates-as-cards.md); an unknown card answers as the ladder does.
 */
export async function populationsOf(
  context: AnalysisContext,
  query: PopulationsQuery,
): Promise<PopulationsResponse> {
  const card = findCardByName(query.set, query.card);
  if (!card) {
    return { cardId: null, cardName: normaliseCardName(query.card), setId: query.set, observations: [] };
  }
  return {
    cardId: card.cardId,
    cardName: card.searchName,
    setId: card.setId,
    observations: await populationHistory(context.database.read, card.cardId, '1st Edition'),
  };
}

function ladderRowsJson(
  context: AnalysisContext,
  card: Card,
  query: LadderQuery,
  key: string,
  now: number,
): Promise<Buffer> {
  const caches = context.analysisCaches;
  return cached(caches, caches.responses, 'ladder', key, async () => {
    const since = periodStart(query.period, now);
    const rows = gradeLadder(await cardSalesOf(context, card), {
      since: since === undefined ? undefined : Date.parse(since),
      now,
      includeFlagged: query.includeFlagged,
    });
    const ladder: Omit<LadderResponse, 'psaPopulations'> = {
      cardId: card.cardId,
      cardName: card.searchName,
      setId: card.setId,
      period: query.period,
      rows,
    };
    return Buffer.from(JSON.stringify(ladder));
  });
}

/** The card's cohorts of one grader. */
async function graderCohorts(
  context: AnalysisContext,
  card: Card,
  grader: string,
  includeFlagged: boolean,
): Promise<GradeCohort[]> {
  const cohorts = gradeCohorts(await cardSalesOf(context, card), includeFlagged);
  return cohorts.filter((cohort) => cohort.grader === grader);
}

/**
 * The estimate of a slab of the card (docs/decisions/017-slab-estimate.md) as JSON bytes, cached with the
 * card's other answers; basis none for an unknown card.
 */
export async function estimateJson(
  context: AnalysisContext,
  query: EstimateQuery,
  now: number = Date.now(),
): Promise<Buffer> {
  const card = findCardByName(query.set, query.card);
  if (!card) return Buffer.from(JSON.stringify(toSlabEstimate(undefined, now)));
  const caches = context.analysisCaches;
  const key = [card.cardId, 'estimate', query.grader, query.grade, query.includeFlagged].join('|');
  return cached(caches, caches.responses, 'estimate', key, async () => {
    const cohorts = await graderCohorts(context, card, query.grader, query.includeFlagged);
    const estimate: SlabEstimate = toSlabEstimate(estimateCohort(cohorts, query.grade, now), now);
    return Buffer.from(JSON.stringify(estimate));
  });
}

/** The slab values computed from each version of a card's columns, by grader and grade. */
const valuesOfColumns = new WeakMap<CardSales, Map<string, CohortValue>>();

/**
 * The slab's value computed from these columns or the nearest earlier version of them, with the earliest
 * instant at which the grader's sales changed since (none: the same sales).
 */
function earlierValue(columns: CardSales, grader: string, slab: string): EarlierValue | undefined {
  const same = valuesOfColumns.get(columns)?.get(slab);
  if (same) return { value: same, changedFrom: Number.POSITIVE_INFINITY };
  for (const { columns: earlier, changed } of earlierColumns(columns)) {
    const value = valuesOfColumns.get(earlier)?.get(slab);
    if (!value) continue;
    let changedFrom = Number.POSITIVE_INFINITY;
    for (const grade of changed.values()) {
      if (grade.grader === grader) changedFrom = Math.min(changedFrom, grade.from);
    }
    return { value, changedFrom };
  }
  return undefined;
}

/**
 * A slab's value now and at the end of each of the last weeks, from sales that are not excluded: computed
 * once per card, grader and grade and kept until the card's sales change or a new week ends. After a change
 * the weeks that ended before the earliest changed sale of the grader keep their estimates (cohortValue).
 */
export function cohortValueOf(
  context: AnalysisContext,
  card: Card,
  grader: string,
  grade: number,
  now: number = Date.now(),
): Promise<CohortValue> {
  const caches = context.analysisCaches;
  const weekEnd = lastWeekEnd(now);
  return cached(
    caches,
    caches.cohortValues,
    'cohort-value',
    [card.cardId, grader, grade].join('|'),
    async () => {
      const columns = await cardSalesOf(context, card);
      const cohorts = gradeCohorts(columns, false).filter((cohort) => cohort.grader === grader);
      const slab = `${grader}|${grade}`;
      const value = cohortValue(cohorts, grade, now, earlierValue(columns, grader, slab));
      let values = valuesOfColumns.get(columns);
      if (!values) {
        values = new Map();
        valuesOfColumns.set(columns, values);
      }
      values.set(slab, value);
      return value;
    },
    (value) => value.lastWeekEnd === weekEnd,
  );
}
