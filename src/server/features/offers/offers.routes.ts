import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES } from '#shared/errors.ts';
import { MAX_OFFER_MESSAGES_PER_HOUR } from '#shared/schemas/safety.ts';
import { ErrorBodySchema, errorResponses } from '#shared/schemas/common.ts';
import {
  CancelDealBodySchema,
  CounterOfferBodySchema,
  MakeOfferBodySchema,
  OFFER_ACTIONS,
  OfferDetailSchema,
  OfferIdParamsSchema,
  OfferMessageBodySchema,
  OfferMessageSchema,
  OfferSchema,
  OffersResponseSchema,
} from '#shared/schemas/offers.ts';
import { OfferRatingSchema, RateBodySchema } from '#shared/schemas/ratings.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { requireUser, waitMessage } from '../accounts/public.ts';
import { rateDeal } from './offer-ratings.service.ts';
import {
  actOnOffer,
  cancelDeal,
  completeDeal,
  counterOffer,
  listMyOffers,
  makeOffer,
  offerDetail,
  writeMessage,
} from './offers.service.ts';

const ACTION_SUMMARIES = {
  accept:
    "Accept the last round's amount when it is your turn: the offer becomes an agreed deal and the other open offers on the card are declined",
  decline: 'Decline an open offer when it is your turn',
  withdraw: 'Withdraw an open offer you made, at either turn',
} as const;

/**
 * Offers per collector in ten minutes: room to make offers across a whole set, not to flood owners. Counted
 * per account once the session is known, so a new address does not reset it; a request that fails validation
 * is not counted.
 */
export const OFFER_RATE_LIMIT = { max: 20, timeWindow: '10 minutes' } as const;

/** Counters and messages per collector in ten minutes: a lively negotiation, not a flood. */
export const OFFER_TALK_RATE_LIMIT = { max: 60, timeWindow: '10 minutes' } as const;
const talkRateLimit = {
  rateLimit: {
    ...OFFER_TALK_RATE_LIMIT,
    hook: 'preHandler',
    keyGenerator: (request: { user?: { id: string } | null; ip: string }) => request.user?.id ?? request.ip,
  },
} as const;

/** Offer messages per collector in an hour, whichever offers they are on; the refusal says how long to wait. */
export const OFFER_MESSAGE_RATE_LIMIT = { max: MAX_OFFER_MESSAGES_PER_HOUR, timeWindow: '1 hour' } as const;
const messageRateLimit = {
  rateLimit: {
    ...OFFER_MESSAGE_RATE_LIMIT,
    hook: 'preHandler',
    keyGenerator: (request: { user?: { id: string } | null; ip: string }) => request.user?.id ?? request.ip,
    errorResponseBuilder: (_request: unknown, limit: { ttl: number }) => {
      const seconds = Math.max(1, Math.ceil(limit.ttl / 1000));
      return new AppError(429, 'rate-limited', waitMessage(seconds), undefined, {
        'retry-after': String(seconds),
      });
    },
  },
} as const;

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

    app.get(
      '/api/offers/:id',
      {
        schema: {
          tags: ['offers'],
          summary: 'An offer you made or received, with its rounds and conversation, oldest first',
          params: OfferIdParamsSchema,
          response: { 200: OfferDetailSchema, ...errorResponses },
        },
      },
      async (request) => {
        const user = requireUser(request, MESSAGES.mustBeLoggedIn);
        return offerDetail(context, user.id, request.params.id);
      },
    );

    app.post(
      '/api/offers/:id/counter',
      {
        schema: {
          tags: ['offers'],
          summary: 'Counter with a new amount when it is your turn; the turn passes to the other collector',
          params: OfferIdParamsSchema,
          body: CounterOfferBodySchema,
          response: { 200: OfferSchema, 409: ErrorBodySchema, ...errorResponses },
        },
        config: talkRateLimit,
      },
      async (request) => {
        const user = requireUser(request, MESSAGES.mustBeLoggedIn);
        return counterOffer(context, user.id, request.params.id, request.body);
      },
    );

    app.post(
      '/api/offers/:id/messages',
      {
        schema: {
          tags: ['offers'],
          summary: "Write to the offer's other collector while it is open or accepted (plain text)",
          params: OfferIdParamsSchema,
          body: OfferMessageBodySchema,
          response: { 201: OfferMessageSchema, 409: ErrorBodySchema, ...errorResponses },
        },
        config: messageRateLimit,
      },
      async (request, reply) => {
        const user = requireUser(request, MESSAGES.mustBeLoggedIn);
        return reply
          .status(201)
          .send(await writeMessage(context, user.id, request.params.id, request.body.text));
      },
    );

    app.post(
      '/api/offers/:id/complete',
      {
        schema: {
          tags: ['offers'],
          summary:
            'Mark an agreed deal done: the buyer received the card, the owner sent it; once both have, it is completed',
          params: OfferIdParamsSchema,
          response: { 200: OfferSchema, 409: ErrorBodySchema, ...errorResponses },
        },
      },
      async (request) => {
        const user = requireUser(request, MESSAGES.mustBeLoggedIn);
        return completeDeal(context, user.id, request.params.id);
      },
    );

    app.post(
      '/api/offers/:id/cancel',
      {
        schema: {
          tags: ['offers'],
          summary: 'Cancel an agreed deal, saying why; the card takes offers again',
          params: OfferIdParamsSchema,
          body: CancelDealBodySchema,
          response: { 200: OfferSchema, 409: ErrorBodySchema, ...errorResponses },
        },
        config: talkRateLimit,
      },
      async (request) => {
        const user = requireUser(request, MESSAGES.mustBeLoggedIn);
        return cancelDeal(context, user.id, request.params.id, request.body.reason);
      },
    );

    app.post(
      '/api/offers/:id/rating',
      {
        schema: {
          tags: ['offers'],
          summary:
            'Rate the other collector of a completed deal, once: 1 to 5 stars and an optional comment, shown on their profile',
          params: OfferIdParamsSchema,
          body: RateBodySchema,
          response: { 201: OfferRatingSchema, 409: ErrorBodySchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const user = requireUser(request, MESSAGES.mustBeLoggedIn);
        return reply.status(201).send(await rateDeal(context, user.id, request.params.id, request.body));
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
