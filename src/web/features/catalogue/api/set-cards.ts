import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SetCardsResponse } from '#shared/schemas/catalogue.ts';
import type { SetId } from '#shared/sets.ts';
import { api } from '#web/lib/api-client.ts';

export function setCardsQuery(setId: SetId) {
  return queryOptions({
    queryKey: ['sets', setId, 'cards'],
    queryFn: ({ signal }) => api<SetCardsResponse>(`/api/sets/${setId}/cards`, { signal }),
    // The catalogue only changes with a release of Holoscope.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSetCards(setId: SetId) {
  return useQuery(setCardsQuery(setId));
}
