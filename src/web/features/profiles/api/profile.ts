import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileImageKind, ProfileSettingsBody, PublicProfile } from '#shared/schemas/users.ts';
import { api } from '#web/lib/api-client.ts';

const profileKey = (id: string) => ['users', id] as const;

function fetchProfile(id: string, signal?: AbortSignal): Promise<PublicProfile> {
  return api<PublicProfile>(`/api/users/${encodeURIComponent(id)}`, { signal });
}

export function useProfile(id: string | undefined) {
  return useQuery({
    queryKey: profileKey(id ?? ''),
    queryFn: ({ signal }) => fetchProfile(id ?? '', signal),
    enabled: Boolean(id),
  });
}

/** Uploads a new avatar or banner for the signed-in user; the header's avatar follows. */
export function useUploadProfileImage(kind: ProfileImageKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api<PublicProfile>(`/api/users/me/${kind}`, { method: 'PUT', body });
    },
    onSuccess: (profile) => {
      client.setQueryData(profileKey(profile.id), profile);
      void client.invalidateQueries({ queryKey: ['session'] });
    },
  });
}

/**
 * Changes the signed-in collector's profile settings. What the collection's value and estimates answer
 * follows the setting, so those are asked again.
 */
export function useChangeProfileSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileSettingsBody) =>
      api<PublicProfile>('/api/users/me/settings', { method: 'PUT', body }),
    onSuccess: (profile) => {
      client.setQueryData(profileKey(profile.id), profile);
      void client.invalidateQueries({ queryKey: [...profileKey(profile.id), 'collection'] });
    },
  });
}
