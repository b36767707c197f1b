import type { Dialect } from './connect.ts';

/**
 * SQL that migrations and running code both need, word for word. A migration is frozen once written, so what
 * it shares with the code that runs today lives here and the migration imports it: changing anything here
 * changes what those migrations did, which must not happen.
 */

/** The name of the unsubscribe links' signing key in app_secrets (migration 011). */
export const UNSUBSCRIBE_KEY = 'unsubscribe-key';

/**
 * A sale in a change log entry's `sales`, from a row of `sales` on SQLite: the triggers of migration 014
 * write it per row, and the sales writer for a whole batch (sales/write/sales-write.repository.ts).
 */
export const sqliteSale = (row: string) =>
  `json_array(${row}.price_cents, cast(round(unixepoch(${row}.sold_at, 'subsec') * 1000) as integer),
    ${row}.grading_company, ${row}.grade, ${row}.excluded)`;

/**
 * Sales whose sale day lies more than a day from their instant's UTC day, which no time zone explains
 * (docs/decisions/008-sales-indexes.md, addendum). The admin's day panel finds every other sale of a day
 * through the analysis index, by card and instant; these few it finds through the `sales_day_apart` index
 * (migration 015), whose condition is this one, so the day query repeats it word for word for the planner
 * to use the index.
 */
export function saleDayApart(dialect: Dialect): string {
  return dialect === 'postgres'
    ? `(sold_on < (sold_at at time zone 'UTC')::date - 1 or sold_on > (sold_at at time zone 'UTC')::date + 1)`
    : `(sold_on < date(sold_at, '-1 day') or sold_on > date(sold_at, '+1 day'))`;
}
