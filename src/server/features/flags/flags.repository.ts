import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../../db/connect.ts';
import type { Database, FlagStatus } from '../../db/schema.ts';

const QUEUE_COLUMNS = [
  'sale_flags.sale_id',
  'sale_flags.code',
  'sale_flags.reason',
  'sale_flags.status',
  'sale_flags.created_at',
  'sale_flags.decided_at',
  'sales.set_id',
  'sales.card_name',
  'sales.card_id',
  'sales.sold_at',
  'sales.price_cents',
  'sales.seller',
  'sales.grading_company',
  'sales.grade',
  'sales.title',
  'sales.listing_url',
  'sales.excluded',
  'users.username as decided_by',
] as const;

function queueQuery(db: Kysely<Database>) {
  return db
    .selectFrom('sale_flags')
    .innerJoin('sales', 'sales.id', 'sale_flags.sale_id')
    .leftJoin('users', 'users.id', 'sale_flags.decided_by')
    .select(QUEUE_COLUMNS);
}

export type QueueRow = Awaited<ReturnType<ReturnType<typeof queueQuery>['executeTakeFirstOrThrow']>>;

/** Flags of one status, the oldest first for open ones (a queue), the latest decision first otherwise. */
export async function flagQueue(
  database: DatabaseHandle,
  status: FlagStatus,
  limit: number,
  offset: number,
): Promise<{ rows: QueueRow[]; total: number }> {
  const db = database.db;
  const ordered =
    status === 'open'
      ? queueQuery(db).orderBy('sale_flags.created_at').orderBy('sale_flags.sale_id')
      : queueQuery(db).orderBy('sale_flags.decided_at', 'desc').orderBy('sale_flags.sale_id');
  const [rows, count] = await Promise.all([
    ordered.where('sale_flags.status', '=', status).limit(limit).offset(offset).execute(),
    db
      .selectFrom('sale_flags')
      .innerJoin('sales', 'sales.id', 'sale_flags.sale_id')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('sale_flags.status', '=', status)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export function findFlag(
  executor: Kysely<Database>,
  saleId: string,
  code: string,
): Promise<QueueRow | undefined> {
  return queueQuery(executor)
    .where('sale_flags.sale_id', '=', saleId)
    .where('sale_flags.code', '=', code)
    .executeTakeFirst();
}

export async function setFlagStatus(
  executor: Kysely<Database>,
  saleId: string,
  code: string,
  status: FlagStatus,
  decidedBy: string | null,
): Promise<void> {
  await executor
    .updateTable('sale_flags')
    .set({ status, decided_by: decidedBy, decided_at: decidedBy ? new Date().toISOString() : null })
    .where('sale_id', '=', saleId)
    .where('code', '=', code)
    .execute();
}
