import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CollectorsQuerySchema, CollectorsResponseSchema } from '#shared/schemas/collections.ts';
import { errorResponses } from '#shared/schemas/common.ts';
import type { AppContext } from '../../context.ts';
import { findCollectors } from './sourcing.service.ts';

export function sourcingRoutes(context: AppContext): FastifyPluginAsync {
  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/collectors',
      {
        schema: {
          tags: ['sourcing'],
          summary: 'Collectors holding a card (Source mode): offers first, then best grade; paginated',
          querystring: CollectorsQuerySchema,
          response: { 200: CollectorsResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        // Collections change at any moment and the live channel tells pages when; a cached answer would lie.
        reply.header('cache-control', 'no-store');
        return findCollectors(context.database.read, request.query, request.log);
      },
    );
  };
}
