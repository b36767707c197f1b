import { describe, expect, it } from 'vitest';
import { cardsOf } from './catalogue.ts';
import { SET_IDS } from './sets.ts';
import { MAX_SUGGESTIONS, suggestCardNames } from './suggestions.ts';

describe('suggestCardNames (docs/product.md §5)', () => {
  it('matches a substring of the name whatever its case', () => {
    expect(suggestCardNames('base_set', 'ZARD')).toEqual(['Charizard']);
    expect(suggestCardNames('base_set', 'izar')).toEqual(['Charizard']);
  });

  it('suggests rare prints as "<name> non-holo" and holo prints by name alone', () => {
    expect(suggestCardNames('jungle_set', 'scyth')).toEqual(['Scyther', 'Scyther non-holo']);
    expect(suggestCardNames('jungle_set', 'scyther nonholo')).toEqual(['Scyther non-holo']);
    expect(suggestCardNames('base_set', 'electabuzz')).toEqual(['Electabuzz non-holo']);
    expect(suggestCardNames('base_set', 'chansey')).toEqual(['Chansey']);
  });

  it('only suggests cards of the selected set', () => {
    expect(suggestCardNames('base_set', 'scyther')).toEqual([]);
    expect(suggestCardNames('fossil_set', 'charizard')).toEqual([]);
    expect(suggestCardNames('fossil_set', 'aerodactyl')).toEqual(['Aerodactyl', 'Aerodactyl non-holo']);
  });

  it('gives at most 10 unique names', () => {
    for (const setId of SET_IDS) {
      const suggestions = suggestCardNames(setId, 'e');
      expect(suggestions).toHaveLength(MAX_SUGGESTIONS);
      expect(new Set(suggestions).size).toBe(suggestions.length);
      const names = new Set(cardsOf(setId).map((card) => card.searchName));
      for (const suggestion of suggestions) expect(names.has(suggestion)).toBe(true);
    }
  });

  it('puts names that start with the text before names that merely contain it', () => {
    // In catalogue order Gyarados (6/102) and Poliwrath (13/102) come before Raichu (14/102).
    expect(suggestCardNames('base_set', 'ra').slice(0, 4)).toEqual([
      'Raichu',
      'Raticate',
      'Rattata',
      'Gyarados',
    ]);
    expect(suggestCardNames('base_set', 'ch')).toContain('Pikachu Red Cheeks');
    expect(suggestCardNames('base_set', 'ma').at(-1)).toBe('Charmander');
  });

  it('gives nothing for empty or blank text', () => {
    expect(suggestCardNames('base_set', '')).toEqual([]);
    expect(suggestCardNames('base_set', '   ')).toEqual([]);
  });
});
