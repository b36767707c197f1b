import type { CatalogueCard } from '#shared/schemas/catalogue.ts';

/** Enough to scroll through a set while typing narrows it; the whole Base Set is 103 cards. */
const MAX_OPTIONS = 120;

export function cardOptionLabel(card: CatalogueCard): string {
  return `${card.name} · ${card.number} · ${card.rarity}`;
}

export function matchingCards(cards: readonly CatalogueCard[], typed: string): CatalogueCard[] {
  const wanted = typed.trim().toLowerCase();
  if (!wanted) return cards.slice(0, MAX_OPTIONS);
  return cards
    .filter(
      (card) =>
        card.name.toLowerCase().includes(wanted) ||
        card.searchName.toLowerCase().includes(wanted) ||
        card.number.startsWith(wanted),
    )
    .slice(0, MAX_OPTIONS);
}
