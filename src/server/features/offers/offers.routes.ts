import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES } from '#shared/errors.ts';
import { ErrorBodySchema, errorResponses } from '#shared/schemas/common.ts';
import {
  MakeOfferBodySchema,
  OFFER_ACTIONS,
  OfferIdParamsSchema,
  OfferSchema,
  OffersResponseSchema,
} from '#shared/schemas/offers.ts';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../accounts/guards.ts';
import { actOnOffer, listMyOffers, makeOffer } from './offers.service.ts';

const ACTION_SUMMARIES = {
  accept: 'Accept an open offer on your card (the other open offers on it are declined)',
  decline: 'Decline an open offer on your card',
  withdraw: 'Withdraw an open offer you made',
} as const;

/**
 * Offers per collector in ten minutes: room to make offers across a whole set, not to flood owners. Counted
 * per account once the session is known, so a new address does not reset it; a request that fails validation
 * is not counted.
 */
export const OFFER_RATE_LIMIT = { max: 20, timeWindow: '10 minutes' } as const;

export function offersRoutes(context: AppContext): FastifyPluginAsync {
  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/offers',
      {
        schema: {
          tags: ['offers'],
          summary: "Make an offer on another collector's card that accepts offers",
          body: MakeOfferBodySchema,
          response: { 201: OfferSchema, 409: ErrorBodySchema, ...errorResponses },
        },
        config: {
          rateLimit: {
            ...OFFER_RATE_LIMIT,
            hook: 'preHandler',
            keyGenerator: (request) => request.user?.id ?? request.ip,
          },
        },
      },
      async (request, reply) => {
        const user = requireUser(request, MESSAGES.mustBeLoggedIn);
        return reply.status(201).send(await makeOffer(context, user.id, request.body));
      },
    );

    app.get(
      '/api/users/me/offers',
      {
        schema: {
          tags: ['offers'],
          summary: 'Offers on your cards and offers you made, newest first',
          response: { 200: OffersResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const user = requireUser(request, MESSAGES.mustBeLoggedIn);
        return listMyOffers(context, user.id);
      },
    );

    for (const action of OFFER_ACTIONS) {
      app.post(
        `/api/offers/:id/${action}`,
        {
          schema: {
            tags: ['offers'],
            summary: ACTION_SUMMARIES[action],
            params: OfferIdParamsSchema,
            response: { 200: OfferSchema, 409: ErrorBodySchema, ...errorResponses },
          },
        },
        async (request) => {
          const user = requireUser(request, MESSAGES.mustBeLoggedIn);
          return actOnOffer(context, user.id, request.params.id, action);
        },
      );
    }
  };
}
