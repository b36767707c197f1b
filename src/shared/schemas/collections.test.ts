import { describe, expect, it } from 'vitest';
import { AddCollectionItemBodySchema } from './collections.ts';
import { MakeOfferBodySchema } from './offers.ts';

const body = { list: 'collected', setId: 'base_set', cardName: 'Charizard' };

describe('AddCollectionItemBodySchema', () => {
  it.each([
    ['base', 'base_set'],
    ['jungle', 'jungle_set'],
    ['fossil', 'fossil_set'],
    ['Fossil_Set', 'fossil_set'],
  ])('accepts the set %j as %s', (setId, expected) => {
    expect(AddCollectionItemBodySchema.parse({ ...body, setId }).setId).toBe(expected);
  });

  it('treats empty optional fields as not given', () => {
    const parsed = AddCollectionItemBodySchema.parse({
      ...body,
      cardNumber: '',
      grade: null,
      gradingCompany: '',
      certNumber: '  ',
      variant: null,
      acceptingOffers: null,
    });
    expect(parsed).toEqual({ list: 'collected', setId: 'base_set', cardName: 'Charizard' });
  });

  it('accepts every allowed grade, company and variant', () => {
    for (const grade of [1, 10]) {
      for (const gradingCompany of ['PSA', 'BGS', 'CGC']) {
        for (const variant of ['1st Edition', 'Shadowless', 'Unlimited']) {
          expect(
            AddCollectionItemBodySchema.safeParse({ ...body, grade, gradingCompany, variant }).success,
          ).toBe(true);
        }
      }
    }
  });

  it('refuses a cert number or accepting offers on a Want to Buy card', () => {
    const result = AddCollectionItemBodySchema.safeParse({
      ...body,
      list: 'wtb',
      certNumber: '1',
      acceptingOffers: true,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'certNumber',
      'acceptingOffers',
    ]);
    expect(
      AddCollectionItemBodySchema.safeParse({ ...body, list: 'wtb', acceptingOffers: false }).success,
    ).toBe(true);
  });
});

describe('MakeOfferBodySchema', () => {
  it.each([
    [0.01, 1],
    [1, 100],
    [2500.5, 250_050],
    [10_000_000, 1_000_000_000],
  ])('takes $%s as %d cents', (amount, cents) => {
    expect(MakeOfferBodySchema.parse({ itemId: 'base_4_1', amount }).amount).toBe(cents);
  });

  it.each([0, -1, 1e-9, 10_000_000.01, 1.005, Number.NaN])('refuses $%s', (amount) => {
    expect(MakeOfferBodySchema.safeParse({ itemId: 'base_4_1', amount }).success).toBe(false);
  });
});
