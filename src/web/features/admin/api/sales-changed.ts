import type { QueryClient } from '@tanstack/react-query';
import { adminCache } from '#web/features/admin/admin-cache.ts';

/**
 * After a deletion, restore or import: the local admin cache is dropped and every admin list and sales
 * analysis in memory is fetched again, so nothing on screen shows sales that changed.
 */
export function forgetSales(client: QueryClient): Promise<void> {
  adminCache.clear();
  return Promise.all([
    client.invalidateQueries({ queryKey: ['admin'] }),
    client.invalidateQueries({ queryKey: ['sales'] }),
  ]).then(() => undefined);
}
