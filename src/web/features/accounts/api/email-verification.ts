import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { SESSION_KEY } from './session.ts';

/** Verifies an address with its link's token; a signed-in owner's profile shows it at once. */
export function useVerifyEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      api<{ emailVerified: true }>('/api/auth/email-verification/verify', {
        method: 'POST',
        body: { token },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: SESSION_KEY }),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: () => api<{ sent: true }>('/api/auth/email-verification', { method: 'POST' }),
  });
}
