import type { Kysely } from 'kysely';
import type { CertImage, PsaCert } from '#shared/schemas/certs.ts';
import type { Database } from '../../db/schema.ts';

export interface CachedLookup {
  cert: PsaCert;
  images: CertImage[];
}

export async function findCertLookup(
  db: Kysely<Database>,
  certNumber: string,
): Promise<CachedLookup | undefined> {
  const row = await db
    .selectFrom('cert_lookups')
    .select(['payload', 'images'])
    .where('cert_number', '=', certNumber)
    .executeTakeFirst();
  if (!row) return undefined;
  return { cert: JSON.parse(row.payload) as PsaCert, images: JSON.parse(row.images) as CertImage[] };
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
