import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Inquiry, ValidInquiry } from '#shared/schemas/inquiries.ts';
import type { Database } from '../../db/schema.ts';
import { insertInquiry } from './inquiries.repository.ts';

/** Stores an inquiry from the card advances or partnership pages; the body has passed InquiryBodySchema. */
export async function createInquiry(db: Kysely<Database>, body: ValidInquiry): Promise<Inquiry> {
  return insertInquiry(db, {
    id: crypto.randomUUID(),
    kind: body.kind,
    name: body.name,
    email: body.email,
    message: body.message,
    card: body.card ? body.card : null,
    estimated_value_cents: body.estimatedValue ?? null,
    created_at: new Date().toISOString(),
  });
}
