import type { Kysely } from 'kysely';
import { type CertImage, type PsaCert, PsaCertSchema } from '#shared/schemas/certs.ts';
import type { Database } from '../../db/schema.ts';

export interface CachedLookup {
  cert: PsaCert;
  images: CertImage[];
}

/** The fields kept answers from before PSA's card number and population were read lack. */
const FIELDS_ADDED_LATER = { Year: '', CardNumber: '', GradeDescription: '', PopulationHigher: null };

export async function findCertLookup(
  db: Kysely<Database>,
  certNumber: string,
): Promise<(CachedLookup & { fetchedAt: string }) | undefined> {
  const row = await db
    .selectFrom('cert_lookups')
    .select(['payload', 'images', 'fetched_at'])
    .where('cert_number', '=', certNumber)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    cert: PsaCertSchema.parse({ ...FIELDS_ADDED_LATER, ...JSON.parse(row.payload) }),
    images: JSON.parse(row.images) as CertImage[],
    fetchedAt: row.fetched_at,
  };
}

/** Keeps the newest answer when two lookups of the same certificate finish at once. */
export async function saveCertLookup(
  db: Kysely<Database>,
  certNumber: string,
  lookup: CachedLookup,
): Promise<void> {
  const values = {
    payload: JSON.stringify(lookup.cert),
    images: JSON.stringify(lookup.images),
    fetched_at: new Date().toISOString(),
  };
  await db
    .insertInto('cert_lookups')
    .values({ cert_number: certNumber, ...values })
    .onConflict((conflict) => conflict.column('cert_number').doUpdateSet(values))
    .execute();
}

/** PSA's "no such certificate" answers (migration 004). */
interface CertMissesTable {
  cert_number: string;
  checked_at: string;
}
const withMisses = (db: Kysely<Database>) => db.withTables<{ cert_misses: CertMissesTable }>();

/** Whether PSA said it has no such certificate since `since`. */
export async function hasCertMissSince(
  db: Kysely<Database>,
  certNumber: string,
  since: string,
): Promise<boolean> {
  const row = await withMisses(db)
    .selectFrom('cert_misses')
    .select('cert_number')
    .where('cert_number', '=', certNumber)
    .where('checked_at', '>', since)
    .executeTakeFirst();
  return row !== undefined;
}

export async function saveCertMiss(db: Kysely<Database>, certNumber: string): Promise<void> {
  const checked_at = new Date().toISOString();
  await withMisses(db)
    .insertInto('cert_misses')
    .values({ cert_number: certNumber, checked_at })
    .onConflict((conflict) => conflict.column('cert_number').doUpdateSet({ checked_at }))
    .execute();
}
