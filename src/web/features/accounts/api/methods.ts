import { useQuery } from '@tanstack/react-query';
import type { SignInMethods } from '#shared/schemas/accounts.ts';
import { api } from '#web/lib/api-client.ts';

/** The ways in this server offers; until they are known (or when asking fails) only the password form. */
export function useSignInMethods(): SignInMethods {
  const query = useQuery({
    queryKey: ['auth-methods'],
    queryFn: ({ signal }) => api<SignInMethods>('/api/auth/methods', { signal }),
    staleTime: 10 * 60_000,
  });
  return query.data ?? { emailLink: false, passkeys: false, providers: [] };
}
