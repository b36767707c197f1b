import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '#shared/schemas/common.ts';
import { DemandQuerySchema, DemandResponseSchema } from '#shared/schemas/notifications.ts';
import type { AppContext } from '../../context.ts';
import { cardDemand } from './demand.service.ts';

export function demandRoutes(context: AppContext): FastifyPluginAsync {
  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/sales/demand',
      {
        schema: {
          tags: ['sales'],
          summary: 'How many collectors want a card, per grade, and the open offers on it (no names, no ids)',
          querystring: DemandQuerySchema,
          response: { 200: DemandResponseSchema, ...errorResponses },
        },
      },
      async (request) => cardDemand(context, request.query.set, request.query.card),
    );
  };
}
