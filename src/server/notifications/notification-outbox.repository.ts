import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The outbox of alert work (docs/decisions/020-notification-outbox.md). Writers call these on the
 * transaction of their own change, so the work is stored if and only if the change is; the notification
 * worker takes it from there.
 */

/**
 * A batch of sales was stored with ids from `firstId` to `lastId` (a batch's ids share a prefix and sort
 * in the order given, so the range names exactly that batch). One row per batch, not per sale, keeps
 * imports fast; whether a sale alerts (flagged, matching) is decided when the row is handled.
 */
export async function enqueueSaleAlerts(
  executor: Kysely<Database>,
  firstId: string,
  lastId: string,
): Promise<void> {
  await executor
    .insertInto('notification_outbox')
    .values({
      kind: 'sales',
      payload: JSON.stringify({ from: firstId, to: lastId }),
      created_at: new Date().toISOString(),
    })
    .execute();
}

/** A collected card was marked open to offers: collectors who want it may hear of it. */
export async function enqueueOpenToOffersAlert(executor: Kysely<Database>, itemId: string): Promise<void> {
  await executor
    .insertInto('notification_outbox')
    .values({
      kind: 'open-to-offers',
      payload: JSON.stringify({ itemId }),
      created_at: new Date().toISOString(),
    })
    .execute();
}

/** An open offer expired without an answer: both of its parties hear of it. */
export async function enqueueOfferExpiredAlert(executor: Kysely<Database>, offerId: string): Promise<void> {
  await executor
    .insertInto('notification_outbox')
    .values({
      kind: 'offer-expired',
      payload: JSON.stringify({ offerId }),
      created_at: new Date().toISOString(),
    })
    .execute();
}

/** A deal was completed or cancelled by `actorId`: the other party hears of it. */
export async function enqueueOfferDealAlert(
  executor: Kysely<Database>,
  offerId: string,
  actorId: string,
): Promise<void> {
  await executor
    .insertInto('notification_outbox')
    .values({
      kind: 'offer-deal',
      payload: JSON.stringify({ offerId, actorId }),
      created_at: new Date().toISOString(),
    })
    .execute();
}

/**
 * What a collector did to an offer, which the other party hears of (docs/decisions/054-offer-step-alerts.md):
 * made it, countered, wrote a message, accepted, declined (or declined it by accepting another offer on the
 * card: passed-over), withdrew it, marked their side of the deal, rated the deal.
 */
export const OFFER_STEPS = [
  'made',
  'countered',
  'message',
  'accepted',
  'declined',
  'passed-over',
  'withdrawn',
  'marked',
  'rated',
] as const;
export type OfferStep = (typeof OFFER_STEPS)[number];

/**
 * `actorId` took `step` on the offer: its other party hears of it once. Call it on the transaction of the
 * step itself. `ref` names the step where an offer has several of its kind: the round's number for made and
 * countered, the message's id for a message.
 */
export async function enqueueOfferStepAlert(
  executor: Kysely<Database>,
  offerId: string,
  step: OfferStep,
  actorId: string,
  ref?: string | number,
): Promise<void> {
  await executor
    .insertInto('notification_outbox')
    .values({
      kind: 'offer-step',
      payload: JSON.stringify({ offerId, step, actorId, ref: ref === undefined ? null : String(ref) }),
      created_at: new Date().toISOString(),
    })
    .execute();
}
