/**
 * Why a title is not turned into a card. The rule names a kind of refusal that a feed can count and that the
 * comp-hygiene check reads; the reason says it to a person.
 */
export const REFUSAL_RULES = [
  'empty',
  // Not the card: the listing sells something else.
  'lot',
  'proxy',
  'custom',
  'reprint',
  'not-a-card',
  // The card, in a print Holoscope does not cover.
  'non-english',
  'other-set',
  'reverse-holo',
  'fourth-print',
  'unlimited',
  'not-first-edition',
  'shadowless',
  'no-first-edition',
  // Which catalogue card.
  'no-card',
  'two-cards',
  'mismatch',
  'ambiguous',
  // Grader and grade.
  'ungraded',
  'no-grade',
  'other-grader',
  'qualifier',
  'label',
  'invalid-grade',
  'two-grades',
] as const;
export type RefusalRule = (typeof REFUSAL_RULES)[number];

export interface RefusedTitle {
  refused: string;
  rule: RefusalRule;
}

export function refuse(rule: RefusalRule, reason: string): RefusedTitle {
  return { refused: reason, rule };
}

export function isRefused<T extends object>(answer: T | RefusedTitle): answer is RefusedTitle {
  return 'refused' in answer;
}
