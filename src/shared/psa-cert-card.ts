import type { Variant } from './collection-rules.ts';
import type { SetId } from './sets.ts';
import { readCardClues, resolveCard } from './titles/title-cards.ts';
import { isRefused } from './titles/title-refusals.ts';
import { normaliseTitle } from './titles/title-text.ts';
import { notTheCard, uncoveredPrint } from './titles/title-words.ts';

/** The fields of PSA's certificate record that say which card is in the slab. */
export interface PsaCardFields {
  Brand: string;
  Subject: string;
  CardNumber: string;
  Variety: string;
}

/** A PSA grade as its label reads: the number (null for Authentic), PSA's qualifier and the label itself. */
export interface PsaGrade {
  value: number | null;
  /** OC, ST, PD, OF, MC or MK: a qualified slab sells apart from the plain grade. */
  qualifier: string | null;
  label: string;
}

export interface CertCard {
  setId: SetId;
  cardId: string;
  cardName: string;
  cardNumber: string;
  variant: Variant;
}

export type CertCardAnswer = { card: CertCard; reason: null } | { card: null; reason: string };

/** PSA's brands for the three sets Holoscope covers ("1999 POKEMON GAME" is PSA's name for Base Set). */
const BRAND_SETS: readonly { pattern: RegExp; setId: SetId; words: string }[] = [
  { pattern: /^pokemon game$/, setId: 'base_set', words: 'base set' },
  { pattern: /^pokemon jungle$/, setId: 'jungle_set', words: 'jungle' },
  { pattern: /^pokemon fossil$/, setId: 'fossil_set', words: 'fossil' },
];

/** PSA's spellings of other sets that the listing-title rules know under another name. */
const BRAND_SPELLINGS: readonly [RegExp, string][] = [
  [/\bbase ii\b/, 'base set 2'],
  [/\brocket\b/, 'team rocket'],
];

const FIRST_EDITION = /\b1st edition\b/;
const SHADOWLESS = /\bshadowless\b/;
/** The print words Variety carries: read here, and taken out before the title rules read the rest. */
const PRINT_WORDS = /\b(?:1st edition|shadowless|unlimited)\b/g;

const QUALIFIER = /\(?\b(OC|ST|PD|OF|MC|MK)\b\)?/;
const GRADE_NUMBER = /(?<![\d.])(10|[1-9](?:\.5)?)(?![\d.])/;

/**
 * CardGrade as PSA writes it ("GEM MT 10", "NM-MT 8.5", "MINT 9 (OC)", "AUTHENTIC"): the number with its half
 * kept and PSA's qualifier, or no number when the label has none PSA gives (its halves stop at 8.5).
 */
export function readPsaGrade(cardGrade: string): PsaGrade {
  const label = cardGrade.trim().replace(/\s+/g, ' ');
  const upper = label.toUpperCase();
  const number = GRADE_NUMBER.exec(upper);
  const value = number ? Number(number[1]) : null;
  const valid = value !== null && (Number.isInteger(value) || value <= 8.5);
  return { value: valid ? value : null, qualifier: QUALIFIER.exec(upper)?.[1] ?? null, label };
}

/**
 * Which catalogue card a PSA certificate is, read by the listing-title rules (docs/decisions/050): Brand
 * names the set, Subject and CardNumber the card, Variety the print. 1st Edition, Shadowless (Base Set only)
 * and Unlimited prints of the three sets are recognised; anything else answers why it is not.
 */
export function certToCard(record: PsaCardFields): CertCardAnswer {
  const brand = normaliseTitle(record.Brand);
  if (!/\bpokemon\b/.test(brand))
    return refused(`not a Pokémon card (${record.Brand || 'no brand'}): Holoscope covers Pokémon cards only`);
  const variety = normaliseTitle(record.Variety);
  const set = BRAND_SETS.find(({ pattern }) => pattern.test(brand));
  let setWords = set?.words ?? brand;
  for (const [pattern, words] of BRAND_SPELLINGS) setWords = setWords.replace(pattern, words);
  const number = /^\d+$/.test(record.CardNumber.trim()) ? `#${Number(record.CardNumber)}` : '';
  // The print is read from Variety here; the title rules then see every card as 1st Edition, so they only
  // refuse what is not one of the covered cards (another language, set, a reprint…).
  const rest = variety.replace(PRINT_WORDS, ' ');
  const text = normaliseTitle(`${setWords} ${record.Subject} ${number} ${rest} 1st edition`);
  const print =
    notTheCard(text) ?? uncoveredPrint(`${record.Brand} ${record.Subject} ${record.Variety}`, text, false);
  if (print) return refused(print.refused);
  if (!set)
    return refused(`${record.Brand}, a set Holoscope does not cover: it covers Base Set, Jungle and Fossil`);
  const clues = readCardClues(text);
  if (isRefused(clues)) return refused(clues.refused);
  const card = resolveCard(clues);
  if (isRefused(card)) return refused(card.refused);
  const variant: Variant = FIRST_EDITION.test(variety)
    ? '1st Edition'
    : SHADOWLESS.test(variety)
      ? 'Shadowless'
      : 'Unlimited';
  if (variant === 'Shadowless' && card.setId !== 'base_set')
    return refused('Shadowless is a Base Set print: the record does not fit one card');
  return {
    card: {
      setId: card.setId,
      cardId: card.cardId,
      cardName: card.searchName,
      cardNumber: card.number,
      variant,
    },
    reason: null,
  };
}

function refused(reason: string): CertCardAnswer {
  return { card: null, reason };
}
