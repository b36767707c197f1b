import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionResponse, SessionUser } from '#shared/schemas/accounts.ts';
import { api } from '#web/lib/api-client.ts';

export const SESSION_KEY = ['session'] as const;

function fetchSession(signal?: AbortSignal): Promise<SessionResponse> {
  return api<SessionResponse>('/api/auth/session', { signal });
}

export const sessionQuery = queryOptions({
  queryKey: SESSION_KEY,
  queryFn: ({ signal }) => fetchSession(signal),
  staleTime: 5 * 60_000,
  // Signing out in another tab should show here when the user comes back.
  refetchOnWindowFocus: true,
});

interface Session {
  /** The signed-in user, or null for a visitor (also while loading and when the check failed). */
  user: SessionUser | null;
  isLoading: boolean;
  isAdmin: boolean;
}

/** docs/product.md §4: loading, then signed in or out; a failed check counts as signed out and not admin. */
export function useSession(): Session {
  const query = useQuery(sessionQuery);
  const user = query.data?.user ?? null;
  return { user, isLoading: query.isPending, isAdmin: user?.isAdmin ?? false };
}
