import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CollectorsResponse } from '#shared/schemas/collections.ts';
import type { SetId } from '#shared/sets.ts';
import { api } from '#web/lib/api-client.ts';

export interface CollectorsParams {
  set: SetId;
  card: string;
  page: number;
}

/** Under ['collectors', …] so a live collection change anywhere refreshes the shown results. */
export function useCollectors(params: CollectorsParams) {
  return useQuery({
    queryKey: ['collectors', params.set, params.card, params.page],
    queryFn: ({ signal }) => api<CollectorsResponse>('/api/collectors', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}
