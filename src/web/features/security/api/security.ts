import { type PublicKeyCredentialCreationOptionsJSON, startRegistration } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignedInResponse } from '#shared/schemas/accounts.ts';
import type {
  ChangePasswordBody,
  DevicesResponse,
  Passkey,
  PasskeysResponse,
} from '#shared/schemas/security.ts';
import { api } from '#web/lib/api-client.ts';

const PASSKEYS_KEY = ['security', 'passkeys'] as const;
const DEVICES_KEY = ['security', 'devices'] as const;

export function usePasskeys() {
  return useQuery({
    queryKey: PASSKEYS_KEY,
    queryFn: ({ signal }) => api<PasskeysResponse>('/api/me/passkeys', { signal }),
  });
}

/** Opens the browser's passkey prompt with the server's options, then stores the passkey it made. */
export function useAddPasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const optionsJSON = await api<PublicKeyCredentialCreationOptionsJSON>('/api/me/passkeys/options', {
        method: 'POST',
      });
      const credential = await startRegistration({ optionsJSON });
      return api<Passkey>('/api/me/passkeys', { method: 'POST', body: { credential } });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: PASSKEYS_KEY }),
  });
}

export function useRenamePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api<Passkey>(`/api/me/passkeys/${encodeURIComponent(id)}`, { method: 'PUT', body: { name } }),
    onSuccess: () => client.invalidateQueries({ queryKey: PASSKEYS_KEY }),
  });
}

export function useRemovePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<PasskeysResponse>(`/api/me/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (data) => client.setQueryData(PASSKEYS_KEY, data),
  });
}

export function useDevices() {
  return useQuery({
    queryKey: DEVICES_KEY,
    queryFn: ({ signal }) => api<DevicesResponse>('/api/me/devices', { signal }),
  });
}

export function useSignOutDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/me/devices/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: DEVICES_KEY }),
  });
}

export function useSignOutOtherDevices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ signedOut: number }>('/api/me/devices/sign-out-others', { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: DEVICES_KEY }),
  });
}

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      api<SignedInResponse>('/api/me/password', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: DEVICES_KEY }),
  });
}
