import { describe, expect, it } from 'vitest';
import { notificationText } from './notification-text.ts';
import { priceConditionText, watchText } from './watch-text.ts';

describe('watch and alert wording (docs/product.md §10)', () => {
  it('says the cohort and the price condition of a watch', () => {
    const charizard = { setId: 'base_set' as const, cardName: 'Charizard', grader: 'PSA', grade: 9 };
    expect(watchText({ ...charizard, below: 20_000, above: null })).toBe(
      'Charizard (Base Set) PSA 9, below $20,000.00',
    );
    expect(watchText({ ...charizard, grader: null, grade: null, below: null, above: 1234.5 })).toBe(
      'Charizard (Base Set), any grade, above $1,234.50',
    );
    expect(priceConditionText({ below: 200, above: 100 })).toBe('between $100.00 and $200.00');
    expect(priceConditionText({ below: null, above: null })).toBe('at any price');
  });

  it('says what happened in an alert', () => {
    expect(
      notificationText({
        kind: 'sale',
        setId: 'base_set',
        cardName: 'Charizard',
        grader: 'PSA',
        grade: 9,
        price: 18_500,
      }),
    ).toBe('Charizard (Base Set) PSA 9 sold for $18,500.00');
    expect(
      notificationText({
        kind: 'wanted-card-open',
        setId: 'jungle_set',
        cardName: 'Snorlax',
        grader: 'BGS',
        grade: 9.5,
        price: null,
      }),
    ).toBe('Snorlax (Jungle) BGS 9.5, on your Want to Buy list, is now open to offers');
    expect(
      notificationText({
        kind: 'offer-expired',
        setId: 'base_set',
        cardName: 'Blastoise',
        grader: 'PSA',
        grade: 9,
        price: 1250,
      }),
    ).toBe('The offer of $1,250.00 on Blastoise (Base Set) PSA 9 expired after 7 days without an answer');
  });
});
