import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '#shared/errors.ts';
import { errorResponses } from '#shared/schemas/common.ts';
import {
  BAD_UNSUBSCRIBE_LINK,
  EmailPreferenceSchema,
  EmailPreferenceStatusSchema,
  MarkReadBodySchema,
  MarkReadResponseSchema,
  NotificationsQuerySchema,
  NotificationsResponseSchema,
  UnsubscribedResponseSchema,
  UnsubscribeQuerySchema,
} from '#shared/schemas/notifications.ts';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../errors.ts';
import { requireUser } from '../accounts/public.ts';
import {
  emailPreference,
  listNotifications,
  markNotificationsRead,
  setEmailPreference,
  unsubscribe,
} from './notifications.service.ts';

export function notificationsRoutes(context: AppContext): FastifyPluginAsync {
  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    // Mail clients' one-click unsubscribe (RFC 8058) posts a form; its one field says nothing the token in
    // the address does not.
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
          summary:
            'Mark notifications read: the given ids, or all of them when none are sent; answers the unread count',
          body: MarkReadBodySchema,
          response: { 200: MarkReadResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const user = requireUser(request, MESSAGES.mustBeLoggedIn);
        return markNotificationsRead(context, user.id, request.body.ids);
      },
    );

    app.get(
      '/api/notifications/email-preference',
      {
        schema: {
          tags: ['notifications'],
          summary:
            'Whether you get the hourly alert email, and the newest one if your mail server turned it away for good',
          response: { 200: EmailPreferenceStatusSchema, ...errorResponses },
        },
      },
      async (request) => emailPreference(context, requireUser(request, MESSAGES.mustBeLoggedIn).id),
    );

    app.put(
      '/api/notifications/email-preference',
      {
        schema: {
          tags: ['notifications'],
          summary:
            'Turn the hourly alert email on or off; off is the same as unsubscribing, on resumes it after one',
          body: EmailPreferenceSchema,
          response: { 200: EmailPreferenceStatusSchema, ...errorResponses },
        },
      },
      async (request) => {
        const user = requireUser(request, MESSAGES.mustBeLoggedIn);
        return setEmailPreference(context, user.id, request.body);
      },
    );

    // The List-Unsubscribe address opened in a browser: the page that asks (the app's /unsubscribe).
    app.get(
      '/api/notifications/unsubscribe',
      {
        schema: {
          tags: ['notifications'],
          summary:
            'Opened in a browser, an alert email’s unsubscribe address leads to the page that asks first',
          querystring: UnsubscribeQuerySchema,
          response: { 303: z.null().describe('To /unsubscribe?token=…'), ...errorResponses },
        },
      },
      async (request, reply) =>
        reply.redirect(`/unsubscribe?token=${encodeURIComponent(request.query.token)}`, 303),
    );

    app.post(
      '/api/notifications/unsubscribe',
      {
        schema: {
          tags: ['notifications'],
          summary:
            'Stop alert emails, without signing in: the token comes from the email (one-click, RFC 8058)',
          querystring: UnsubscribeQuerySchema,
          response: { 200: UnsubscribedResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        if (!(await unsubscribe(context, request.query.token))) throw badRequest(BAD_UNSUBSCRIBE_LINK);
        return { unsubscribed: true as const };
      },
    );
  };
}
