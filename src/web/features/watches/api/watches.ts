import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateWatchBody, WatchesResponse, WatchResponse } from '#shared/schemas/watches.ts';
import { api } from '#web/lib/api-client.ts';

const WATCHES_KEY = ['watches', 'mine'] as const;

/** The signed-in collector's watches, each with the latest sale of its cohort. */
export function useWatches(enabled: boolean) {
  return useQuery({
    queryKey: WATCHES_KEY,
    queryFn: ({ signal }) => api<WatchesResponse>('/api/watches', { signal }),
    enabled,
  });
}

export function useCreateWatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWatchBody) => api<WatchResponse>('/api/watches', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: WATCHES_KEY }),
  });
}

export function useDeleteWatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`/api/watches/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: WATCHES_KEY }),
  });
}
