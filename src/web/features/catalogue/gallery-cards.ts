import type { RarityGroup } from '#shared/catalogue.ts';
import type { CatalogueCard } from '#shared/schemas/catalogue.ts';

export const RARITY_LABELS: Record<RarityGroup, string> = {
  holo_rare: 'Holos',
  rare: 'Rares',
  uncommon: 'Uncommons',
  common: 'Commons',
  trainer: 'Trainers',
  energy: 'Energy',
};

const ORDER = Object.keys(RARITY_LABELS) as RarityGroup[];

/** docs/product.md §2: the Base Set gallery leaves out the Pikachu "Red Cheeks" print. */
export function galleryCards(cards: readonly CatalogueCard[]): CatalogueCard[] {
  return cards.filter((card) => !(card.setId === 'base_set' && /red cheeks/i.test(card.name)));
}

interface RarityCount {
  group: RarityGroup;
  label: string;
  count: number;
}

/** Counts by rarity group in a fixed order; groups a set does not have (energy outside Base) are left out. */
export function galleryCounts(cards: readonly CatalogueCard[]): RarityCount[] {
  return ORDER.map((group) => ({
    group,
    label: RARITY_LABELS[group],
    count: cards.filter((card) => card.rarityGroup === group).length,
  })).filter((entry) => entry.count > 0);
}

export function isRarityGroup(value: string | null): value is RarityGroup {
  return value !== null && (ORDER as string[]).includes(value);
}
