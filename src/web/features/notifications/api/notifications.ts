import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationsResponse } from '#shared/schemas/notifications.ts';
import { api } from '#web/lib/api-client.ts';

/** Under ['notifications'] so a live notification event refreshes the bell in every open tab. */
const NOTIFICATIONS_KEY = ['notifications'] as const;

/** The signed-in collector's notifications, newest first, a page at a time; the first page carries the unread count. */
export function useNotifications(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: ({ signal, pageParam }) =>
      api<NotificationsResponse>('/api/notifications', { signal, query: { before: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    enabled,
  });
}

/** Marks the given notifications read (one that was opened), or every one when no ids are given. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) =>
      api<{ unread: number }>('/api/notifications/read', { method: 'POST', body: ids ? { ids } : {} }),
    onSettled: () => client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

/**
 * Marks the collector's notifications about one offer read: its page is open, so its news is seen. The
 * inbox's highlight (under ['offers', 'inbox']) follows.
 */
export function useMarkOfferRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (offerId: string) =>
      api<{ unread: number }>('/api/notifications/read', { method: 'POST', body: { offerId } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
      void client.invalidateQueries({ queryKey: ['offers', 'inbox'] });
    },
  });
}
