import { describe, expect, it } from 'vitest';
import { cardsOf } from '#shared/catalogue.ts';
import { galleryCards, galleryCounts } from './gallery-cards.ts';

const asApi = (setId: 'base_set' | 'jungle_set' | 'fossil_set') =>
  cardsOf(setId).map(({ colour: _colour, ...card }) => card);

describe('gallery cards and counts', () => {
  it('shows 102 Base Set cards: every entry but Red Cheeks', () => {
    const cards = galleryCards(asApi('base_set'));
    expect(cards).toHaveLength(102);
    expect(cards.some((card) => card.name.includes('Red Cheeks'))).toBe(false);
    expect(cards.filter((card) => card.name === 'Pikachu')).toHaveLength(1);
  });

  it('counts Base Set by rarity, energy included', () => {
    expect(galleryCounts(galleryCards(asApi('base_set')))).toEqual([
      { group: 'holo_rare', label: 'Holos', count: 16 },
      { group: 'rare', label: 'Rares', count: 6 },
      { group: 'uncommon', label: 'Uncommons', count: 20 },
      { group: 'common', label: 'Commons', count: 27 },
      { group: 'trainer', label: 'Trainers', count: 26 },
      { group: 'energy', label: 'Energy', count: 7 },
    ]);
  });

  it('keeps every Jungle and Fossil card and shows no energy count for them', () => {
    for (const [setId, total] of [
      ['jungle_set', 64],
      ['fossil_set', 62],
    ] as const) {
      const cards = galleryCards(asApi(setId));
      expect(cards).toHaveLength(total);
      const counts = galleryCounts(cards);
      expect(counts.map((entry) => entry.label)).not.toContain('Energy');
      expect(counts.reduce((sum, entry) => sum + entry.count, 0)).toBe(total);
    }
  });
});
