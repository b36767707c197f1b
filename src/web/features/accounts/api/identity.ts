import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CompleteProviderSignInBody,
  LinkedProviders,
  PendingIdentity,
} from '#shared/schemas/identity.ts';
import type { SessionUser } from '#shared/schemas/accounts.ts';
import { api, withQuery } from '#web/lib/api-client.ts';
import { signInRequest } from './auth.ts';
import { SESSION_KEY } from './session.ts';

const PENDING_KEY = ['identity', 'pending'] as const;
const LINKED_KEY = ['identity', 'linked'] as const;

/** Where a button goes to sign in with a provider, or (intent link) to link it to the signed-in account. */
export function providerStartUrl(providerId: string, options: { returnTo: string; intent?: 'link' }): string {
  return withQuery(`/api/auth/oidc/${encodeURIComponent(providerId)}/start`, options);
}

/** The new identity waiting on this browser for a username and a country (404 when there is none). */
export function usePendingIdentity(enabled: boolean) {
  return useQuery({
    queryKey: PENDING_KEY,
    queryFn: ({ signal }) => api<PendingIdentity>('/api/auth/oidc/pending', { signal }),
    enabled,
    retry: false,
  });
}

export function useCompleteProviderSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CompleteProviderSignInBody) =>
      signInRequest<{ user: SessionUser; returnTo: string }>('/api/auth/oidc/complete', body),
    onSuccess: (data) => {
      client.setQueryData(SESSION_KEY, { user: data.user });
      client.removeQueries({ queryKey: PENDING_KEY });
    },
  });
}

export function useLinkedProviders() {
  return useQuery({
    queryKey: LINKED_KEY,
    queryFn: ({ signal }) => api<LinkedProviders>('/api/auth/identities', { signal }),
  });
}

export function useUnlinkProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (providerId: string) =>
      api<LinkedProviders>(`/api/auth/identities/${encodeURIComponent(providerId)}`, { method: 'DELETE' }),
    onSuccess: (data) => client.setQueryData(LINKED_KEY, data),
  });
}
