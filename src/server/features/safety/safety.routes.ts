import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '#shared/errors.ts';
import { errorResponses } from '#shared/schemas/common.ts';
import { ReportBodySchema, ReportSchema } from '#shared/schemas/safety.ts';
import { UserIdParamsSchema } from '#shared/schemas/users.ts';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../accounts/public.ts';
import { blockCollector, fileReport, unblockCollector } from './safety.service.ts';

/** Reports per collector in ten minutes: enough to report every message of a bad conversation, not a flood. */
export const REPORT_RATE_LIMIT = { max: 20, timeWindow: '10 minutes' } as const;

const tags = ['safety'];

export function safetyRoutes(context: AppContext): FastifyPluginAsync {
  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/users/:id/block',
      {
        schema: {
          tags,
          summary:
            'Block a collector: they can no longer make offers to you, counter or write to you, your offers lists leave them out, and open offers between you are declined',
          params: UserIdParamsSchema,
          response: { 204: z.null().describe('Blocked (also when they already were)'), ...errorResponses },
        },
      },
      async (request, reply) => {
        const user = requireUser(request, MESSAGES.mustBeLoggedIn);
        await blockCollector(context, user.id, request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.delete(
      '/api/users/:id/block',
      {
        schema: {
          tags,
          summary: 'Unblock a collector; offers that the block ended stay ended',
          params: UserIdParamsSchema,
          response: {
            204: z.null().describe('Unblocked (also when they were not blocked)'),
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        const user = requireUser(request, MESSAGES.mustBeLoggedIn);
        await unblockCollector(context, user.id, request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/reports',
      {
        schema: {
          tags,
          summary:
            "Report an offer message (one of your offers') or a collector's profile to the admins; the same report again while it is open answers 200 with the open report",
          body: ReportBodySchema,
          response: { 200: ReportSchema, 201: ReportSchema, ...errorResponses },
        },
        config: {
          rateLimit: {
            ...REPORT_RATE_LIMIT,
            hook: 'preHandler',
            keyGenerator: (request) => request.user?.id ?? request.ip,
          },
        },
      },
      async (request, reply) => {
        const user = requireUser(request, MESSAGES.mustBeLoggedIn);
        const { report, created } = await fileReport(context, user.id, request.body);
        return reply.status(created ? 201 : 200).send(report);
      },
    );
  };
}
