import { describe, expect, it } from 'vitest';
import {
  allCards,
  cardsOf,
  findCardById,
  findCardByName,
  rarityCounts,
  staticImageBaseName,
} from './catalogue.ts';
import { SET_IDS } from './sets.ts';

describe('catalogue', () => {
  it('holds 103 Base Set, 64 Jungle and 62 Fossil entries', () => {
    expect(cardsOf('base_set')).toHaveLength(103);
    expect(cardsOf('jungle_set')).toHaveLength(64);
    expect(cardsOf('fossil_set')).toHaveLength(62);
  });

  it('counts rarities as the catalogue README does', () => {
    expect(rarityCounts(cardsOf('base_set'))).toEqual({
      holo_rare: 16,
      rare: 6,
      uncommon: 20,
      common: 28,
      trainer: 26,
      energy: 7,
    });
    expect(rarityCounts(cardsOf('jungle_set'))).toEqual({
      holo_rare: 16,
      rare: 16,
      uncommon: 16,
      common: 15,
      trainer: 1,
    });
    expect(rarityCounts(cardsOf('fossil_set'))).toEqual({
      holo_rare: 15,
      rare: 15,
      uncommon: 15,
      common: 12,
      trainer: 5,
    });
  });

  it('gives every card a unique id and a search name unique within its set', () => {
    const ids = allCards().map((card) => card.cardId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const setId of SET_IDS) {
      const names = cardsOf(setId).map((card) => card.searchName.toLowerCase());
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it('tells the holo and the non-holo print of the same Pokémon apart', () => {
    expect(findCardByName('jungle_set', 'scyther')?.number).toBe('10/64');
    expect(findCardByName('jungle_set', 'Scyther non-holo')?.number).toBe('26/64');
    expect(findCardByName('jungle_set', 'nonholo SCYTHER')?.rarity).toBe('Rare');
  });

  it('resolves names whatever their case, including ones title-casing would change', () => {
    expect(findCardByName('base_set', 'charizard')?.cardId).toBe('base_set-4');
    expect(findCardByName('base_set', 'pluspower')?.name).toBe('PlusPower');
    expect(findCardByName('base_set', 'GUST OF WIND')?.name).toBe('Gust of Wind');
    expect(findCardByName('base_set', 'Not A Card')).toBeUndefined();
  });

  it('names static images as docs/product.md §2 does', () => {
    expect(staticImageBaseName(findCardByName('base_set', "farfetch'd")!)).toBe(
      'BaseSetImages/Base_Farfetchd_27_102',
    );
    expect(staticImageBaseName(findCardById('base_set-4')!)).toBe('BaseSetImages/Base_Charizard_4_102');
    expect(staticImageBaseName(findCardById('jungle_set-64')!)).toBe('JungleSetImages/Jungle_PokBall_64_64');
  });
});
