import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CertResponse } from '#shared/schemas/certs.ts';
import { api } from '#web/lib/api-client.ts';

function certQuery(certNumber: string) {
  return queryOptions({
    queryKey: ['certs', certNumber],
    queryFn: ({ signal }) => api<CertResponse>(`/api/certs/${encodeURIComponent(certNumber)}`, { signal }),
    // Each try may cost one of PSA's few daily calls; the person decides when to try again.
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCert(certNumber: string | undefined) {
  return useQuery({ ...certQuery(certNumber ?? ''), enabled: Boolean(certNumber) });
}
