import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, errorResponses } from '#shared/schemas/common.ts';
import {
  CreateFeedBodySchema,
  FeedIdParamsSchema,
  FeedRunDetailSchema,
  FeedRunSchema,
  FeedRunsResponseSchema,
  FeedSchema,
  FeedsResponseSchema,
  RunIdParamsSchema,
} from '#shared/schemas/feeds.ts';
import type { AppContext } from '../../context.ts';
import { requireAdmin } from '../accounts/public.ts';
import * as service from './feeds.service.ts';

const tags = ['feeds'];

/** /api/admin/feeds: admins only, like every admin route; secrets go in and never come out. */
export function feedsRoutes(context: AppContext): FastifyPluginAsync {
  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', async (request) => {
      requireAdmin(request);
    });

    app.get(
      '/api/admin/feeds',
      {
        schema: {
          tags,
          summary: 'Every feed with its schedule, settings, which secrets are set, and its newest run',
          response: { 200: FeedsResponseSchema, ...errorResponses },
        },
      },
      async () => service.listFeeds(context),
    );

    app.post(
      '/api/admin/feeds',
      {
        schema: {
          tags,
          summary:
            'Add a feed: adapter (ebay, url, folder), name, schedule (cron, UTC), settings and secrets',
          body: CreateFeedBodySchema,
          response: { 201: FeedSchema, 409: ErrorBodySchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const admin = requireAdmin(request);
        return reply.status(201).send(await service.createFeed(context, admin.id, request.body));
      },
    );

    app.delete(
      '/api/admin/feeds/:feedId',
      {
        schema: {
          tags,
          summary: 'Delete a feed with its runs; the sales it brought stay (409 while a run is under way)',
          params: FeedIdParamsSchema,
          response: { 204: z.null().describe('Deleted'), 409: ErrorBodySchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        await service.deleteFeed(context, requireAdmin(request).id, request.params.feedId);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/admin/feeds/:feedId/pause',
      {
        schema: {
          tags,
          summary: 'Stop running the feed on its schedule',
          params: FeedIdParamsSchema,
          response: { 200: FeedSchema, ...errorResponses },
        },
      },
      async (request) =>
        service.setFeedPaused(context, requireAdmin(request).id, request.params.feedId, true),
    );

    app.post(
      '/api/admin/feeds/:feedId/resume',
      {
        schema: {
          tags,
          summary: 'Run the feed on its schedule again, from now',
          params: FeedIdParamsSchema,
          response: { 200: FeedSchema, ...errorResponses },
        },
      },
      async (request) =>
        service.setFeedPaused(context, requireAdmin(request).id, request.params.feedId, false),
    );

    app.post(
      '/api/admin/feeds/:feedId/run',
      {
        schema: {
          tags,
          summary: 'Start a run now (409 while one is under way)',
          params: FeedIdParamsSchema,
          response: { 202: FeedRunSchema, 409: ErrorBodySchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const admin = requireAdmin(request);
        return reply.status(202).send(await service.runFeedNow(context, admin.id, request.params.feedId));
      },
    );

    app.get(
      '/api/admin/feeds/:feedId/runs',
      {
        schema: {
          tags,
          summary: 'The newest runs of a feed with their counts and progress',
          params: FeedIdParamsSchema,
          response: { 200: FeedRunsResponseSchema, ...errorResponses },
        },
      },
      async (request) => service.feedRuns(context, request.params.feedId),
    );

    app.get(
      '/api/admin/feed-runs/:runId',
      {
        schema: {
          tags,
          summary: 'One run: counts, errors, and each refused row with its title and reason',
          params: RunIdParamsSchema,
          response: { 200: FeedRunDetailSchema, ...errorResponses },
        },
      },
      async (request) => service.feedRunDetail(context, request.params.runId),
    );
  };
}
