import { cardNameKey, NON_HOLO_SUFFIX, normaliseCardName } from './card-names.ts';
import { type Card, cardsOf, findCardByName, findCardByNumber, type RarityGroup } from './catalogue.ts';
import { getSet, type SetId } from './sets.ts';

/**
 * docs/product.md §3–§5 rules of a collector's Collected and Want to Buy lists, shared by the add forms, the profile
 * search and filters, and the server that enforces them.
 */
export const COLLECTION_LISTS = ['collected', 'wtb'] as const;
export type CollectionList = (typeof COLLECTION_LISTS)[number];
export const COLLECTION_LIST_LABELS: Record<CollectionList, string> = {
  collected: 'Collected',
  wtb: 'Want to Buy',
};

export const MIN_GRADE = 1;
export const MAX_GRADE = 10;
export const GRADES = Array.from({ length: MAX_GRADE - MIN_GRADE + 1 }, (_, index) => MIN_GRADE + index);
export const GRADING_COMPANIES = ['PSA', 'BGS', 'CGC'] as const;
export type GradingCompany = (typeof GRADING_COMPANIES)[number];
export const VARIANTS = ['1st Edition', 'Shadowless', 'Unlimited'] as const;
export type Variant = (typeof VARIANTS)[number];

export const MAX_CERT_NUMBER_LENGTH = 20;
/** PSA, BGS and CGC certificate numbers are digits; letters and dashes are allowed for older labels. */
export const CERT_NUMBER_PATTERN = /^[A-Za-z0-9-]+$/;
/** A list this long is a catalogue, not a collection; the cap keeps a profile one bounded read. */
export const MAX_ITEMS_PER_LIST = 2000;

export const COLLECTION_MESSAGES = {
  inDeal: 'This card is in an agreed deal. Complete or cancel the deal before removing it.',
  listRequired: 'Choose Collected or Want to Buy.',
  setRequired: 'Choose a card set.',
  cardNameRequired: 'Choose a card name.',
  grade: 'Grade must be a whole number from 1 to 10.',
  gradingCompany: 'Grading company must be PSA, BGS or CGC.',
  variant: 'Variant must be 1st Edition, Shadowless or Unlimited.',
  certNumber: 'A cert number is letters, digits and dashes, at most 20 characters.',
  acceptingOffers: 'Accepting offers is yes or no.',
  wtbCertNumber: 'Want to Buy cards have no cert number.',
  wtbAcceptingOffers: 'Want to Buy cards cannot accept offers.',
  itemNotFound: 'We could not find this card in your collection.',
} as const;

export function cardNotInSetMessage(setId: SetId, cardName: string): string {
  return `There is no card called "${cardName.trim()}" in ${getSet(setId).name}.`;
}

export function listFullMessage(list: CollectionList): string {
  return `Your ${COLLECTION_LIST_LABELS[list]} list is full (${MAX_ITEMS_PER_LIST.toLocaleString('en-US')} cards). Remove a card to add another.`;
}

/** docs/product.md §5's remove confirmation, worded for the tab it is asked on. */
export function removeConfirmation(list: CollectionList): string {
  const where = list === 'collected' ? 'collection' : 'want to buy list';
  return `Are you sure you want to remove this card from your ${where}?`;
}

/**
 * The catalogue card a form names: by number when one is given and it agrees with the name, otherwise by
 * name (any case, with or without a non-holo marker; a rare print may also be named as printed when that
 * name is unique in the set). Undefined when the set has no such card.
 */
export function resolveCollectionCard(
  setId: SetId,
  cardName: string,
  cardNumber?: string | null,
): Card | undefined {
  const wanted = cardNameKey(normaliseCardName(cardName));
  if (!wanted) return undefined;
  const named = (card: Card) => cardNameKey(card.searchName) === wanted || cardNameKey(card.name) === wanted;
  if (cardNumber?.trim()) {
    const byNumber = findCardByNumber(setId, cardNumber);
    if (byNumber && named(byNumber)) return byNumber;
  }
  const byName = findCardByName(setId, cardName);
  if (byName) return byName;
  const printed = cardsOf(setId).filter((card) => cardNameKey(card.name) === wanted);
  return printed.length === 1 ? printed[0] : undefined;
}

/**
 * docs/product.md §3 item ids: `<short set>_<number before the slash>_<milliseconds>`, e.g. `base_4_1732200000000`.
 * Two adds can land on the same millisecond, so this yields the next millisecond's id for as long as the
 * caller finds the previous one taken.
 */
export function* collectionItemIds(setId: SetId, cardNumber: string, timestampMs: number): Generator<string> {
  const number = cardNumber.split('/')[0]?.trim() || '0';
  const short = getSet(setId).short;
  for (let stamp = Math.trunc(timestampMs); ; stamp++) yield `${short}_${number}_${stamp}`;
}

export function collectionItemId(setId: SetId, cardNumber: string, timestampMs: number): string {
  return collectionItemIds(setId, cardNumber, timestampMs).next().value as string;
}

/** What the profile search, suggestions and filters need to know of an item. */
export interface CollectionSearchable {
  cardName: string;
  setId: SetId;
  rarityGroup: RarityGroup;
}

export function isHoloItem(item: Pick<CollectionSearchable, 'rarityGroup'>): boolean {
  return item.rarityGroup === 'holo_rare';
}

/** The card's printed name: the Holo/Non-Holo tag says what the ` non-holo` suffix would. */
export function printedCardName(cardName: string): string {
  return cardName.endsWith(NON_HOLO_SUFFIX) ? cardName.slice(0, -NON_HOLO_SUFFIX.length) : cardName;
}

/** docs/product.md §5: "name plus set and a Holo/Non-Holo tag", e.g. `Charizard · Base Set · Holo`. */
export function collectionSuggestionLabel(item: CollectionSearchable): string {
  return `${printedCardName(item.cardName)} · ${getSet(item.setId).name} · ${isHoloItem(item) ? 'Holo' : 'Non-Holo'}`;
}

function matchesText(item: CollectionSearchable, query: string): boolean {
  const wanted = cardNameKey(query);
  if (!wanted) return true;
  return (
    cardNameKey(item.cardName).includes(wanted) ||
    cardNameKey(collectionSuggestionLabel(item)).includes(wanted)
  );
}

export const MAX_COLLECTION_SUGGESTIONS = 10;

/** Up to 10 unique suggestions for the profile search box, in the order the items are listed. */
export function collectionSuggestions(
  items: readonly CollectionSearchable[],
  query: string,
  limit: number = MAX_COLLECTION_SUGGESTIONS,
): string[] {
  if (!cardNameKey(query)) return [];
  const labels = new Set<string>();
  for (const item of items) {
    if (labels.size >= limit) break;
    if (matchesText(item, query)) labels.add(collectionSuggestionLabel(item));
  }
  return [...labels];
}

export const COLLECTION_SET_FILTERS = ['all', 'base', 'jungle', 'fossil'] as const;
export type CollectionSetFilter = (typeof COLLECTION_SET_FILTERS)[number];
export const COLLECTION_RARITY_FILTERS = ['all', 'holo_rare', 'rare', 'uncommon', 'common'] as const;
export type CollectionRarityFilter = (typeof COLLECTION_RARITY_FILTERS)[number];

export interface CollectionFilter {
  query?: string;
  set?: CollectionSetFilter;
  rarity?: CollectionRarityFilter;
}

/** The profile grid's search box and filter menu; "Clear all" is the empty filter. */
export function filterCollection<T extends CollectionSearchable>(
  items: readonly T[],
  filter: CollectionFilter,
): T[] {
  const { query = '', set = 'all', rarity = 'all' } = filter;
  return items.filter(
    (item) =>
      (set === 'all' || getSet(item.setId).short === set) &&
      (rarity === 'all' || item.rarityGroup === rarity) &&
      matchesText(item, query),
  );
}
