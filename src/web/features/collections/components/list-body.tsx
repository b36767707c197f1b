import type { ReactNode } from 'react';
import type { CollectionList } from '#shared/collection-rules.ts';
import { EmptyState } from '#web/components/ui/states.tsx';
import type { CollectionView } from './item-card.tsx';

interface ListBodyProps {
  isOwner: boolean;
  list: CollectionList;
  /** Cards on the list before the search and filters. */
  total: number;
  shownCount: number;
  view: CollectionView;
  onClearAll: () => void;
  children: ReactNode;
}

const EMPTY_TEXT: Record<CollectionList, { own: string; other: string }> = {
  collected: {
    own: 'Your collection is empty. Add your first card with the + button.',
    other: 'No cards in this collection yet.',
  },
  wtb: {
    own: 'Your Want to Buy list is empty. Add a card you are looking for with the + button.',
    other: 'No cards on this Want to Buy list yet.',
  },
};

/** The cards of one list, or why there are none to show. */
export function ListBody({ isOwner, list, total, shownCount, view, onClearAll, children }: ListBodyProps) {
  if (total === 0) return <EmptyState>{EMPTY_TEXT[list][isOwner ? 'own' : 'other']}</EmptyState>;
  if (shownCount === 0) {
    return (
      <EmptyState>
        No cards match your search or filters.{' '}
        <button type="button" onClick={onClearAll} className="font-semibold text-brand-700 underline">
          Clear all
        </button>
      </EmptyState>
    );
  }
  return (
    <ul
      aria-label={`${list === 'collected' ? 'Collected' : 'Want to Buy'} cards`}
      className={view === 'grid' ? 'grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4' : 'space-y-2'}
    >
      {children}
    </ul>
  );
}
