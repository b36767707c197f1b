import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '#shared/errors.ts';
import { errorResponses } from '#shared/schemas/common.ts';
import {
  MarkReadBodySchema,
  NotificationsQuerySchema,
  NotificationsResponseSchema,
  UnsubscribeQuerySchema,
} from '#shared/schemas/notifications.ts';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../accounts/guards.ts';
import { listNotifications, markNotificationsRead, unsubscribe } from './notifications.service.ts';
import { BAD_LINK_PAGE, confirmUnsubscribePage, UNSUBSCRIBED_PAGE } from './unsubscribe-page.ts';

const HTML = 'text/html; charset=utf-8';

export function notificationsRoutes(context: AppContext): FastifyPluginAsync {
  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    // Mail clients' one-click unsubscribe (RFC 8058) and the confirm page's form post a form; its fields say
    // nothing the token in the address does not.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, undefined),
    );

    app.get(
      '/api/notifications',
      {
        schema: {
          tags: ['notifications'],
          summary: 'Your notifications, newest first, a page at a time, and how many are unread',
          querystring: NotificationsQuerySchema,
          response: { 200: NotificationsResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const user = requireUser(request, MESSAGES.mustBeLoggedIn);
        reply.header('cache-control', 'no-store');
        return listNotifications(context, user.id, request.query);
      },
    );

    app.post(
      '/api/notifications/read',
      {
        schema: {
          tags: ['notifications'],
          summary: 'Mark notifications read: the given ids, or all of them when none are sent',
          body: MarkReadBodySchema,
          response: { 204: z.null().describe('Marked'), ...errorResponses },
        },
      },
      async (request, reply) => {
        const user = requireUser(request, MESSAGES.mustBeLoggedIn);
        await markNotificationsRead(context, user.id, request.body.ids);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/notifications/unsubscribe',
      {
        schema: {
          tags: ['notifications'],
          summary: 'The page an alert email’s unsubscribe link opens (HTML): it asks before it unsubscribes',
          querystring: UnsubscribeQuerySchema,
          produces: ['text/html'],
        },
      },
      async (request, reply) =>
        reply
          .type(HTML)
          .header('cache-control', 'no-store')
          .send(confirmUnsubscribePage(request.query.token)),
    );

    app.post(
      '/api/notifications/unsubscribe',
      {
        schema: {
          tags: ['notifications'],
          summary:
            'Stop alert emails, without signing in: the token comes from the email (one-click, RFC 8058)',
          querystring: UnsubscribeQuerySchema,
          produces: ['text/html'],
        },
      },
      async (request, reply) => {
        const done = await unsubscribe(context, request.query.token);
        return reply
          .status(done ? 200 : 400)
          .type(HTML)
          .header('cache-control', 'no-store')
          .send(done ? UNSUBSCRIBED_PAGE : BAD_LINK_PAGE);
      },
    );
  };
}
