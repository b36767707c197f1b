import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeletedSalesResponse } from '#shared/schemas/admin.ts';
import { api } from '#web/lib/api-client.ts';
import { forgetSales } from './sales-changed.ts';

export const DELETED_SHOWN = 100;

function fetchDeletedSales(signal?: AbortSignal): Promise<DeletedSalesResponse> {
  return api<DeletedSalesResponse>('/api/admin/sales/deleted', { query: { limit: DELETED_SHOWN }, signal });
}

export function useDeletedSales() {
  return useQuery({
    queryKey: ['admin', 'deleted'] as const,
    queryFn: ({ signal }) => fetchDeletedSales(signal),
    staleTime: 0,
  });
}

export function restoreSales(saleIds: string[]): Promise<{ restored: number }> {
  return api<{ restored: number }>('/api/admin/sales/restore', { method: 'POST', body: { saleIds } });
}

/** Undo: the sales go back into the database and every list and analysis is fetched again. */
export function useRestoreSales() {
  const client = useQueryClient();
  return useMutation({ mutationFn: restoreSales, onSettled: () => forgetSales(client) });
}
