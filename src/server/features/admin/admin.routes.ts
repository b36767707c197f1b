import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminInquiriesQuerySchema,
  AdminInquiriesResponseSchema,
  AdminSearchQuerySchema,
  AdminSearchResponseSchema,
  DeletedSalesQuerySchema,
  DeletedSalesResponseSchema,
  DeleteSalesResponseSchema,
  ImportQuerySchema,
  ImportSummarySchema,
  MAX_IMPORT_MEGABYTES,
  RestoreSalesResponseSchema,
  SaleIdsBodySchema,
  SalesByDayQuerySchema,
  SalesByDayResponseSchema,
} from '#shared/schemas/admin.ts';
import { ErrorBodySchema, errorResponses } from '#shared/schemas/common.ts';
import type { AppContext } from '../../context.ts';
import { fileUpload } from '../../file-upload.ts';
import { requireAdmin } from '../accounts/public.ts';
import * as service from './admin.service.ts';
import { IMPORT_UPLOAD, importUploadedSales, MAX_IMPORT_BYTES } from './admin-import.service.ts';

const tags = ['admin'];
const changeResponses = { 409: ErrorBodySchema, ...errorResponses };

/** Every /api/admin route: admins only (401 for a visitor, 403 for a collector), checked on the server. */
export function adminRoutes(context: AppContext): FastifyPluginAsync {
  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    // Before the body is read or validated: a visitor learns nothing about the input, and an upload
    // from someone who is not an admin is refused before a byte of it is stored.
    app.addHook('onRequest', async (request) => {
      requireAdmin(request);
    });
    await app.register(multipart, {
      limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5, parts: 6 },
    });

    app.get(
      '/api/admin/sales/by-day',
      {
        schema: {
          tags,
          summary: 'Sales of a set on one day, newest first (offset 1 = yesterday, UTC)',
          querystring: SalesByDayQuerySchema,
          response: { 200: SalesByDayResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        requireAdmin(request);
        return service.salesByDay(context, request.query.set, request.query.offset);
      },
    );

    app.get(
      '/api/admin/sales/search',
      {
        schema: {
          tags,
          summary: 'Sales of one card in a period, newest first, for curation',
          querystring: AdminSearchQuerySchema,
          response: { 200: AdminSearchResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        requireAdmin(request);
        const { set, card, period } = request.query;
        return service.searchSales(context, set, card, period);
      },
    );

    app.post(
      '/api/admin/sales/delete',
      {
        schema: {
          tags,
          summary: 'Archive and delete sales, all or none (404 "Sale not found" names unknown ids)',
          body: SaleIdsBodySchema,
          response: { 200: DeleteSalesResponseSchema, ...changeResponses },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        return service.deleteSales(context, admin.id, request.body.saleIds);
      },
    );

    app.get(
      '/api/admin/sales/deleted',
      {
        schema: {
          tags,
          summary: 'Recently deleted sales with who deleted them and when',
          querystring: DeletedSalesQuerySchema,
          response: { 200: DeletedSalesResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        requireAdmin(request);
        return service.recentlyDeleted(context, request.query.limit);
      },
    );

    app.post(
      '/api/admin/sales/restore',
      {
        schema: {
          tags,
          summary: 'Put deleted sales back, all or none',
          body: SaleIdsBodySchema,
          response: { 200: RestoreSalesResponseSchema, ...changeResponses },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        return service.restoreSales(context, admin.id, request.body.saleIds);
      },
    );

    app.post(
      '/api/admin/sales/import',
      {
        schema: {
          tags,
          summary: `Import a sales file (JSON, JSON Lines or CSV, up to ${MAX_IMPORT_MEGABYTES} MB) in the multipart field "file"`,
          consumes: ['multipart/form-data'],
          querystring: ImportQuerySchema,
          response: {
            200: ImportSummarySchema,
            413: ErrorBodySchema,
            415: ErrorBodySchema,
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        const part = await fileUpload(request, IMPORT_UPLOAD);
        return importUploadedSales(context, admin.id, part, request.query.format);
      },
    );

    app.get(
      '/api/admin/inquiries',
      {
        schema: {
          tags,
          summary: 'Inquiries sent from the marketing pages, newest first',
          querystring: AdminInquiriesQuerySchema,
          response: { 200: AdminInquiriesResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        requireAdmin(request);
        return service.recentInquiries(context, request.query.limit);
      },
    );
  };
}
