import type { InboxResponse, InboxRow, InboxState } from '#shared/schemas/offer-inbox.ts';
import type { AppContext } from '../../context.ts';
import { toBoolean } from '../../db/schema.ts';
import { offeredItem } from '../collections/public.ts';
import * as repo from './offer-inbox.repository.ts';

function stateOf(row: repo.InboxDbRow): InboxState {
  if (row.deal_status === 'agreed') return 'deal-agreed';
  return row.deal_status ?? row.status;
}

/** Who acts next: the awaited party of an open offer, a party who has not marked an agreed deal. */
function turnOf(row: repo.InboxDbRow, buyer: boolean): InboxRow['turn'] {
  if (row.status === 'open') return row.awaiting === (buyer ? 'buyer' : 'owner') ? 'yours' : 'theirs';
  if (row.deal_status !== 'agreed') return null;
  return (buyer ? row.buyer_done_at : row.owner_done_at) === null ? 'yours' : 'theirs';
}

function toRow(row: repo.InboxDbRow, userId: string): InboxRow {
  const buyer = row.from_user === userId;
  return {
    id: row.id,
    direction: buyer ? 'sent' : 'received',
    state: stateOf(row),
    amount: row.amount_cents / 100,
    turn: turnOf(row, buyer),
    item: offeredItem(row),
    otherParty: { id: row.other_id, username: row.other_username },
    activityAt: row.activity_at,
    unread: toBoolean(row.unread),
  };
}

/**
 * The collector's inbox (docs/product.md §9): every offer they made or received, one row each, newest
 * activity first, a page at a time.
 */
export async function listInbox(
  context: Pick<AppContext, 'database'>,
  userId: string,
  query: { cursor?: string | undefined; limit: number },
): Promise<InboxResponse> {
  const split = query.cursor?.indexOf('_') ?? -1;
  const cursor =
    query.cursor && split > 0
      ? { at: query.cursor.slice(0, split), id: query.cursor.slice(split + 1) }
      : undefined;
  const rows = await repo.listInbox(context.database, userId, cursor, query.limit);
  const page = rows.slice(0, query.limit).map((row) => toRow(row, userId));
  const last = page.at(-1);
  return {
    offers: page,
    nextCursor: rows.length > query.limit && last ? `${last.activityAt}_${last.id}` : null,
  };
}
