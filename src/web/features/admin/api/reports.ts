import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminReportsResponse, Report, Suspension } from '#shared/schemas/safety.ts';
import { api } from '#web/lib/api-client.ts';

const REPORTS_KEY = ['admin', 'reports'] as const;

export function useAdminReports() {
  return useQuery({
    queryKey: REPORTS_KEY,
    queryFn: ({ signal }) => api<AdminReportsResponse>('/api/admin/reports', { signal }),
    staleTime: 0,
  });
}

/** Dismisses a report; the queue is read again either way (another admin may have handled it). */
export function useDismissReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reportId: string) =>
      api<Report>(`/api/admin/reports/${encodeURIComponent(reportId)}/dismiss`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: REPORTS_KEY }),
  });
}

/** Suspends the account; its open reports leave the queue. */
export function useSuspendAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      api<Suspension>(`/api/admin/users/${encodeURIComponent(userId)}/suspend`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: REPORTS_KEY }),
  });
}
