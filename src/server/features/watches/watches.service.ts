import { findCardById, findCardByName } from '#shared/catalogue.ts';
import { cardNotInSetMessage } from '#shared/collection-rules.ts';
import { centsToDollars } from '#shared/sales-stats.ts';
import {
  MAX_WATCHES,
  type ValidWatch,
  WATCH_MESSAGES,
  type Watch,
  type WatchesResponse,
} from '#shared/schemas/watches.ts';
import { isSetId } from '#shared/sets.ts';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import * as repo from './watches.repository.ts';

type Context = Pick<AppContext, 'database'>;

function toWatch(row: repo.WatchRow): Watch {
  const card = findCardById(row.card_id);
  return {
    id: row.id,
    setId: isSetId(row.set_id) ? row.set_id : 'base_set',
    cardId: row.card_id,
    cardName: row.card_name,
    cardNumber: card?.number ?? 'N/A',
    imageUrl: card?.imageUrl ?? `/card-images/${row.card_id}`,
    grader: row.grading_company,
    grade: row.grade === null ? null : Number(row.grade),
    below: row.below_cents === null ? null : centsToDollars(row.below_cents),
    above: row.above_cents === null ? null : centsToDollars(row.above_cents),
    createdAt: row.created_at,
  };
}

/**
 * Starts watching a catalogue card (docs/product.md §10). The card is named as in the search (any case, a
 * non-holo marker for rare prints); at most MAX_WATCHES per collector, and the very same watch only once.
 */
export async function createWatch(context: Context, userId: string, body: ValidWatch): Promise<Watch> {
  const card = findCardByName(body.set, body.card);
  if (!card) {
    const message = cardNotInSetMessage(body.set, body.card);
    throw badRequest(message, { card: message });
  }
  const row = {
    id: repo.newWatchId(),
    user_id: userId,
    set_id: card.setId,
    card_id: card.cardId,
    card_name: card.searchName,
    grading_company: body.grader ?? null,
    grade: body.grade ?? null,
    below_cents: body.below ?? null,
    above_cents: body.above ?? null,
    created_at: new Date().toISOString(),
  };
  const result = await repo.insertWatchWithinLimit(context.database, row, MAX_WATCHES);
  if (result === 'limit') throw new AppError(409, 'conflict', WATCH_MESSAGES.tooMany);
  if (result === 'duplicate') throw new AppError(409, 'conflict', WATCH_MESSAGES.alreadyWatching);
  return toWatch(row);
}

/** The collector's own watches, newest first, each with the latest sale of its cohort. */
export async function listWatches(context: Context, userId: string): Promise<WatchesResponse> {
  const db = context.database.db;
  const rows = await repo.findWatchesOfUser(db, userId);
  const watches = await Promise.all(
    rows.map(async (row) => {
      const latest = await repo.latestSaleOf(db, row);
      return {
        ...toWatch(row),
        latestSale: latest
          ? {
              saleId: latest.id,
              date: latest.sold_at,
              price: centsToDollars(latest.price_cents),
              grader: latest.grading_company,
              grade: latest.grade === null ? null : Number(latest.grade),
            }
          : null,
      };
    }),
  );
  return { watches, total: watches.length };
}

/** Someone else's watch is a 404, exactly like one that does not exist. */
export async function deleteWatch(context: Context, userId: string, id: string): Promise<void> {
  if (!(await repo.deleteOwnWatch(context.database.db, userId, id))) throw notFound(WATCH_MESSAGES.notFound);
}
