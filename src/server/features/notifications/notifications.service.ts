import { isValidEmail } from '#shared/registration.ts';
import { centsToDollars } from '#shared/sales-stats.ts';
import {
  ADDRESS_NOT_MAILABLE,
  type EmailPreference,
  type EmailPreferenceStatus,
  type Notification,
  type NotificationsResponse,
} from '#shared/schemas/notifications.ts';
import { isSetId } from '#shared/sets.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import {
  accountEmail,
  alertEmailsOn,
  lastUndeliveredEmail,
  resubscribeToEmails,
  unsubscribeFromEmails,
} from '../../notifications/email-preference.repository.ts';
import { verifyUnsubscribeToken } from '../../notifications/unsubscribe-token.ts';
import * as repo from './notifications.repository.ts';

type Context = Pick<AppContext, 'database' | 'live'>;

function toNotification(row: repo.NotificationRow): Notification {
  return {
    id: String(row.id),
    kind: row.kind,
    setId: isSetId(row.set_id) ? row.set_id : 'base_set',
    cardName: row.card_name,
    grader: row.grading_company,
    grade: row.grade === null ? null : Number(row.grade),
    price: row.price_cents === null ? null : centsToDollars(row.price_cents),
    soldAt: row.sold_at,
    saleId: row.sale_id,
    itemId: row.item_id,
    ownerId: row.owner_id,
    offerId: row.offer_id,
    actor: row.actor,
    createdAt: row.created_at,
    read: row.read_at !== null,
  };
}

/** The collector's notifications, newest first, a page at a time, with how many are unread (docs/product.md §10). */
export async function listNotifications(
  context: Context,
  userId: string,
  query: { before?: string | undefined; limit: number },
): Promise<NotificationsResponse> {
  const db = context.database.db;
  const before = query.before === undefined ? undefined : Number(query.before);
  const [rows, unread] = await Promise.all([
    repo.findNotifications(db, userId, before, query.limit),
    repo.countUnread(db, userId),
  ]);
  const page = rows.slice(0, query.limit);
  return {
    notifications: page.map(toNotification),
    unread,
    nextBefore: rows.length > query.limit ? String(page[page.length - 1]!.id) : null,
  };
}

/**
 * Marks notifications read (the given ones, those about one offer, or all) and tells the collector's other
 * open tabs, whose bells count them.
 */
export async function markNotificationsRead(
  context: Context,
  userId: string,
  which: { ids?: string[] | undefined; offerId?: string | undefined },
): Promise<{ unread: number }> {
  const db = context.database.db;
  await repo.markRead(db, userId, which.ids?.map(Number), which.offerId, new Date().toISOString());
  await context.live.publish({ type: 'notification', userId, to: [userId] });
  return { unread: await repo.countUnread(db, userId) };
}

/** True when the token is good and its collector gets no more alert emails. */
export async function unsubscribe(context: Pick<AppContext, 'database'>, token: string): Promise<boolean> {
  const userId = await verifyUnsubscribeToken(context.database.db, token);
  if (!userId) return false;
  return unsubscribeFromEmails(context.database, userId, new Date().toISOString());
}

export async function emailPreference(
  context: Pick<AppContext, 'database'>,
  userId: string,
): Promise<EmailPreferenceStatus> {
  return {
    alertEmails: await alertEmailsOn(context.database, userId),
    undelivered: await lastUndeliveredEmail(context.database, userId),
  };
}

/**
 * The Alert emails switch: off is the same as the unsubscribe link; on after that resumes the hourly digest
 * with the alerts that arrive from now on. The choice is kept even when this server sends no email. An
 * account whose stored address is not a bare address (made before docs/product.md §5's rule) cannot turn them
 * on: nothing is ever mailed to such text.
 */
export async function setEmailPreference(
  context: Pick<AppContext, 'database'>,
  userId: string,
  preference: EmailPreference,
): Promise<EmailPreferenceStatus> {
  const now = new Date().toISOString();
  if (preference.alertEmails) {
    const email = await accountEmail(context.database, userId);
    if (email !== null && !isValidEmail(email)) {
      throw new AppError(409, 'conflict', ADDRESS_NOT_MAILABLE);
    }
    await resubscribeToEmails(context.database, userId, now);
  } else await unsubscribeFromEmails(context.database, userId, now);
  return emailPreference(context, userId);
}
