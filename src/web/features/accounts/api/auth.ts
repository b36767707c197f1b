import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  EmailBody,
  LoginBody,
  PasswordResetBody,
  RegisterBody,
  SignedInResponse,
} from '#shared/schemas/accounts.ts';
import { signInTimeoutMs } from '#web/features/accounts/sign-in-timeout.ts';
import { api } from '#web/lib/api-client.ts';
import { SESSION_KEY } from './session.ts';

/** docs/product.md §9: the admin screen's local sales cache, cleared when its admin signs out. */
const ADMIN_CACHE_KEYS = ['admin_sales_cache', 'admin_last_fetch', 'admin_current_date'] as const;

/**
 * A sign-in request (every POST that signs in or creates an account, and asks for a sign-in mail): it gives
 * up after 30 seconds (60 on a phone) with the generic message.
 */
export function signInRequest<T>(path: string, body?: unknown): Promise<T> {
  return api<T>(path, { method: 'POST', body, timeoutMs: signInTimeoutMs() });
}

/** A mutation that ends signed in: the header shows the collector at once. */
function useSignInMutation<B>(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => signInRequest<SignedInResponse>(path, body),
    onSuccess: (data) => client.setQueryData(SESSION_KEY, { user: data.user }),
  });
}

export const useLogin = () => useSignInMutation<LoginBody>('/api/auth/login');
export const useRegister = () => useSignInMutation<RegisterBody>('/api/auth/register');
export const useEmailLinkSignIn = () => useSignInMutation<{ token: string }>('/api/auth/email-link/verify');
export const useCompletePasswordReset = () =>
  useSignInMutation<PasswordResetBody>('/api/auth/password-reset/complete');

/** Asks for a sign-in link or a password reset mail; the answer is the same for every address. */
export function useRequestMail(kind: 'emailLink' | 'passwordReset') {
  const path = kind === 'emailLink' ? '/api/auth/email-link' : '/api/auth/password-reset';
  return useMutation({ mutationFn: (body: EmailBody) => signInRequest<{ sent: true }>(path, body) });
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
