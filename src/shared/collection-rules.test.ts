import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardsOf, findCardByName } from './catalogue.ts';
import {
  type CollectionSearchable,
  collectionItemId,
  collectionItemIds,
  collectionSuggestionLabel,
  collectionSuggestions,
  filterCollection,
  GRADES,
  GRADING_COMPANIES,
  removeConfirmation,
  resolveCollectionCard,
  VARIANTS,
} from './collection-rules.ts';
import { SET_IDS } from './sets.ts';

const item = (setId: CollectionSearchable['setId'], cardName: string): CollectionSearchable => {
  const card = findCardByName(setId, cardName);
  if (!card) throw new Error(`No ${cardName} in ${setId}`);
  return { setId, cardName: card.searchName, rarityGroup: card.rarityGroup };
};

describe('collection choices (docs/product.md §3, §5)', () => {
  it('offers grades 1 to 10, PSA/BGS/CGC and the three variants', () => {
    expect(GRADES).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(GRADING_COMPANIES).toEqual(['PSA', 'BGS', 'CGC']);
    expect(VARIANTS).toEqual(['1st Edition', 'Shadowless', 'Unlimited']);
  });

  it('asks the remove confirmation for each tab', () => {
    expect(removeConfirmation('collected')).toBe(
      'Are you sure you want to remove this card from your collection?',
    );
    expect(removeConfirmation('wtb')).toBe(
      'Are you sure you want to remove this card from your want to buy list?',
    );
  });
});

describe('collectionItemId (docs/product.md §3)', () => {
  it('is <short set>_<number before the slash>_<timestamp>', () => {
    expect(collectionItemId('base_set', '4/102', 1732200000000)).toBe('base_4_1732200000000');
    expect(collectionItemId('jungle_set', '17/64', 1732200000001)).toBe('jungle_17_1732200000001');
    expect(collectionItemId('fossil_set', '62', 1732200000002.7)).toBe('fossil_62_1732200000002');
  });

  it('moves to the next millisecond for as long as an id is taken', () => {
    const ids = collectionItemIds('base_set', '4/102', 1000);
    expect([ids.next().value, ids.next().value, ids.next().value]).toEqual([
      'base_4_1000',
      'base_4_1001',
      'base_4_1002',
    ]);
  });

  it('gives different ids to different cards and instants', () => {
    const card = fc.constantFrom(...SET_IDS.flatMap((setId) => cardsOf(setId)));
    const stamp = fc.integer({ min: 1_000_000_000_000, max: 9_999_999_999_999 });
    fc.assert(
      fc.property(card, card, stamp, stamp, (a, b, first, second) => {
        const same = a.cardId === b.cardId && first === second;
        expect(
          collectionItemId(a.setId, a.number, first) === collectionItemId(b.setId, b.number, second),
        ).toBe(same);
      }),
    );
  });
});

describe('resolveCollectionCard', () => {
  it.each([
    ['base_set', 'charizard', undefined, 'base_set-4'],
    ['base_set', 'Charizard', '4/102', 'base_set-4'],
    ['jungle_set', 'Clefable', '17', 'jungle_set-17'],
    ['jungle_set', 'Clefable', undefined, 'jungle_set-1'],
    ['jungle_set', 'clefable NONHOLO', null, 'jungle_set-17'],
    ['base_set', 'Electabuzz', '', 'base_set-20'],
    ['base_set', 'Blastoise', '4', 'base_set-2'],
  ] as const)('finds %s %j (number %j) as %s', (setId, name, number, cardId) => {
    expect(resolveCollectionCard(setId, name, number)?.cardId).toBe(cardId);
  });

  it.each([
    ['base_set', 'Scyther'],
    ['base_set', 'Pikachoo'],
    ['fossil_set', ''],
  ] as const)('knows no %s card %j', (setId, name) => {
    expect(resolveCollectionCard(setId, name, '1')).toBeUndefined();
  });
});

describe('profile search (docs/product.md §5)', () => {
  const items = [
    item('base_set', 'Charizard'),
    item('base_set', 'Charmander'),
    item('base_set', 'Charizard'),
    item('base_set', 'Electabuzz non-holo'),
    item('jungle_set', 'Scyther'),
    item('jungle_set', 'Scyther non-holo'),
    item('fossil_set', 'Zapdos'),
    item('base_set', 'Zapdos'),
  ];

  it('formats a suggestion as name plus set and a Holo/Non-Holo tag', () => {
    expect(collectionSuggestionLabel(items[0]!)).toBe('Charizard · Base Set · Holo');
    expect(collectionSuggestionLabel(items[3]!)).toBe('Electabuzz · Base Set · Non-Holo');
    expect(collectionSuggestionLabel(items[5]!)).toBe('Scyther · Jungle · Non-Holo');
    expect(collectionSuggestionLabel(items[1]!)).toBe('Charmander · Base Set · Non-Holo');
  });

  it('suggests unique entries containing the text, in any case', () => {
    expect(collectionSuggestions(items, 'CHAR')).toEqual([
      'Charizard · Base Set · Holo',
      'Charmander · Base Set · Non-Holo',
    ]);
    expect(collectionSuggestions(items, 'scyther')).toEqual([
      'Scyther · Jungle · Holo',
      'Scyther · Jungle · Non-Holo',
    ]);
    expect(collectionSuggestions(items, '  ')).toEqual([]);
  });

  it('suggests at most 10', () => {
    const many = cardsOf('base_set').map((card) => ({
      setId: card.setId,
      cardName: card.searchName,
      rarityGroup: card.rarityGroup,
    }));
    expect(collectionSuggestions(many, 'a')).toHaveLength(10);
    expect(collectionSuggestions(many, 'a', 3)).toHaveLength(3);
  });

  it('filters by set, rarity and text; the empty filter keeps everything', () => {
    expect(filterCollection(items, {})).toEqual(items);
    expect(filterCollection(items, { set: 'all', rarity: 'all', query: '' })).toEqual(items);
    expect(filterCollection(items, { set: 'jungle' }).map(collectionSuggestionLabel)).toEqual([
      'Scyther · Jungle · Holo',
      'Scyther · Jungle · Non-Holo',
    ]);
    expect(filterCollection(items, { rarity: 'rare' }).map((entry) => entry.cardName)).toEqual([
      'Electabuzz non-holo',
      'Scyther non-holo',
    ]);
    expect(filterCollection(items, { set: 'base', rarity: 'holo_rare', query: 'zap' })).toEqual([items[7]]);
    expect(filterCollection(items, { query: 'Zapdos · Fossil · Holo' })).toEqual([items[6]]);
  });
});
