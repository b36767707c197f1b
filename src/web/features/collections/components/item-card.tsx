import { BadgeDollarSign, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { isHoloItem, printedCardName } from '#shared/collection-rules.ts';
import { isValuable } from '#shared/estimate-rules.ts';
import type { CollectionItem } from '#shared/schemas/collections.ts';
import type { SlabEstimate } from '#shared/schemas/valuation.ts';
import { getSet } from '#shared/sets.ts';
import { buttonClass } from '#web/components/ui/button.tsx';
import { estimateBasisShort } from '#web/lib/estimate-text.ts';
import { formatDollars } from '#web/lib/format.ts';

export type CollectionView = 'grid' | 'list';

/** A card's estimate as far as it is known: still loading, failed, or the answer. */
export type ItemEstimate =
  | { status: 'pending' }
  | { status: 'error' }
  | { status: 'done'; estimate: SlabEstimate | undefined };

interface ItemCardProps {
  item: CollectionItem;
  view: CollectionView;
  /** The owner's Remove button, when the viewer owns the card. */
  onRemove?: () => void;
  /** Make Offer and the viewer's own offer status, on another collector's card. */
  offer?: ReactNode;
  /** None when the owner keeps their collection's value to themselves. */
  estimate?: ItemEstimate;
}

export function itemTitle(item: Pick<CollectionItem, 'cardName' | 'cardNumber'>): string {
  return `${printedCardName(item.cardName)} ${item.cardNumber}`;
}

/** What a graded 1st Edition card is worth, with what the figure stands on (docs/product.md §2). */
function EstimateLine({ item, estimate }: { item: CollectionItem; estimate: ItemEstimate }) {
  if (!isValuable(item) || item.gradingCompany === null) return null;
  if (estimate.status === 'pending') return <p className="text-xs text-slate-500">Estimating…</p>;
  if (estimate.status === 'error' || !estimate.estimate) {
    return <p className="text-xs text-slate-500">Estimate unavailable</p>;
  }
  const { estimate: value } = estimate;
  return (
    <div className="text-xs">
      {value.estimate !== null ? (
        <p className="text-slate-900">
          Est. <span className="font-semibold tabular-nums">{formatDollars(value.estimate)}</span>
        </p>
      ) : null}
      <p className="text-slate-600">{estimateBasisShort(value, item.gradingCompany)}</p>
    </div>
  );
}

export function gradeText(item: CollectionItem): string {
  if (item.grade === null) return item.gradingCompany ? `${item.gradingCompany} ungraded` : 'Ungraded';
  return `${item.gradingCompany ?? 'Grade'} ${item.grade}`;
}

/** One card of a Collected or Want to Buy list, as a grid tile or a list row. */
export function ItemCard({ item, view, onRemove, offer, estimate }: ItemCardProps) {
  const title = itemTitle(item);
  const grid = view === 'grid';
  return (
    <li
      className={`flex overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm ${grid ? 'flex-col' : 'flex-row gap-3 p-2'}`}
    >
      <img
        src={item.imageUrl}
        alt={title}
        width={245}
        height={342}
        loading="lazy"
        decoding="async"
        className={
          grid
            ? 'aspect-[245/342] h-auto w-full bg-slate-100 object-cover'
            : 'h-24 w-[4.3rem] shrink-0 rounded-md bg-slate-100 object-cover'
        }
      />
      <div className={`flex min-w-0 flex-1 flex-col gap-1 text-sm ${grid ? 'p-3' : 'py-1 pr-1'}`}>
        <h3 className="font-semibold leading-tight text-slate-900">{printedCardName(item.cardName)}</h3>
        <p className="text-xs text-slate-600">
          <span className="font-mono">{item.cardNumber}</span> · {getSet(item.setId).name} ·{' '}
          {isHoloItem(item) ? 'Holo' : 'Non-Holo'}
        </p>
        <p className="text-xs text-slate-700">
          {gradeText(item)}
          {item.variant ? ` · ${item.variant}` : ''}
        </p>
        {item.certNumber ? <p className="text-xs text-slate-600">Cert {item.certNumber}</p> : null}
        {item.list === 'collected' && estimate ? <EstimateLine item={item} estimate={estimate} /> : null}
        {item.acceptingOffers ? (
          <p className="inline-flex w-fit items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">
            <BadgeDollarSign className="size-3.5" aria-hidden />
            Accepting offers
          </p>
        ) : null}
        <div className="mt-auto flex flex-wrap gap-2 pt-1">
          {onRemove ? (
            <button
              type="button"
              onClick={onRemove}
              className={buttonClass('ghost', 'px-2 py-1 text-red-700 hover:bg-red-50')}
            >
              <Trash2 className="size-4" aria-hidden />
              Remove<span className="sr-only"> {title}</span>
            </button>
          ) : null}
          {offer}
        </div>
      </div>
    </li>
  );
}
