import { useMemo } from 'react';
import { NavLink, useSearchParams } from 'react-router';
import { SETS, type SetInfo } from '#shared/sets.ts';
import { EmptyState, ErrorNotice, Spinner } from '#web/components/ui/states.tsx';
import { useSetCards } from '#web/features/catalogue/api/set-cards.ts';
import {
  galleryCards,
  galleryCounts,
  isRarityGroup,
  RARITY_LABELS,
} from '#web/features/catalogue/gallery-cards.ts';
import { type CardSearchUrl, CardTile } from './card-tile.tsx';

interface CardGalleryProps {
  set: SetInfo;
  /** Where a card's Sales and Collectors links lead. */
  searchUrl: CardSearchUrl;
}

/** Every card of a set with its counts by rarity, filtered by rarity through the URL (?rarity=…). */
export function CardGallery({ set, searchUrl }: CardGalleryProps) {
  const query = useSetCards(set.id);
  const [searchParams, setSearchParams] = useSearchParams();
  const rarityParam = searchParams.get('rarity');
  const rarity = isRarityGroup(rarityParam) ? rarityParam : undefined;

  const cards = useMemo(() => galleryCards(query.data?.cards ?? []), [query.data]);
  const counts = useMemo(() => galleryCounts(cards), [cards]);
  const shown = rarity ? cards.filter((card) => card.rarityGroup === rarity) : cards;

  const chooseRarity = (value: string) =>
    setSearchParams(value ? { rarity: value } : {}, { replace: true, preventScrollReset: true });

  return (
    <div className="mx-auto max-w-6xl px-3 py-6 sm:px-6 sm:py-8">
      <nav aria-label="Card sets" className="mb-5">
        <ul className="flex gap-2 overflow-x-auto">
          {SETS.map((other) => (
            <li key={other.id}>
              <NavLink
                to={`/card-sets/${other.slug}`}
                className={({ isActive }) =>
                  `block whitespace-nowrap rounded-full px-3 py-1.5 text-sm font-medium ${
                    isActive
                      ? 'bg-ink text-white'
                      : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-100'
                  }`
                }
              >
                {other.name}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{set.name}</h1>

      {query.isPending ? (
        <Spinner label={`Loading the ${set.name} cards…`} />
      ) : query.isError ? (
        <div className="mt-6">
          <ErrorNotice message={query.error.message} onRetry={() => query.refetch()} />
        </div>
      ) : (
        <>
          <ul aria-label="Card counts" className="mt-3 flex flex-wrap gap-2 text-sm">
            <li className="rounded-lg bg-ink px-3 py-1.5 font-semibold text-white">
              Total: <span className="tabular-nums">{cards.length}</span>
            </li>
            {counts.map((entry) => (
              <li
                key={entry.group}
                className="rounded-lg bg-white px-3 py-1.5 text-slate-700 ring-1 ring-slate-200"
              >
                {entry.label}:{' '}
                <span className="font-semibold tabular-nums text-slate-900">{entry.count}</span>
              </li>
            ))}
          </ul>

          <div className="mt-5 flex flex-wrap items-center gap-2">
            <label htmlFor="rarity-filter" className="text-sm font-medium text-slate-700">
              Show
            </label>
            <select
              id="rarity-filter"
              value={rarity ?? ''}
              onChange={(event) => chooseRarity(event.target.value)}
              className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm"
            >
              <option value="">All cards</option>
              {counts.map((entry) => (
                <option key={entry.group} value={entry.group}>
                  {RARITY_LABELS[entry.group]}
                </option>
              ))}
            </select>
            <p className="text-sm text-slate-600" aria-live="polite">
              Showing {shown.length} of {cards.length}
            </p>
          </div>

          {shown.length === 0 ? (
            <div className="mt-6">
              <EmptyState>No cards of this rarity in {set.name}.</EmptyState>
            </div>
          ) : (
            <ul className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 md:grid-cols-4 lg:grid-cols-5">
              {shown.map((card) => (
                <li key={card.cardId}>
                  <CardTile card={card} searchUrl={searchUrl} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
