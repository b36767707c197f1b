import { type Migration, type MigrationProvider, type MigrationResultSet, Migrator } from 'kysely';
import type { DatabaseHandle } from './connect.ts';
import { initial } from './migrations/001-initial.ts';
import { loginFailures } from './migrations/002-login-failures.ts';
import { collectorSearch } from './migrations/003-collector-search.ts';
import { hardening } from './migrations/004-hardening.ts';
import { excludedSales } from './migrations/006-excluded-sales.ts';
import { feeds } from './migrations/007-feeds.ts';
import { collectedCopies } from './migrations/009-collected-copies.ts';
import { compHygiene } from './migrations/010-comp-hygiene.ts';
import { watchesAndNotifications } from './migrations/011-watches-and-notifications.ts';
import { salesChangeLog } from './migrations/012-sales-change-log.ts';
import { alertEmailDelivery } from './migrations/013-alert-email-delivery.ts';
import { salesChangesPerCard } from './migrations/014-sales-changes-per-card.ts';
import { salesDayByCard } from './migrations/015-sales-day-by-card.ts';
import { alertEmailsToBareAddresses } from './migrations/016-alert-emails-to-bare-addresses.ts';
import { collectionValueSharing } from './migrations/017-collection-value-sharing.ts';
import { oneTimeTokens } from './migrations/018-one-time-tokens.ts';
import { accountMails } from './migrations/019-account-mails.ts';
import { identityLinks } from './migrations/020-identity-links.ts';
import { passkeys } from './migrations/024-passkeys.ts';
import { sessionDevices } from './migrations/025-session-devices.ts';
import { offerRounds } from './migrations/026-offer-rounds.ts';
import { psaPopulations } from './migrations/028-psa-populations.ts';
import { offerDeals } from './migrations/029-offer-deals.ts';
import { offerRatings } from './migrations/030-offer-ratings.ts';
import { marketplaceSafety } from './migrations/031-marketplace-safety.ts';
import { collectorReputation } from './migrations/032-collector-reputation.ts';

function provider(handle: DatabaseHandle): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return {
        '001-initial': initial(handle.dialect),
        '002-login-failures': loginFailures(handle.dialect),
        '003-collector-search': collectorSearch(handle.dialect),
        '004-hardening': hardening(handle.dialect),
        '006-excluded-sales': excludedSales(handle.dialect),
        '007-feeds': feeds(handle.dialect),
        '009-collected-copies': collectedCopies(handle.dialect),
        '010-comp-hygiene': compHygiene(handle.dialect),
        '011-watches-and-notifications': watchesAndNotifications(handle.dialect),
        '012-sales-change-log': salesChangeLog(handle.dialect),
        '013-alert-email-delivery': alertEmailDelivery(handle.dialect),
        '014-sales-changes-per-card': salesChangesPerCard(handle.dialect),
        '015-sales-day-by-card': salesDayByCard(handle.dialect),
        '016-alert-emails-to-bare-addresses': alertEmailsToBareAddresses(),
        '017-collection-value-sharing': collectionValueSharing(handle.dialect),
        '018-one-time-tokens': oneTimeTokens(handle.dialect),
        '019-account-mails': accountMails(handle.dialect),
        '020-identity-links': identityLinks(handle.dialect),
        '024-passkeys': passkeys(handle.dialect),
        '025-session-devices': sessionDevices(),
        '026-offer-rounds': offerRounds(handle.dialect),
        '028-psa-populations': psaPopulations(handle.dialect),
        '029-offer-deals': offerDeals(handle.dialect),
        '030-offer-ratings': offerRatings(handle.dialect),
        '031-marketplace-safety': marketplaceSafety(handle.dialect),
        '032-collector-reputation': collectorReputation(handle.dialect),
      };
    },
  };
}

/**
 * Migrations are numbered by the piece of work they belong to, and the pieces land in any order: 004 may
 * reach a database that already has 006. Each stands on its own, so one that arrives late still runs.
 */
function migrator(handle: DatabaseHandle): Migrator {
  return new Migrator({
    db: handle.db,
    provider: provider(handle),
    allowUnorderedMigrations: true,
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
  });
}

function check({ error, results }: MigrationResultSet): void {
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/**
 * Kysely's migrator lists the tables of every schema on the server before it starts, so a schema that
 * someone else drops at that moment (another deployment or test run on the same PostgreSQL) fails it with
 * "schema … does not exist", naming that other schema. Nothing of ours was touched: it tries again.
 */
async function migrate(handle: DatabaseHandle, run: (migrator: Migrator) => Promise<MigrationResultSet>) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await run(migrator(handle));
    const missing = /schema "([^"]+)" does not exist/.exec(String(result.error ?? ''))?.[1];
    const noMigrationFailed = !result.results?.some((migration) => migration.status === 'Error');
    if (attempt < 3 && missing && missing !== handle.schema && noMigrationFailed) continue;
    check(result);
    return;
  }
}

/** Brings the schema up to date; safe to run on every start and from several instances at once. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  await migrate(handle, (migrator) => migrator.migrateToLatest());
}

/** Brings the schema up to the named migration, so a test of the next one starts from rows in the old shape. */
export async function migrateUpTo(handle: DatabaseHandle, name: string): Promise<void> {
  await migrate(handle, (migrator) => migrator.migrateTo(name));
}
