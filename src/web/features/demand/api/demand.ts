import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DemandResponse } from '#shared/schemas/notifications.ts';
import type { SetId } from '#shared/sets.ts';
import { api } from '#web/lib/api-client.ts';

/** Under ['collectors', …]: a list change anywhere (a live collection event) refreshes it with Source. */
export function useDemand(set: SetId, card: string) {
  return useQuery({
    queryKey: ['collectors', 'demand', set, card],
    queryFn: ({ signal }) => api<DemandResponse>('/api/sales/demand', { signal, query: { set, card } }),
    placeholderData: keepPreviousData,
  });
}
