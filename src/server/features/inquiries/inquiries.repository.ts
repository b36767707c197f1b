import type { Kysely, Selectable } from 'kysely';
import type { Inquiry } from '#shared/schemas/inquiries.ts';
import type { Database, InquiriesTable } from '../../db/schema.ts';

function toInquiry(row: Selectable<InquiriesTable>): Inquiry {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    email: row.email,
    message: row.message,
    card: row.card,
    estimatedValue: row.estimated_value_cents === null ? null : row.estimated_value_cents / 100,
    createdAt: row.created_at,
  };
}

export async function insertInquiry(db: Kysely<Database>, row: InquiriesTable): Promise<Inquiry> {
  await db.insertInto('inquiries').values(row).execute();
  return toInquiry(row);
}

/** Newest first, for the admin page. */
export async function listInquiries(db: Kysely<Database>, options: { limit: number }): Promise<Inquiry[]> {
  const rows = await db
    .selectFrom('inquiries')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit)
    .execute();
  return rows.map(toInquiry);
}
