import crypto from 'node:crypto';
import { findCardById } from '#shared/catalogue.ts';
import {
  MAX_LISTED_OFFERS,
  OFFER_MESSAGES,
  type Offer,
  type OfferAction,
  type OffersResponse,
  type ValidOffer,
} from '#shared/schemas/offers.ts';
import { isSetId } from '#shared/sets.ts';
import type { AppContext } from '../../context.ts';
import { toBoolean } from '../../db/schema.ts';
import { AppError, badRequest, forbidden, notFound } from '../../errors.ts';
import { asGradingCompany } from '../collections/collections.service.ts';
import * as repo from './offers.repository.ts';

type Context = Pick<AppContext, 'database' | 'live'>;

const ACTIONS: Record<OfferAction, Pick<repo.Transition, 'status'> & { as: repo.Transition['actor']['as'] }> =
  {
    accept: { status: 'accepted', as: 'to_user' },
    decline: { status: 'declined', as: 'to_user' },
    withdraw: { status: 'withdrawn', as: 'from_user' },
  };

function toOffer(row: repo.OfferViewRow, direction: repo.Direction): Offer {
  return {
    id: row.id,
    status: row.status,
    amount: row.amount_cents / 100,
    message: row.message,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    direction,
    item: {
      id: row.item_id,
      cardName: row.card_name,
      cardNumber: row.card_number,
      setId: isSetId(row.set_id) ? row.set_id : 'base_set',
      imageUrl: findCardById(row.card_id)?.imageUrl ?? `/card-images/${row.card_id}`,
      grade: row.grade,
      gradingCompany: asGradingCompany(row.grading_company),
    },
    otherParty: { id: row.other_id, username: row.other_username },
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
  const inserted = await repo.insertOfferUnlessOneIsOpen(db, {
    id,
    item_id: item.id,
    from_user: senderId,
    to_user: item.user_id,
    amount_cents: body.amount,
    message: body.message ? body.message : null,
    status: 'open',
    created_at: at,
    updated_at: at,
  });
  if (!inserted) throw new AppError(409, 'conflict', OFFER_MESSAGES.alreadyOpen);
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

/**
 * The owner accepts or declines, the sender withdraws, only while the offer is open. An offer that is not
 * the caller's to act on is a 404 (its existence stays private); one that was settled meanwhile is a 409.
 */
export async function actOnOffer(
  context: Context,
  userId: string,
  offerId: string,
  action: OfferAction,
  now: Date = new Date(),
): Promise<Offer> {
  const { status, as } = ACTIONS[action];
  const result = await repo.transitionOffer(context.database.db, {
    offerId,
    actor: { userId, as },
    status,
    at: now.toISOString(),
  });
  if (result.outcome === 'missing') throw notFound(OFFER_MESSAGES.offerNotFound);
  if (result.outcome === 'not-open') throw new AppError(409, 'conflict', OFFER_MESSAGES.noLongerOpen);
  await announce(context, [result.from_user, result.to_user, ...result.declinedSenders]);
  return offerSeenBy(context, offerId, userId, as === 'to_user' ? 'received' : 'sent');
}
