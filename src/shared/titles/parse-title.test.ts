import { describe, expect, it } from 'vitest';
import { parseTitle } from './parse-title.ts';
import type { RefusalRule } from './title-refusals.ts';

function cardOf(title: string) {
  const answer = parseTitle(title);
  if ('refused' in answer) throw new Error(`${title} was refused: ${answer.refused}`);
  return answer;
}

function ruleOf(title: string): RefusalRule | 'accepted' {
  const answer = parseTitle(title);
  return 'refused' in answer ? answer.rule : 'accepted';
}

describe('parseTitle', () => {
  it('reads a sold listing into the card, its print, grader and grade', () => {
    expect(parseTitle('1999 Pokemon Fossil 1st Edition Holo Gengar #5 PSA 9 MINT')).toEqual({
      setId: 'fossil_set',
      cardId: 'fossil_set-5',
      cardName: 'Gengar',
      variant: '1st Edition',
      grader: 'PSA',
      grade: 9,
    });
  });

  it('names a non-holo rare as the analysis does', () => {
    expect(cardOf('Fossil Ditto 18/62 1st Edition PSA 10').cardName).toBe('Ditto non-holo');
    expect(cardOf('Base Set Electrode 1st Edition PSA 8').cardName).toBe('Electrode non-holo');
  });

  describe('1st Edition', () => {
    it.each([
      '1st Edition',
      '1st Ed',
      '1st Ed.',
      'First Edition',
      '1ED',
      '1st edition',
      '1ST EDITION',
      '1stEdition',
      '1st',
    ])('reads %j', (words) => {
      expect(cardOf(`Charizard ${words} Base Set Holo PSA 9`).variant).toBe('1st Edition');
    });

    it('refuses a title that never says 1st Edition: Holoscope covers 1st Edition only', () => {
      expect(ruleOf('Charizard Base Set Holo 4/102 PSA 9')).toBe('no-first-edition');
      expect(ruleOf('Charizard 1st Gen Base Set Holo PSA 7')).toBe('no-first-edition');
      expect(ruleOf('Charizard Base Set 1st Print Holo PSA 8')).toBe('no-first-edition');
    });

    it.each([
      'NOT 1st Edition',
      'Non 1st Edition',
      'no 1st edition',
      'not first edition',
      'missing 1st edition stamp',
    ])('refuses %j', (words) => {
      expect(ruleOf(`Charizard Base Set Holo ${words} PSA 8`)).toBe('not-first-edition');
    });
  });

  describe('prints Holoscope does not cover', () => {
    it('refuses Shadowless without 1st Edition, and keeps a 1st Edition that also says Shadowless', () => {
      expect(parseTitle('Charizard Base Set Shadowless Holo PSA 8')).toEqual({
        refused: 'Shadowless without 1st Edition: Holoscope covers 1st Edition only',
        rule: 'shadowless',
      });
      expect(cardOf('1st Edition Shadowless Charizard Holo PSA 8').cardId).toBe('base_set-4');
    });

    it.each([
      ['Charizard Base Set Unlimited Holo PSA 9', 'unlimited'],
      ['Blastoise Base Set 3rd Print Holo 1st Edition PSA 8', 'unlimited'],
      ['Charizard Base Set 4th Print Holo PSA 9', 'fourth-print'],
      ['Charizard ©1999-2000 UK Base Set Holo PSA 8', 'fourth-print'],
      ['Japanese Base Set Charizard Holo 1st Edition PSA 9', 'non-english'],
      ['リザードン 1st Edition PSA 10', 'non-english'],
      ['German 1. Auflage Glurak PSA 9', 'non-english'],
      ['Charizard Reverse Holo 1st Edition PSA 10', 'reverse-holo'],
      ['Charizard Base Set 2 Holo 4/130 PSA 9', 'other-set'],
      ['Base 2 Blastoise Holo PSA 10', 'other-set'],
      ['Charizard Legendary Collection Holo PSA 9', 'other-set'],
      ['Dark Charizard 1st Edition Holo PSA 9', 'other-set'],
      ["Blaine's Charizard 1st Edition PSA 9", 'other-set'],
      ['Charizard GX 1st Edition PSA 10', 'other-set'],
      ['Zapdos Holo 1st Edition 16/110 PSA 9', 'other-set'],
    ] as const)('refuses %j as %s', (title, rule) => {
      expect(ruleOf(title)).toBe(rule);
    });

    it('reads "Base Set 2-Player" as the starter deck, not Base Set 2', () => {
      expect(cardOf('Machamp 1st Edition Holo Base Set 2-Player Starter PSA 9').cardId).toBe('base_set-8');
    });
  });

  describe('words that mean the listing is not the card', () => {
    it.each([
      ['Lot of 3 PSA 9 1st Edition Charizard', 'lot'],
      ['2x Gengar 1st Edition Fossil Holo PSA 9', 'lot'],
      ['Bundle 1st Edition Jungle Scyther PSA 9', 'lot'],
      ['You Pick PSA 10 1st Edition Jungle', 'lot'],
      ['Charizard 1st Edition Base Set PSA 10 Proxy', 'proxy'],
      ['Fake PSA Slab 1st Edition Blastoise', 'proxy'],
      ['Custom Charizard 1st Edition PSA 10', 'custom'],
      ['Orica Charizard 1st Edition PSA 10', 'custom'],
      ['Fan Art Gengar 1st Edition PSA 9', 'custom'],
      ['Charizard 1st Edition Reprint PSA 10', 'reprint'],
      ['Charizard Evolutions Holo PSA 10', 'reprint'],
      ['Jumbo Charizard 1st Edition PSA 10', 'not-a-card'],
      ['PSA 10 Charizard 1st Edition Empty Slab', 'not-a-card'],
    ] as const)('refuses %j as %s', (title, rule) => {
      expect(ruleOf(title)).toBe(rule);
    });

    it('says which word it refused', () => {
      expect(parseTitle('Charizard 1st Edition PSA 10 Orica')).toEqual({
        refused: 'a custom or fan-made card, not the card ("orica")',
        rule: 'custom',
      });
    });

    it('does not read words that merely contain a refused word', () => {
      expect(cardOf('Charizard 1st Edition Base Set Holo PSA 9 Slot').cardId).toBe('base_set-4');
      expect(cardOf('Mysterious Fossil 1st Edition PSA 10').cardId).toBe('fossil_set-62');
    });
  });

  describe('numbers', () => {
    it.each(['#4', '4/102', '004/102', '#004', '# 4', '#4/102', '04 / 102'])('reads %j', (number) => {
      expect(cardOf(`Charizard ${number} 1st Edition Holo PSA 9`).cardId).toBe('base_set-4');
    });

    it('infers the set from the number out of /102, /64 or /62', () => {
      expect(cardOf('Zapdos 16/102 1st Ed Holo PSA 9').cardId).toBe('base_set-16');
      expect(cardOf('Zapdos 15/62 1st Ed Holo PSA 9').cardId).toBe('fossil_set-15');
      expect(cardOf('Electrode 18/64 1st Edition PSA 10').cardId).toBe('jungle_set-18');
    });

    it('refuses a number out of another total', () => {
      expect(parseTitle('Charizard 4/130 1st Edition PSA 9')).toEqual({
        refused: 'number 4/130 is not from Base Set (/102), Jungle (/64), Fossil (/62)',
        rule: 'other-set',
      });
    });

    it('refuses a number that does not fit the name or set', () => {
      expect(ruleOf('Gengar 1st Edition Fossil 3/62 PSA 9')).toBe('mismatch');
      expect(ruleOf('Pikachu 1st Edition Base Set 60/64 PSA 9')).toBe('mismatch');
      expect(ruleOf('Charizard 4/62 1st Edition PSA 9')).toBe('mismatch');
    });

    it('reads neither a fraction out of ten nor a cert or seller code as a card number', () => {
      expect(cardOf('Charizard 1st Edition Base Set Holo PSA 9 pop 1/1').grade).toBe(9);
      expect(cardOf('Charizard 1st Edition Base Set Holo PSA 9 INV#045').cardId).toBe('base_set-4');
      expect(cardOf('Charizard 1st Edition Base Set Holo PSA 9 #12345678').cardId).toBe('base_set-4');
    });

    it('refuses a title with two card numbers', () => {
      expect(ruleOf('Ditto 1st Edition Fossil 3/62 18/62 PSA 9')).toBe('two-cards');
    });
  });

  describe('holo and non-holo prints of one name', () => {
    it('tells them apart by number', () => {
      expect(cardOf('Ditto 1st Edition Fossil 3/62 PSA 9').cardId).toBe('fossil_set-3');
      expect(cardOf('Ditto 1st Edition Fossil 18/62 PSA 9').cardId).toBe('fossil_set-18');
    });

    it.each([
      ['Holo', 'fossil_set-3'],
      ['Holofoil', 'fossil_set-3'],
      ['Non-Holo', 'fossil_set-18'],
      ['non holo', 'fossil_set-18'],
      ['NONHOLO', 'fossil_set-18'],
    ])('tells them apart by %j when there is no number', (words, cardId) => {
      expect(cardOf(`Ditto ${words} 1st Edition Fossil PSA 9`).cardId).toBe(cardId);
    });

    it('refuses when it cannot tell', () => {
      expect(parseTitle('Ditto 1st Edition Fossil PSA 9')).toEqual({
        refused:
          'cannot tell Fossil Ditto 3/62 from Fossil Ditto non-holo 18/62: the title has no number or holo word',
        rule: 'ambiguous',
      });
    });

    it('refuses holo words that contradict the number or the card', () => {
      expect(ruleOf('Ditto Holo 1st Edition Fossil 18/62 PSA 9')).toBe('mismatch');
      expect(ruleOf('Scyther Non-Holo 1st Edition 10/64 PSA 9')).toBe('mismatch');
      expect(ruleOf('Electabuzz Holo 1st Edition Base Set PSA 9')).toBe('mismatch');
      expect(ruleOf('Ditto Holo Non-Holo 1st Edition Fossil PSA 9')).toBe('mismatch');
    });
  });

  describe('sets', () => {
    it.each([
      ['Base Set', 'base_set-58'],
      ['Base', 'base_set-58'],
      ['Jungle', 'jungle_set-60'],
    ])('reads %j', (words, cardId) => {
      expect(cardOf(`Pikachu 1st Edition ${words} PSA 9`).cardId).toBe(cardId);
    });

    it('infers the set from a name only one set has', () => {
      expect(cardOf('Charizard Holo 1st Edition PSA 9').setId).toBe('base_set');
      expect(cardOf('Gengar Holo 1st Edition PSA 9').setId).toBe('fossil_set');
    });

    it('refuses a name two sets have when nothing tells them apart', () => {
      expect(parseTitle('Zapdos Holo 1st Edition PSA 10')).toEqual({
        refused:
          'could be Base Set Zapdos 16/102 or Fossil Zapdos 15/62: the title names no set or number that tells them apart',
        rule: 'ambiguous',
      });
      expect(ruleOf('Pikachu 1st Edition PSA 10')).toBe('ambiguous');
    });

    it('reads Shadowless as Base Set', () => {
      expect(cardOf('1st edition Magneton Shadowless Holo PSA 9').cardId).toBe('base_set-9');
    });

    it('refuses a name the set does not have, and two sets', () => {
      expect(ruleOf('Charizard 1st Edition Jungle Holo PSA 9')).toBe('mismatch');
      expect(ruleOf('Jungle Fossil 1st Edition Scyther Holo PSA 9')).toBe('mismatch');
    });
  });

  describe('card names', () => {
    it.each([
      ['Nidoran♂ 1st Edition PSA 10', 'base_set-55', 'Nidoran ♂'],
      ['Nidoran M 1st Edition PSA 10', 'base_set-55', 'Nidoran ♂'],
      ['Nidoran Male 1st Edition PSA 10', 'base_set-55', 'Nidoran ♂'],
      ['Nidoran F 1st Edition PSA 10', 'jungle_set-57', 'Nidoran ♀'],
      ['Nidoran 1st Edition Jungle PSA 10', 'jungle_set-57', 'Nidoran ♀'],
      ['Mr Mime Holo 1st Edition PSA 9', 'jungle_set-6', 'Mr. Mime'],
      ['Farfetchd 1st Edition PSA 9', 'base_set-27', "Farfetch'd"],
      ['Farfetch’d 1st Edition PSA 9', 'base_set-27', "Farfetch'd"],
      ['Pokeball 1st Edition PSA 9', 'jungle_set-64', 'Poké Ball'],
      ['Pokemon Breeder 1st Edition PSA 9', 'base_set-76', 'Pokémon Breeder'],
      ['Imposter Professor Oak 1st Edition PSA 9', 'base_set-73', 'Impostor Professor Oak'],
      ['Double Colourless Energy 1st Edition PSA 9', 'base_set-96', 'Double Colorless Energy'],
      ['Plus Power 1st Edition PSA 9', 'base_set-84', 'PlusPower'],
    ])('reads %j', (title, cardId, cardName) => {
      expect(cardOf(title)).toMatchObject({ cardId, cardName });
    });

    it('reads the longest name, not a shorter one inside it', () => {
      expect(cardOf('Super Energy Removal 1st Edition PSA 9').cardId).toBe('base_set-79');
      expect(cardOf('Clefairy Doll 1st Edition PSA 9').cardId).toBe('base_set-70');
      expect(cardOf('Impostor Professor Oak 1st Edition PSA 9').cardId).toBe('base_set-73');
      expect(cardOf('Professor Oak 1st Edition PSA 9').cardId).toBe('base_set-88');
    });

    it('reads Red Cheeks as the Pikachu Red Cheeks variant, and plain Pikachu without it', () => {
      expect(cardOf('Red Cheeks Pikachu 1st Edition Base Set 58/102 PSA 8')).toMatchObject({
        cardId: 'base_set-103',
        cardName: 'Pikachu Red Cheeks',
      });
      expect(cardOf('Pikachu 1st Edition Base Set 58/102 PSA 8').cardId).toBe('base_set-58');
    });

    it('refuses a title that names two cards, and keeps one named twice', () => {
      expect(parseTitle('Charizard Blastoise 1st Edition Base Set Holo PSA 9')).toEqual({
        refused: 'names more than one card (Charizard, Blastoise)',
        rule: 'two-cards',
      });
      expect(cardOf('Charizard 1st Edition Base Set Holo PSA 10 Charizard').cardId).toBe('base_set-4');
    });

    it('refuses a title that names no catalogue card', () => {
      expect(ruleOf('Lugia 1st Edition Holo PSA 9')).toBe('no-card');
      expect(ruleOf('Fossil 1st Edition #5 PSA 9')).toBe('no-card');
    });
  });

  describe('graders and grades', () => {
    it.each([
      ['PSA 9', 'PSA', 9],
      ['PSA9', 'PSA', 9],
      ['PSA-10', 'PSA', 10],
      ['PSA 10 GEM MINT', 'PSA', 10],
      ['PSA GEM MT 10', 'PSA', 10],
      ['PSA NM-MT 8', 'PSA', 8],
      ['PSA 8.5', 'PSA', 8.5],
      ['PSA 1.5', 'PSA', 1.5],
      ['BGS 9.5', 'BGS', 9.5],
      ['Beckett 9.5', 'BGS', 9.5],
      ['Beckett BGS 9.5', 'BGS', 9.5],
      ['BGS 10 Pristine', 'BGS', 10],
      ['CGC 8.5', 'CGC', 8.5],
      ['CGC 10 Gem Mint', 'CGC', 10],
      ['SGC 9', 'SGC', 9],
      ['SGC 10 Pristine', 'SGC', 10],
      ['TAG 10', 'TAG', 10],
    ])('reads %j', (words, grader, grade) => {
      expect(cardOf(`Charizard 1st Edition Base Set Holo ${words}`)).toMatchObject({ grader, grade });
    });

    it('keeps BGS subgrades out of the grade', () => {
      expect(cardOf('Charizard 1st Ed Holo BGS 9 (9.5 9 9 9.5)').grade).toBe(9);
    });

    it('refuses PSA 9.5, a grade PSA does not give', () => {
      expect(parseTitle('Charizard 1st Edition Base Set Holo PSA 9.5')).toEqual({
        refused: 'PSA gives no 9.5: its half grades stop at 8.5',
        rule: 'invalid-grade',
      });
    });

    it.each([
      ['PSA 8 (OC)', 'OC'],
      ['PSA 9 OC', 'OC'],
      ['PSA 8 MC', 'MC'],
      ['PSA 7 NM (ST)', 'ST'],
      ['PSA 6 (MK)', 'MK'],
      ['PSA 9 MINT (PD)', 'PD'],
      ['PSA 8 (OF)', 'OF'],
    ])('refuses the qualified %j', (words, code) => {
      expect(parseTitle(`Charizard 1st Edition Base Set Holo ${words}`)).toEqual({
        refused: expect.stringContaining(`(${code})`),
        rule: 'qualifier',
      });
    });

    it('keeps a title that says there is no qualifier', () => {
      expect(cardOf('Charizard 1st Edition Base Set Holo PSA 10 (no qualifiers)').grade).toBe(10);
      expect(cardOf('Charizard 1st Edition Base Set Holo PSA 9 - no qualifier').grade).toBe(9);
    });

    it.each([
      ['Charizard 1st Edition Base Set Holo PSA Authentic', 'label'],
      ['Charizard 1st Edition Base Set Holo BGS 10 Black Label', 'label'],
      ['Charizard 1st Edition Base Set Holo CGC Pristine 10', 'label'],
      ['Charizard 1st Edition Base Set Holo Raw PSA 10 Candidate', 'ungraded'],
      ['Charizard 1st Edition Base Set Holo Near Mint', 'no-grade'],
      ['Charizard 1st Edition Base Set Holo SGC 96', 'no-grade'],
      ['Charizard 1st Edition Base Set Holo GMA 8', 'other-grader'],
      ['Charizard 1st Edition Base Set Holo PSA 9 BGS 9.5', 'two-grades'],
    ] as const)('refuses %j as %s', (title, rule) => {
      expect(ruleOf(title)).toBe(rule);
    });

    it('keeps a grade said twice', () => {
      expect(cardOf('PSA 10 Charizard 1st Edition Base Set Holo PSA 10').grade).toBe(10);
    });
  });

  it('ignores emoji, punctuation and seller noise', () => {
    expect(
      cardOf('🔥🔥 L@@K!! [PSA 10] Scyther | 1st Edition | Jungle Holo 10/64 (SKU PK-4411) 💎'),
    ).toMatchObject({
      cardId: 'jungle_set-10',
      grade: 10,
    });
  });

  it('refuses an empty title', () => {
    expect(ruleOf('  🔥  ')).toBe('empty');
  });
});
