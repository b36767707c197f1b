import { findCardById } from '#shared/catalogue.ts';
import { parseTitle } from '#shared/titles/parse-title.ts';
import { isRefused } from '#shared/titles/title-refusals.ts';
import { parseTitleField } from './sale-provenance.ts';

const CARD_FIELDS = ['set_id', 'set', 'card_name', 'card_number'];

/**
 * A record that names no card (no set, name or number) but has a listing title, as sold data from a
 * marketplace does, gets its card, grader and grade from the title (docs/data.md). Fields the record gives
 * itself are kept. Answers the reason when the title is refused, so the row is rejected with it. A title
 * longer than a stored one may be is rejected for its length before it is read.
 */
export function readCardFromTitle(fields: Map<string, unknown>): string | undefined {
  const title = fields.get('title');
  if (typeof title !== 'string') return undefined;
  for (const key of CARD_FIELDS) if (fields.has(key)) return undefined;
  const stored = parseTitleField(title);
  if (!stored.ok) return stored.reason;
  const answer = parseTitle(stored.value);
  if (isRefused(answer)) return `the title is refused: ${answer.refused}`;
  fields.set('set_id', answer.setId);
  fields.set('card_name', answer.cardName);
  const number = findCardById(answer.cardId)?.number;
  if (number) fields.set('card_number', number);
  if (!fields.has('grading_company')) fields.set('grading_company', answer.grader);
  if (!fields.has('grade')) fields.set('grade', answer.grade);
  return undefined;
}
