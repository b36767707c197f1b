import { skipToken, useQuery } from '@tanstack/react-query';
import type { Period, SaleGrader } from '#shared/sales-constants.ts';
import type { LadderResponse, PopulationsResponse, SlabEstimate } from '#shared/schemas/valuation.ts';
import type { SetId } from '#shared/sets.ts';
import { api } from '#web/lib/api-client.ts';

/** The grade ladder of a card in a period (under ['sales'], so a change of sales refreshes it). */
export function useLadder(set: SetId, card: string, period: Period, includeFlagged: boolean) {
  return useQuery({
    queryKey: ['sales', 'ladder', { set, card, period, includeFlagged }] as const,
    queryFn: ({ signal }) =>
      api<LadderResponse>('/api/sales/ladder', {
        query: { set, card, period, includeFlagged: includeFlagged ? 'true' : undefined },
        signal,
      }),
    // Another period of the same card keeps the ladder on screen while it loads.
    placeholderData: (previous, previousQuery) => {
      const shown = previousQuery?.queryKey[2];
      return shown?.set === set && shown.card === card ? previous : undefined;
    },
  });
}

export interface SlabChoice {
  set: SetId;
  card: string;
  grader: SaleGrader;
  grade: number;
  includeFlagged: boolean;
}

/** What a slab of the card is worth now (none asked: no request). */
export function useEstimate(slab: SlabChoice | null) {
  return useQuery({
    queryKey: ['sales', 'estimate', slab] as const,
    queryFn:
      slab === null
        ? skipToken
        : ({ signal }) =>
            api<SlabEstimate>('/api/sales/estimate', {
              query: { ...slab, includeFlagged: slab.includeFlagged ? 'true' : undefined },
              signal,
            }),
  });
}

/** PSA's population of the card day by day, as certificate lookups observed it (under ['sales'], as the ladder). */
export function usePopulations(set: SetId, card: string) {
  return useQuery({
    queryKey: ['sales', 'populations', { set, card }] as const,
    queryFn: ({ signal }) =>
      api<PopulationsResponse>('/api/sales/populations', { query: { set, card }, signal }),
  });
}
