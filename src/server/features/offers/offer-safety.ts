import type { Kysely, Transaction } from 'kysely';
import { OFFER_MESSAGES } from '#shared/schemas/offers.ts';
import { MAX_OPEN_OFFERS, SAFETY_MESSAGES } from '#shared/schemas/safety.ts';
import { lockCollector } from '../../db/collector-lock.ts';
import type { Dialect } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, forbidden } from '../../errors.ts';
import { blockBetween, countOpenOffersMade, findAccount } from '../safety/public.ts';
import { findOfferOfParty } from './offers.repository.ts';

/** A block either way stops offers, counters and messages between two collectors; each side is told why. */
async function refuseIfBlocked(db: Kysely<Database>, userId: string, otherId: string): Promise<void> {
  const block = await blockBetween(db, userId, otherId);
  if (block === 'by-them') throw forbidden(SAFETY_MESSAGES.blockedByThem);
  if (block === 'by-you') throw forbidden(SAFETY_MESSAGES.blockedByYou);
}

/**
 * Before a new offer is stored, in its transaction: no block between buyer and owner, the owner's account
 * not suspended, and the buyer under the cap on open offers. The buyer's row is held while the open offers
 * are counted, so offers made at once cannot pass the cap together.
 */
export async function checkNewOffer(
  trx: Transaction<Database>,
  dialect: Dialect,
  buyerId: string,
  ownerId: string,
): Promise<void> {
  await refuseIfBlocked(trx, buyerId, ownerId);
  if ((await findAccount(trx, ownerId))?.suspended_at) throw forbidden(OFFER_MESSAGES.notAccepting);
  await lockCollector(trx, dialect, buyerId);
  if ((await countOpenOffersMade(trx, buyerId)) >= MAX_OPEN_OFFERS) {
    throw new AppError(409, 'conflict', SAFETY_MESSAGES.tooManyOpenOffers);
  }
}

/** A counter or a message on an offer between two collectors where one has blocked the other: 403. */
export async function checkTalk(db: Kysely<Database>, userId: string, offerId: string): Promise<void> {
  const offer = await findOfferOfParty(db, offerId, userId);
  if (!offer) return;
  await refuseIfBlocked(db, userId, offer.from_user === userId ? offer.to_user : offer.from_user);
}
