import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES } from '#shared/errors.ts';
import { errorResponses } from '#shared/schemas/common.ts';
import { InboxQuerySchema, InboxResponseSchema } from '#shared/schemas/offer-inbox.ts';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../accounts/public.ts';
import { listInbox } from './offer-inbox.service.ts';

export function offerInboxRoutes(context: AppContext): FastifyPluginAsync {
  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/users/me/inbox',
      {
        schema: {
          tags: ['offers'],
          summary:
            'Your inbox: every offer you made or received, one row each with its state and whose turn it is, newest activity first, a page at a time',
          querystring: InboxQuerySchema,
          response: { 200: InboxResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const user = requireUser(request, MESSAGES.mustBeLoggedIn);
        return listInbox(context, user.id, request.query);
      },
    );
  };
}
