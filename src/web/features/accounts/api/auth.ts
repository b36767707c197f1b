import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, RegisterBody, SignedInResponse } from '#shared/schemas/accounts.ts';
import { api } from '#web/lib/api-client.ts';
import { SESSION_KEY } from './session.ts';

/** docs/product.md §9: the admin screen's local sales cache, cleared when its admin signs out. */
const ADMIN_CACHE_KEYS = ['admin_sales_cache', 'admin_last_fetch', 'admin_current_date'] as const;

export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => api<SignedInResponse>('/api/auth/login', { method: 'POST', body }),
    onSuccess: (data) => client.setQueryData(SESSION_KEY, { user: data.user }),
  });
}

export function useRegister() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterBody) => api<SignedInResponse>('/api/auth/register', { method: 'POST', body }),
    onSuccess: (data) => client.setQueryData(SESSION_KEY, { user: data.user }),
  });
}

function forgetAdminCaches(): void {
  try {
    for (const key of ADMIN_CACHE_KEYS) window.localStorage.removeItem(key);
  } catch {
    // Storage can be unavailable (private mode); there is then nothing to clear.
  }
}

/**
 * What only a signed-in user can read (their alerts, watches, offers, email choice): dropped at sign-out
 * rather than asked for again, which the server would refuse.
 */
const SIGNED_IN_KEYS = [['notifications'], ['email-preference'], ['watches'], ['offers']] as const;

/** Ends the session on the server, then forgets everything this browser kept for the signed-in user. */
export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ user: null }>('/api/auth/logout', { method: 'POST' }),
    onSettled: () => {
      forgetAdminCaches();
      client.removeQueries({ queryKey: ['admin'] });
      for (const queryKey of SIGNED_IN_KEYS) client.removeQueries({ queryKey });
      client.setQueryData(SESSION_KEY, { user: null });
      void client.invalidateQueries();
    },
  });
}
