import { describe, expect, it } from 'vitest';
import { parseSaleRow } from './sale-row.ts';

const rules = { today: '2026-11-21' };

const flatSale = {
  card_name: 'charizard',
  set_id: 'base',
  price: '$1,234.56',
  sale_date: 'Sold Nov 3, 2025',
  seller: 'kanto_vault',
  timestamp: Date.parse('2025-11-03T02:15:00Z'),
  card_number: '4/102',
  card_rarity: 'Holo',
  card_id: 'anything',
};

function accepted(record: Record<string, unknown>) {
  const result = parseSaleRow(record, rules);
  if (!result.ok) throw new Error(`expected the row to be accepted, got: ${result.reason}`);
  return result.value;
}

function reason(record: Record<string, unknown>): string {
  const result = parseSaleRow(record, rules);
  if (result.ok) throw new Error('expected the row to be rejected');
  return result.reason;
}

describe('parseSaleRow', () => {
  it('refuses a price in another currency when no exchange rates are loaded', () => {
    expect(reason({ ...flatSale, price: 1000, currency: 'GBP' })).toBe('no GBP exchange rates are loaded');
    expect(accepted({ ...flatSale, currency: 'usd' }).sale.price_cents).toBe(123_456);
  });

  it('stores a foreign price as sold and in dollars at the rate of the sale day', () => {
    // 2025-11-03 is a Monday: 1 EUR = 1.15 USD = 0.88 GBP that day.
    const rates = new Map([
      [
        '2025-11-03',
        new Map([
          ['USD', 1.15],
          ['GBP', 0.88],
        ]),
      ],
    ]);
    const result = parseSaleRow({ ...flatSale, price: '880.00', currency: 'gbp' }, { ...rules, rates });
    if (!result.ok) throw new Error(result.reason);
    expect(result.value.sale).toMatchObject({
      price_cents: 115_000,
      original_price_cents: 88_000,
      currency: 'GBP',
    });
  });

  it('counts the buyer’s premium in the comparable price and leaves shipping out', () => {
    const { sale } = accepted({ ...flatSale, price: 1000, buyer_premium: '200.50', shipping: 25 });
    expect(sale).toMatchObject({
      price_cents: 120_050,
      original_price_cents: 100_000,
      buyer_premium_cents: 20_050,
      shipping_cents: 2_500,
      currency: 'USD',
    });
  });

  it('keeps the provenance fields', () => {
    const { sale } = accepted({
      ...flatSale,
      title: '1999 Pokemon Base Set 1st Edition Charizard #4 PSA 9',
      listingUrl: 'https://www.ebay.com/itm/1234',
      certNumber: '12345678',
      source: 'eBay',
      bestOfferAccepted: 'true',
      sale_type: 'best_offer',
    });
    expect(sale).toMatchObject({
      title: '1999 Pokemon Base Set 1st Edition Charizard #4 PSA 9',
      listing_url: 'https://www.ebay.com/itm/1234',
      cert_number: '12345678',
      source: 'ebay',
      best_offer_accepted: true,
    });
    expect(accepted(flatSale).sale).toMatchObject({
      title: null,
      listing_url: null,
      cert_number: null,
      source: null,
      best_offer_accepted: false,
      currency: 'USD',
    });
  });

  it.each([
    [
      { listing_url: 'javascript:alert(1)' },
      'listing_url "javascript:alert(1)" is not an http or https address',
    ],
    [{ listing_url: 'ebay listing' }, 'listing_url "ebay listing" is not a web address'],
    [
      { source: 'craigslist' },
      'source "craigslist" is not one of ebay, heritage, goldin, fanatics, pwcc, pristine, myslabs, other',
    ],
    [{ currency: 'dollars' }, 'currency "dollars" is not an ISO 4217 code like USD'],
    [{ shipping: '-5' }, 'shipping "-5" is not an amount'],
    [{ buyer_premium: 'a lot' }, 'buyer_premium "a lot" is not an amount'],
    [{ best_offer_accepted: 'maybe' }, 'best_offer_accepted "maybe" is not true or false'],
    [
      { cert_number: '12 34' },
      'cert_number "12 34" is not a certificate number (1 to 30 letters, digits or dashes)',
    ],
  ])('refuses a bad provenance value %j', (fields, why) => {
    expect(reason({ ...flatSale, ...fields })).toBe(why);
  });

  it('refuses a row with a NUL character, which PostgreSQL cannot store', () => {
    expect(reason({ ...flatSale, seller: 'kanto\u0000vault' })).toBe('seller contains a NUL character');
  });

  it('turns a flat_sales record into a sale of the catalogue card', () => {
    const { sale, imageBase64 } = accepted(flatSale);
    expect(sale).toMatchObject({
      card_id: 'base_set-4',
      set_id: 'base_set',
      card_name: 'Charizard',
      card_number: '4/102',
      card_rarity: 'Rare Holo',
      price_cents: 123456,
      sold_on: '2025-11-03',
      sold_at: '2025-11-03T02:15:00.000Z',
      seller: 'kanto_vault',
      seller_rating: null,
      grading_company: null,
      grade: null,
      sale_type: null,
      image: null,
    });
    expect(imageBase64).toBeUndefined();
  });

  it('names rare non-holo prints with the non-holo suffix, by name or by number', () => {
    expect(
      accepted({ ...flatSale, set_id: 'jungle_set', card_name: 'scyther nonholo', card_number: '' }).sale,
    ).toMatchObject({ card_name: 'Scyther non-holo', card_number: '26/64', card_id: 'jungle_set-26' });
    expect(
      accepted({ ...flatSale, set_id: 'jungle', card_name: 'Clefable', card_number: '17/64' }).sale,
    ).toMatchObject({ card_name: 'Clefable non-holo', card_number: '17/64' });
    expect(
      accepted({ ...flatSale, set_id: 'jungle', card_name: 'Clefable', card_number: '' }).sale,
    ).toMatchObject({
      card_name: 'Clefable',
      card_number: '1/64',
    });
  });

  it('trusts the name when the card number names a different card', () => {
    expect(accepted({ ...flatSale, card_number: '58/102' }).sale).toMatchObject({
      card_name: 'Charizard',
      card_number: '4/102',
    });
    expect(
      accepted({ ...flatSale, card_name: 'Pikachu Red Cheeks', card_number: '58/102' }).sale.card_number,
    ).toBe('103/102');
  });

  it('refuses cards the catalogue does not have and sets it does not know', () => {
    expect(reason({ ...flatSale, card_name: 'Mew', card_number: undefined })).toBe(
      'card "Mew" is not in the Base Set catalogue',
    );
    expect(reason({ ...flatSale, set_id: 'team_rocket' })).toBe(
      'set_id "team_rocket" is not base_set, jungle_set or fossil_set',
    );
    expect(reason({ ...flatSale, set_id: undefined })).toBe('set_id is missing');
    expect(reason({ ...flatSale, card_name: '', card_number: '' })).toBe('card_name is missing');
  });

  it('derives the day from the timestamp and the time from the day', () => {
    expect(accepted({ ...flatSale, sale_date: undefined }).sale).toMatchObject({
      sold_on: '2025-11-03',
      sold_at: '2025-11-03T02:15:00.000Z',
    });
    expect(accepted({ ...flatSale, timestamp: undefined }).sale).toMatchObject({
      sold_on: '2025-11-03',
      sold_at: '2025-11-03T12:00:00.000Z',
    });
    expect(reason({ ...flatSale, timestamp: undefined, sale_date: undefined })).toBe(
      'the sale has no date: give sale_date or timestamp',
    );
  });

  it('refuses dates after tomorrow and before 1999, and accepts tomorrow', () => {
    const noTimestamp = { ...flatSale, timestamp: undefined };
    expect(accepted({ ...noTimestamp, sale_date: 'Sold Nov 22, 2026' }).sale.sold_on).toBe('2026-11-22');
    expect(reason({ ...noTimestamp, sale_date: 'Sold Nov 23, 2026' })).toBe(
      'the sale date 2026-11-23 is in the future',
    );
    expect(reason({ ...flatSale, sale_date: undefined, timestamp: '2030-01-01T00:00:00Z' })).toBe(
      'the sale date 2030-01-01 is in the future',
    );
    expect(reason({ ...noTimestamp, sale_date: 'Sold Dec 31, 1998' })).toBe(
      'the sale date 1998-12-31 is before 1999',
    );
  });

  it('needs a seller', () => {
    expect(reason({ ...flatSale, seller: '  ' })).toBe('seller is missing');
    expect(reason({ ...flatSale, seller: 'x'.repeat(101) })).toBe('seller is longer than 100 characters');
  });

  it('reads the optional grading, sale type and seller rating columns', () => {
    const { sale } = accepted({
      ...flatSale,
      grading_company: 'bgs',
      grade: '9.5',
      sale_type: 'Buy It Now',
      seller_rating: '99.8%',
    });
    expect(sale).toMatchObject({
      grading_company: 'BGS',
      grade: 9.5,
      sale_type: 'buy_it_now',
      seller_rating: 99.8,
    });
    expect(
      accepted({ ...flatSale, saleType: 'best offer', gradingCompany: 'SGC', grade: 10 }).sale,
    ).toMatchObject({
      sale_type: 'best_offer',
      grading_company: 'SGC',
      grade: 10,
    });
  });

  it.each([
    [{ grading_company: 'Beckett' }, 'grading_company "Beckett" is not one of PSA, BGS, CGC, SGC, TAG'],
    [{ grade: '9.3' }, 'grade "9.3" is not a grade from 1 to 10 (halves allowed)'],
    [{ grade: 11 }, 'grade "11" is not a grade from 1 to 10 (halves allowed)'],
    [{ grade: 0.5 }, 'grade "0.5" is not a grade from 1 to 10 (halves allowed)'],
    [{ sale_type: 'raffle' }, 'sale_type "raffle" is not one of auction, buy_it_now, best_offer'],
    [{ seller_rating: 101 }, 'seller_rating "101" is not a percentage from 0 to 100'],
    [{ seller_rating: 'great' }, 'seller_rating "great" is not a percentage from 0 to 100'],
  ])('refuses %j', (extra, expected) => {
    expect(reason({ ...flatSale, ...extra })).toBe(expected);
  });

  it('treats blank cells as absent, as CSV files write them', () => {
    const { sale } = accepted({ ...flatSale, grading_company: '', grade: ' ', sale_type: '', imageData: '' });
    expect(sale).toMatchObject({ grading_company: null, grade: null, sale_type: null });
  });

  it('uses the record id as source reference, else a hash of the canonical fields', () => {
    expect(accepted({ ...flatSale, id: 'abc123' }).sale.source_ref).toBe('abc123');
    const first = accepted(flatSale).sale.source_ref;
    expect(first).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(accepted({ ...flatSale, card_rarity: 'other', card_id: 'other' }).sale.source_ref).toBe(first);
    expect(accepted({ ...flatSale, price: 1234.57 }).sale.source_ref).not.toBe(first);
    expect(accepted({ ...flatSale, seller: 'someone_else' }).sale.source_ref).not.toBe(first);
  });

  it('takes base64 images with or without a data: prefix and refuses what is not base64 or not an image', () => {
    expect(accepted({ ...flatSale, imageData: 'UklGRg==' }).imageBase64).toBe('UklGRg==');
    expect(accepted({ ...flatSale, imageData: 'data:image/png;base64,iVBO\nRw==' }).imageBase64).toBe(
      'iVBORw==',
    );
    expect(reason({ ...flatSale, imageData: 'not base64!' })).toBe('imageData is not valid base64');
    expect(reason({ ...flatSale, imageData: 'data:text/html;base64,PGI+' })).toBe(
      'imageData is a data: URL of type text/html, not an image',
    );
    expect(reason({ ...flatSale, imageData: 'data:image/svg+xml,<svg/>' })).toBe(
      'imageData data: URL is not base64',
    );
  });
});
