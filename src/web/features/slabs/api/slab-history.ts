import { skipToken, useQuery } from '@tanstack/react-query';
import type { SlabHistory } from '#shared/schemas/slabs.ts';
import { api } from '#web/lib/api-client.ts';

/** Every sale of one slab (none asked: no request). Under ['sales'], so a change of sales refreshes it. */
export function useSlabHistory(grader: string, cert: string | undefined) {
  return useQuery({
    queryKey: ['sales', 'slab', grader, cert] as const,
    queryFn:
      cert === undefined
        ? skipToken
        : ({ signal }) =>
            api<SlabHistory>(`/api/slabs/${encodeURIComponent(grader)}/${encodeURIComponent(cert)}`, {
              signal,
            }),
  });
}
