import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FLAG_STATUSES, FlagDecision, FlagQueueResponse, QueuedFlag } from '#shared/schemas/flags.ts';
import { api } from '#web/lib/api-client.ts';

export type FlagStatus = (typeof FLAG_STATUSES)[number];

/** One page of flags of a status: the open queue, or the decided ones, latest first. */
export function useFlagQueue(status: FlagStatus, page: number) {
  return useQuery({
    queryKey: ['admin', 'flags', status, page] as const,
    queryFn: ({ signal }) => api<FlagQueueResponse>('/api/admin/flags', { query: { status, page }, signal }),
    placeholderData: (previous) => previous,
  });
}

interface Decision {
  flag: QueuedFlag;
  decision: FlagDecision;
}

/** Confirm, clear or reopen a flag; every list of flags and every sales figure is fetched again after it. */
export function useDecideFlag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ flag, decision }: Decision) =>
      api<{ flag: QueuedFlag; excluded: boolean }>(
        `/api/admin/flags/${encodeURIComponent(flag.saleId)}/${encodeURIComponent(flag.code)}/${decision}`,
        { method: 'POST' },
      ),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: ['admin', 'flags'] });
      await client.invalidateQueries({ queryKey: ['sales'] });
    },
  });
}
