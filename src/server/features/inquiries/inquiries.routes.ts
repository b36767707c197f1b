import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '#shared/schemas/common.ts';
import { InquiryBodySchema, InquirySchema } from '#shared/schemas/inquiries.ts';
import type { AppContext } from '../../context.ts';
import { createInquiry } from './inquiries.service.ts';

/** A person sends a handful of inquiries at most; more from one address in a short time is abuse. */
const INQUIRY_RATE_LIMIT = { max: 5, timeWindow: '10 minutes' };

export function inquiryRoutes(context: AppContext): FastifyPluginAsync {
  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/inquiries',
      {
        config: { rateLimit: INQUIRY_RATE_LIMIT },
        schema: {
          tags: ['inquiries'],
          summary: 'Send an inquiry about a card advance, the Seller Equity Program, or anything else',
          body: InquiryBodySchema,
          response: { 201: InquirySchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const inquiry = await createInquiry(context.database.db, request.body);
        return reply.status(201).send(inquiry);
      },
    );
  };
}
