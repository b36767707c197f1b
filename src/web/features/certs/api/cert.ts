import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CertLookupAvailability, CertResponse, CertSlab } from '#shared/schemas/certs.ts';
import { ApiError, api } from '#web/lib/api-client.ts';

function certQuery(certNumber: string) {
  return queryOptions({
    queryKey: ['certs', certNumber],
    queryFn: ({ signal }) => api<CertResponse>(`/api/certs/${encodeURIComponent(certNumber)}`, { signal }),
    // Each try may cost one of PSA's few daily calls; the person decides when to try again.
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Whether this server can ask PSA; without it the page says so instead of trying a lookup. */
export function useCertLookupAvailability() {
  return useQuery({
    queryKey: ['certs', 'availability'],
    queryFn: ({ signal }) => api<CertLookupAvailability>('/api/certs/availability', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useCert(certNumber: string | undefined, enabled: boolean) {
  return useQuery({ ...certQuery(certNumber ?? ''), enabled: enabled && Boolean(certNumber) });
}

/**
 * The slab behind a certificate: its card, estimate, ladder row, last sales and population. Asked once the
 * certificate's own lookup has answered, so it is served from what Holoscope keeps and costs no PSA call.
 */
export function useCertSlab(certNumber: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['certs', certNumber, 'slab'],
    queryFn: ({ signal }) =>
      api<CertSlab>(`/api/certs/${encodeURIComponent(certNumber ?? '')}/slab`, { signal }),
    enabled: enabled && Boolean(certNumber),
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** Failures that may go away by asking again (PSA busy or down), unlike an unknown or invalid number. */
export function isPassing(error: Error): boolean {
  return !(error instanceof ApiError) || error.code === 'psa-unavailable' || error.status === 0;
}

/** A request that reached no server: no connection, or Holoscope down. */
export function isUnreachable(error: Error): boolean {
  return error instanceof ApiError && error.status === 0;
}
