import { LayoutGrid, List, Plus } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import {
  COLLECTION_LIST_LABELS,
  COLLECTION_LISTS,
  type CollectionList,
  filterCollection,
} from '#shared/collection-rules.ts';
import type { CollectionItem, CollectionResponse } from '#shared/schemas/collections.ts';
import { ErrorNotice, Spinner } from '#web/components/ui/states.tsx';
import { useCollection, useCollectionEstimates } from '#web/features/collections/api/collection.ts';
import { AddCardSheet, type SetCardsQuery } from './add-card-sheet.tsx';
import { CollectionSearch } from './collection-search.tsx';
import { FilterMenu, type FilterValue, NO_FILTER } from './filter-menu.tsx';
import { type CollectionView, ItemCard, type ItemEstimate } from './item-card.tsx';
import { ListBody } from './list-body.tsx';
import { RemoveDialog } from './remove-dialog.tsx';

interface CollectionSectionProps {
  profileId: string;
  isOwner: boolean;
  /** How the owner's add form finds the cards of a set. */
  setCardsQuery: SetCardsQuery;
  /** What another collector's card offers the viewer (Make Offer and their own offer's status), given its estimate. */
  itemOffer?: (item: CollectionItem, estimate: number | null) => ReactNode;
  /** Each valued card's estimate, for the owner and when the owner shows their collection's value. */
  showEstimates: boolean;
}

const itemsOf = (data: CollectionResponse, list: CollectionList) =>
  list === 'collected' ? data.cards : data.wtbCards;

/**
 * docs/product.md §2 profile lists: Collected and Want to Buy tabs with counts (switchable only by the owner), a
 * search with suggestions, a filter menu and a grid/list toggle; Remove and the add button for the owner,
 * Make Offer for everyone else.
 */
export function CollectionSection({
  profileId,
  isOwner,
  setCardsQuery,
  itemOffer,
  showEstimates,
}: CollectionSectionProps) {
  const collection = useCollection(profileId);
  const estimates = useCollectionEstimates(profileId, showEstimates);
  const [tab, setTab] = useState<CollectionList>('collected');
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<FilterValue>(NO_FILTER);
  const [view, setView] = useState<CollectionView>('grid');
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<CollectionItem | null>(null);
  const list: CollectionList = isOwner ? tab : 'collected';

  if (collection.isPending) return <Spinner label="Loading collection…" />;
  if (collection.isError) {
    return <ErrorNotice message={collection.error.message} onRetry={() => void collection.refetch()} />;
  }
  const items = itemsOf(collection.data, list);
  const estimateByItem = new Map(estimates.data?.estimates.map((estimate) => [estimate.itemId, estimate]));
  const estimateOf = (item: CollectionItem): ItemEstimate | undefined => {
    if (!showEstimates) return undefined;
    if (estimates.isError) return { status: 'error' };
    if (estimates.isPending) return { status: 'pending' };
    return { status: 'done', estimate: estimateByItem.get(item.id) };
  };
  const shown = filterCollection(items, { query, ...filter });
  const clearAll = () => {
    setQuery('');
    setFilter(NO_FILTER);
  };

  return (
    <section
      aria-label="Collection"
      className="space-y-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-6"
    >
      <Tabs.Root value={list} onValueChange={(value) => isOwner && setTab(value as CollectionList)}>
        <Tabs.List aria-label="Lists" className="flex gap-1 border-b border-slate-200">
          {COLLECTION_LISTS.map((name) => (
            <Tabs.Trigger
              key={name}
              value={name}
              disabled={!isOwner && name !== 'collected'}
              className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-semibold text-slate-600 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700 enabled:hover:text-slate-900 disabled:cursor-default"
            >
              {COLLECTION_LIST_LABELS[name]}{' '}
              <span className="tabular-nums">({itemsOf(collection.data, name).length})</span>
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <div className="mt-4 flex flex-wrap items-start gap-2">
          <CollectionSearch items={items} value={query} onChange={setQuery} />
          <FilterMenu value={filter} onChange={setFilter} />
          <ViewToggle value={view} onChange={setView} />
        </div>
        {COLLECTION_LISTS.map((name) => (
          <Tabs.Content key={name} value={name} className="mt-4 focus-visible:outline-2">
            <ListBody
              isOwner={isOwner}
              list={name}
              total={items.length}
              shownCount={shown.length}
              view={view}
              onClearAll={clearAll}
            >
              {shown.map((item) => (
                <ItemCard
                  key={item.id}
                  item={item}
                  view={view}
                  onRemove={isOwner ? () => setRemoving(item) : undefined}
                  offer={
                    isOwner ? undefined : itemOffer?.(item, estimateByItem.get(item.id)?.estimate ?? null)
                  }
                  estimate={estimateOf(item)}
                />
              ))}
            </ListBody>
          </Tabs.Content>
        ))}
      </Tabs.Root>
      {isOwner ? (
        <>
          <button
            type="button"
            onClick={() => setAdding(true)}
            aria-label={`Add card to ${COLLECTION_LIST_LABELS[list]}`}
            className="fixed right-5 bottom-5 z-30 flex size-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg hover:bg-brand-700"
          >
            <Plus className="size-7" aria-hidden />
          </button>
          <AddCardSheet
            ownerId={profileId}
            list={list}
            open={adding}
            onOpenChange={setAdding}
            setCardsQuery={setCardsQuery}
          />
          <RemoveDialog ownerId={profileId} list={list} item={removing} onClose={() => setRemoving(null)} />
        </>
      ) : null}
    </section>
  );
}

function ViewToggle({
  value,
  onChange,
}: {
  value: CollectionView;
  onChange: (view: CollectionView) => void;
}) {
  const option = (view: CollectionView, label: string, Icon: typeof List) => (
    <button
      type="button"
      aria-pressed={value === view}
      onClick={() => onChange(view)}
      className={`rounded-md p-2 ${value === view ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100'}`}
    >
      <Icon className="size-4" aria-hidden />
      <span className="sr-only">{label}</span>
    </button>
  );
  return (
    <fieldset className="flex rounded-lg border border-slate-300 bg-white p-0.5">
      <legend className="sr-only">View</legend>
      {option('grid', 'Grid view', LayoutGrid)}
      {option('list', 'List view', List)}
    </fieldset>
  );
}
