import crypto from 'node:crypto';
import {
  type AdminReport,
  type Report,
  SAFETY_MESSAGES,
  type Suspension,
  type ValidReport,
} from '#shared/schemas/safety.ts';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import * as repo from './safety.repository.ts';

type Context = Pick<AppContext, 'database' | 'live'>;

/** How many open reports the admins' queue shows at once, oldest first. */
const REPORT_QUEUE_LIMIT = 200;

/** Each party's offers page hears that an offer changed (offers are private to the two of them). */
async function announceOffers(context: Context, offers: repo.EndedOffer[]): Promise<void> {
  const parties = new Set(offers.flatMap((offer) => [offer.from_user, offer.to_user]));
  for (const userId of parties) await context.live.publish({ type: 'offer', userId, to: [userId] });
}

async function existingCollector(context: Context, userId: string) {
  const account = await repo.findAccount(context.database.db, userId);
  if (!account) throw notFound(SAFETY_MESSAGES.collectorNotFound);
  return account;
}

/**
 * Blocks a collector: they can no longer make offers on the blocker's cards, counter or write to them, and
 * the blocker's offers lists leave them out. Open offers between the two end as declined. Blocking again
 * changes nothing.
 */
export async function blockCollector(
  context: Context,
  blockerId: string,
  blockedId: string,
  now: Date = new Date(),
): Promise<void> {
  if (blockerId === blockedId) throw badRequest(SAFETY_MESSAGES.blockYourself);
  await existingCollector(context, blockedId);
  const ended = await repo.blockAndEndOffers(context.database.db, blockerId, blockedId, now.toISOString());
  await announceOffers(context, ended);
}

/** Unblocks a collector (nothing happens when they were not blocked); ended offers stay ended. */
export async function unblockCollector(
  context: Context,
  blockerId: string,
  blockedId: string,
): Promise<void> {
  if (blockerId === blockedId) throw badRequest(SAFETY_MESSAGES.blockYourself);
  await existingCollector(context, blockedId);
  await repo.deleteBlock(context.database.db, blockerId, blockedId);
  await context.live.publish({ type: 'offer', userId: blockerId, to: [blockerId] });
}

/** Whether the viewer has blocked the collector (false for a visitor). */
export function hasBlocked(context: Context, viewerId: string | undefined, userId: string): Promise<boolean> {
  if (!viewerId || viewerId === userId) return Promise.resolve(false);
  return repo.isBlocking(context.database.db, viewerId, userId);
}

function toReport(row: repo.ReportRow): Report {
  return {
    id: row.id,
    subject: row.subject,
    subjectId: row.subject_id,
    reason: row.reason,
    status: row.status,
    createdAt: row.created_at,
  };
}

/** Whose message or profile is reported; a message only by a party to its offer (anyone else: 404). */
async function reportedAccount(context: Context, reporterId: string, body: ValidReport): Promise<string> {
  if (body.subject === 'profile') return (await existingCollector(context, body.id)).id;
  const message = await repo.findMessageOfParty(context.database.db, body.id, reporterId);
  if (!message) throw notFound(SAFETY_MESSAGES.messageNotFound);
  return message.party === 'buyer' ? message.from_user : message.to_user;
}

/**
 * Reports a message or a profile to the admins. Reporting the same thing again while the first report is
 * open stores nothing and answers with the open report (`created` false).
 */
export async function fileReport(
  context: Context,
  reporterId: string,
  body: ValidReport,
  now: Date = new Date(),
): Promise<{ report: Report; created: boolean }> {
  const reportedUserId = await reportedAccount(context, reporterId, body);
  if (reportedUserId === reporterId) throw badRequest(SAFETY_MESSAGES.reportYourself);
  const { report, created } = await repo.insertReportUnlessOpen(context.database.db, {
    id: crypto.randomUUID(),
    reporter_id: reporterId,
    subject: body.subject,
    subject_id: body.id,
    reported_user_id: reportedUserId,
    reason: body.reason,
    status: 'open',
    created_at: now.toISOString(),
  });
  return { report: toReport(report), created };
}

export async function openReports(context: Context): Promise<AdminReport[]> {
  const rows = await repo.listOpenReports(context.database.db, REPORT_QUEUE_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    subject: row.subject,
    subjectId: row.subject_id,
    reason: row.reason,
    createdAt: row.created_at,
    reporter: { id: row.reporter_id, username: row.reporter_username },
    reported: {
      id: row.reported_id,
      username: row.reported_username,
      suspended: row.reported_suspended_at !== null,
    },
    messageText: row.message_text ?? null,
    offerId: row.offer_id ?? null,
  }));
}

export async function dismissReport(
  context: Context,
  adminId: string,
  reportId: string,
  now: Date = new Date(),
): Promise<Report> {
  const result = await repo.dismissReport(context.database.db, reportId, adminId, now.toISOString());
  if (result.outcome === 'done') return toReport(result.report);
  if (result.outcome === 'missing') throw notFound(SAFETY_MESSAGES.reportNotFound);
  throw new AppError(409, 'conflict', SAFETY_MESSAGES.reportNotOpen);
}

/**
 * Suspends an account: every session ends at once (its open pages are told), sign-in is refused from now
 * on, its open offers end and the open reports about it are resolved. Suspending again changes nothing new.
 */
export async function suspendAccount(
  context: Context,
  adminId: string,
  userId: string,
  now: Date = new Date(),
): Promise<Suspension> {
  if (adminId === userId) throw badRequest(SAFETY_MESSAGES.suspendYourself);
  await existingCollector(context, userId);
  const result = await repo.suspendAccount(context.database.db, userId, adminId, now.toISOString());
  for (const sessionId of result.endedSessions) {
    await context.live.publish({ type: 'session-ended', userId, to: [userId], sessionId });
  }
  await announceOffers(context, result.endedOffers);
  return {
    userId,
    suspendedAt: result.suspendedAt,
    endedSessions: result.endedSessions.length,
    endedOffers: result.endedOffers.length,
    resolvedReports: result.resolvedReports,
  };
}
