import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminSearchResponse, SalesByDayResponse } from '#shared/schemas/admin.ts';
import { api } from '#web/lib/api-client.ts';
import { forgetSales } from './sales-changed.ts';

export function deleteSales(saleIds: string[]): Promise<{ deleted: number }> {
  return api<{ deleted: number }>('/api/admin/sales/delete', { method: 'POST', body: { saleIds } });
}

function without<T extends { sales: { saleId: string }[]; total: number }>(list: T, gone: Set<string>): T {
  const sales = list.sales.filter((sale) => !gone.has(sale.saleId));
  return { ...list, sales, total: list.total - (list.sales.length - sales.length) };
}

/** docs/product.md §4: deleted sales leave the lists at once, then everything is fetched again. */
export function useDeleteSales() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteSales,
    onSuccess: (_result, saleIds) => {
      const gone = new Set(saleIds);
      client.setQueriesData<SalesByDayResponse>({ queryKey: ['admin', 'by-day'] }, (day) =>
        day ? without(day, gone) : day,
      );
      client.setQueriesData<AdminSearchResponse>({ queryKey: ['admin', 'search'] }, (search) =>
        search ? without(search, gone) : search,
      );
    },
    // A failed deletion may still mean someone else removed some of these sales: show what is there now.
    onSettled: () => forgetSales(client),
  });
}
