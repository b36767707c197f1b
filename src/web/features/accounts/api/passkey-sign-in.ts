import { type PublicKeyCredentialRequestOptionsJSON, startAuthentication } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignedInResponse } from '#shared/schemas/accounts.ts';
import { signInRequest } from './auth.ts';
import { SESSION_KEY } from './session.ts';

/** Asks the server for a challenge, lets the browser's passkey prompt answer it, and signs in with the answer. */
export function usePasskeySignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      // Each request has the sign-in requests' time limit; the browser's prompt between them has its own.
      const optionsJSON =
        await signInRequest<PublicKeyCredentialRequestOptionsJSON>('/api/auth/passkey/options');
      const credential = await startAuthentication({ optionsJSON });
      return signInRequest<SignedInResponse>('/api/auth/passkey', { credential });
    },
    onSuccess: (data) => client.setQueryData(SESSION_KEY, { user: data.user }),
  });
}
