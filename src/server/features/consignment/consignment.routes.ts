import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ConsignmentAgentsResponseSchema } from '#shared/schemas/sales.ts';
import type { AppContext } from '../../context.ts';
import { listConsignmentAgents } from './consignment.service.ts';

export function consignmentRoutes(_context: AppContext): FastifyPluginAsync {
  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/consignment-agents',
      {
        schema: {
          tags: ['consignment'],
          summary: 'The trusted consignment agents shown in Consign mode',
          response: { 200: ConsignmentAgentsResponseSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=3600');
        return { agents: [...listConsignmentAgents()] };
      },
    );
  };
}
