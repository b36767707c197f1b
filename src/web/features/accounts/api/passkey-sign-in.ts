import { type PublicKeyCredentialRequestOptionsJSON, startAuthentication } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignedInResponse } from '#shared/schemas/accounts.ts';
import { api } from '#web/lib/api-client.ts';
import { SESSION_KEY } from './session.ts';

/** Asks the server for a challenge, lets the browser's passkey prompt answer it, and signs in with the answer. */
export function usePasskeySignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const optionsJSON = await api<PublicKeyCredentialRequestOptionsJSON>('/api/auth/passkey/options', {
        method: 'POST',
      });
      const credential = await startAuthentication({ optionsJSON });
      return api<SignedInResponse>('/api/auth/passkey', { method: 'POST', body: { credential } });
    },
    onSuccess: (data) => client.setQueryData(SESSION_KEY, { user: data.user }),
  });
}
