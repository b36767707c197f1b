import { BarChart3, Users } from 'lucide-react';
import { Link } from 'react-router';
import type { CatalogueCard } from '#shared/schemas/catalogue.ts';

/** The card art's own size; the attributes reserve the space so the grid never jumps while images load. */
const ART_WIDTH = 245;
const ART_HEIGHT = 342;

const linkClass =
  'inline-flex flex-1 items-center justify-center gap-1 whitespace-nowrap rounded-md border border-slate-200 px-2 py-1.5 text-xs font-semibold text-brand-700 hover:bg-brand-50';

/** The address of a card's sales analysis or of its collectors. */
export type CardSearchUrl = (mode: 'analyse' | 'source', card: CatalogueCard) => string;

export function CardTile({ card, searchUrl }: { card: CatalogueCard; searchUrl: CardSearchUrl }) {
  const label = `${card.name} ${card.number}`;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <img
        src={card.imageUrl}
        alt={`${label}, ${card.rarity}`}
        width={ART_WIDTH}
        height={ART_HEIGHT}
        loading="lazy"
        decoding="async"
        className="aspect-[245/342] h-auto w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-3">
        <div className="flex-1">
          <h2 className="text-sm font-semibold leading-tight text-slate-900">{card.name}</h2>
          <p className="mt-1 text-xs text-slate-600">
            <span className="font-mono">{card.number}</span> · {card.rarity}
          </p>
        </div>
        {/* On a narrow tile the two links stack rather than cut Collectors off. */}
        <div className="flex flex-wrap gap-1.5">
          <Link to={searchUrl('analyse', card)} className={linkClass}>
            <BarChart3 className="size-3.5" aria-hidden />
            Sales<span className="sr-only"> of {label}</span>
          </Link>
          <Link to={searchUrl('source', card)} className={linkClass}>
            <Users className="size-3.5" aria-hidden />
            Collectors<span className="sr-only"> with {label}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}
