import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '#shared/schemas/common.ts';
import { AnalysisQuerySchema, AnalysisResponseSchema } from '#shared/schemas/sales.ts';
import type { AppContext } from '../../context.ts';
import { analysisJson, exportCsv } from './analysis.service.ts';

export function analysisRoutes(context: AppContext): FastifyPluginAsync {
  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/sales/analysis',
      {
        schema: {
          tags: ['sales'],
          summary: 'Sales analysis of a card: statistics, price history, grade options and a page of sales',
          description:
            'Statistics and the chart cover every sale of the period that passes the grader/grade filter ' +
            '(grader alone: all its grades; grade alone: that grade from any grader). An unknown card, or a ' +
            'failed search, answers 200 with the empty result: the name as typed, N/A number and rarity, ' +
            'cardId null and no sales. Answers are cached for 5 minutes and dropped when sales change.',
          querystring: AnalysisQuerySchema,
          response: { 200: AnalysisResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const json = await analysisJson(context, request.query, request.log);
        // Already serialized (and possibly cached) bytes go out as they are, past the response serializer.
        const raw: FastifyReply = reply;
        return raw.type('application/json; charset=utf-8').send(json);
      },
    );

    app.get(
      '/api/sales/analysis.csv',
      {
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags: ['sales'],
          summary: 'The sales of an analysis as CSV (every sale of the filtered period, newest first)',
          querystring: AnalysisQuerySchema,
          produces: ['text/csv'],
          response: {
            200: {
              description: 'Date,Price,Seller,Seller rating,Grader,Grade,Sale type',
              content: { 'text/csv': { schema: z.string() } },
            },
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        const { filename, csv } = await exportCsv(context, request.query);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );
  };
}
