import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, OfferParty, OffersTable } from '../../db/schema.ts';
import {
  enqueueOfferDealAlert,
  enqueueOfferExpiredAlert,
  enqueueOfferStepAlert,
} from '../../notifications/notification-outbox.repository.ts';
import { notBlockedBy } from '../safety/public.ts';

type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
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

/**
 * The card's row lock (a no-op update): accepting an offer and making one on the same card take it first,
 * so an offer cannot slip in beside a deal being agreed.
 */
async function lockItem(trx: Transaction<Database>, itemId: string): Promise<void> {
  await trx
    .updateTable('collection_items')
    .set((eb) => ({ accepting_offers: eb.ref('accepting_offers') }))
    .where('id', '=', itemId)
    .execute();
}

async function hasAgreedDeal(trx: Transaction<Database>, itemId: string): Promise<boolean> {
  const deal = await trx
    .selectFrom('offer_deals')
    .select('offer_id')
    .where('item_id', '=', itemId)
    .where('status', '=', 'agreed')
    .executeTakeFirst();
  return deal !== undefined;
}

/**
 * The offer with its first round, the buyer's; 'already-open' when the sender has an open offer on this card
 * already (the offers_one_open index says so), 'card-in-deal' while the card is in an agreed deal. `check`
 * runs first in the same transaction and refuses by throwing.
 */
export function insertOfferUnlessOneIsOpen(
  db: Db,
  check: (trx: Trx) => Promise<void>,
  offer: OffersTable,
): Promise<'inserted' | 'already-open' | 'card-in-deal'> {
  return db.transaction().execute(async (trx) => {
    await check(trx);
    await lockItem(trx, offer.item_id);
    if (await hasAgreedDeal(trx, offer.item_id)) return 'card-in-deal';
    const result = await trx
      .insertInto('offers')
      .values(offer)
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return 'already-open';
    await trx
      .insertInto('offer_rounds')
      .values({
        offer_id: offer.id,
        seq: 1,
        party: 'buyer',
        amount_cents: offer.amount_cents,
        message: offer.message,
        created_at: offer.created_at,
      })
      .execute();
    await enqueueOfferStepAlert(trx, offer.id, 'made', offer.from_user, 1);
    return 'inserted';
  });
}

function offersSeenBy(db: Db, direction: Direction) {
  return db
    .selectFrom('offers as o')
    .innerJoin('collection_items as ci', 'ci.id', 'o.item_id')
    .innerJoin('users as u', 'u.id', OTHER_COLUMN[direction])
    .leftJoin('offer_deals as d', 'd.offer_id', 'o.id')
    .select([
      'o.id',
      'o.status',
      'o.amount_cents',
      'o.message',
      'o.awaiting',
      'o.last_round_at',
      'o.created_at',
      'o.updated_at',
      'ci.id as item_id',
      'ci.card_id',
      'ci.card_name',
      'ci.card_number',
      'ci.set_id',
      'ci.grade',
      'ci.grading_company',
      'ci.cert_number',
      'u.id as other_id',
      'u.username as other_username',
      'd.status as deal_status',
      'd.buyer_done_at',
      'd.owner_done_at',
      'd.cancelled_by',
      'd.cancel_reason',
      'd.created_at as deal_created_at',
      'd.updated_at as deal_updated_at',
    ]);
}

export type OfferViewRow = Awaited<ReturnType<ReturnType<typeof offersSeenBy>['execute']>>[number];

/** A user's received or sent offers, newest first (offers_to, offers_from), leaving out collectors they blocked. */
export function listOffers(
  db: Db,
  userId: string,
  direction: Direction,
  limit: number,
): Promise<OfferViewRow[]> {
  return offersSeenBy(db, direction)
    .where(VIEWER_COLUMN[direction], '=', userId)
    .where(notBlockedBy(userId, 'u.id'))
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

/** The offer as its parties see it, whoever asks: undefined when the user is neither party. */
export function findOfferOfParty(db: Db | Transaction<Database>, offerId: string, userId: string) {
  return db
    .selectFrom('offers')
    .select(['id', 'item_id', 'from_user', 'to_user', 'status', 'awaiting', 'last_round_at'])
    .where('id', '=', offerId)
    .where((eb) => eb.or([eb('from_user', '=', userId), eb('to_user', '=', userId)]))
    .executeTakeFirst();
}

export type PartyOffer = NonNullable<Awaited<ReturnType<typeof findOfferOfParty>>>;

export function listRounds(db: Db, offerId: string) {
  return db
    .selectFrom('offer_rounds')
    .select(['party', 'amount_cents', 'message', 'created_at'])
    .where('offer_id', '=', offerId)
    .orderBy('seq')
    .execute();
}

export function listMessages(db: Db, offerId: string) {
  return db
    .selectFrom('offer_messages')
    .select(['id', 'party', 'text', 'created_at'])
    .where('offer_id', '=', offerId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * Stores the message only while the offer is open or accepted, with the outbox row that tells the other
 * party; false once it has ended otherwise.
 */
export function insertMessageWhileTalking(
  db: Db,
  message: { id: string; offer_id: string; party: OfferParty; text: string; created_at: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await insertMessage(trx, message))) return false;
    const { from_user, to_user } = await trx
      .selectFrom('offers')
      .select(['from_user', 'to_user'])
      .where('id', '=', message.offer_id)
      .executeTakeFirstOrThrow();
    const writer = message.party === 'buyer' ? from_user : to_user;
    await enqueueOfferStepAlert(trx, message.offer_id, 'message', writer, message.id);
    return true;
  });
}

async function insertMessage(
  db: Transaction<Database>,
  message: { id: string; offer_id: string; party: OfferParty; text: string; created_at: string },
): Promise<boolean> {
  const result = await db
    .insertInto('offer_messages')
    .columns(['id', 'offer_id', 'party', 'text', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('offers')
        .select([
          eb.val(message.id).as('id'),
          'id as offer_id',
          eb.val(message.party).as('party'),
          eb.val(message.text).as('text'),
          eb.val(message.created_at).as('created_at'),
        ])
        .where('id', '=', message.offer_id)
        .where('status', 'in', ['open', 'accepted']),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * What stopped a change: the offer is gone or not the user's, it has ended, its time ran out, the turn is
 * the other party's, only the buyer may do this, or the card is in another agreed deal.
 */
export type Refusal = 'missing' | 'not-open' | 'expired' | 'not-your-turn' | 'not-buyer' | 'card-in-deal';
export type Moved<T> = { outcome: 'done'; offer: PartyOffer; role: OfferParty } & T;

export interface Move {
  offerId: string;
  userId: string;
  /** your-turn: only the awaited party may; buyer: only the buyer, at either turn. */
  rule: 'your-turn' | 'buyer';
  /** Offers whose last round is this old or older have expired, whether or not the sweep has run. */
  openSince: string;
  at: string;
}

type OfferChange = Partial<Pick<OffersTable, 'status' | 'awaiting' | 'amount_cents' | 'last_round_at'>>;

/** Why the guarded update matched no row, read again in the same transaction. */
function refusalOf(offer: PartyOffer | undefined, move: Move): Refusal {
  if (!offer) return 'missing';
  if (offer.status !== 'open') return 'not-open';
  if (offer.last_round_at <= move.openSince) return 'expired';
  return move.rule === 'your-turn' ? 'not-your-turn' : 'not-open';
}

/**
 * Changes an open offer in one transaction. The update only matches while the offer is open, in time and,
 * for a your-turn move, awaiting the user's party, so of two answers at once exactly one wins.
 */
function guardedMove<T extends object>(
  db: Db,
  move: Move,
  change: (role: OfferParty) => OfferChange,
  then: (trx: Transaction<Database>, offer: PartyOffer, role: OfferParty) => Promise<T>,
  before?: (trx: Transaction<Database>, offer: PartyOffer) => Promise<Refusal | undefined>,
): Promise<Moved<T> | { outcome: Refusal }> {
  return db.transaction().execute(async (trx) => {
    const offer = await findOfferOfParty(trx, move.offerId, move.userId);
    if (!offer) return { outcome: 'missing' as const };
    const role: OfferParty = offer.from_user === move.userId ? 'buyer' : 'owner';
    if (move.rule === 'buyer' && role !== 'buyer') return { outcome: 'not-buyer' as const };
    const refused = await before?.(trx, offer);
    if (refused) return { outcome: refused };
    let update = trx
      .updateTable('offers')
      .set({ ...change(role), updated_at: move.at })
      .where('id', '=', move.offerId)
      .where('status', '=', 'open')
      .where('last_round_at', '>', move.openSince);
    if (move.rule === 'your-turn') update = update.where('awaiting', '=', role);
    const updated = await update.executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      return { outcome: refusalOf(await findOfferOfParty(trx, move.offerId, move.userId), move) };
    }
    return { outcome: 'done' as const, offer, role, ...(await then(trx, offer, role)) };
  });
}

const other = (party: OfferParty): OfferParty => (party === 'buyer' ? 'owner' : 'buyer');

/** A new round by the awaited party: the offer's amount becomes it and the turn passes to the other party. */
export function counterOffer(db: Db, move: Move, round: { amount_cents: number; message: string | null }) {
  return guardedMove(
    db,
    move,
    (role) => ({ amount_cents: round.amount_cents, awaiting: other(role), last_round_at: move.at }),
    async (trx, _offer, role) => {
      const last = await trx
        .selectFrom('offer_rounds')
        .select((eb) => eb.fn.max('seq').as('seq'))
        .where('offer_id', '=', move.offerId)
        .executeTakeFirst();
      await trx
        .insertInto('offer_rounds')
        .values({
          offer_id: move.offerId,
          seq: Number(last?.seq ?? 0) + 1,
          party: role,
          ...round,
          created_at: move.at,
        })
        .execute();
      await enqueueOfferStepAlert(trx, move.offerId, 'countered', move.userId, Number(last?.seq ?? 0) + 1);
      return {};
    },
  );
}

async function declineOtherOpenOffers(
  trx: Transaction<Database>,
  itemId: string,
  acceptedId: string,
  at: string,
) {
  const others = await trx
    .selectFrom('offers')
    .select(['id', 'from_user', 'to_user'])
    .where('item_id', '=', itemId)
    .where('status', '=', 'open')
    .where('id', '!=', acceptedId)
    .execute();
  if (others.length === 0) return [];
  await trx
    .updateTable('offers')
    .set({ status: 'declined', awaiting: null, updated_at: at })
    .where(
      'id',
      'in',
      others.map((offer) => offer.id),
    )
    .where('status', '=', 'open')
    .execute();
  for (const offer of others) await enqueueOfferStepAlert(trx, offer.id, 'passed-over', offer.to_user);
  return others.map((offer) => offer.from_user);
}

/**
 * The awaited party takes the last round's amount, and the offer becomes an agreed deal. Accepting declines
 * the other open offers on the same card; it first takes the card's row lock, so two offers on one card
 * cannot both be accepted, and a card already in an agreed deal (from an offer made before deals existed)
 * is refused. The offer_deals_one_agreed index holds the same rule in the database.
 */
export function acceptOffer(db: Db, move: Move) {
  return guardedMove(
    db,
    move,
    () => ({ status: 'accepted', awaiting: null }),
    async (trx, offer) => {
      await trx
        .insertInto('offer_deals')
        .values({
          offer_id: offer.id,
          item_id: offer.item_id,
          status: 'agreed',
          created_at: move.at,
          updated_at: move.at,
        })
        .execute();
      await enqueueOfferStepAlert(trx, offer.id, 'accepted', move.userId);
      return { declinedSenders: await declineOtherOpenOffers(trx, offer.item_id, move.offerId, move.at) };
    },
    async (trx, offer) => {
      await lockItem(trx, offer.item_id);
      return (await hasAgreedDeal(trx, offer.item_id)) ? 'card-in-deal' : undefined;
    },
  );
}

/** Ends an open offer: declined by the awaited party, or withdrawn by the buyer at any turn. */
export function endOffer(db: Db, move: Move, status: 'declined' | 'withdrawn') {
  return guardedMove(
    db,
    move,
    () => ({ status, awaiting: null }),
    async (trx) => {
      await enqueueOfferStepAlert(trx, move.offerId, status, move.userId);
      return {};
    },
  );
}

/**
 * Open offers whose awaited party has not answered since `openSince` expire, in one transaction with
 * the outbox rows that tell both parties (docs/decisions/020-notification-outbox.md). The update only
 * matches open offers, so of two instances sweeping at once each offer expires once.
 */
export function expireOffers(db: Db, openSince: string, at: string) {
  return db.transaction().execute(async (trx) => {
    const expired = await trx
      .updateTable('offers')
      .set({ status: 'expired', awaiting: null, updated_at: at })
      .where('status', '=', 'open')
      .where('last_round_at', '<=', openSince)
      .returning(['id', 'from_user', 'to_user'])
      .execute();
    for (const offer of expired) await enqueueOfferExpiredAlert(trx, offer.id);
    return expired;
  });
}

/** What stopped a change to a deal: no such offer of the user's, no deal, or a deal in the wrong state. */
export type DealRefusal = 'missing' | 'no-deal' | 'completed' | 'cancelled' | 'already-marked';
export type DealChange = { outcome: 'done'; offer: PartyOffer; role: OfferParty; completed: boolean };

async function dealRefusal(trx: Transaction<Database>, offerId: string): Promise<DealRefusal> {
  const deal = await trx
    .selectFrom('offer_deals')
    .select('status')
    .where('offer_id', '=', offerId)
    .executeTakeFirst();
  if (!deal) return 'no-deal';
  return deal.status === 'agreed' ? 'already-marked' : deal.status;
}

/**
 * Marks the party's side of an agreed deal (the owner sent, the buyer received). The second mark completes
 * it: in the same transaction the card leaves the owner's Collected list (kept, with `parted_at`, since the
 * offer refers to it; no longer open to offers nor counted among the card's copies) and both parties are
 * told through the outbox. Each step is a guarded update, so two marks at once complete the deal once.
 */
export function markDealDone(db: Db, offerId: string, userId: string, at: string) {
  return db.transaction().execute(async (trx): Promise<DealChange | { outcome: DealRefusal }> => {
    const offer = await findOfferOfParty(trx, offerId, userId);
    if (!offer) return { outcome: 'missing' };
    const role: OfferParty = offer.from_user === userId ? 'buyer' : 'owner';
    const column = role === 'buyer' ? 'buyer_done_at' : 'owner_done_at';
    const marked = await trx
      .updateTable('offer_deals')
      .set({ [column]: at, updated_at: at })
      .where('offer_id', '=', offerId)
      .where('status', '=', 'agreed')
      .where(column, 'is', null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 0) return { outcome: await dealRefusal(trx, offerId) };
    const completed = await trx
      .updateTable('offer_deals')
      .set({ status: 'completed', updated_at: at })
      .where('offer_id', '=', offerId)
      .where('status', '=', 'agreed')
      .where('buyer_done_at', 'is not', null)
      .where('owner_done_at', 'is not', null)
      .returning('item_id')
      .executeTakeFirst();
    if (completed) {
      const item = await trx
        .updateTable('collection_items')
        .set({ parted_at: at, accepting_offers: sql.lit(false) })
        .where('id', '=', completed.item_id)
        .where('parted_at', 'is', null)
        .returning(['set_id', 'card_name', 'list'])
        .executeTakeFirst();
      if (item?.list === 'collected') {
        await trx
          .updateTable('collected_copies')
          .set((eb) => ({ copies: eb('copies', '-', 1) }))
          .where('set_id', '=', item.set_id)
          .where('card_name', '=', item.card_name)
          .execute();
      }
      await enqueueOfferDealAlert(trx, offerId, userId);
    } else await enqueueOfferStepAlert(trx, offerId, 'marked', userId);
    return { outcome: 'done', offer, role, completed: completed !== undefined };
  });
}

/** Either party calls off an agreed deal with a reason; the card takes offers again, both are told. */
export function cancelDeal(db: Db, offerId: string, userId: string, reason: string, at: string) {
  return db.transaction().execute(async (trx): Promise<DealChange | { outcome: DealRefusal }> => {
    const offer = await findOfferOfParty(trx, offerId, userId);
    if (!offer) return { outcome: 'missing' };
    const role: OfferParty = offer.from_user === userId ? 'buyer' : 'owner';
    const cancelled = await trx
      .updateTable('offer_deals')
      .set({ status: 'cancelled', cancelled_by: role, cancel_reason: reason, updated_at: at })
      .where('offer_id', '=', offerId)
      .where('status', '=', 'agreed')
      .executeTakeFirst();
    if (Number(cancelled.numUpdatedRows) === 0) return { outcome: await dealRefusal(trx, offerId) };
    await enqueueOfferDealAlert(trx, offerId, userId);
    return { outcome: 'done', offer, role, completed: false };
  });
}
