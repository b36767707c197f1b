import { describe, expect, it } from 'vitest';
import type { CatalogueCard } from '#shared/schemas/catalogue.ts';
import { cardOptionLabel, matchingCards } from './card-matching.ts';

function card(number: string, name: string, rarity: string): CatalogueCard {
  const holo = rarity === 'Rare Holo';
  return {
    cardId: `fossil_set-${number}`,
    setId: 'fossil_set',
    number,
    name,
    searchName: rarity === 'Rare' ? `${name} non-holo` : name,
    rarity,
    category: holo ? 'holo' : 'rare',
    rarityGroup: holo ? 'holo_rare' : 'rare',
    supertype: 'Pokémon',
    imageUrl: `/card-images/fossil_set-${number}`,
  };
}

const cards = [
  card('1/62', 'Aerodactyl', 'Rare Holo'),
  card('16/62', 'Aerodactyl', 'Rare'),
  card('15/62', 'Zapdos', 'Rare Holo'),
];

describe('the add form card picker', () => {
  it('offers every card of the set before anything is typed', () => {
    expect(matchingCards(cards, '  ')).toHaveLength(3);
  });

  it('filters by name case-insensitively, keeping both prints of a name', () => {
    expect(matchingCards(cards, 'AERO').map(cardOptionLabel)).toEqual([
      'Aerodactyl · 1/62 · Rare Holo',
      'Aerodactyl · 16/62 · Rare',
    ]);
    expect(matchingCards(cards, 'non-holo').map((match) => match.number)).toEqual(['16/62']);
  });

  it('finds a card by the start of its number and nothing for an unknown name', () => {
    expect(matchingCards(cards, '15').map((match) => match.name)).toEqual(['Zapdos']);
    expect(matchingCards(cards, 'charizard')).toEqual([]);
  });
});
