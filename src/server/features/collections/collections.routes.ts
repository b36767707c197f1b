import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
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
import {
  CollectionEstimatesResponseSchema,
  CollectionValueResponseSchema,
} from '#shared/schemas/valuation.ts';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../accounts/public.ts';
import { assertMaySeeValue, collectionEstimates, collectionValue } from './collection-value.service.ts';
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

    /** `me` names the signed-in collector (401 for a visitor); any other id names that collector. */
    const ownerOf = (request: FastifyRequest, id: string) => (id === 'me' ? requireUser(request).id : id);

    app.get(
      '/api/users/:id/collection/estimates',
      {
        schema: {
          tags: ['collections'],
          summary: "The estimate of each of a collector's graded, 1st Edition collected cards",
          description:
            'For the owner, and for anyone when the owner shows their collection’s value: otherwise 401 for visitors, 403 for others.',
          params: UserIdParamsSchema,
          response: { 200: CollectionEstimatesResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const ownerId = ownerOf(request, request.params.id);
        await assertMaySeeValue(context, request.user?.id ?? null, ownerId);
        return collectionEstimates(context, ownerId);
      },
    );

    app.get(
      '/api/users/:id/collection/value',
      {
        schema: {
          tags: ['collections'],
          summary: 'A collection’s value: the sum of its estimates, and that value over the last 52 weeks',
          description:
            'For the owner (`me`, or their own id), and for anyone when the owner shows their collection’s value: otherwise 401 for visitors, 403 for others.',
          params: UserIdParamsSchema,
          response: { 200: CollectionValueResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const ownerId = ownerOf(request, request.params.id);
        await assertMaySeeValue(context, request.user?.id ?? null, ownerId);
        return collectionValue(context, ownerId);
      },
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
          response: { 204: z.null().describe('Removed'), 409: ErrorBodySchema, ...errorResponses },
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
