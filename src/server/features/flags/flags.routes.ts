import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBodySchema, errorResponses } from '#shared/schemas/common.ts';
import {
  FlagDecisionResponseSchema,
  FlagParamsSchema,
  FlagQueueQuerySchema,
  FlagQueueResponseSchema,
} from '#shared/schemas/flags.ts';
import type { AppContext } from '../../context.ts';
import { requireAdmin } from '../accounts/public.ts';
import { decideFlag, flagQueue } from './flags.service.ts';

const tags = ['admin'];

/** The review queue of flagged sales (docs/product.md §11): admins only. */
export function flagsRoutes(context: AppContext): FastifyPluginAsync {
  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', async (request) => {
      requireAdmin(request);
    });

    app.get(
      '/api/admin/flags',
      {
        schema: {
          tags,
          summary:
            'Flagged sales to review: open flags oldest first, or confirmed or cleared ones, latest first',
          querystring: FlagQueueQuerySchema,
          response: { 200: FlagQueueResponseSchema, ...errorResponses },
        },
      },
      async (request) => flagQueue(context, request.query),
    );

    app.post(
      '/api/admin/flags/:saleId/:code/:decision',
      {
        schema: {
          tags,
          summary:
            'Confirm a flag (the sale stays excluded), clear it (the sale counts again), or reopen it (undo)',
          description:
            'A cleared flag is never raised again when the cohort is recomputed. Each decision is audit-logged. ' +
            '409 when the flag already has that status.',
          params: FlagParamsSchema,
          response: { 200: FlagDecisionResponseSchema, 409: ErrorBodySchema, ...errorResponses },
        },
      },
      async (request) => {
        const user = requireAdmin(request);
        const { saleId, code, decision } = request.params;
        return decideFlag(context, user.id, saleId, code, decision);
      },
    );
  };
}
