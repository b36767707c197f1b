import { type RefusalRule, type RefusedTitle, refuse } from './title-refusals.ts';
import { hasCjkScript, wordPattern } from './title-text.ts';

interface WordRule {
  rule: RefusalRule;
  /** Alternatives over normalised text, matched as whole words. */
  words: string;
  reason: string;
}

interface CompiledRule {
  rule: RefusalRule;
  pattern: RegExp;
  reason: string;
}

function compile(rules: readonly WordRule[]): readonly CompiledRule[] {
  return rules.map(({ rule, words, reason }) => ({ rule, pattern: wordPattern(words), reason }));
}

/** Words that mean the listing sells something other than one genuine card. */
const NOT_THE_CARD = compile([
  {
    rule: 'lot',
    words:
      'lots?|bundle|bulk|job lot|complete set|full set|set of \\d+|\\d+ cards|[2-9] ?x|x ?[2-9]|binder|mystery|repacks?|collection of',
    reason: 'a lot or bundle, not one card',
  },
  {
    rule: 'lot',
    words: 'you pick|u pick|pick (?:your|one|1|any)|choose|your choice|multi(?:ple)?[ -]listing|variations?',
    reason: 'a choose-your-card listing, not one card',
  },
  {
    rule: 'proxy',
    words: 'prox(?:y|ies)|fakes?|counterfeit|replica|not real|not authentic|unofficial|facsimile|bootleg',
    reason: 'a proxy or fake, not the card',
  },
  {
    rule: 'custom',
    words: 'custom|orica|fan ?art|fan[ -]?made|hand ?made|altered art|art card|full art',
    reason: 'a custom or fan-made card, not the card',
  },
  {
    rule: 'reprint',
    words:
      're-?prints?|reprinted|reproduction|repro|evolutions|celebrations|classic collection|25th anniversary',
    reason: 'a reprint, not the original card',
  },
  {
    rule: 'not-a-card',
    words:
      'booster|theme deck|blister|sealed pack|empty slab|slab only|case only|label only|no card|jumbo|oversized?|metal|gold[ -]plated?|24k|sticker|topps|coin|poster|digital|ptcgo|code card|online code',
    reason: 'another product, not the card',
  },
]);

const FIRST_EDITION = [
  '(?:1 ?st|first)[ -]?ed(?:ition|iton|it|t)?\\.?',
  '1 ?ed\\.?',
  '1 ?st(?![ -]?(?:print|printing|gen|generation|run|place|class|owner))',
].join('|');
const FIRST_EDITION_PATTERN = wordPattern(FIRST_EDITION);
const SHADOWLESS = wordPattern('shadow ?less');
const NOT_FIRST_EDITION_PATTERN = wordPattern(`(?:not?|non|without|missing)[ -]?(?:a )?(?:${FIRST_EDITION})`);

/** Prints and sets of the same cards that Holoscope does not price: 1st Edition of three English sets only. */
const UNCOVERED_PRINTS = compile([
  {
    rule: 'non-english',
    words:
      'japanese|japan|jpn|jp|german|deutsch|french|francais|italian|italiano|spanish|espanol|dutch|korean|chinese|portuguese|auflage',
    reason: 'not an English print: Holoscope covers English prints only',
  },
  {
    rule: 'other-set',
    words: 'base(?: set)? 2(?![ -]?player)|bs2',
    reason: 'Base Set 2, a later set Holoscope does not cover',
  },
  {
    rule: 'other-set',
    words: 'legendary collection',
    reason: 'Legendary Collection, a later set Holoscope does not cover',
  },
  {
    rule: 'other-set',
    words:
      'team rocket|gym (?:heroes|challenge)|neo (?:genesis|discovery|revelation|destiny)|expedition|aquapolis|skyridge|southern islands|promo',
    reason: 'a set Holoscope does not cover: it covers Base Set, Jungle and Fossil',
  },
  {
    rule: 'reverse-holo',
    words: 'reverse(?:[ -]?(?:holo|foil))?',
    reason: 'a reverse holo, which no Base Set, Jungle or Fossil 1st Edition card is',
  },
  {
    rule: 'fourth-print',
    words: '4th print(?:ing)?|fourth print(?:ing)?|uk print|uk version|1999[ -]2000',
    reason: 'the 4th print (1999-2000 UK), not 1st Edition',
  },
  {
    rule: 'unlimited',
    words: 'unlimi?ted|(?:2nd|3rd|second|third) print(?:ing)?',
    reason: 'Unlimited, not 1st Edition',
  },
]);

function firstMatchingRule(text: string, rules: readonly CompiledRule[]): RefusedTitle | undefined {
  for (const { rule, pattern, reason } of rules) {
    const match = pattern.exec(text);
    if (match) return refuse(rule, `${reason} ("${match[0]}")`);
  }
  return undefined;
}

/** Lot, proxy, custom, reprint and the like: the listing is not one genuine card. */
export function notTheCard(text: string): RefusedTitle | undefined {
  return firstMatchingRule(text, NOT_THE_CARD);
}

/**
 * The card, but in a print Holoscope does not price. A title that never says 1st Edition is refused only when
 * `requireFirstEdition` is set: the parser needs the words, the comp-hygiene check only looks for contrary ones.
 */
export function uncoveredPrint(
  rawTitle: string,
  text: string,
  requireFirstEdition: boolean,
): RefusedTitle | undefined {
  if (hasCjkScript(rawTitle))
    return refuse('non-english', 'not an English print: the title is in Japanese, Chinese or Korean script');
  const refusal = firstMatchingRule(text, UNCOVERED_PRINTS);
  if (refusal) return refusal;
  const negated = NOT_FIRST_EDITION_PATTERN.exec(text);
  if (negated) return refuse('not-first-edition', `says it is not 1st Edition ("${negated[0]}")`);
  if (FIRST_EDITION_PATTERN.test(text)) return undefined;
  if (SHADOWLESS.test(text))
    return refuse('shadowless', 'Shadowless without 1st Edition: Holoscope covers 1st Edition only');
  if (requireFirstEdition)
    return refuse('no-first-edition', 'does not say 1st Edition: Holoscope covers 1st Edition only');
  return undefined;
}
