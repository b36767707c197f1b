import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CancelDealBody,
  CounterOfferBody,
  MakeOfferBody,
  Offer,
  OfferAction,
  OfferDetail,
  OfferMessage,
  OfferMessageBody,
  OffersResponse,
} from '#shared/schemas/offers.ts';
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
    onSettled: () => client.invalidateQueries({ queryKey: ['offers'] }),
  });
}

/** The offer with its rounds and conversation; under ['offers', …] so live offer events refresh it too. */
export function useOffer(offerId: string) {
  return useQuery({
    queryKey: ['offers', 'one', offerId],
    queryFn: ({ signal }) => api<OfferDetail>(`/api/offers/${encodeURIComponent(offerId)}`, { signal }),
    retry: false,
  });
}

export function useCounterOffer(offerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CounterOfferBody) =>
      api<Offer>(`/api/offers/${encodeURIComponent(offerId)}/counter`, { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: ['offers'] }),
  });
}

export function useSendOfferMessage(offerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OfferMessageBody) =>
      api<OfferMessage>(`/api/offers/${encodeURIComponent(offerId)}/messages`, { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: ['offers', 'one', offerId] }),
  });
}

/** Marks the viewer's side of the deal: sent (owner) or received (buyer). */
export function useCompleteDeal(offerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<Offer>(`/api/offers/${encodeURIComponent(offerId)}/complete`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: ['offers'] }),
  });
}

export function useCancelDeal(offerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CancelDealBody) =>
      api<Offer>(`/api/offers/${encodeURIComponent(offerId)}/cancel`, { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: ['offers'] }),
  });
}
