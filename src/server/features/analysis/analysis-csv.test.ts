import { describe, expect, it } from 'vitest';
import { csvCell, csvFilename, salesCsv } from './analysis-csv.ts';

describe('analysis CSV', () => {
  it('quotes fields as RFC 4180 asks', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(9.5)).toBe('9.5');
  });

  it.each(['=HYPERLINK("x")', '+1', '-2+3', '@SUM(A1)', '\tcmd'])(
    'defuses %j so a spreadsheet shows it as text',
    (value) => {
      expect(csvCell(value).replace(/^"/, '')).toMatch(/^'/);
    },
  );

  it('writes a header and one CRLF line per sale', () => {
    const csv = salesCsv([
      {
        sold_on: '2026-01-02',
        price_cents: 123_450,
        seller: 'card, shop',
        seller_rating: 99.8,
        grading_company: 'PSA',
        grade: 10,
        sale_type: 'buy_it_now',
        title: 'Charizard 1st Edition PSA 10',
        listing_url: 'https://example.com/1',
        cert_number: '12345678',
        source: 'goldin',
        currency: 'GBP',
        original_price_cents: 100_000,
        shipping_cents: 1_500,
        buyer_premium_cents: 20_000,
        best_offer_accepted: 0,
        excluded: 1,
      },
      {
        sold_on: '2026-01-01',
        price_cents: 5,
        seller: '=cmd',
        seller_rating: null,
        grading_company: null,
        grade: null,
        sale_type: null,
        title: null,
        listing_url: null,
        cert_number: null,
        source: null,
        currency: 'USD',
        original_price_cents: null,
        shipping_cents: null,
        buyer_premium_cents: null,
        best_offer_accepted: false,
        excluded: false,
      },
    ]);
    expect(csv).toBe(
      "Date,Price,Seller,Seller rating,Grader,Grade,Sale type,Title,Listing URL,Cert number,Source,Original price,Currency,Buyer's premium,Shipping,Best Offer accepted,Excluded\r\n" +
        '2026-01-02,1234.50,"card, shop",99.8,PSA,10,Buy It Now,Charizard 1st Edition PSA 10,https://example.com/1,12345678,goldin,1000.00,GBP,200.00,15.00,no,yes\r\n' +
        "2026-01-01,0.05,'=cmd,,,,,,,,,,USD,,,no,no\r\n",
    );
  });

  it('names the file after the card, set, period and filter', () => {
    const base = { setId: 'base_set', period: 'all', grader: undefined, grade: undefined } as const;
    expect(csvFilename({ ...base, cardName: 'Charizard' })).toBe('charizard-base_set-all.csv');
    expect(
      csvFilename({
        ...base,
        cardName: 'Scyther non-holo',
        setId: 'jungle_set',
        period: '30d',
        grader: 'PSA',
        grade: 9.5,
      }),
    ).toBe('scyther-non-holo-jungle_set-30d-psa-9.5.csv');
    expect(csvFilename({ ...base, cardName: 'Farfetch\'d "x"' })).toBe('farfetch-d-x-base_set-all.csv');
    expect(csvFilename({ ...base, cardName: '♀♂' })).toBe('card-base_set-all.csv');
  });
});
