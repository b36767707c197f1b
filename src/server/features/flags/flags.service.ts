import { centsToDollars } from '#shared/sales-stats.ts';
import type { FlagDecision, FlagQueueResponse, QueuedFlag } from '#shared/schemas/flags.ts';
import type { SetId } from '#shared/sets.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import type { AppContext } from '../../context.ts';
import { type FlagStatus, toBoolean } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { refreshExcluded } from '../../sales/flags/sale-flags.repository.ts';
import * as repo from './flags.repository.ts';

type FlagsContext = Pick<AppContext, 'database' | 'salesEvents'>;

const STATUS_AFTER: Record<FlagDecision, FlagStatus> = {
  confirm: 'confirmed',
  clear: 'cleared',
  reopen: 'open',
};

function toQueued(row: repo.QueueRow): QueuedFlag {
  return {
    saleId: row.sale_id,
    code: row.code,
    reason: row.reason,
    status: row.status,
    setId: row.set_id as SetId,
    cardName: row.card_name,
    date: row.sold_at,
    price: centsToDollars(Number(row.price_cents)),
    seller: row.seller,
    grader: row.grading_company,
    grade: row.grade === null ? null : Number(row.grade),
    title: row.title,
    listingUrl: row.listing_url,
    flaggedAt: row.created_at,
    decidedBy: row.decided_by ?? null,
    decidedAt: row.decided_at,
  };
}

export async function flagQueue(
  context: FlagsContext,
  query: { status: FlagStatus; page: number; pageSize: number },
): Promise<FlagQueueResponse> {
  const { rows, total } = await repo.flagQueue(
    context.database,
    query.status,
    query.pageSize,
    (query.page - 1) * query.pageSize,
  );
  return { flags: rows.map(toQueued), total, page: query.page, pageSize: query.pageSize };
}

/**
 * An admin's decision on a flag (docs/product.md §11): confirm keeps the sale out of statistics, clear lets it
 * count again (and the flag is never raised again), reopen undoes either. The flag, the sale's `excluded`
 * and the audit line change in one transaction; cached analyses of the card are dropped after it.
 */
export async function decideFlag(
  context: FlagsContext,
  actor: string,
  saleId: string,
  code: string,
  decision: FlagDecision,
): Promise<{ flag: QueuedFlag; excluded: boolean }> {
  const status = STATUS_AFTER[decision];
  const result = await context.database.db.transaction().execute(async (trx) => {
    const flag = await repo.findFlag(trx, saleId, code);
    if (!flag) throw notFound('This sale has no such flag.');
    if (flag.status === status) {
      throw new AppError(409, 'conflict', `The flag is ${status} already.`);
    }
    await repo.setFlagStatus(trx, saleId, code, status, decision === 'reopen' ? null : actor);
    await refreshExcluded(trx, [saleId]);
    await recordAudit(trx, {
      action: `flag.${decision}`,
      actor,
      subject: `${saleId}/${code}`,
      detail: { from: flag.status, to: status },
    });
    return (await repo.findFlag(trx, saleId, code))!;
  });
  context.salesEvents.changed([result.card_id]);
  return { flag: toQueued(result), excluded: toBoolean(result.excluded) };
}
