import { sql, type Transaction } from 'kysely';
import type { DatabaseHandle } from '../db/connect.ts';
import type { NotificationKind } from '#shared/notification-text.ts';
import type { Database, OutboxKind } from '../db/schema.ts';
import type { OfferStep } from './notification-outbox.repository.ts';

export type Trx = Transaction<Database>;

export interface OutboxRow {
  id: number;
  kind: OutboxKind;
  payload: string;
}

/**
 * The oldest outbox row nobody else is handling, locked for this transaction. On PostgreSQL, FOR UPDATE SKIP
 * LOCKED lets every instance's worker take a different row at the same time, and a row whose transaction
 * dies with its instance is free again at once. SQLite has one process and one writer: a transaction suffices.
 */
export async function claimOutboxRow(database: DatabaseHandle, trx: Trx): Promise<OutboxRow | undefined> {
  const query = trx
    .selectFrom('notification_outbox')
    .select(['id', 'kind', 'payload'])
    .orderBy('id')
    .limit(1);
  const row = await (database.dialect === 'postgres'
    ? query.forUpdate().skipLocked()
    : query
  ).executeTakeFirst();
  return row ? { ...row, id: Number(row.id) } : undefined;
}

export async function deleteOutboxRow(trx: Trx, id: number): Promise<void> {
  await trx.deleteFrom('notification_outbox').where('id', '=', id).execute();
}

/**
 * A notification for every watch a sale of the batch matches: same set and card, the watch's grader and
 * grade when it names them, its price condition against price_cents. Sales flagged and excluded by the time
 * the batch is handled never alert. The dedupe key names the sale and the watch, so a batch handled twice
 * adds nothing. Returns the collectors who got one.
 */
export async function notifyWatchersOfSales(
  trx: Trx,
  from: string,
  to: string,
  now: string,
): Promise<string[]> {
  const { rows } = await sql<{ user_id: string }>`
    insert into notifications
      (user_id, kind, dedupe_key, watch_id, set_id, card_name, grading_company, grade, price_cents, sale_id,
       sold_at, created_at)
    select w.user_id, 'sale', 'sale:' || s.id || ':' || w.id, w.id, s.set_id, s.card_name, s.grading_company,
      s.grade, s.price_cents, s.id, s.sold_at, ${now}
    from sales s
    join watches w on w.set_id = s.set_id and w.card_name = s.card_name
    where s.id >= ${from} and s.id <= ${to} and s.excluded = ${sql.lit(false)}
      and (w.grading_company is null or w.grading_company = s.grading_company)
      and (w.grade is null or w.grade = s.grade)
      and (w.below_cents is null or s.price_cents < w.below_cents)
      and (w.above_cents is null or s.price_cents > w.above_cents)
    on conflict (dedupe_key) do nothing
    returning user_id`.execute(trx);
  return [...new Set(rows.map((row) => row.user_id))];
}

/**
 * A notification for every other collector with the card on their Want to Buy list in a matching grade
 * (their entry names no grade, or the same grader and grade), if the card is still collected and open to
 * offers when the row is handled. One per collector and card, however many of their entries match (the
 * dedupe key, which also skips repeats within the statement).
 */
export async function notifyWantersOfOpenCard(trx: Trx, itemId: string, now: string): Promise<string[]> {
  const { rows } = await sql<{ user_id: string }>`
    insert into notifications
      (user_id, kind, dedupe_key, set_id, card_name, grading_company, grade, item_id, owner_id, created_at)
    select w.user_id, 'wanted-card-open', 'open:' || i.id || ':' || w.user_id, i.set_id, i.card_name,
      i.grading_company, i.grade, i.id, i.user_id, ${now}
    from collection_items i
    join collection_items w on w.list = 'wtb' and w.set_id = i.set_id and w.card_name = i.card_name
      and w.user_id <> i.user_id
      and (w.grade is null or (w.grade = i.grade
        and (w.grading_company is null or w.grading_company = i.grading_company)))
    where i.id = ${itemId} and i.list = 'collected' and i.accepting_offers = ${sql.lit(true)}
    on conflict (dedupe_key) do nothing
    returning user_id`.execute(trx);
  return [...new Set(rows.map((row) => row.user_id))];
}

/**
 * A notification for each party of an offer that has expired: the buyer and the card's owner, with the
 * card and the last amount. One per party and offer (the dedupe key).
 */
export async function notifyPartiesOfExpiredOffer(trx: Trx, offerId: string, now: string): Promise<string[]> {
  const { rows } = await sql<{ user_id: string }>`
    insert into notifications
      (user_id, kind, dedupe_key, set_id, card_name, grading_company, grade, price_cents, item_id, owner_id,
       offer_id, created_at)
    select p.id, 'offer-expired', 'offer-expired:' || o.id || ':' || p.id, i.set_id, i.card_name,
      i.grading_company, i.grade, o.amount_cents, i.id, o.to_user, o.id, ${now}
    from offers o
    join collection_items i on i.id = o.item_id
    join users p on p.id in (o.from_user, o.to_user)
    where o.id = ${offerId} and o.status = 'expired'
    on conflict (dedupe_key) do nothing
    returning user_id`.execute(trx);
  return [...new Set(rows.map((row) => row.user_id))];
}

/**
 * A notification for the party of a deal that did not complete or cancel it (deal-completed, deal-cancelled),
 * with the card and the agreed amount; for both parties when the row names nobody (written before decision
 * 054). One per party, offer and outcome (the dedupe key).
 */
export async function notifyPartiesOfDeal(
  trx: Trx,
  offerId: string,
  actorId: string | undefined,
  now: string,
): Promise<string[]> {
  const { rows } = await sql<{ user_id: string }>`
    insert into notifications
      (user_id, kind, dedupe_key, set_id, card_name, grading_company, grade, price_cents, item_id, owner_id,
       offer_id, created_at)
    select p.id, 'deal-' || d.status, 'deal-' || d.status || ':' || o.id || ':' || p.id, i.set_id, i.card_name,
      i.grading_company, i.grade, o.amount_cents, i.id, o.to_user, o.id, ${now}
    from offer_deals d
    join offers o on o.id = d.offer_id
    join collection_items i on i.id = d.item_id
    join users p on p.id in (o.from_user, o.to_user)
    where d.offer_id = ${offerId} and d.status in ('completed', 'cancelled')
      and p.id <> ${actorId ?? ''}
    on conflict (dedupe_key) do nothing
    returning user_id`.execute(trx);
  return [...new Set(rows.map((row) => row.user_id))];
}

const STEP_KINDS: Record<Exclude<OfferStep, 'marked'>, NotificationKind> = {
  made: 'offer-received',
  countered: 'offer-countered',
  message: 'offer-message',
  accepted: 'offer-accepted',
  declined: 'offer-declined',
  'passed-over': 'offer-passed-over',
  withdrawn: 'offer-withdrawn',
  rated: 'deal-rated',
};

export interface OfferStepWork {
  offerId: string;
  step: OfferStep;
  actorId: string;
  ref: string | null;
}

/**
 * The notification of one offer step for the offer's other party, never for the collector who took it
 * (docs/decisions/054-offer-step-alerts.md). The dedupe key names the step (and its round, message or rater),
 * so each step notifies once. Messages fold: while the other party has an unread message notification about
 * the offer, a new message adds none. Returns who got one.
 */
export async function notifyOtherPartyOfStep(trx: Trx, work: OfferStepWork, now: string): Promise<string[]> {
  const offer = await trx
    .selectFrom('offers as o')
    .innerJoin('collection_items as i', 'i.id', 'o.item_id')
    .select([
      'o.from_user',
      'o.to_user',
      'o.amount_cents',
      'i.id as item_id',
      'i.set_id',
      'i.card_name',
      'i.grading_company',
      'i.grade',
    ])
    .where('o.id', '=', work.offerId)
    .executeTakeFirst();
  if (!offer || (work.actorId !== offer.from_user && work.actorId !== offer.to_user)) return [];
  const byBuyer = work.actorId === offer.from_user;
  const recipient = byBuyer ? offer.to_user : offer.from_user;
  const kind = work.step === 'marked' ? (byBuyer ? 'deal-received' : 'deal-sent') : STEP_KINDS[work.step];

  if (kind === 'offer-message') {
    const unread = await trx
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', recipient)
      .where('offer_id', '=', work.offerId)
      .where('kind', '=', 'offer-message')
      .where('read_at', 'is', null)
      .executeTakeFirst();
    if (unread) return [];
  }
  let price: number | null = kind === 'offer-message' || kind === 'deal-rated' ? null : offer.amount_cents;
  if ((work.step === 'made' || work.step === 'countered') && work.ref !== null) {
    const round = await trx
      .selectFrom('offer_rounds')
      .select('amount_cents')
      .where('offer_id', '=', work.offerId)
      .where('seq', '=', Number(work.ref))
      .executeTakeFirst();
    if (round) price = round.amount_cents;
  }
  const key = [kind, work.offerId, work.step === 'rated' ? work.actorId : work.ref].filter(Boolean).join(':');
  const inserted = await trx
    .insertInto('notifications')
    .values({
      user_id: recipient,
      kind,
      dedupe_key: key,
      watch_id: null,
      set_id: offer.set_id,
      card_name: offer.card_name,
      grading_company: offer.grading_company,
      grade: offer.grade,
      price_cents: price,
      sale_id: null,
      sold_at: null,
      item_id: offer.item_id,
      owner_id: offer.to_user,
      offer_id: work.offerId,
      created_at: now,
      read_at: null,
      emailed_at: null,
      alert_email_id: null,
    })
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 ? [recipient] : [];
}
