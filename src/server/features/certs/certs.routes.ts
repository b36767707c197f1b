import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CertLookupAvailabilitySchema,
  CertParamsSchema,
  CertResponseSchema,
  CertSlabSchema,
} from '#shared/schemas/certs.ts';
import { ErrorBodySchema, errorResponses } from '#shared/schemas/common.ts';
import { addressKey } from '../../client-address.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { certSlab } from './cert-slab.service.ts';
import { type CertContext, lookupCert } from './certs.service.ts';
import { PsaClient } from './psa-client.ts';

/**
 * Lookups per address a minute, most of them answered from what Holoscope keeps; those that reach PSA are
 * limited apart, per address and for everyone together, because PSA allows few calls a day.
 */
export const CERT_LOOKUP_LIMIT = { max: 60, timeWindow: '1 minute' } as const;
export const PSA_LOOKUP_LIMITS = {
  perAddress: { max: 10, timeWindow: '1 hour' },
  overall: { max: 50, timeWindow: '1 day' },
} as const;

const PSA_LIMIT_MESSAGES = {
  perAddress: 'Too many certificate lookups from your address. Please try again in an hour.',
  overall: 'The PSA lookup has reached its limit for today. Please try again tomorrow.',
} as const;

export function certRoutes(context: AppContext): FastifyPluginAsync {
  const { psaApiToken, psaApiBaseUrl } = context.config;
  const psa = psaApiToken ? new PsaClient({ baseUrl: psaApiBaseUrl, token: psaApiToken }) : undefined;
  const certs: CertContext = { database: context.database, media: context.media, psa, inFlight: new Map() };

  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    if (!psa) {
      app.log.warn(
        'PSA_API_TOKEN is not set: PSA Cert Search tells visitors that certificate lookups are unavailable (docs/operations.md)',
      );
    }
    const psaLimits = [
      {
        limit: app.createRateLimit({
          ...PSA_LOOKUP_LIMITS.perAddress,
          keyGenerator: (request) => `psa-lookups:${addressKey(request.ip)}`,
        }),
        message: PSA_LIMIT_MESSAGES.perAddress,
      },
      {
        limit: app.createRateLimit({ ...PSA_LOOKUP_LIMITS.overall, keyGenerator: () => 'psa-lookups:all' }),
        message: PSA_LIMIT_MESSAGES.overall,
      },
    ];
    /** Counts a lookup that reaches PSA against both limits; 429 when either is spent. */
    const spendPsaLookup = async (request: FastifyRequest) => {
      for (const { limit, message } of psaLimits) {
        const result = await limit(request);
        if (!result.isAllowed && result.isExceeded) {
          throw new AppError(429, 'rate-limited', message, undefined, {
            'retry-after': String(result.ttlInSeconds),
          });
        }
      }
    };
    app.get(
      '/api/certs/availability',
      {
        schema: {
          tags: ['certs'],
          summary: 'Whether certificate lookups can ask PSA on this server (it has a PSA token)',
          response: { 200: CertLookupAvailabilitySchema, ...errorResponses },
        },
      },
      async () => ({ available: psa !== undefined }),
    );
    app.get(
      '/api/certs/:certNumber',
      {
        config: { rateLimit: CERT_LOOKUP_LIMIT },
        schema: {
          tags: ['certs'],
          summary:
            'A PSA certificate and its scans, looked up through Holoscope (cached after the first time)',
          params: CertParamsSchema,
          response: {
            200: CertResponseSchema,
            ...errorResponses,
            502: ErrorBodySchema,
            503: ErrorBodySchema,
          },
        },
      },
      async (request) => lookupCert(certs, request.params.certNumber, () => spendPsaLookup(request)),
    );
    app.get(
      '/api/certs/:certNumber/slab',
      {
        config: { rateLimit: CERT_LOOKUP_LIMIT },
        schema: {
          tags: ['certs'],
          summary:
            'The slab behind a PSA certificate: its card, grade, estimate, ladder row, sales and population',
          description:
            'PSA’s record read into the catalogue by the listing-title rules; card null with the reason for a ' +
            'record that is not a Base Set, Jungle or Fossil card. Shadowless and Unlimited prints, qualified ' +
            'grades and Authentic slabs answer an estimate with basis none. Looked up as /api/certs/{certNumber} ' +
            'is, under the same limits.',
          params: CertParamsSchema,
          response: {
            200: CertSlabSchema,
            ...errorResponses,
            502: ErrorBodySchema,
            503: ErrorBodySchema,
          },
        },
      },
      async (request) =>
        certSlab({ ...certs, analysisCaches: context.analysisCaches }, request.params.certNumber, () =>
          spendPsaLookup(request),
        ),
    );
  };
}
