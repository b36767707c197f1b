import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../connect.ts';
import { columnTypes } from './column-types.ts';

/**
 * PSA's population figures as certificate lookups bring them (docs/decisions/050-psa-certificates-as-cards.md):
 * one observation per card, print, grade and day, the day's last lookup keeping its figures. `total` is how
 * many PSA has graded at the grade, `higher` how many above it.
 */
export function psaPopulations(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('psa_populations')
        .addColumn('card_id', 'text', (c) => c.notNull())
        .addColumn('variant', 'text', (c) => c.notNull())
        .addColumn('grade', 'real', (c) => c.notNull().check(sql`grade between 1 and 10`))
        .addColumn('observed_on', sql.raw(t.date), (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull().check(sql`total >= 0`))
        .addColumn('higher', 'integer', (c) => c.notNull().check(sql`higher >= 0`))
        .addColumn('cert_number', 'text', (c) => c.notNull())
        .addColumn('observed_at', sql.raw(t.timestamp), (c) => c.notNull())
        .addPrimaryKeyConstraint('psa_populations_pk', ['card_id', 'variant', 'grade', 'observed_on'])
        .execute();
    },
  };
}
