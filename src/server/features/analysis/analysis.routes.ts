import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '#shared/schemas/common.ts';
import { AnalysisQuerySchema, AnalysisResponseSchema } from '#shared/schemas/sales.ts';
import {
  EstimateQuerySchema,
  LadderQuerySchema,
  LadderResponseSchema,
  PopulationsQuerySchema,
  PopulationsResponseSchema,
  SlabEstimateSchema,
} from '#shared/schemas/valuation.ts';
import type { AppContext } from '../../context.ts';
import { analysisJson, exportCsv } from './analysis.service.ts';
import { CSV_HEADER } from './analysis-csv.ts';
import { estimateJson, ladderJson, populationsOf } from './valuation.service.ts';

/** Already serialized (and possibly cached) bytes go out as they are, past the response serializer. */
function sendJson(reply: FastifyReply, json: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

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
            '(grader alone: all its grades; grade alone: that grade from any grader). Prices are what the ' +
            'buyer paid for the card in US dollars: the price plus any buyer’s premium, without shipping, a ' +
            'foreign price converted at the European Central Bank reference rate of its sale day (the table ' +
            'rows also give the original price and currency). Flagged sales (outliers, probable duplicates, ' +
            'titles of another item, Best Offers whose accepted price is unknown) are listed with their flags ' +
            'and excluded: true, and left out of the statistics and chart unless includeFlagged=true; ' +
            'stats.excludedCount says how many there are. An unknown card, or a ' +
            'failed search, answers 200 with the empty result: the name as typed, N/A number and rarity, ' +
            'cardId null and no sales. Answers are cached for 5 minutes and dropped when sales change.',
          querystring: AnalysisQuerySchema,
          response: { 200: AnalysisResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => sendJson(reply, await analysisJson(context, request.query, request.log)),
    );

    app.get(
      '/api/sales/ladder',
      {
        schema: {
          tags: ['sales'],
          summary: 'Grade ladder of a card: a row per grader and grade with its median, spread and trend',
          description:
            'One row per grader and grade with sales in the period, PSA, BGS, CGC, SGC then any other grader, ' +
            'grades high to low. Quartiles, the 90-day change and the multiplier are defined in the product ' +
            'description. Flagged, excluded sales count only with includeFlagged=true. An unknown card ' +
            'answers 200 with cardId null and no rows.',
          querystring: LadderQuerySchema,
          response: { 200: LadderResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => sendJson(reply, await ladderJson(context, request.query)),
    );

    app.get(
      '/api/sales/populations',
      {
        schema: {
          tags: ['sales'],
          summary: 'PSA’s population of a card by grade, as certificate lookups observed it day by day',
          description:
            'The 1st Edition print’s figures (total graded at the grade, and higher) kept from PSA’s answers to ' +
            'certificate lookups, one observation per grade and day: the day’s last lookup. Nothing is ' +
            'estimated; a grade nobody looked up has no observation. An unknown card answers 200 with cardId ' +
            'null and no observations.',
          querystring: PopulationsQuerySchema,
          response: { 200: PopulationsResponseSchema, ...errorResponses },
        },
      },
      async (request) => populationsOf(context, request.query),
    );

    app.get(
      '/api/sales/estimate',
      {
        schema: {
          tags: ['sales'],
          summary: 'What a slab of the card is worth: a recency-weighted estimate with an 80 % band',
          description:
            'basis recent-sales: from the slab’s own sales in the narrowest window of 90, 180, 365 or 730 days ' +
            'holding at least 5, each weighted by half for every 90 days of age. neighbour-grades: scaled from ' +
            'the nearest grades of the same grader that have enough sales. none: estimate, low, high and ' +
            'windowDays are null.',
          querystring: EstimateQuerySchema,
          response: { 200: SlabEstimateSchema, ...errorResponses },
        },
      },
      async (request, reply) => sendJson(reply, await estimateJson(context, request.query)),
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
              description: CSV_HEADER.join(','),
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
