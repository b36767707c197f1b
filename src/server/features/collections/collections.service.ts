import { findCardById } from '#shared/catalogue.ts';
import {
  COLLECTION_MESSAGES,
  cardNotInSetMessage,
  collectionItemIds,
  GRADING_COMPANIES,
  type GradingCompany,
  listFullMessage,
  MAX_ITEMS_PER_LIST,
  resolveCollectionCard,
  VARIANTS,
  type Variant,
} from '#shared/collection-rules.ts';
import { MESSAGES } from '#shared/errors.ts';
import type { CollectionItem, CollectionResponse, ValidCollectionItem } from '#shared/schemas/collections.ts';
import type { OfferItem } from '#shared/schemas/offers.ts';
import { isSetId } from '#shared/sets.ts';
import type { AppContext } from '../../context.ts';
import { toBoolean } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import * as repo from './collections.repository.ts';

type Context = Pick<AppContext, 'database' | 'live'> & Partial<Pick<AppContext, 'notifications'>>;

const COLLECTOR_NOT_FOUND = 'We could not find this collector.';
/** Ids in one millisecond are taken only by adds racing each other; this many tries is far more than enough. */
const ID_ATTEMPTS = 50;

export function asGradingCompany(value: string | null): GradingCompany | null {
  return GRADING_COMPANIES.find((company) => company === value) ?? null;
}

export function asVariant(value: string | null): Variant | null {
  return VARIANTS.find((variant) => variant === value) ?? null;
}

/** The columns of a collection item an offer shows, as the offer queries select them. */
export interface OfferedItemRow {
  item_id: string;
  card_id: string;
  card_name: string;
  card_number: string;
  set_id: string;
  grade: number | null;
  grading_company: string | null;
}

/** The card an offer is about, as offers and the inbox show it; the offer page adds its certificate. */
export function offeredItem(row: OfferedItemRow): Omit<OfferItem, 'certNumber'> {
  return {
    id: row.item_id,
    cardName: row.card_name,
    cardNumber: row.card_number,
    setId: isSetId(row.set_id) ? row.set_id : 'base_set',
    imageUrl: findCardById(row.card_id)?.imageUrl ?? `/card-images/${row.card_id}`,
    grade: row.grade,
    gradingCompany: asGradingCompany(row.grading_company),
  };
}

/** The stored row with what the catalogue knows of its card. */
function toCollectionItem(row: repo.CollectionItemRow): CollectionItem {
  const card = findCardById(row.card_id);
  const setId = isSetId(row.set_id) ? row.set_id : 'base_set';
  return {
    id: row.id,
    list: row.list,
    setId,
    cardId: row.card_id,
    cardName: row.card_name,
    cardNumber: row.card_number,
    rarity: card?.rarity ?? 'N/A',
    rarityGroup: card?.rarityGroup ?? 'common',
    imageUrl: card?.imageUrl ?? `/card-images/${row.card_id}`,
    grade: row.grade,
    gradingCompany: asGradingCompany(row.grading_company),
    certNumber: row.list === 'wtb' ? null : row.cert_number,
    variant: asVariant(row.variant),
    acceptingOffers: row.list === 'collected' && toBoolean(row.accepting_offers),
    addedAt: row.added_at,
  };
}

export async function getCollection(context: Context, userId: string): Promise<CollectionResponse> {
  const db = context.database.db;
  const [exists, rows] = await Promise.all([repo.userExists(db, userId), repo.findItemsOfUser(db, userId)]);
  if (!exists) throw notFound(COLLECTOR_NOT_FOUND);
  const items = rows.map(toCollectionItem);
  return {
    cards: items.filter((item) => item.list === 'collected'),
    wtbCards: items.filter((item) => item.list === 'wtb'),
  };
}

/** Adds a card the catalogue has to one of the user's lists and tells every open page. */
export async function addItem(
  context: Context,
  userId: string,
  body: ValidCollectionItem,
  now: number = Date.now(),
): Promise<CollectionItem> {
  const card = resolveCollectionCard(body.setId, body.cardName, body.cardNumber);
  if (!card) {
    const message = cardNotInSetMessage(body.setId, body.cardName);
    throw badRequest(message, { cardName: message });
  }
  const collected = body.list === 'collected';
  const ids = collectionItemIds(card.setId, card.number, now);
  for (let attempt = 0; attempt < ID_ATTEMPTS; attempt++) {
    const row: repo.NewCollectionItem = {
      id: ids.next().value as string,
      user_id: userId,
      list: body.list,
      set_id: card.setId,
      card_id: card.cardId,
      card_name: card.searchName,
      card_number: card.number,
      grade: body.grade ?? null,
      grading_company: body.gradingCompany ?? null,
      cert_number: collected ? (body.certNumber ?? null) : null,
      variant: body.variant ?? null,
      accepting_offers: collected && body.acceptingOffers === true,
      added_at: new Date(now).toISOString(),
    };
    const result = await repo.insertItemWithinLimit(context.database, row, MAX_ITEMS_PER_LIST);
    if (result === 'list-full') throw new AppError(409, 'conflict', listFullMessage(body.list));
    if (result === 'inserted') {
      await context.live.publish({ type: 'collection', userId });
      if (row.accepting_offers) context.notifications?.wake();
      return toCollectionItem({ ...row, accepting_offers: row.accepting_offers ? 1 : 0, parted_at: null });
    }
  }
  throw new AppError(409, 'conflict', MESSAGES.generic);
}

/**
 * Removes one of the user's own cards. Someone else's card, or one that does not exist, is a 404 and
 * nothing changes; a user without any card gets 'Collection not found'.
 */
export async function removeItem(context: Context, userId: string, itemId: string): Promise<void> {
  const db = context.database.db;
  if (!(await repo.hasAnyItem(db, userId))) throw notFound(MESSAGES.collectionNotFound);
  const removed = await repo.deleteOwnItem(db, userId, itemId);
  if (!removed) throw notFound(COLLECTION_MESSAGES.itemNotFound);
  if (removed === 'in-deal') throw new AppError(409, 'conflict', COLLECTION_MESSAGES.inDeal);
  await context.live.publish({ type: 'collection', userId });
  for (const party of removed.offerSenders.length > 0 ? [userId, ...removed.offerSenders] : []) {
    await context.live.publish({ type: 'offer', userId: party, to: [party] });
  }
}
