import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';

/** Stops alert emails for the collector the token names; no sign-in needed. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      api<{ unsubscribed: true }>('/api/notifications/unsubscribe', { method: 'POST', query: { token } }),
  });
}
