import { findCardByName } from '#shared/catalogue.ts';
import { centsToDollars } from '#shared/sales-stats.ts';
import type { DemandResponse } from '#shared/schemas/notifications.ts';
import type { SetId } from '#shared/sets.ts';
import type { AppContext } from '../../context.ts';
import * as repo from './demand.repository.ts';

const GRADER_ORDER = ['PSA', 'BGS', 'CGC'];

/**
 * Who wants a card, without saying who (docs/product.md §10): counts of distinct collectors per grade and
 * the open offers on it. A name the catalogue does not know has no demand.
 */
export async function cardDemand(
  context: Pick<AppContext, 'database'>,
  setId: SetId,
  cardName: string,
): Promise<DemandResponse> {
  const card = findCardByName(setId, cardName);
  if (!card) return { wanted: [], collectors: 0, openOffers: { count: 0, highest: null } };
  const db = context.database.db;
  const [wanted, collectors, offers] = await Promise.all([
    repo.wantedByGrade(db, card.setId, card.searchName),
    repo.wantedByAnyone(db, card.setId, card.searchName),
    repo.openOffersOn(db, card.setId, card.searchName),
  ]);
  const rank = (grader: string | null) =>
    grader === null ? GRADER_ORDER.length : GRADER_ORDER.indexOf(grader);
  return {
    wanted: wanted
      .map((row) => ({
        grader: row.grading_company,
        grade: row.grade === null ? null : Number(row.grade),
        collectors: row.collectors,
      }))
      .sort((a, b) => rank(a.grader) - rank(b.grader) || (b.grade ?? -1) - (a.grade ?? -1)),
    collectors,
    openOffers: {
      count: offers.count,
      highest: offers.highest === null ? null : centsToDollars(offers.highest),
    },
  };
}
