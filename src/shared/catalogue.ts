import baseSet from '../../data/catalogue/base_set.json' with { type: 'json' };
import fossilSet from '../../data/catalogue/fossil_set.json' with { type: 'json' };
import jungleSet from '../../data/catalogue/jungle_set.json' with { type: 'json' };
import { cardNameKey, NON_HOLO_SUFFIX, normaliseCardName } from './card-names.ts';
import { getSet, SET_IDS, type SetId } from './sets.ts';

/** Rarity groups used by filters and gallery counts, the same words for all three sets. */
export const RARITY_GROUPS = ['holo_rare', 'rare', 'uncommon', 'common', 'trainer', 'energy'] as const;
export type RarityGroup = (typeof RARITY_GROUPS)[number];

interface CatalogueEntry {
  number: string;
  name: string;
  rarity: string;
  supertype: string;
  types: string[];
  category: string;
  variantOf?: string;
}

export interface Card {
  cardId: string;
  setId: SetId;
  number: string;
  /** Name as printed (catalogue). */
  name: string;
  /** Name used by search and sales: rare non-holo prints carry ` non-holo`. */
  searchName: string;
  /** Rarity as printed: Rare Holo, Rare, Uncommon, Common. */
  rarity: string;
  /** The catalogue's category (Holo, Rare, … for Base Set; holo_rare, rare, … for Jungle and Fossil). */
  category: string;
  rarityGroup: RarityGroup;
  supertype: string;
  /** Energy type that colours the card art; Trainer and Energy cards use their supertype. */
  colour: string;
  imageUrl: string;
  variantOf?: string;
}

interface CatalogueFile {
  printedTotal: number;
  releaseDate: string;
  cards: CatalogueEntry[];
}

const RAW: Record<SetId, CatalogueFile> = {
  base_set: baseSet,
  jungle_set: jungleSet,
  fossil_set: fossilSet,
};

const CATEGORY_TO_GROUP: Record<string, RarityGroup> = {
  holo: 'holo_rare',
  holo_rare: 'holo_rare',
  rare: 'rare',
  uncommon: 'uncommon',
  common: 'common',
  trainer: 'trainer',
  energy: 'energy',
};

export function cardIdFor(setId: SetId, number: string): string {
  return `${setId}-${number.split('/')[0]}`;
}

function toCard(setId: SetId, entry: CatalogueEntry): Card {
  const rarityGroup = CATEGORY_TO_GROUP[entry.category.toLowerCase()];
  if (!rarityGroup) throw new Error(`Unknown category ${entry.category} in ${setId}`);
  const cardId = cardIdFor(setId, entry.number);
  return {
    cardId,
    setId,
    number: entry.number,
    name: entry.name,
    searchName: rarityGroup === 'rare' ? `${entry.name}${NON_HOLO_SUFFIX}` : entry.name,
    rarity: entry.rarity,
    category: entry.category,
    rarityGroup,
    supertype: entry.supertype,
    colour: entry.types[0] ?? entry.supertype,
    imageUrl: `/card-images/${cardId}`,
    ...(entry.variantOf ? { variantOf: entry.variantOf } : {}),
  };
}

const CARDS: Record<SetId, readonly Card[]> = {
  base_set: RAW.base_set.cards.map((entry) => toCard('base_set', entry)),
  jungle_set: RAW.jungle_set.cards.map((entry) => toCard('jungle_set', entry)),
  fossil_set: RAW.fossil_set.cards.map((entry) => toCard('fossil_set', entry)),
};

const BY_SEARCH_NAME = new Map<string, Card>();
const BY_NUMBER = new Map<string, Card>();
const BY_ID = new Map<string, Card>();
for (const setId of SET_IDS) {
  for (const card of CARDS[setId]) {
    BY_SEARCH_NAME.set(`${setId}|${cardNameKey(card.searchName)}`, card);
    BY_NUMBER.set(`${setId}|${card.number.split('/')[0]}`, card);
    BY_ID.set(card.cardId, card);
  }
}

export function cardsOf(setId: SetId): readonly Card[] {
  return CARDS[setId];
}

export function setFacts(setId: SetId): { printedTotal: number; releaseDate: string } {
  return { printedTotal: RAW[setId].printedTotal, releaseDate: RAW[setId].releaseDate };
}

export function allCards(): Card[] {
  return SET_IDS.flatMap((setId) => CARDS[setId]);
}

export function findCardById(cardId: string): Card | undefined {
  return BY_ID.get(cardId);
}

/** Resolves what a user typed (any case, with or without a non-holo marker) to a catalogue card. */
export function findCardByName(setId: SetId, typed: string): Card | undefined {
  return BY_SEARCH_NAME.get(`${setId}|${cardNameKey(normaliseCardName(typed))}`);
}

export function findCardByNumber(setId: SetId, number: string): Card | undefined {
  return BY_NUMBER.get(`${setId}|${number.split('/')[0]?.trim()}`);
}

export type RarityCounts = Partial<Record<RarityGroup, number>>;

export function rarityCounts(cards: readonly Card[]): RarityCounts {
  const counts: RarityCounts = {};
  for (const card of cards) counts[card.rarityGroup] = (counts[card.rarityGroup] ?? 0) + 1;
  return counts;
}

/** docs/product.md §2: /{SetName}SetImages/{set}_{name stripped of non-alphanumerics}_{number with / as _}. */
export function staticImageBaseName(card: Card): string {
  const folder = getSet(card.setId).imageFolder;
  const name = card.name.replace(/[^A-Za-z0-9]/g, '');
  return `${folder}SetImages/${folder}_${name}_${card.number.replace('/', '_')}`;
}
