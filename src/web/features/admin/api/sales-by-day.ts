import { queryOptions, useQueries } from '@tanstack/react-query';
import { dayBefore, type SalesByDayResponse } from '#shared/schemas/admin.ts';
import type { SetId } from '#shared/sets.ts';
import { ADMIN_CACHE_TTL_MS, adminCache } from '#web/features/admin/admin-cache.ts';
import { api } from '#web/lib/api-client.ts';

function fetchSalesByDay(set: SetId, offset: number, signal?: AbortSignal): Promise<SalesByDayResponse> {
  return api<SalesByDayResponse>('/api/admin/sales/by-day', { query: { set, offset }, signal });
}

/** One day of one set; the local admin cache (docs/product.md §9) answers first when it has a fresh copy. */
function salesByDayQuery(set: SetId, offset: number) {
  const date = dayBefore(offset);
  return queryOptions({
    queryKey: ['admin', 'by-day', set, date] as const,
    queryFn: async ({ signal }) => {
      const cached = adminCache.read(set, date);
      if (cached) return cached;
      const day = await fetchSalesByDay(set, offset, signal);
      adminCache.write(day);
      return day;
    },
    staleTime: ADMIN_CACHE_TTL_MS,
  });
}

/** The days a set panel shows: offsets 1 (yesterday) to `days`, newest day first. */
export function useSalesByDays(set: SetId, days: number) {
  return useQueries({
    queries: Array.from({ length: days }, (_, index) => salesByDayQuery(set, index + 1)),
  });
}
