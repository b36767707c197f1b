import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '#shared/schemas/common.ts';
import { SlabHistorySchema, SlabParamsSchema } from '#shared/schemas/slabs.ts';
import type { AppContext } from '../../context.ts';
import { slabHistory } from './slabs.service.ts';

export function slabsRoutes(context: AppContext): FastifyPluginAsync {
  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/slabs/:grader/:cert',
      {
        schema: {
          tags: ['sales'],
          summary: 'Every sale of one graded slab, by its certificate number, oldest first',
          description:
            'Each sale with its card, US dollar price (price plus buyer’s premium, without shipping), source and ' +
            'the change since the slab’s previous sale. An unknown certificate answers 200 with no sales.',
          params: SlabParamsSchema,
          response: { 200: SlabHistorySchema, ...errorResponses },
        },
      },
      async (request) => slabHistory(context, request.params.grader, request.params.cert),
    );
  };
}
