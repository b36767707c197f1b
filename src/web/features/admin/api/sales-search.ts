import { skipToken, useQuery } from '@tanstack/react-query';
import type { Period } from '#shared/sales-constants.ts';
import type { AdminSearchResponse } from '#shared/schemas/admin.ts';
import type { SetId } from '#shared/sets.ts';
import { api } from '#web/lib/api-client.ts';

interface AdminSearchParams {
  set: SetId;
  card: string;
  period: Period;
}

function fetchAdminSearch(params: AdminSearchParams, signal?: AbortSignal): Promise<AdminSearchResponse> {
  return api<AdminSearchResponse>('/api/admin/sales/search', { query: { ...params }, signal });
}

/** The sales of the searched card (none asked for without a search); a new period keeps the old rows shown. */
export function useAdminSearch(params: AdminSearchParams | null) {
  return useQuery({
    queryKey: ['admin', 'search', params] as const,
    queryFn: params === null ? skipToken : ({ signal }) => fetchAdminSearch(params, signal),
    placeholderData: (previous, previousQuery) => {
      const before = previousQuery?.queryKey[2];
      return before && params && before.card === params.card && before.set === params.set
        ? previous
        : undefined;
    },
  });
}
