import { BadgeDollarSign, Star } from 'lucide-react';
import { printedCardName } from '#shared/collection-rules.ts';
import {
  COLLECTOR_DEFAULTS,
  type Collector,
  DEFAULT_COLLECTORS_PAGE_SIZE,
  NO_COLLECTORS_TEXT,
} from '#shared/schemas/collections.ts';
import type { Reputation } from '#shared/schemas/ratings.ts';
import { getSet } from '#shared/sets.ts';
import { ProfileLink } from '#web/components/profile-link.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { EmptyState, ErrorNotice, Spinner } from '#web/components/ui/states.tsx';
import { type CollectorsParams, useCollectors } from '#web/features/sourcing/api/collectors.ts';
import { reputationLine } from '#web/lib/reputation-text.ts';

interface CollectorsListProps extends CollectorsParams {
  onPageChange: (page: number) => void;
}

/** docs/product.md §2 Source mode: the collectors who hold the searched card, each linking to their profile. */
export function CollectorsList({ set, card, page, onPageChange }: CollectorsListProps) {
  const query = useCollectors({ set, card, page });
  if (query.isPending) return <Spinner label="Finding collectors…" />;
  if (query.isError) {
    return <ErrorNotice message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  const { collectors, total, cardName, pageSize } = query.data;
  const pageCount = Math.max(1, Math.ceil(total / (pageSize || DEFAULT_COLLECTORS_PAGE_SIZE)));

  return (
    <section aria-labelledby="collectors-title" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="collectors-title" className="text-xl font-bold text-ink">
          Collectors with {printedCardName(cardName)}
          <span className="font-normal text-slate-600"> · {getSet(set).name}</span>
        </h2>
        <p className="text-sm font-semibold text-slate-700">
          Total Collectors: <span className="tabular-nums">{total}</span>
        </p>
      </div>
      {collectors.length === 0 ? (
        <EmptyState>{NO_COLLECTORS_TEXT}</EmptyState>
      ) : (
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
          {collectors.map((collector) => (
            <CollectorEntry key={collector.itemId} collector={collector} />
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} onPageChange={onPageChange} label="Collector pages" />
    </section>
  );
}

function CollectorEntry({ collector }: { collector: Collector }) {
  const name = printedCardName(collector.cardName);
  const grade =
    collector.grade === null
      ? COLLECTOR_DEFAULTS.grade
      : `${collector.gradingCompany ? `${collector.gradingCompany} ` : ''}${collector.grade}`;
  return (
    <li className="flex gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
      <img
        src={collector.imageUrl}
        alt={`${name} ${collector.cardNumber}`}
        width={80}
        height={112}
        loading="lazy"
        decoding="async"
        className="h-28 w-20 shrink-0 rounded-md bg-slate-100 object-cover"
      />
      <div className="min-w-0 flex-1 space-y-1 text-sm">
        <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
          <ProfileLink
            userId={collector.collectorId}
            className="min-w-0 max-w-full truncate text-base font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            {collector.username || COLLECTOR_DEFAULTS.username}
          </ProfileLink>
          <CollectorReputation reputation={collector.reputation} />
        </div>
        <p className="text-slate-600">
          Member since {collector.memberSince} · {collector.country || COLLECTOR_DEFAULTS.country}
        </p>
        <p className="font-medium text-slate-900">
          {name} <span className="font-mono text-slate-600">{collector.cardNumber}</span> ·{' '}
          {getSet(collector.cardSet).name}
        </p>
        <p className="text-slate-700">
          Grade: {grade} · Cert: {collector.certNumber ?? COLLECTOR_DEFAULTS.certNumber}
          {collector.variant ? ` · ${collector.variant}` : ''}
        </p>
        {collector.acceptingOffers ? (
          <p className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">
            <BadgeDollarSign className="size-3.5" aria-hidden />
            Accepting offers
          </p>
        ) : null}
      </div>
    </li>
  );
}

/** Beside the name, as the sales table shows a seller's rating: the average, ratings and completed deals. */
function CollectorReputation({ reputation }: { reputation: Reputation }) {
  return (
    <span
      className="inline-flex items-center gap-1 text-xs text-slate-700"
      data-testid="collector-reputation"
    >
      {reputation.average === null ? null : (
        <Star aria-hidden className="size-3.5 shrink-0 fill-gold text-amber-500" />
      )}
      {reputationLine(reputation)}
    </span>
  );
}
