import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfferRating, RateBody } from '#shared/schemas/ratings.ts';
import { api } from '#web/lib/api-client.ts';

/** Rates the other collector of a completed deal; the offer, and their profile wherever it shows, follow. */
export function useRateDeal(offerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RateBody) =>
      api<OfferRating>(`/api/offers/${encodeURIComponent(offerId)}/rating`, { method: 'POST', body }),
    onSettled: (rating) => {
      void client.invalidateQueries({ queryKey: ['offers', 'one', offerId] });
      if (rating) void client.invalidateQueries({ queryKey: ['users', rating.ratee.id] });
    },
  });
}
