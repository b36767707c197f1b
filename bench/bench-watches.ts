import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseHandle } from '#server/db/connect.ts';
import { Random } from '#server/features/demo-data/prng.ts';
import { findCardByName } from '#shared/catalogue.ts';
import { isSetId } from '#shared/sets.ts';

/** At most this many watches a collector may have (docs/product.md §10). */
const WATCHES_PER_COLLECTOR = 100;

interface Cohort {
  set_id: string;
  card_name: string;
  grading_company: string | null;
  grade: number | null;
  average: number;
}

/**
 * `count` watches of the bench's collectors, as collectors set them: half on one grade of a card (a PSA,
 * BGS or CGC cohort with sales), half on the whole card. A cohort watch waits for a bargain (below 70 % of
 * the cohort's average price) or, for a seller, a high sale (above 150 % of it); a whole-card watch waits
 * for a sale above the average of the card's dearest cohort.
 */
export async function createBenchWatches(
  database: DatabaseHandle,
  count: number,
  seed: number,
): Promise<void> {
  const random = new Random(seed);
  const collectors = (
    await database.db
      .selectFrom('users')
      .select('id')
      .orderBy('id')
      .limit(Math.max(1, Math.ceil(count / 10)))
      .execute()
  ).map((row) => row.id);
  if (collectors.length * WATCHES_PER_COLLECTOR < count)
    throw new Error('Not enough collectors for the watches');
  const { rows } = await sql<Cohort>`
    select set_id, card_name, grading_company, grade, avg(price_cents) as average from sales
    where grading_company is not null and grade is not null
    group by set_id, card_name, grading_company, grade having count(*) >= 10`.execute(database.db);
  const cohorts = rows.map((row) => ({ ...row, average: Number(row.average) }));
  const dearest = new Map<string, number>();
  for (const cohort of cohorts) {
    const card = `${cohort.set_id}\u0000${cohort.card_name}`;
    dearest.set(card, Math.max(dearest.get(card) ?? 0, cohort.average));
  }
  const now = new Date().toISOString();
  const watches = Array.from({ length: count }, (_, index) => {
    const cohort = cohorts[random.integer(cohorts.length)]!;
    const catalogue = isSetId(cohort.set_id) ? findCardByName(cohort.set_id, cohort.card_name) : undefined;
    const wholeCard = random.next() < 0.5;
    const bargain = random.next() < 0.7;
    return {
      id: crypto.randomUUID(),
      user_id: collectors[index % collectors.length]!,
      set_id: cohort.set_id,
      card_id: catalogue?.cardId ?? `${cohort.set_id}-unknown`,
      card_name: cohort.card_name,
      grading_company: wholeCard ? null : cohort.grading_company,
      grade: wholeCard ? null : cohort.grade,
      below_cents: !wholeCard && bargain ? Math.round(cohort.average * 0.7) : null,
      above_cents: wholeCard
        ? Math.round(dearest.get(`${cohort.set_id}\u0000${cohort.card_name}`)!)
        : bargain
          ? null
          : Math.round(cohort.average * 1.5),
      created_at: now,
    };
  });
  for (let start = 0; start < watches.length; start += 1000) {
    await database.db
      .insertInto('watches')
      .values(watches.slice(start, start + 1000))
      .execute();
  }
}
