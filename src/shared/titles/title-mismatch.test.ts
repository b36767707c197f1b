import { describe, expect, it } from 'vitest';
import { titleMismatch } from './parse-title.ts';

const CHARIZARD = { setId: 'base_set', cardId: 'base_set-4' } as const;
const DITTO_HOLO = { setId: 'fossil_set', cardId: 'fossil_set-3' } as const;

describe('titleMismatch', () => {
  it('finds nothing wrong with a title of the sale’s card', () => {
    expect(titleMismatch('1999 Base Set 1st Edition Holo Charizard #4 PSA 9', CHARIZARD)).toBeNull();
    expect(titleMismatch('Ditto Holo 1st Edition Fossil 3/62 PSA 9', DITTO_HOLO)).toBeNull();
  });

  it('finds nothing wrong where the title only says less than the parser needs', () => {
    expect(titleMismatch('Charizard Holo PSA 9', CHARIZARD)).toBeNull();
    expect(titleMismatch('Ditto Fossil', DITTO_HOLO)).toBeNull();
    expect(titleMismatch('', CHARIZARD)).toBeNull();
  });

  it.each([
    ['Lot of 3 PSA 9 1st Edition Charizard', 'a lot or bundle, not one card ("lot")'],
    ['Charizard 1st Edition PSA 10 Proxy', 'a proxy or fake, not the card ("proxy")'],
    ['Charizard 1st Edition Reprint PSA 10', 'a reprint, not the original card ("reprint")'],
    ['Custom Charizard 1st Edition PSA 10', 'a custom or fan-made card, not the card ("custom")'],
    ['Charizard Base Set Unlimited Holo PSA 9', 'Unlimited, not 1st Edition ("unlimited")'],
    [
      'Charizard Base Set Shadowless Holo PSA 8',
      'Shadowless without 1st Edition: Holoscope covers 1st Edition only',
    ],
  ])('says why %j is not the sale’s card', (title, reason) => {
    expect(titleMismatch(title, CHARIZARD)).toBe(reason);
  });

  it('says when the title names another card', () => {
    expect(titleMismatch('Blastoise 1st Edition Base Set Holo PSA 9', CHARIZARD)).toBe(
      '"blastoise" does not fit Base Set Charizard 4/102',
    );
    expect(titleMismatch('Charizard Blastoise 1st Edition PSA 9', CHARIZARD)).toBe(
      'names more than one card (Charizard, Blastoise)',
    );
    expect(titleMismatch('Dark Charizard 1st Edition PSA 9', CHARIZARD)).toBe(
      '"dark charizard" is not a Base Set, Jungle or Fossil card',
    );
  });

  it('says when the title’s number, set or holo words belong to another print', () => {
    expect(titleMismatch('Ditto 1st Edition 18/62 PSA 9', DITTO_HOLO)).toBe(
      'number 18/62 does not fit Fossil Ditto 3/62',
    );
    expect(titleMismatch('Ditto Non-Holo 1st Edition PSA 9', DITTO_HOLO)).toBe(
      '"non-holo" does not fit Fossil Ditto 3/62',
    );
    expect(titleMismatch('Jungle Ditto 1st Edition PSA 9', DITTO_HOLO)).toBe(
      'Jungle does not fit Fossil Ditto 3/62',
    );
  });

  it('tells Pikachu from its Red Cheeks variant only when the title says Red Cheeks', () => {
    const pikachu = { setId: 'base_set', cardId: 'base_set-58' } as const;
    const redCheeks = { setId: 'base_set', cardId: 'base_set-103' } as const;
    expect(titleMismatch('Red Cheeks Pikachu 1st Edition Base Set PSA 8', pikachu)).toBe(
      '"red cheeks" does not fit Base Set Pikachu 58/102',
    );
    expect(titleMismatch('Red Cheeks Pikachu 1st Edition 58/102 PSA 8', redCheeks)).toBeNull();
    expect(titleMismatch('Pikachu 1st Edition Base Set 58/102 PSA 8', redCheeks)).toBeNull();
  });

  it('refuses a sale card the catalogue does not have', () => {
    expect(() => titleMismatch('Charizard', { setId: 'jungle_set', cardId: 'base_set-4' })).toThrow(
      'No catalogue card base_set-4 in jungle_set',
    );
  });
});
