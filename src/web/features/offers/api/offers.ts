import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MakeOfferBody, Offer, OfferAction, OffersResponse } from '#shared/schemas/offers.ts';
import { api } from '#web/lib/api-client.ts';

/** Under ['offers', …] so a live offer event refreshes it in every open tab of both parties. */
const MY_OFFERS_KEY = ['offers', 'mine'] as const;

export function useMyOffers(enabled: boolean) {
  return useQuery({
    queryKey: MY_OFFERS_KEY,
    queryFn: ({ signal }) => api<OffersResponse>('/api/users/me/offers', { signal }),
    enabled,
  });
}

export function useMakeOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MakeOfferBody) => api<Offer>('/api/offers', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: MY_OFFERS_KEY }),
  });
}

export function useOfferAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ offerId, action }: { offerId: string; action: OfferAction }) =>
      api<Offer>(`/api/offers/${encodeURIComponent(offerId)}/${action}`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: MY_OFFERS_KEY }),
  });
}
