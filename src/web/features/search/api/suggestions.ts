import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SuggestionsResponseSchema } from '#shared/schemas/sales.ts';
import type { SetId } from '#shared/sets.ts';
import { api } from '#web/lib/api-client.ts';

type SuggestionsResponse = z.infer<typeof SuggestionsResponseSchema>;

function fetchSuggestions(set: SetId, q: string, signal?: AbortSignal): Promise<SuggestionsResponse> {
  return api<SuggestionsResponse>('/api/suggestions', { query: { set, q }, signal });
}

/** Card names matching what was typed in the chosen set; nothing is asked for an empty query. */
export function useSuggestions(set: SetId, q: string, enabled: boolean) {
  return useQuery({
    queryKey: ['suggestions', set, q],
    queryFn: ({ signal }) => fetchSuggestions(set, q, signal),
    enabled: enabled && q.length > 0,
    staleTime: 10 * 60_000,
  });
}
