import { describe, expect, it } from 'vitest';
import { STAND_IN_SLABS } from '../../tests/helpers/psa-stand-in.ts';
import { certToCard, readPsaGrade } from './psa-cert-card.ts';

type Slab = keyof typeof STAND_IN_SLABS;

/** What each of the PSA stand-in's records is in the catalogue, or why it is no catalogue card. */
const CARDS: [Slab, object | RegExp][] = [
  [
    'fossilGengarFirstEdition',
    { setId: 'fossil_set', cardName: 'Gengar', cardNumber: '5/62', variant: '1st Edition' },
  ],
  [
    'jungleScytherHalfGrade',
    { setId: 'jungle_set', cardName: 'Scyther', cardNumber: '10/64', variant: '1st Edition' },
  ],
  [
    'baseCharizardShadowless',
    { setId: 'base_set', cardName: 'Charizard', cardNumber: '4/102', variant: 'Shadowless' },
  ],
  [
    'baseCharizardUnlimited',
    { setId: 'base_set', cardName: 'Charizard', cardNumber: '4/102', variant: 'Unlimited' },
  ],
  [
    'jungleSnorlaxUnlimited',
    { setId: 'jungle_set', cardName: 'Snorlax', cardNumber: '11/64', variant: 'Unlimited' },
  ],
  [
    'basePikachuQualified',
    { setId: 'base_set', cardName: 'Pikachu', cardNumber: '58/102', variant: '1st Edition' },
  ],
  [
    'fossilDitto',
    { setId: 'fossil_set', cardName: 'Ditto non-holo', cardNumber: '18/62', variant: '1st Edition' },
  ],
  ['authentic', { setId: 'fossil_set', cardName: 'Zapdos', cardNumber: '15/62', variant: '1st Edition' }],
  ['japaneseFossilGengar', /^not an English print/],
  ['baseSetTwo', /^Base Set 2, a later set/],
  ['otherGame', /^not a Pokémon card \(MAGIC THE GATHERING ALPHA\)/],
];

describe('a PSA certificate read as a catalogue card', () => {
  it.each(CARDS)('reads %s', (slab, expected) => {
    const answer = certToCard(STAND_IN_SLABS[slab].record);
    if (expected instanceof RegExp) {
      expect(answer.card).toBeNull();
      expect(answer.reason).toMatch(expected);
    } else {
      expect(answer.reason).toBeNull();
      expect(answer.card).toMatchObject(expected);
    }
  });

  it('reads the card from its name and number when the brand is Base Set ("POKEMON GAME")', () => {
    const pikachu = { Brand: 'POKEMON GAME', Subject: 'PIKACHU', Variety: '1ST EDITION' };
    expect(certToCard({ ...pikachu, CardNumber: '58' }).card).toMatchObject({
      cardName: 'Pikachu',
      cardNumber: '58/102',
    });
    expect(
      certToCard({ ...pikachu, Subject: 'PIKACHU', Variety: 'RED CHEEKS-1ST EDITION', CardNumber: '58' })
        .card,
    ).toMatchObject({ cardName: 'Pikachu Red Cheeks' });
    expect(certToCard({ ...pikachu, CardNumber: '60' }).reason).toMatch(/number #60 does not fit/);
  });

  it.each([
    [
      { Brand: 'POKEMON ROCKET', Subject: 'DARK CHARIZARD-HOLO', CardNumber: '4', Variety: '1ST EDITION' },
      /a set Holoscope does not cover/,
    ],
    [
      { Brand: 'POKEMON JUNGLE', Subject: 'SCYTHER-HOLO', CardNumber: '10', Variety: 'SHADOWLESS' },
      /Shadowless is a Base Set print/,
    ],
    [
      { Brand: 'POKEMON GAME', Subject: 'CHARIZARD-HOLO', CardNumber: '4', Variety: '4TH PRINT-UK' },
      /4th print/,
    ],
    [
      { Brand: 'POKEMON NEO GENESIS', Subject: 'LUGIA-HOLO', CardNumber: '9', Variety: '1ST EDITION' },
      /a set Holoscope does not cover/,
    ],
    [
      { Brand: 'YU-GI-OH! LOB', Subject: 'BLUE-EYES WHITE DRAGON', CardNumber: '1', Variety: '1ST EDITION' },
      /not a Pokémon card/,
    ],
  ])('refuses %j', (record, reason) => {
    expect(certToCard(record)).toEqual({ card: null, reason: expect.stringMatching(reason) });
  });
});

describe('a PSA grade read from CardGrade', () => {
  it.each([
    ['GEM MT 10', 10, null],
    ['MINT 9', 9, null],
    ['NM-MT 8.5', 8.5, null],
    ['EX 5.5', 5.5, null],
    ['PR 1', 1, null],
    ['MINT 9 (OC)', 9, 'OC'],
    ['NM-MT 8 ST', 8, 'ST'],
    ['EX-MT 6.5 (PD)', 6.5, 'PD'],
    ['AUTHENTIC', null, null],
    ['MINT 9.5', null, null],
  ])('reads %s as %s with qualifier %s, keeping the label', (label, value, qualifier) => {
    expect(readPsaGrade(` ${label} `)).toEqual({ value, qualifier, label });
  });
});
