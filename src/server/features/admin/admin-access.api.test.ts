import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/errors.ts';
import { makeAdmin, registerUser, type TestUser } from '../../../../tests/helpers/auth.ts';
import { insertSales } from '../../../../tests/helpers/sales-factory.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';
import { multipartBody } from '../../../../tests/helpers/upload.ts';

interface AdminRoute {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  /** A fresh, valid request body for an admin (sale ids differ per call). */
  body?: () => Promise<{ payload: string | object | Buffer; headers?: Record<string, string> }>;
  adminStatus: number;
}

describe('admin routes are for admins only', () => {
  const t = useTestApp();
  let collector: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    collector = await registerUser(t.app);
    admin = await makeAdmin(t);
  });

  async function deletedSaleId(): Promise<string> {
    const [sale] = await insertSales(t.database.handle, [{}]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sales/delete',
      headers: { cookie: admin.cookie },
      payload: { saleIds: [sale!.id] },
    });
    expect(response.statusCode).toBe(200);
    return sale!.id;
  }

  const routes: AdminRoute[] = [
    {
      name: 'sales by day',
      method: 'GET',
      url: '/api/admin/sales/by-day?set=base_set&offset=1',
      adminStatus: 200,
    },
    {
      name: 'sales search',
      method: 'GET',
      url: '/api/admin/sales/search?set=base&card=charizard',
      adminStatus: 200,
    },
    { name: 'recently deleted', method: 'GET', url: '/api/admin/sales/deleted', adminStatus: 200 },
    { name: 'inquiries', method: 'GET', url: '/api/admin/inquiries', adminStatus: 200 },
    {
      name: 'delete',
      method: 'POST',
      url: '/api/admin/sales/delete',
      body: async () => {
        const [sale] = await insertSales(t.database.handle, [{}]);
        return { payload: { saleIds: [sale!.id] } };
      },
      adminStatus: 200,
    },
    {
      name: 'restore',
      method: 'POST',
      url: '/api/admin/sales/restore',
      body: async () => ({ payload: { saleIds: [await deletedSaleId()] } }),
      adminStatus: 200,
    },
    {
      name: 'import',
      method: 'POST',
      url: '/api/admin/sales/import',
      body: () => multipartBody('{"set_id":"base_set"}\n', { filename: 'sales.jsonl' }),
      adminStatus: 200,
    },
  ];

  async function requestAs(route: AdminRoute, cookie: string | undefined) {
    const body = await route.body?.();
    return t.app.inject({
      method: route.method,
      url: route.url,
      headers: { ...(cookie ? { cookie } : {}), ...body?.headers },
      ...(body ? { payload: body.payload } : {}),
    });
  }

  for (const route of routes) {
    it(`${route.name}: 401 for a visitor, 403 for a collector, ${route.adminStatus} for an admin`, async () => {
      const visitor = await requestAs(route, undefined);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toEqual({
        error: { code: 'unauthenticated', message: MESSAGES.authenticationRequired },
      });

      // Reading admin data and making an admin change are refused in the specification's two words.
      const asCollector = await requestAs(route, collector.cookie);
      expect(asCollector.statusCode).toBe(403);
      expect(asCollector.json()).toEqual({
        error: {
          code: 'forbidden',
          message:
            route.method === 'GET' ? 'Unauthorized: Admin access required' : 'Admin permissions required',
        },
      });

      const asAdmin = await requestAs(route, admin.cookie);
      expect(asAdmin.statusCode, asAdmin.body).toBe(route.adminStatus);
    });
  }

  it('refuses a collector before looking at the input, so bad input still reads as 403', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sales/delete',
      headers: { cookie: collector.cookie },
      payload: { saleIds: [] },
    });
    expect(response.statusCode).toBe(403);
  });

  it('does not delete anything for a collector', async () => {
    const [sale] = await insertSales(t.database.handle, [{}]);
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/sales/delete',
      headers: { cookie: collector.cookie },
      payload: { saleIds: [sale!.id] },
    });
    const stored = await t.database.handle.db
      .selectFrom('sales')
      .select('id')
      .where('id', '=', sale!.id)
      .executeTakeFirst();
    expect(stored?.id).toBe(sale!.id);
  });

  it('lists the admin routes in the OpenAPI document', async () => {
    const document = (await t.app.inject('/api/docs/json')).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/admin/sales/by-day',
        '/api/admin/sales/search',
        '/api/admin/sales/delete',
        '/api/admin/sales/deleted',
        '/api/admin/sales/restore',
        '/api/admin/sales/import',
        '/api/admin/inquiries',
      ]),
    );
  });
});
