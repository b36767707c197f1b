import { Link } from 'react-router';
import { printedCardName } from '#shared/collection-rules.ts';
import type { InboxRow, InboxState } from '#shared/schemas/offer-inbox.ts';
import { getSet } from '#shared/sets.ts';
import { Button } from '#web/components/ui/button.tsx';
import { EmptyState, ErrorNotice, Spinner } from '#web/components/ui/states.tsx';
import { useInbox } from '#web/features/offers/api/inbox.ts';
import { formatDateTime, formatDollars } from '#web/lib/format.ts';

const STATE_LABELS: Record<InboxState, string> = {
  open: 'Open',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
  'deal-agreed': 'Deal agreed',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

const STATE_STYLES: Record<InboxState, string> = {
  open: 'bg-amber-50 text-amber-900 ring-amber-200',
  accepted: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  'deal-agreed': 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  completed: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  declined: 'bg-red-50 text-red-800 ring-red-200',
  cancelled: 'bg-red-50 text-red-800 ring-red-200',
  withdrawn: 'bg-slate-100 text-slate-700 ring-slate-200',
  expired: 'bg-slate-100 text-slate-700 ring-slate-200',
};

/** "Your turn", "Waiting for ash_k", or nothing once there is nothing left to do. */
function inboxTurnText(row: Pick<InboxRow, 'turn' | 'otherParty'>): string | null {
  if (row.turn === 'yours') return 'Your turn';
  if (row.turn === 'theirs') return `Waiting for ${row.otherParty.username}`;
  return null;
}

/**
 * docs/product.md §9: the collector's inbox. One row per offer they made or received, newest activity first,
 * each opening its conversation; rows with unread news or waiting for the collector stand out.
 */
export function OfferInbox() {
  const inbox = useInbox();
  const rows = inbox.data?.pages.flatMap((page) => page.offers) ?? [];
  return (
    <section
      aria-labelledby="inbox-title"
      className="space-y-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="inbox-title" className="text-xl font-bold text-slate-900">
        Inbox
      </h2>
      {inbox.isPending ? (
        <Spinner label="Loading your inbox…" />
      ) : inbox.isError ? (
        <ErrorNotice message={inbox.error.message} onRetry={() => void inbox.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState>
          No offers yet. Offers you make on other collectors’ cards, and offers on your cards, show up here.
        </EmptyState>
      ) : (
        <ul className="space-y-2" aria-label="Offers, newest activity first">
          {rows.map((row) => (
            <InboxItem key={row.id} row={row} />
          ))}
        </ul>
      )}
      {inbox.hasNextPage ? (
        <div className="text-center">
          <Button
            variant="secondary"
            disabled={inbox.isFetchingNextPage}
            onClick={() => void inbox.fetchNextPage()}
          >
            {inbox.isFetchingNextPage ? 'Loading…' : 'Show older offers'}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function InboxItem({ row }: { row: InboxRow }) {
  const { item } = row;
  const turn = inboxTurnText(row);
  const standsOut = row.unread || row.turn === 'yours';
  const grade = item.grade === null ? 'Ungraded' : `${item.gradingCompany ?? 'Grade'} ${item.grade}`;
  const card = printedCardName(item.cardName);
  return (
    <li>
      <Link
        to={`/offers/${encodeURIComponent(row.id)}`}
        data-testid="inbox-row"
        className={`flex gap-3 rounded-xl border p-3 text-sm hover:bg-slate-50 focus-visible:bg-slate-50 ${
          standsOut ? 'border-brand-500 bg-brand-50' : 'border-slate-200'
        }`}
      >
        <img
          src={item.imageUrl}
          alt=""
          width={44}
          height={61}
          loading="lazy"
          className="h-16 w-11 shrink-0 rounded bg-slate-100 object-cover"
        />
        <span className="min-w-0 flex-1 space-y-1">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            {row.unread ? <span className="size-2 shrink-0 rounded-full bg-brand-600" aria-hidden /> : null}
            <span className={`break-words text-slate-900 ${row.unread ? 'font-bold' : 'font-semibold'}`}>
              {card} <span className="font-mono text-slate-600">{item.cardNumber}</span>
            </span>
            {row.unread ? <span className="sr-only">(unread)</span> : null}
          </span>
          <span className="block text-slate-700">
            {getSet(item.setId).name} · {grade}
          </span>
          <span className="block text-slate-700">
            {row.direction === 'received' ? 'From ' : 'To '}
            <span className="font-medium">{row.otherParty.username}</span> ·{' '}
            <span className="font-semibold tabular-nums text-slate-900">{formatDollars(row.amount)}</span>
          </span>
          <span className="flex flex-wrap items-center gap-2">
            <span
              className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${STATE_STYLES[row.state]}`}
            >
              {STATE_LABELS[row.state]}
            </span>
            {turn ? (
              <span className={row.turn === 'yours' ? 'font-semibold text-brand-700' : 'text-slate-700'}>
                {turn}
              </span>
            ) : null}
            <time dateTime={row.activityAt} className="text-xs text-slate-600">
              {formatDateTime(row.activityAt)}
            </time>
          </span>
        </span>
      </Link>
    </li>
  );
}
