import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface PopulationObservation {
  cardId: string;
  variant: string;
  grade: number;
  total: number;
  higher: number;
  certNumber: string;
  observedAt: string;
}

export interface LatestPopulation {
  grade: number;
  total: number;
  higher: number;
  /** The instant of the lookup that brought the figures. */
  asOf: string;
}

/** Keeps a lookup's figures as the day's observation of its card, print and grade; a later one that day wins. */
export async function savePopulation(
  db: Kysely<Database>,
  observation: PopulationObservation,
): Promise<void> {
  const figures = {
    total: observation.total,
    higher: observation.higher,
    cert_number: observation.certNumber,
    observed_at: observation.observedAt,
  };
  await db
    .insertInto('psa_populations')
    .values({
      card_id: observation.cardId,
      variant: observation.variant,
      grade: observation.grade,
      observed_on: observation.observedAt.slice(0, 10),
      ...figures,
    })
    .onConflict((conflict) =>
      conflict.columns(['card_id', 'variant', 'grade', 'observed_on']).doUpdateSet(figures),
    )
    .execute();
}

/** The latest observation of each grade of a card's print, highest grade first. */
export async function latestPopulations(
  db: Kysely<Database>,
  cardId: string,
  variant: string,
): Promise<LatestPopulation[]> {
  const rows = await db
    .selectFrom('psa_populations as p')
    .select(['p.grade', 'p.total', 'p.higher', 'p.observed_at'])
    .where('p.card_id', '=', cardId)
    .where('p.variant', '=', variant)
    .where(({ eb, selectFrom }) =>
      eb(
        'p.observed_on',
        '=',
        selectFrom('psa_populations as q')
          .select(({ fn }) => fn.max('q.observed_on').as('latest'))
          .whereRef('q.card_id', '=', 'p.card_id')
          .whereRef('q.variant', '=', 'p.variant')
          .whereRef('q.grade', '=', 'p.grade'),
      ),
    )
    .orderBy('p.grade', 'desc')
    .execute();
  return rows.map((row) => ({
    grade: Number(row.grade),
    total: Number(row.total),
    higher: Number(row.higher),
    asOf: row.observed_at,
  }));
}

export interface DailyPopulation {
  grade: number;
  /** The day of the observation (YYYY-MM-DD), and the instant of the lookup that brought its figures. */
  observedOn: string;
  total: number;
  higher: number;
  asOf: string;
}

/** Every day's observation of each grade of a card's print: highest grade first, each grade's oldest day first. */
export async function populationHistory(
  db: Kysely<Database>,
  cardId: string,
  variant: string,
): Promise<DailyPopulation[]> {
  const rows = await db
    .selectFrom('psa_populations')
    .select(['grade', 'observed_on', 'total', 'higher', 'observed_at'])
    .where('card_id', '=', cardId)
    .where('variant', '=', variant)
    .orderBy('grade', 'desc')
    .orderBy('observed_on', 'asc')
    .execute();
  return rows.map((row) => ({
    grade: Number(row.grade),
    observedOn: row.observed_on,
    total: Number(row.total),
    higher: Number(row.higher),
    asOf: row.observed_at,
  }));
}
