import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '#shared/schemas/common.ts';
import { SuggestionsQuerySchema, SuggestionsResponseSchema } from '#shared/schemas/sales.ts';
import { suggestCardNames } from '#shared/suggestions.ts';
import type { AppContext } from '../../context.ts';

export function suggestionsRoutes(_context: AppContext): FastifyPluginAsync {
  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/suggestions',
      {
        schema: {
          tags: ['catalogue'],
          summary:
            'Card names of a set containing the typed text (at most 10; rare prints as "<name> non-holo")',
          querystring: SuggestionsQuerySchema,
          response: { 200: SuggestionsResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        // The catalogue only changes with a release, so browsers may keep answers for an hour.
        reply.header('cache-control', 'public, max-age=3600');
        return { suggestions: suggestCardNames(request.query.set, request.query.q) };
      },
    );
  };
}
