import { useInfiniteQuery } from '@tanstack/react-query';
import type { InboxResponse } from '#shared/schemas/offer-inbox.ts';
import { api } from '#web/lib/api-client.ts';

/** Under ['offers', …] so a live offer event (the other collector acted) refreshes it in every open tab. */
export const INBOX_KEY = ['offers', 'inbox'] as const;

/** The signed-in collector's offers, made and received, newest activity first, a page at a time. */
export function useInbox() {
  return useInfiniteQuery({
    queryKey: INBOX_KEY,
    queryFn: ({ signal, pageParam }) =>
      api<InboxResponse>('/api/users/me/inbox', { signal, query: { cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
