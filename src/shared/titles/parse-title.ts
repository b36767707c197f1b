import { findCardById } from '../catalogue.ts';
import type { SaleGrader } from '../sales-constants.ts';
import type { SetId } from '../sets.ts';
import { clueAgainst, readCardClues, resolveCard } from './title-cards.ts';
import { readGrade } from './title-grades.ts';
import { isRefused, type RefusedTitle, refuse } from './title-refusals.ts';
import { blankOut, normaliseTitle } from './title-text.ts';
import { notTheCard, uncoveredPrint } from './title-words.ts';

/** A sold listing's title read as one catalogue card, graded. Holoscope covers 1st Edition only. */
export interface ParsedTitle {
  setId: SetId;
  cardId: string;
  /** The catalogue's search name, as the analysis names the card ("Ditto non-holo" for the rare print). */
  cardName: string;
  variant: '1st Edition';
  grader: SaleGrader;
  grade: number;
}

export type TitleAnswer = ParsedTitle | RefusedTitle;

/**
 * Reads a title in a fixed order, and the first rule that refuses gives the reason: what is sold (not a lot, a
 * proxy, a reprint…), which print (1st Edition of an English Base Set, Jungle or Fossil card), which grade,
 * and which card.
 */
export function parseTitle(title: string): TitleAnswer {
  const text = normaliseTitle(title);
  if (!text) return refuse('empty', 'the title is empty');
  const print = notTheCard(text) ?? uncoveredPrint(title, text, true);
  if (print) return print;
  const grade = readGrade(text);
  if (isRefused(grade)) return grade;
  const clues = readCardClues(blankOut(text, grade.found));
  if (isRefused(clues)) return clues;
  const card = resolveCard(clues);
  if (isRefused(card)) return card;
  return {
    setId: card.setId,
    cardId: card.cardId,
    cardName: card.searchName,
    variant: '1st Edition',
    grader: grade.grader,
    grade: grade.grade,
  };
}

/** Refusals of the clues that mean the title names some other card, whatever the sale's card is. */
const ANOTHER_CARD_RULES = new Set(['two-cards', 'other-set']);

/**
 * Why the title of a sale whose card is already known says the sale is not that card, or null. It uses the
 * parser's rules, minus those that only lack evidence: a title that never says 1st Edition, names no grade
 * or leaves the card ambiguous is not a mismatch.
 */
export function titleMismatch(title: string, sale: { setId: SetId; cardId: string }): string | null {
  const card = findCardById(sale.cardId);
  if (!card || card.setId !== sale.setId)
    throw new Error(`No catalogue card ${sale.cardId} in ${sale.setId}`);
  const text = normaliseTitle(title);
  if (!text) return null;
  const print = notTheCard(text) ?? uncoveredPrint(title, text, false);
  if (print) return print.refused;
  const grade = readGrade(text);
  const clues = readCardClues(isRefused(grade) ? text : blankOut(text, grade.found));
  if (isRefused(clues)) return ANOTHER_CARD_RULES.has(clues.rule) ? clues.refused : null;
  return clueAgainst(clues, card) ?? null;
}
