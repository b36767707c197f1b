import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CertParamsSchema, CertResponseSchema } from '#shared/schemas/certs.ts';
import { ErrorBodySchema, errorResponses } from '#shared/schemas/common.ts';
import type { AppContext } from '../../context.ts';
import { type CertContext, lookupCert } from './certs.service.ts';
import { PsaClient } from './psa-client.ts';

export function certRoutes(context: AppContext): FastifyPluginAsync {
  const { psaApiToken, psaApiBaseUrl } = context.config;
  const psa = psaApiToken ? new PsaClient({ baseUrl: psaApiBaseUrl, token: psaApiToken }) : undefined;
  const certs: CertContext = { database: context.database, media: context.media, psa, inFlight: new Map() };

  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/certs/:certNumber',
      {
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
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
      async (request) => lookupCert(certs, request.params.certNumber),
    );
  };
}
