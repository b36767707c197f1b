import { allCards, type Card, findCardByNumber, setFacts } from '../catalogue.ts';
import { getSet, SET_IDS, type SetId } from '../sets.ts';
import { isRefused, type RefusedTitle, refuse } from './title-refusals.ts';
import { blankOut, type Found, findAll, normaliseTitle, wordPattern } from './title-text.ts';

/** One thing the title says about its card; a card fits the title when it fits every clue. */
export interface CardClue {
  label: string;
  fits(card: Card): boolean;
}

export interface CardClues {
  /** In the order they narrow: name, set, number, holo words, variant words. */
  clues: CardClue[];
  named: boolean;
}

/**
 * Catalogue variants (Pikachu Red Cheeks, a variant of Pikachu 58/102) are named in titles as the card plus
 * the variant's own words: without them the title names the plain card.
 */
const VARIANTS = allCards().flatMap((card) => {
  if (!card.variantOf) return [];
  const base = findCardByNumber(card.setId, card.variantOf);
  if (!base) throw new Error(`${card.cardId} is a variant of ${card.variantOf}, which the catalogue lacks`);
  const words = normaliseTitle(card.name).replace(normaliseTitle(base.name), '').trim();
  const source = words
    .split(' ')
    .map((word) => `${word.replace(/s$/, '')}s?`)
    .join('[ -]?');
  return [{ card, base, words, pattern: wordPattern(source) }];
});
const VARIANT_OF = new Map(VARIANTS.map(({ card, base }) => [card.cardId, base]));
const CARDS = allCards();

/** The name and number as printed: a catalogue variant carries the name and number of its card. */
function printedName(card: Card): string {
  return (VARIANT_OF.get(card.cardId) ?? card).name;
}

function printedNumber(card: Card): number {
  return Number((VARIANT_OF.get(card.cardId) ?? card).number.split('/')[0]);
}

/** Spellings sellers use that the catalogue's own name does not cover. */
const SPELLINGS: Record<string, string> = {
  '♂': '(?:♂|m|male)',
  '♀': '(?:♀|f|female)',
  colorless: 'colou?rless',
  impostor: 'impost[oe]r',
  pluspower: 'plus[ -]?power',
};

function namePatternSource(name: string): string {
  return normaliseTitle(name)
    .split(' ')
    .map(
      (word) =>
        SPELLINGS[word] ??
        word
          .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          .replace(/\\\./g, '\\.?')
          .replace(/'/g, "'?"),
    )
    .join('[ -]?');
}

interface NameAlias {
  pattern: RegExp;
  names: string[];
  /**
   * The first letters of the name as every match of `pattern` begins (undefined when a spelling may change
   * them): a title without them at the start of a word cannot name it.
   */
  opening: string | undefined;
}

/** Letters that every match of a name's pattern begins with, at the start of a word of the title. */
const OPENING_LENGTH = 2;

function openingOf(name: string): string | undefined {
  const first = normaliseTitle(name).split(' ')[0]!;
  const letters = /^[a-z0-9]*/.exec(first)![0];
  return SPELLINGS[first] || letters.length < OPENING_LENGTH ? undefined : letters.slice(0, OPENING_LENGTH);
}

/**
 * Every printed name, and a Nidoran without its ♂ or ♀, which names both until the set or number tells
 * them apart.
 */
const NAME_ALIASES: NameAlias[] = (() => {
  const names = [...new Set(CARDS.map(printedName))];
  const aliases = names.map((name) => ({
    pattern: wordPattern(namePatternSource(name), 'g'),
    names: [name],
    opening: openingOf(name),
  }));
  const bySpecies = new Map<string, string[]>();
  for (const name of names.filter((candidate) => /[♂♀]$/.test(candidate))) {
    const species = name.replace(/\s*[♂♀]$/, '');
    bySpecies.set(species, [...(bySpecies.get(species) ?? []), name]);
  }
  for (const [species, both] of bySpecies)
    aliases.push({
      pattern: wordPattern(namePatternSource(species), 'g'),
      names: both,
      opening: openingOf(species),
    });
  return aliases;
})();

const ALIASES_BY_OPENING = new Map<string, NameAlias[]>();
for (const alias of NAME_ALIASES) {
  if (alias.opening === undefined) continue;
  const known = ALIASES_BY_OPENING.get(alias.opening);
  if (known) known.push(alias);
  else ALIASES_BY_OPENING.set(alias.opening, [alias]);
}
const WORD_START = /(?<![a-z0-9])[a-z0-9]{2}/g;

/**
 * The names whose opening letters begin a word of the title, in NAME_ALIASES order: the only ones that can
 * match it, so a title is not searched for each of the catalogue's few hundred names.
 */
function aliasesOpeningIn(text: string): NameAlias[] {
  const candidates = new Set<NameAlias>();
  for (const [opening] of text.matchAll(WORD_START))
    for (const alias of ALIASES_BY_OPENING.get(opening) ?? []) candidates.add(alias);
  return NAME_ALIASES.filter((alias) => alias.opening === undefined || candidates.has(alias));
}

/** A name after these words is another card: Team Rocket's Dark Charizard, Gym Heroes' Blaine's Charizard. */
const OTHER_CARD_BEFORE =
  /(?<![a-z0-9])(?:dark|light|shining|blaine's|brock's|misty's|erika's|koga's|sabrina's|giovanni's|lt\.? surge's|rocket's) $/;
const OTHER_CARD_AFTER = /^ (?:gx|v|vmax|vstar|lv\.? ?x)(?![a-z0-9])/;

const SET_WORDS: Record<SetId, RegExp> = {
  base_set: wordPattern('base(?: set)?|shadow ?less'),
  jungle_set: wordPattern('jungle'),
  fossil_set: wordPattern('fossil'),
};

const SET_BY_TOTAL = new Map(SET_IDS.map((setId) => [setFacts(setId).printedTotal, setId]));
/** A fraction out of ten or less is a grade or a population ("9/10", "pop 1/1"), never a card number. */
const LARGEST_NON_CARD_TOTAL = 10;
const FRACTION = /(?<![a-z0-9/.])#? ?0*(\d{1,3}) ?\/ ?0*(\d{1,3})(?![a-z0-9/])/g;
const HASH_NUMBER = /(?<![a-z0-9/])# ?0*(\d{1,3})(?![a-z0-9/.])/g;

const NON_HOLO_WORDS = wordPattern('non[ -]?holo|no holo|not holo', 'g');
const HOLO_WORDS = wordPattern('holo(?:foil|graphic)?', 'g');

interface Mention extends Found {
  names: string[];
}

/** Each name once, the longest reading first: "Super Energy Removal", not "Energy Removal" inside it. */
function findNames(text: string): Mention[] {
  const all = aliasesOpeningIn(text)
    .flatMap(({ pattern, names }) => findAll(text, pattern).map((found) => ({ ...found, names })))
    .sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  const kept: Mention[] = [];
  for (const mention of all)
    if (!kept.some((other) => mention.start < other.end && other.start < mention.end)) kept.push(mention);
  return kept;
}

/** Mentions of one card ("Nidoran … Nidoran ♂") merge; names that cannot be one card stay apart. */
function mergeNames(mentions: Mention[]): string[][] {
  const merged: string[][] = [];
  for (const { names } of mentions) {
    const index = merged.findIndex((known) => known.some((name) => names.includes(name)));
    if (index === -1) merged.push(names);
    else merged[index] = merged[index]!.filter((name) => names.includes(name));
  }
  return merged;
}

interface NumberMention {
  number: number;
  setId?: SetId;
  text: string;
}

function setName(setId: SetId): string {
  return getSet(setId).name;
}

const SET_TOTALS = SET_IDS.map((setId) => `${setName(setId)} (/${setFacts(setId).printedTotal})`).join(', ');

function readNumbers(text: string): NumberMention[] | RefusedTitle {
  const numbers: NumberMention[] = [];
  for (const match of text.matchAll(FRACTION)) {
    const total = Number(match[2]);
    if (total <= LARGEST_NON_CARD_TOTAL) continue;
    const setId = SET_BY_TOTAL.get(total);
    if (!setId) return refuse('other-set', `number ${match[0].trim()} is not from ${SET_TOTALS}`);
    numbers.push({ number: Number(match[1]), setId, text: match[0].trim() });
  }
  for (const match of blankOut(text, findAll(text, FRACTION)).matchAll(HASH_NUMBER))
    numbers.push({ number: Number(match[1]), text: match[0].trim() });
  return numbers;
}

/** "#3" and "3/62" are one number; the one with its set stays. */
function mergeNumbers(numbers: NumberMention[]): NumberMention[] | RefusedTitle {
  const merged = new Map<number, NumberMention>();
  for (const mention of numbers) {
    const known = merged.get(mention.number);
    if (known?.setId && mention.setId && known.setId !== mention.setId)
      return refuse('mismatch', `names numbers of two sets (${known.text}, ${mention.text})`);
    if (!known?.setId) merged.set(mention.number, mention);
  }
  if (merged.size > 1)
    return refuse(
      'two-cards',
      `names more than one card number (${[...merged.values()].map(({ text }) => text).join(', ')})`,
    );
  return [...merged.values()];
}

function describeCard(card: Card): string {
  return `${setName(card.setId)} ${card.searchName} ${card.number}`;
}

function describeCards(cards: readonly Card[], separator = ' or '): string {
  return cards.map(describeCard).join(separator);
}

/** What the title says about its card, or why what it says cannot be one Base Set, Jungle or Fossil card. */
export function readCardClues(text: string): CardClues | RefusedTitle {
  const mentions = findNames(text);
  for (const mention of mentions) {
    const before = OTHER_CARD_BEFORE.exec(text.slice(0, mention.start))?.[0] ?? '';
    const after = OTHER_CARD_AFTER.exec(text.slice(mention.end))?.[0] ?? '';
    if (before || after)
      return refuse(
        'other-set',
        `"${before}${mention.text}${after}" is not a Base Set, Jungle or Fossil card`,
      );
  }
  const names = mergeNames(mentions);
  if (names.length > 1)
    return refuse(
      'two-cards',
      `names more than one card (${names.map((known) => known.join(' or ')).join(', ')})`,
    );
  const rest = blankOut(text, mentions);

  const sets = SET_IDS.filter((setId) => SET_WORDS[setId].test(rest));
  if (sets.length > 1) return refuse('mismatch', `names more than one set (${sets.map(setName).join(', ')})`);

  const numbers = readNumbers(rest);
  if (isRefused(numbers)) return numbers;
  const number = mergeNumbers(numbers);
  if (isRefused(number)) return number;

  const nonHolo = findAll(rest, NON_HOLO_WORDS);
  const holo = findAll(blankOut(rest, nonHolo), HOLO_WORDS);
  if (nonHolo.length > 0 && holo.length > 0) return refuse('mismatch', 'says both holo and non-holo');

  const clues: CardClue[] = [];
  for (const known of names) {
    const label = mentions.find((mention) => mention.names.some((name) => known.includes(name)))!.text;
    clues.push({ label: `"${label}"`, fits: (card) => known.includes(printedName(card)) });
  }
  for (const setId of sets) clues.push({ label: setName(setId), fits: (card) => card.setId === setId });
  for (const { number: printed, setId, text: label } of number)
    clues.push({
      label: `number ${label}`,
      fits: (card) => printedNumber(card) === printed && (!setId || card.setId === setId),
    });
  if (holo.length > 0) clues.push({ label: '"holo"', fits: (card) => card.rarityGroup === 'holo_rare' });
  if (nonHolo.length > 0)
    clues.push({ label: '"non-holo"', fits: (card) => card.rarityGroup !== 'holo_rare' });
  for (const { card: variant, words, pattern } of VARIANTS)
    if (pattern.test(rest)) clues.push({ label: `"${words}"`, fits: (card) => card === variant });
  return { clues, named: names.length > 0 };
}

function ambiguity(cards: readonly Card[]): string {
  const [first] = cards;
  const onePrint = cards.every((card) => card.setId === first?.setId && card.name === first.name);
  if (onePrint) return `cannot tell ${describeCards(cards, ' from ')}: the title has no number or holo word`;
  return `could be ${describeCards(cards)}: the title names no set or number that tells them apart`;
}

/** The one catalogue card that fits every clue, or why there is none or more than one. */
export function resolveCard({ clues, named }: CardClues): Card | RefusedTitle {
  if (!named) return refuse('no-card', 'names no Base Set, Jungle or Fossil card');
  let candidates: readonly Card[] = CARDS;
  for (const clue of clues) {
    const fitting = candidates.filter((card) => clue.fits(card));
    if (fitting.length === 0)
      return refuse('mismatch', `${clue.label} does not fit ${describeCards(candidates)}`);
    candidates = fitting;
  }
  const plain = candidates.filter((card) => !VARIANT_OF.has(card.cardId));
  if (plain.length === 1 && candidates.length > 1) return plain[0]!;
  if (candidates.length > 1) return refuse('ambiguous', ambiguity(plain.length > 0 ? plain : candidates));
  return candidates[0]!;
}

/** Why the title cannot be the given card: the first of its clues that the card does not fit. */
export function clueAgainst({ clues }: CardClues, card: Card): string | undefined {
  const clue = clues.find((candidate) => !candidate.fits(card));
  return clue && `${clue.label} does not fit ${describeCard(card)}`;
}
