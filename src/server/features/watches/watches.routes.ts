import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '#shared/errors.ts';
import { ErrorBodySchema, errorResponses } from '#shared/schemas/common.ts';
import {
  CreateWatchBodySchema,
  WatchesResponseSchema,
  WatchIdParamsSchema,
  WatchResponseSchema,
} from '#shared/schemas/watches.ts';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../accounts/public.ts';
import { createWatch, deleteWatch, listWatches } from './watches.service.ts';

export function watchesRoutes(context: AppContext): FastifyPluginAsync {
  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/watches',
      {
        schema: {
          tags: ['watches'],
          summary: 'Watch a card, optionally one grader and grade, optionally below or above a price',
          body: CreateWatchBodySchema,
          response: { 201: WatchResponseSchema, 409: ErrorBodySchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const user = requireUser(request, MESSAGES.mustBeLoggedIn);
        return reply.status(201).send({ watch: await createWatch(context, user.id, request.body) });
      },
    );

    app.get(
      '/api/watches',
      {
        schema: {
          tags: ['watches'],
          summary: 'Your watches, newest first, each with the latest sale of its cohort',
          response: { 200: WatchesResponseSchema, ...errorResponses },
        },
      },
      async (request) => listWatches(context, requireUser(request, MESSAGES.mustBeLoggedIn).id),
    );

    app.delete(
      '/api/watches/:id',
      {
        schema: {
          tags: ['watches'],
          summary: 'Stop watching (your own watches only)',
          params: WatchIdParamsSchema,
          response: { 204: z.null().describe('Removed'), ...errorResponses },
        },
      },
      async (request, reply) => {
        const user = requireUser(request, MESSAGES.mustBeLoggedIn);
        await deleteWatch(context, user.id, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
