import { type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import type { Database, ReportsTable } from '../../db/schema.ts';
import { enqueueOfferStepAlert } from '../../notifications/notification-outbox.repository.ts';
import { deleteSessionsOfUser } from '../accounts/public.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** An offer that a block or a suspension ended, with its two parties (to tell their pages). */
export interface EndedOffer {
  id: string;
  from_user: string;
  to_user: string;
}

/**
 * A condition for a query of offers: the other collector (the column `otherColumn`) is not one the viewer
 * blocked. The viewer's offer lists and inbox leave those collectors out.
 */
export function notBlockedBy(viewerId: string, otherColumn: string) {
  return sql<SqlBool>`not exists (
    select 1 from user_blocks b where b.blocker_id = ${viewerId} and b.blocked_id = ${sql.ref(otherColumn)})`;
}

export function findAccount(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'suspended_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function isBlocking(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_blocks')
    .select('blocker_id')
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether `userId` blocked `otherId` ('by-you'), `otherId` blocked `userId` ('by-them'), or neither. */
export async function blockBetween(db: Db, userId: string, otherId: string) {
  const rows = await db
    .selectFrom('user_blocks')
    .select('blocker_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', userId), eb('blocked_id', '=', otherId)]),
        eb.and([eb('blocker_id', '=', otherId), eb('blocked_id', '=', userId)]),
      ]),
    )
    .execute();
  if (rows.some((row) => row.blocker_id === userId)) return 'by-you' as const;
  return rows.length > 0 ? ('by-them' as const) : null;
}

/**
 * Stores the block (a second one changes nothing) and, in the same transaction, declines every open offer
 * between the two collectors, whichever of them made it. The offers it ended.
 */
export function blockAndEndOffers(
  db: Kysely<Database>,
  blockerId: string,
  blockedId: string,
  at: string,
): Promise<EndedOffer[]> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('user_blocks')
      .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: at })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    return trx
      .updateTable('offers')
      .set({ status: 'declined', awaiting: null, updated_at: at })
      .where('status', '=', 'open')
      .where((eb) =>
        eb.or([
          eb.and([eb('from_user', '=', blockerId), eb('to_user', '=', blockedId)]),
          eb.and([eb('from_user', '=', blockedId), eb('to_user', '=', blockerId)]),
        ]),
      )
      .returning(['id', 'from_user', 'to_user'])
      .execute();
  });
}

export async function deleteBlock(db: Db, blockerId: string, blockedId: string): Promise<void> {
  await db
    .deleteFrom('user_blocks')
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .execute();
}

/** Open offers the collector has made, counted while their row is held (offer-safety.ts). */
export async function countOpenOffersMade(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('offers')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('from_user', '=', userId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** A message of an offer the user is a party to, with who wrote it; undefined otherwise. */
export function findMessageOfParty(db: Db, messageId: string, userId: string) {
  return db
    .selectFrom('offer_messages as m')
    .innerJoin('offers as o', 'o.id', 'm.offer_id')
    .select(['m.id', 'm.party', 'o.from_user', 'o.to_user'])
    .where('m.id', '=', messageId)
    .where((eb) => eb.or([eb('o.from_user', '=', userId), eb('o.to_user', '=', userId)]))
    .executeTakeFirst();
}

export type ReportRow = Pick<
  ReportsTable,
  'id' | 'subject' | 'subject_id' | 'reason' | 'status' | 'created_at'
>;

const REPORT_COLUMNS = ['id', 'subject', 'subject_id', 'reason', 'status', 'created_at'] as const;

/**
 * Stores the report unless the reporter already has an open one on the same thing (the reports_one_open
 * index decides, so two at once store one). The open report, and whether it is new.
 */
export async function insertReportUnlessOpen(
  db: Kysely<Database>,
  report: Omit<ReportsTable, 'resolved_at' | 'resolved_by'>,
): Promise<{ report: ReportRow; created: boolean }> {
  const inserted = await db
    .insertInto('reports')
    .values(report)
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  const created = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  const open = await db
    .selectFrom('reports')
    .select(REPORT_COLUMNS)
    .where('reporter_id', '=', report.reporter_id)
    .where('subject', '=', report.subject)
    .where('subject_id', '=', report.subject_id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  if (!open) throw new Error('The open report could not be read back');
  return { report: open, created };
}

/** Open reports, oldest first, with both accounts and, for a message, its text and offer. */
export function listOpenReports(db: Db, limit: number) {
  return db
    .selectFrom('reports as r')
    .innerJoin('users as reporter', 'reporter.id', 'r.reporter_id')
    .innerJoin('users as reported', 'reported.id', 'r.reported_user_id')
    .leftJoin('offer_messages as m', (join) =>
      join.onRef('m.id', '=', 'r.subject_id').on('r.subject', '=', 'message'),
    )
    .select([
      'r.id',
      'r.subject',
      'r.subject_id',
      'r.reason',
      'r.created_at',
      'reporter.id as reporter_id',
      'reporter.username as reporter_username',
      'reported.id as reported_id',
      'reported.username as reported_username',
      'reported.suspended_at as reported_suspended_at',
      'm.text as message_text',
      'm.offer_id',
    ])
    .where('r.status', '=', 'open')
    .orderBy('r.created_at')
    .orderBy('r.id')
    .limit(limit)
    .execute();
}

/** Dismisses an open report; 'missing' or 'not-open' when there is none to dismiss. */
export async function dismissReport(
  db: Kysely<Database>,
  reportId: string,
  adminId: string,
  at: string,
): Promise<{ outcome: 'done'; report: ReportRow } | { outcome: 'missing' | 'not-open' }> {
  const updated = await db
    .updateTable('reports')
    .set({ status: 'dismissed', resolved_at: at, resolved_by: adminId })
    .where('id', '=', reportId)
    .where('status', '=', 'open')
    .returning(REPORT_COLUMNS)
    .executeTakeFirst();
  if (updated) return { outcome: 'done', report: updated };
  const exists = await db.selectFrom('reports').select('id').where('id', '=', reportId).executeTakeFirst();
  return { outcome: exists ? 'not-open' : 'missing' };
}

/**
 * Suspends the account in one transaction: marks it (keeping the first time when suspended again), ends
 * every session, ends its open offers (those it made as withdrawn, those on its cards as declined, each
 * other party told as if the account had answered) and resolves the open reports about it.
 */
export function suspendAccount(db: Kysely<Database>, userId: string, adminId: string, at: string) {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ suspended_at: at })
      .where('id', '=', userId)
      .where('suspended_at', 'is', null)
      .execute();
    const account = await findAccount(trx, userId);
    const endedSessions = await deleteSessionsOfUser(trx, userId);
    const withdrawn = await trx
      .updateTable('offers')
      .set({ status: 'withdrawn', awaiting: null, updated_at: at })
      .where('status', '=', 'open')
      .where('from_user', '=', userId)
      .returning(['id', 'from_user', 'to_user'])
      .execute();
    const declined = await trx
      .updateTable('offers')
      .set({ status: 'declined', awaiting: null, updated_at: at })
      .where('status', '=', 'open')
      .where('to_user', '=', userId)
      .returning(['id', 'from_user', 'to_user'])
      .execute();
    for (const offer of withdrawn) await enqueueOfferStepAlert(trx, offer.id, 'withdrawn', userId);
    for (const offer of declined) await enqueueOfferStepAlert(trx, offer.id, 'declined', userId);
    const resolved = await trx
      .updateTable('reports')
      .set({ status: 'resolved', resolved_at: at, resolved_by: adminId })
      .where('reported_user_id', '=', userId)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return {
      suspendedAt: account?.suspended_at ?? at,
      endedSessions,
      endedOffers: [...withdrawn, ...declined] as EndedOffer[],
      resolvedReports: Number(resolved.numUpdatedRows),
    };
  });
}
