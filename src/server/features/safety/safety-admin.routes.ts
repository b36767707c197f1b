import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBodySchema, errorResponses } from '#shared/schemas/common.ts';
import {
  AdminReportsResponseSchema,
  ReportIdParamsSchema,
  ReportSchema,
  SuspensionSchema,
} from '#shared/schemas/safety.ts';
import { UserIdParamsSchema } from '#shared/schemas/users.ts';
import type { AppContext } from '../../context.ts';
import { requireAdmin } from '../accounts/public.ts';
import { dismissReport, openReports, suspendAccount } from './safety.service.ts';

const tags = ['admin'];

/** The admins' report queue and suspension: admins only (401 for a visitor, 403 for a collector). */
export function safetyAdminRoutes(context: AppContext): FastifyPluginAsync {
  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', async (request) => {
      requireAdmin(request);
    });

    app.get(
      '/api/admin/reports',
      {
        schema: {
          tags,
          summary: 'Open reports, oldest first, with the reported message or profile',
          response: { 200: AdminReportsResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        requireAdmin(request);
        return { reports: await openReports(context) };
      },
    );

    app.post(
      '/api/admin/reports/:id/dismiss',
      {
        schema: {
          tags,
          summary: 'Dismiss an open report: it leaves the queue and nothing else changes',
          params: ReportIdParamsSchema,
          response: { 200: ReportSchema, 409: ErrorBodySchema, ...errorResponses },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        return dismissReport(context, admin.id, request.params.id);
      },
    );

    app.post(
      '/api/admin/users/:id/suspend',
      {
        schema: {
          tags,
          summary:
            'Suspend an account: its sessions end at once, it cannot sign in, its open offers end and the open reports about it are resolved',
          params: UserIdParamsSchema,
          response: { 200: SuspensionSchema, ...errorResponses },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        return suspendAccount(context, admin.id, request.params.id);
      },
    );
  };
}
