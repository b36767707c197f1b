import { describe, expect, it } from 'vitest';
import { sellerRatingText } from './seller-rating.ts';

describe('the seller rating of a sale', () => {
  it('says the seller rating, or that it is unknown', () => {
    expect(sellerRatingText(99.8)).toBe('Seller rating at time of sale: 99.8%');
    expect(sellerRatingText(100)).toBe('Seller rating at time of sale: 100%');
    expect(sellerRatingText(null)).toBe('Seller rating unknown');
  });
});
