import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';

/**
 * Blocks or unblocks the collector. Their profile says so once it is read again, and the viewer's offers
 * (which a block declines and leaves out) are asked for again.
 */
export function useBlockCollector(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (block: boolean) =>
      api<null>(`/api/users/${encodeURIComponent(userId)}/block`, { method: block ? 'POST' : 'DELETE' }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: ['users', userId], exact: true });
      await client.invalidateQueries({ queryKey: ['offers'] });
    },
  });
}
