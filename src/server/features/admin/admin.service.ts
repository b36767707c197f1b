import { normaliseCardName } from '#shared/card-names.ts';
import { findCardByName } from '#shared/catalogue.ts';
import { MESSAGES } from '#shared/errors.ts';
import { type Period, periodStart } from '#shared/sales-constants.ts';
import { centsToDollars } from '#shared/sales-stats.ts';
import {
  type AdminInquiriesResponse,
  type AdminSale,
  type AdminSearchResponse,
  type DeletedSale,
  type DeletedSalesResponse,
  dayBefore,
  MAX_LISTED_SALES,
  type SalesByDayResponse,
} from '#shared/schemas/admin.ts';
import type { SetId } from '#shared/sets.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import type { AppContext } from '../../context.ts';
import type { SaleRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { mediaUrl } from '../../media/media-store.ts';

import { listInquiries } from '../inquiries/public.ts';
import * as repo from './admin.repository.ts';

type AdminContext = Pick<AppContext, 'database' | 'salesEvents'>;

function toAdminSale(row: SaleRow): AdminSale {
  return {
    saleId: row.id,
    cardId: row.card_id,
    cardName: row.card_name,
    cardNumber: row.card_number || 'N/A',
    rarity: row.card_rarity || 'N/A',
    price: centsToDollars(row.price_cents),
    date: row.sold_at,
    seller: row.seller,
    imageUrl: mediaUrl(row.image),
    grader: row.grading_company,
    grade: row.grade,
  };
}

function toDeletedSale(row: repo.ArchivedSaleRow): DeletedSale {
  return {
    ...toAdminSale(row),
    setId: row.set_id as SetId,
    deletedAt: row.deleted_at,
    deletedBy: { id: row.deleted_by, username: row.deleted_by_username },
  };
}

function unique(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

/** Two admins changing the same sales at once: the second change finds a copy the first one made. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

function notFoundAmong(ids: readonly string[], found: readonly { id: string }[]): AppError {
  const present = new Set(found.map((row) => row.id));
  const missing = ids.filter((id) => !present.has(id));
  return new AppError(404, 'not-found', MESSAGES.saleNotFound, { saleIds: missing.join(',') });
}

/** Runs a multi-row change; a clash with a concurrent change becomes a 409 after the rollback. */
async function inConflictGuard<T>(work: () => Promise<T>, message: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'conflict', message);
    throw error;
  }
}

export async function salesByDay(
  context: AdminContext,
  setId: SetId,
  offset: number,
  now: number = Date.now(),
): Promise<SalesByDayResponse> {
  const date = dayBefore(offset, now);
  const { rows, total } = await repo.salesOnDay(context.database, setId, date, MAX_LISTED_SALES);
  return { setId, date, sales: rows.map(toAdminSale), total };
}

export async function searchSales(
  context: AdminContext,
  setId: SetId,
  typed: string,
  period: Period,
  now: number = Date.now(),
): Promise<AdminSearchResponse> {
  const card = findCardByName(setId, typed);
  if (!card) {
    return {
      cardName: normaliseCardName(typed),
      cardNumber: 'N/A',
      rarity: 'N/A',
      setId,
      sales: [],
      total: 0,
    };
  }
  const since = periodStart(period, now);
  const { rows, total } = await repo.salesOfCard(
    context.database.db,
    setId,
    card.searchName,
    since,
    MAX_LISTED_SALES,
  );
  return {
    cardName: card.searchName,
    cardNumber: card.number,
    rarity: card.rarity,
    setId,
    sales: rows.map(toAdminSale),
    total,
  };
}

/**
 * docs/product.md §4 admin delete: every sale is copied to the archive with who deleted it and when, then removed,
 * in one transaction. One unknown id refuses the whole request and changes nothing.
 */
export async function deleteSales(
  context: AdminContext,
  adminId: string,
  saleIds: readonly string[],
): Promise<{ deleted: number }> {
  const ids = unique(saleIds);
  const cards = await inConflictGuard(
    () =>
      context.database.db.transaction().execute(async (trx) => {
        const rows = await repo.takeSales(trx, ids);
        if (rows.length !== ids.length) throw notFoundAmong(ids, rows);
        await repo.archiveSales(trx, rows, new Date().toISOString(), adminId);
        await recordAudit(trx, {
          actor: adminId,
          action: 'sales.delete',
          subject: ids.join(','),
          detail: { count: rows.length, sets: unique(rows.map((row) => row.set_id)) },
        });
        return unique(rows.map((row) => row.card_id));
      }),
    'These sales were changed by someone else just now. Reload and try again.',
  );
  context.salesEvents.changed(cards);
  return { deleted: ids.length };
}

/** Undo: archived sales go back into the sales table unchanged (same ids and source references). */
export async function restoreSales(
  context: AdminContext,
  adminId: string,
  saleIds: readonly string[],
): Promise<{ restored: number }> {
  const ids = unique(saleIds);
  const cards = await inConflictGuard(
    () =>
      context.database.db.transaction().execute(async (trx) => {
        const archived = await repo.takeArchivedSales(trx, ids);
        if (archived.length !== ids.length) throw notFoundAmong(ids, archived);
        const rows = archived.map(({ deleted_at: _at, deleted_by: _by, ...sale }) => sale);
        await repo.reinsertSales(trx, rows);
        await recordAudit(trx, {
          actor: adminId,
          action: 'sales.restore',
          subject: ids.join(','),
          detail: { count: rows.length, sets: unique(rows.map((row) => row.set_id)) },
        });
        return unique(rows.map((row) => row.card_id));
      }),
    'These sales are already back in the database.',
  );
  context.salesEvents.changed(cards);
  return { restored: ids.length };
}

export async function recentlyDeleted(context: AdminContext, limit: number): Promise<DeletedSalesResponse> {
  const { rows, total } = await repo.archivedSales(context.database.db, limit);
  return { sales: rows.map(toDeletedSale), total };
}

export async function recentInquiries(context: AdminContext, limit: number): Promise<AdminInquiriesResponse> {
  return { inquiries: await listInquiries(context.database.db, { limit }) };
}
