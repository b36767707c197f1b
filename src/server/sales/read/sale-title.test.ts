import { describe, expect, it } from 'vitest';
import { parseSaleRow } from './sale-row.ts';

const rules = { today: '2026-11-21' };

/** A sold listing as a marketplace gives it: a title instead of card fields. */
const listing = {
  title: '1999 Pokemon Fossil 1st Edition Holo Gengar #5 PSA 9 MINT',
  price: '412.50',
  timestamp: '2026-11-02T18:04:11.000Z',
  seller: 'gengar_gallery',
  source_ref: 'ebay:110551234567',
};

describe('a record with a title and no card fields', () => {
  it('is the card, grader and grade the title names, under its own source reference', () => {
    const result = parseSaleRow(listing, rules);
    if (!result.ok) throw new Error(result.reason);
    expect(result.value.sale).toMatchObject({
      set_id: 'fossil_set',
      card_id: 'fossil_set-5',
      card_name: 'Gengar',
      card_number: '5/62',
      grading_company: 'PSA',
      grade: 9,
      price_cents: 41_250,
      source_ref: 'ebay:110551234567',
    });
  });

  it('tells the holo and non-holo Ditto apart by number', () => {
    const result = parseSaleRow(
      { ...listing, title: 'Ditto 18/62 Fossil 1st Edition PSA 10 GEM MINT' },
      rules,
    );
    if (!result.ok) throw new Error(result.reason);
    expect(result.value.sale).toMatchObject({
      card_id: 'fossil_set-18',
      card_name: 'Ditto non-holo',
      grade: 10,
    });
  });

  it('keeps a grade the record gives itself', () => {
    const result = parseSaleRow({ ...listing, grading_company: 'BGS', grade: 9.5 }, rules);
    if (!result.ok) throw new Error(result.reason);
    expect(result.value.sale).toMatchObject({ grading_company: 'BGS', grade: 9.5 });
  });

  it('stores a TAG slab', () => {
    const result = parseSaleRow({ ...listing, title: 'Charizard 4/102 Base Set 1st Edition TAG 10' }, rules);
    if (!result.ok) throw new Error(result.reason);
    expect(result.value.sale).toMatchObject({ card_id: 'base_set-4', grading_company: 'TAG', grade: 10 });
  });

  it('is rejected with the reason the title is refused', () => {
    const result = parseSaleRow({ ...listing, title: 'Lot of 3 1st Edition Base Set PSA 9' }, rules);
    expect(result).toEqual({
      ok: false,
      reason: 'the title is refused: a lot or bundle, not one card ("lot")',
    });
  });

  it('is rejected for its length before it is read when it is longer than a stored title may be', () => {
    const title = 'Gengar Fossil 1st Edition Holo PSA 9 Ditto '.repeat(8);
    expect(parseSaleRow({ ...listing, title }, rules)).toEqual({
      ok: false,
      reason: 'title is longer than 300 characters',
    });
  });

  it('leaves a record that names its card to its card fields', () => {
    const result = parseSaleRow(
      { ...listing, title: 'Lot of 3 1st Edition Base Set PSA 9', set_id: 'jungle', card_name: 'Snorlax' },
      rules,
    );
    if (!result.ok) throw new Error(result.reason);
    expect(result.value.sale).toMatchObject({ card_id: 'jungle_set-11', grading_company: null });
  });
});
