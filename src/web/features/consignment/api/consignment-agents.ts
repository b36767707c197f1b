import { useQuery } from '@tanstack/react-query';
import type { ConsignmentAgent } from '#shared/schemas/sales.ts';
import { api } from '#web/lib/api-client.ts';

function fetchConsignmentAgents(signal?: AbortSignal): Promise<{ agents: ConsignmentAgent[] }> {
  return api<{ agents: ConsignmentAgent[] }>('/api/consignment-agents', { signal });
}

export function useConsignmentAgents() {
  return useQuery({
    queryKey: ['consignment-agents'],
    queryFn: ({ signal }) => fetchConsignmentAgents(signal),
    staleTime: 60 * 60_000,
  });
}
