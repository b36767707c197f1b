import type { App } from '#server/app.ts';
import { dayBefore } from '#shared/schemas/admin.ts';
import type { TestUser } from './auth.ts';
import { multipartBody } from './upload.ts';

/** A flat_sales record for the importer: a Base Set Charizard PSA 9 sold yesterday, changed by `fields`. */
export function saleRecord(fields: Record<string, unknown>): string {
  return JSON.stringify({
    set_id: 'base_set',
    card_name: 'Charizard',
    grading_company: 'PSA',
    grade: 9,
    price: 18_500,
    sale_date: dayBefore(1),
    seller: 'alert_seller',
    ...fields,
  });
}

/** Imports the records as the admin does, through POST /api/admin/sales/import. */
export async function importRecords(app: App, admin: TestUser, records: string[]) {
  const { payload, headers } = await multipartBody(`${records.join('\n')}\n`, { filename: 'sales.jsonl' });
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/sales/import',
    headers: { ...headers, cookie: admin.cookie },
    payload,
  });
  if (response.statusCode !== 200) throw new Error(`Import failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

export async function watch(app: App, collector: TestUser, body: Record<string, unknown>) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/watches',
    payload: body,
    headers: { cookie: collector.cookie },
  });
  if (response.statusCode !== 201) throw new Error(`Watch failed: ${response.statusCode} ${response.body}`);
  return response.json().watch as { id: string };
}

export async function notificationsOf(app: App, collector: TestUser, query = '') {
  const response = await app.inject({
    url: `/api/notifications${query}`,
    headers: { cookie: collector.cookie },
  });
  if (response.statusCode !== 200)
    throw new Error(`Notifications failed: ${response.statusCode} ${response.body}`);
  return response.json();
}
