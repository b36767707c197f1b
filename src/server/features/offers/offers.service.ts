import crypto from 'node:crypto';
import {
  MAX_LISTED_OFFERS,
  OFFER_EXPIRY_MS,
  OFFER_MESSAGES,
  type Deal,
  type Offer,
  type OfferAction,
  type OfferDetail,
  type OfferMessage,
  type OfferParty,
  type OffersResponse,
  type ValidCounter,
  type ValidOffer,
} from '#shared/schemas/offers.ts';
import type { AppContext } from '../../context.ts';
import { toBoolean } from '../../db/schema.ts';
import { AppError, badRequest, forbidden, notFound } from '../../errors.ts';
import { offeredItem } from '../collections/public.ts';
import { dealRatings } from './offer-ratings.service.ts';
import { checkNewOffer, checkTalk } from './offer-safety.ts';
import * as repo from './offers.repository.ts';

type Context = Pick<AppContext, 'database' | 'live'>;

const ROLE_OF: Record<repo.Direction, OfferParty> = { received: 'owner', sent: 'buyer' };

function toOffer(row: repo.OfferViewRow, direction: repo.Direction): Offer {
  const open = row.status === 'open';
  return {
    id: row.id,
    status: row.status,
    amount: row.amount_cents / 100,
    message: row.message,
    awaiting: open ? row.awaiting : null,
    yourTurn: open && row.awaiting === ROLE_OF[direction],
    expiresAt: open ? new Date(Date.parse(row.last_round_at) + OFFER_EXPIRY_MS).toISOString() : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    direction,
    item: { ...offeredItem(row), certNumber: row.cert_number },
    otherParty: { id: row.other_id, username: row.other_username },
    deal: toDeal(row, ROLE_OF[direction]),
  };
}

function toDeal(row: repo.OfferViewRow, viewer: OfferParty): Deal | null {
  if (!row.deal_status || !row.deal_created_at || !row.deal_updated_at) return null;
  return {
    status: row.deal_status,
    receivedAt: row.buyer_done_at,
    sentAt: row.owner_done_at,
    youMarked: (viewer === 'buyer' ? row.buyer_done_at : row.owner_done_at) !== null,
    cancelledBy: row.cancelled_by,
    cancelReason: row.cancel_reason,
    agreedAt: row.deal_created_at,
    updatedAt: row.deal_updated_at,
  };
}

/** Each party hears of the change on their own (offers are private to the two of them). */
async function announce(context: Context, parties: Iterable<string>): Promise<void> {
  for (const userId of new Set(parties)) {
    await context.live.publish({ type: 'offer', userId, to: [userId] });
  }
}

async function offerSeenBy(context: Context, offerId: string, userId: string, direction: repo.Direction) {
  const row = await repo.findOfferSeenBy(context.database.db, offerId, userId, direction);
  if (!row) throw notFound(OFFER_MESSAGES.offerNotFound);
  return toOffer(row, direction);
}

/** An offer on someone else's collected card that accepts offers; one open offer per sender and card. */
export async function makeOffer(
  context: Context,
  senderId: string,
  body: ValidOffer,
  now: Date = new Date(),
): Promise<Offer> {
  const db = context.database.db;
  const item = await repo.findItemForOffer(db, body.itemId);
  if (!item) throw notFound(OFFER_MESSAGES.itemNotFound);
  if (item.user_id === senderId) throw forbidden(OFFER_MESSAGES.ownCard);
  if (item.list !== 'collected')
    throw badRequest(OFFER_MESSAGES.wantToBuy, { itemId: OFFER_MESSAGES.wantToBuy });
  if (!toBoolean(item.accepting_offers)) throw forbidden(OFFER_MESSAGES.notAccepting);

  const at = now.toISOString();
  const id = crypto.randomUUID();
  const check = (trx: repo.Trx) => checkNewOffer(trx, context.database.dialect, senderId, item.user_id);
  const inserted = await repo.insertOfferUnlessOneIsOpen(db, check, {
    id,
    item_id: item.id,
    from_user: senderId,
    to_user: item.user_id,
    amount_cents: body.amount,
    message: body.message ? body.message : null,
    status: 'open',
    awaiting: 'owner',
    last_round_at: at,
    created_at: at,
    updated_at: at,
  });
  if (inserted === 'already-open') throw new AppError(409, 'conflict', OFFER_MESSAGES.alreadyOpen);
  if (inserted === 'card-in-deal') throw new AppError(409, 'conflict', OFFER_MESSAGES.cardInDeal);
  await announce(context, [senderId, item.user_id]);
  return offerSeenBy(context, id, senderId, 'sent');
}

export async function listMyOffers(context: Context, userId: string): Promise<OffersResponse> {
  const db = context.database.db;
  const [received, sent] = await Promise.all([
    repo.listOffers(db, userId, 'received', MAX_LISTED_OFFERS),
    repo.listOffers(db, userId, 'sent', MAX_LISTED_OFFERS),
  ]);
  return {
    received: received.map((row) => toOffer(row, 'received')),
    sent: sent.map((row) => toOffer(row, 'sent')),
  };
}

const REFUSALS: Record<repo.Refusal, () => AppError> = {
  missing: () => notFound(OFFER_MESSAGES.offerNotFound),
  'not-open': () => new AppError(409, 'conflict', OFFER_MESSAGES.noLongerOpen),
  expired: () => new AppError(409, 'conflict', OFFER_MESSAGES.expired),
  'not-your-turn': () => new AppError(409, 'conflict', OFFER_MESSAGES.notYourTurn),
  'not-buyer': () => forbidden(OFFER_MESSAGES.onlyBuyerWithdraws),
  'card-in-deal': () => new AppError(409, 'conflict', OFFER_MESSAGES.cardInDeal),
};

function moveAt(userId: string, offerId: string, rule: repo.Move['rule'], now: Date): repo.Move {
  return {
    offerId,
    userId,
    rule,
    openSince: new Date(now.getTime() - OFFER_EXPIRY_MS).toISOString(),
    at: now.toISOString(),
  };
}

/** The change made, both parties (and any buyer whose offer it declined) told; else the refusal thrown. */
async function settle(
  context: Context,
  userId: string,
  result: repo.Moved<{ declinedSenders?: string[] }> | { outcome: repo.Refusal },
): Promise<Offer> {
  if (result.outcome !== 'done') throw REFUSALS[result.outcome]();
  const { offer, role } = result;
  await announce(context, [offer.from_user, offer.to_user, ...(result.declinedSenders ?? [])]);
  return offerSeenBy(context, offer.id, userId, role === 'owner' ? 'received' : 'sent');
}

/**
 * Accept and decline are the awaited party's, withdraw the buyer's at either turn, only while the offer is
 * open. An offer that is not the caller's is a 404 (its existence stays private); out of turn, ended or
 * expired is a 409; the owner withdrawing is a 403.
 */
export async function actOnOffer(
  context: Context,
  userId: string,
  offerId: string,
  action: OfferAction,
  now: Date = new Date(),
): Promise<Offer> {
  const db = context.database.db;
  const result =
    action === 'accept'
      ? await repo.acceptOffer(db, moveAt(userId, offerId, 'your-turn', now))
      : action === 'decline'
        ? await repo.endOffer(db, moveAt(userId, offerId, 'your-turn', now), 'declined')
        : await repo.endOffer(db, moveAt(userId, offerId, 'buyer', now), 'withdrawn');
  return settle(context, userId, result);
}

/** A counter-offer by the awaited party, under the offer's rules for amounts; the turn passes. */
export async function counterOffer(
  context: Context,
  userId: string,
  offerId: string,
  body: ValidCounter,
  now: Date = new Date(),
): Promise<Offer> {
  await checkTalk(context.database.db, userId, offerId);
  const result = await repo.counterOffer(context.database.db, moveAt(userId, offerId, 'your-turn', now), {
    amount_cents: body.amount,
    message: body.message ? body.message : null,
  });
  return settle(context, userId, result);
}

async function partyOffer(context: Context, userId: string, offerId: string) {
  const offer = await repo.findOfferOfParty(context.database.db, offerId, userId);
  if (!offer) throw notFound(OFFER_MESSAGES.offerNotFound);
  return { offer, role: (offer.from_user === userId ? 'buyer' : 'owner') as OfferParty };
}

/** The offer with its rounds, conversation and ratings, for its two parties only (anyone else: 404). */
export async function offerDetail(context: Context, userId: string, offerId: string): Promise<OfferDetail> {
  const db = context.database.db;
  const { role } = await partyOffer(context, userId, offerId);
  const [offer, rounds, messages, ratings] = await Promise.all([
    offerSeenBy(context, offerId, userId, role === 'owner' ? 'received' : 'sent'),
    repo.listRounds(db, offerId),
    repo.listMessages(db, offerId),
    dealRatings(context, offerId),
  ]);
  return {
    ...offer,
    rounds: rounds.map((round) => ({
      by: round.party,
      amount: round.amount_cents / 100,
      message: round.message,
      at: round.created_at,
    })),
    messages: messages.map((message) => ({
      id: message.id,
      by: message.party,
      text: message.text,
      at: message.created_at,
    })),
    ratings,
  };
}

/** Either party writes while the offer is open or accepted; once it has ended otherwise, a 409. */
export async function writeMessage(
  context: Context,
  userId: string,
  offerId: string,
  text: string,
  now: Date = new Date(),
): Promise<OfferMessage> {
  const { offer, role } = await partyOffer(context, userId, offerId);
  await checkTalk(context.database.db, userId, offerId);
  const message = { id: crypto.randomUUID(), by: role, text, at: now.toISOString() };
  const stored = await repo.insertMessageWhileTalking(context.database.db, {
    id: message.id,
    offer_id: offerId,
    party: role,
    text,
    created_at: message.at,
  });
  if (!stored) throw new AppError(409, 'conflict', OFFER_MESSAGES.conversationClosed);
  await announce(context, [offer.from_user, offer.to_user]);
  return message;
}

const DEAL_REFUSALS: Record<repo.DealRefusal, () => AppError> = {
  missing: () => notFound(OFFER_MESSAGES.offerNotFound),
  'no-deal': () => new AppError(409, 'conflict', OFFER_MESSAGES.noDeal),
  completed: () => new AppError(409, 'conflict', OFFER_MESSAGES.dealCompleted),
  cancelled: () => new AppError(409, 'conflict', OFFER_MESSAGES.dealCancelled),
  'already-marked': () => new AppError(409, 'conflict', OFFER_MESSAGES.alreadyMarked),
};

/** The deal changed: both parties' pages hear of it at once, the outbox tells them of an ending. */
async function settleDeal(
  context: Pick<AppContext, 'database' | 'live' | 'notifications'>,
  userId: string,
  result: repo.DealChange | { outcome: repo.DealRefusal },
  ended: boolean,
): Promise<Offer> {
  if (result.outcome !== 'done') throw DEAL_REFUSALS[result.outcome]();
  if (ended) context.notifications.wake();
  await announce(context, [result.offer.from_user, result.offer.to_user]);
  return offerSeenBy(context, result.offer.id, userId, result.role === 'owner' ? 'received' : 'sent');
}

/**
 * The buyer marks the card received, the owner marks it sent; once both have, the deal is completed and
 * the card leaves the owner's Collected list. A party marks once, and only an agreed deal.
 */
export async function completeDeal(
  context: Pick<AppContext, 'database' | 'live' | 'notifications'>,
  userId: string,
  offerId: string,
  now: Date = new Date(),
): Promise<Offer> {
  const result = await repo.markDealDone(context.database.db, offerId, userId, now.toISOString());
  return settleDeal(context, userId, result, result.outcome === 'done' && result.completed);
}

/** Either party calls off an agreed deal, saying why; the card takes offers again. */
export async function cancelDeal(
  context: Pick<AppContext, 'database' | 'live' | 'notifications'>,
  userId: string,
  offerId: string,
  reason: string,
  now: Date = new Date(),
): Promise<Offer> {
  const result = await repo.cancelDeal(context.database.db, offerId, userId, reason, now.toISOString());
  return settleDeal(context, userId, result, true);
}

/**
 * Open offers whose awaited party has not answered for seven days expire; the outbox tells both parties
 * and their pages hear of it at once. Returns how many expired.
 */
export async function expireDueOffers(
  context: Pick<AppContext, 'database' | 'live' | 'notifications'>,
  now: Date = new Date(),
): Promise<number> {
  const openSince = new Date(now.getTime() - OFFER_EXPIRY_MS).toISOString();
  const expired = await repo.expireOffers(context.database.db, openSince, now.toISOString());
  if (expired.length === 0) return 0;
  context.notifications.wake();
  await announce(
    context,
    expired.flatMap((offer) => [offer.from_user, offer.to_user]),
  );
  return expired.length;
}
