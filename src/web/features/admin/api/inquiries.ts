import { useQuery } from '@tanstack/react-query';
import type { AdminInquiriesResponse } from '#shared/schemas/admin.ts';
import { api } from '#web/lib/api-client.ts';

function fetchAdminInquiries(signal?: AbortSignal): Promise<AdminInquiriesResponse> {
  return api<AdminInquiriesResponse>('/api/admin/inquiries', { signal });
}

export function useAdminInquiries() {
  return useQuery({
    queryKey: ['admin', 'inquiries'] as const,
    queryFn: ({ signal }) => fetchAdminInquiries(signal),
    staleTime: 0,
  });
}
