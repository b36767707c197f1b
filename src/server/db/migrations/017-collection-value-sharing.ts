import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../connect.ts';
import { columnTypes } from './column-types.ts';

/**
 * A collection's value is private unless its owner shares it (docs/decisions/039-collection-value-sharing.md):
 * the profile setting Show my collection's value, off for every account until its owner turns it on.
 */
export function collectionValueSharing(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('users')
        .addColumn('show_collection_value', sql.raw(t.boolean), (c) =>
          c.notNull().defaultTo(sql.raw(t.falseValue)),
        )
        .execute();
    },
  };
}
