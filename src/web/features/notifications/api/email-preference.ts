import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailPreference, EmailPreferenceStatus } from '#shared/schemas/notifications.ts';
import { api } from '#web/lib/api-client.ts';

const PATH = '/api/notifications/email-preference';
/** Not under ['notifications']: a new alert arriving live does not change the choice. */
const EMAIL_PREFERENCE_KEY = ['email-preference'] as const;

/** Whether the signed-in collector gets the hourly alert email, and the newest one if it never arrived. */
export function useEmailPreference() {
  return useQuery({
    queryKey: EMAIL_PREFERENCE_KEY,
    queryFn: ({ signal }) => api<EmailPreferenceStatus>(PATH, { signal }),
  });
}

/** Turns alert emails on or off; the switch shows the choice at once and goes back if it fails. */
export function useSetEmailPreference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (preference: EmailPreference) =>
      api<EmailPreferenceStatus>(PATH, { method: 'PUT', body: preference }),
    onMutate: async (preference) => {
      await client.cancelQueries({ queryKey: EMAIL_PREFERENCE_KEY });
      const before = client.getQueryData<EmailPreferenceStatus>(EMAIL_PREFERENCE_KEY);
      client.setQueryData<EmailPreferenceStatus>(EMAIL_PREFERENCE_KEY, {
        undelivered: null,
        ...before,
        ...preference,
      });
      return { before };
    },
    onError: (_error, _preference, saved) => {
      if (saved?.before) client.setQueryData(EMAIL_PREFERENCE_KEY, saved.before);
    },
    onSettled: () => client.invalidateQueries({ queryKey: EMAIL_PREFERENCE_KEY }),
  });
}
