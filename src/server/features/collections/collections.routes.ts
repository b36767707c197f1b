import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '#shared/errors.ts';
import {
  AddCollectionItemBodySchema,
  CollectionItemParamsSchema,
  CollectionItemSchema,
  CollectionResponseSchema,
} from '#shared/schemas/collections.ts';
import { ErrorBodySchema, errorResponses } from '#shared/schemas/common.ts';
import { UserIdParamsSchema } from '#shared/schemas/users.ts';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../accounts/guards.ts';
import { addItem, getCollection, removeItem } from './collections.service.ts';

export function collectionsRoutes(context: AppContext): FastifyPluginAsync {
  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/users/:id/collection',
      {
        schema: {
          tags: ['collections'],
          summary: "A collector's Collected and Want to Buy lists, newest first",
          params: UserIdParamsSchema,
          response: { 200: CollectionResponseSchema, ...errorResponses },
        },
      },
      async (request) => getCollection(context, request.params.id),
    );

    app.post(
      '/api/users/me/collection',
      {
        schema: {
          tags: ['collections'],
          summary: 'Add a catalogue card to your Collected or Want to Buy list',
          body: AddCollectionItemBodySchema,
          response: { 201: CollectionItemSchema, 409: ErrorBodySchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const user = requireUser(request, MESSAGES.mustBeLoggedIn);
        return reply.status(201).send(await addItem(context, user.id, request.body));
      },
    );

    app.delete(
      '/api/users/me/collection/:itemId',
      {
        schema: {
          tags: ['collections'],
          summary: 'Remove a card from your own lists (its offers go with it)',
          params: CollectionItemParamsSchema,
          response: { 204: z.null().describe('Removed'), ...errorResponses },
        },
      },
      async (request, reply) => {
        const user = requireUser(request, MESSAGES.mustBeLoggedIn);
        await removeItem(context, user.id, request.params.itemId);
        return reply.status(204).send(null);
      },
    );
  };
}
