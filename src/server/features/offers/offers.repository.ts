import type { Kysely, Transaction } from 'kysely';
import type { Database, OffersTable } from '../../db/schema.ts';

type Db = Kysely<Database>;
export type Direction = 'received' | 'sent';

/** The party a viewer sees the offer from: received offers are listed by recipient, sent ones by sender. */
const VIEWER_COLUMN = { received: 'o.to_user', sent: 'o.from_user' } as const;
const OTHER_COLUMN = { received: 'o.from_user', sent: 'o.to_user' } as const;

export function findItemForOffer(db: Db, itemId: string) {
  return db
    .selectFrom('collection_items')
    .select(['id', 'user_id', 'list', 'accepting_offers'])
    .where('id', '=', itemId)
    .executeTakeFirst();
}

/** False when the sender has an open offer on this card already (the offers_one_open index says so). */
export async function insertOfferUnlessOneIsOpen(db: Db, offer: OffersTable): Promise<boolean> {
  const result = await db
    .insertInto('offers')
    .values(offer)
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

function offersSeenBy(db: Db, direction: Direction) {
  return db
    .selectFrom('offers as o')
    .innerJoin('collection_items as ci', 'ci.id', 'o.item_id')
    .innerJoin('users as u', 'u.id', OTHER_COLUMN[direction])
    .select([
      'o.id',
      'o.status',
      'o.amount_cents',
      'o.message',
      'o.created_at',
      'o.updated_at',
      'ci.id as item_id',
      'ci.card_id',
      'ci.card_name',
      'ci.card_number',
      'ci.set_id',
      'ci.grade',
      'ci.grading_company',
      'u.id as other_id',
      'u.username as other_username',
    ]);
}

export type OfferViewRow = Awaited<ReturnType<ReturnType<typeof offersSeenBy>['execute']>>[number];

/** A user's received or sent offers, newest first (offers_to, offers_from). */
export function listOffers(
  db: Db,
  userId: string,
  direction: Direction,
  limit: number,
): Promise<OfferViewRow[]> {
  return offersSeenBy(db, direction)
    .where(VIEWER_COLUMN[direction], '=', userId)
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(limit)
    .execute();
}

export function findOfferSeenBy(
  db: Db,
  offerId: string,
  userId: string,
  direction: Direction,
): Promise<OfferViewRow | undefined> {
  return offersSeenBy(db, direction)
    .where('o.id', '=', offerId)
    .where(VIEWER_COLUMN[direction], '=', userId)
    .executeTakeFirst();
}

export type TransitionOutcome =
  | { outcome: 'done'; item_id: string; from_user: string; to_user: string; declinedSenders: string[] }
  | { outcome: 'missing' }
  | { outcome: 'not-open' };

export interface Transition {
  offerId: string;
  /** Who acts: the recipient accepts or declines, the sender withdraws. */
  actor: { userId: string; as: 'to_user' | 'from_user' };
  status: 'accepted' | 'declined' | 'withdrawn';
  at: string;
}

async function declineOtherOpenOffers(
  trx: Transaction<Database>,
  itemId: string,
  acceptedId: string,
  at: string,
) {
  const others = await trx
    .selectFrom('offers')
    .select(['id', 'from_user'])
    .where('item_id', '=', itemId)
    .where('status', '=', 'open')
    .where('id', '!=', acceptedId)
    .execute();
  if (others.length === 0) return [];
  await trx
    .updateTable('offers')
    .set({ status: 'declined', updated_at: at })
    .where(
      'id',
      'in',
      others.map((offer) => offer.id),
    )
    .where('status', '=', 'open')
    .execute();
  return others.map((offer) => offer.from_user);
}

/**
 * Moves an open offer on, in one transaction. The update only matches while the offer is open, so of two
 * clicks at once exactly one wins. Accepting an offer declines the other open offers on the same card; it
 * first takes the card's row lock (a no-op update), so two offers on one card cannot both be accepted.
 */
export function transitionOffer(db: Db, change: Transition): Promise<TransitionOutcome> {
  return db.transaction().execute(async (trx) => {
    const offer = await trx
      .selectFrom('offers')
      .select(['item_id', 'from_user', 'to_user'])
      .where('id', '=', change.offerId)
      .where(change.actor.as, '=', change.actor.userId)
      .executeTakeFirst();
    if (!offer) return { outcome: 'missing' };
    if (change.status === 'accepted') {
      await trx
        .updateTable('collection_items')
        .set((eb) => ({ accepting_offers: eb.ref('accepting_offers') }))
        .where('id', '=', offer.item_id)
        .execute();
    }
    const updated = await trx
      .updateTable('offers')
      .set({ status: change.status, updated_at: change.at })
      .where('id', '=', change.offerId)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return { outcome: 'not-open' };
    const declinedSenders =
      change.status === 'accepted'
        ? await declineOtherOpenOffers(trx, offer.item_id, change.offerId, change.at)
        : [];
    return { outcome: 'done', ...offer, declinedSenders };
  });
}
