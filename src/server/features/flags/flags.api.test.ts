import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FlagQueueResponseSchema } from '#shared/schemas/flags.ts';
import { AnalysisResponseSchema } from '#shared/schemas/sales.ts';
import { SlabHistorySchema } from '#shared/schemas/slabs.ts';
import { makeAdmin, registerUser, type TestUser } from '../../../../tests/helpers/auth.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';
import { importSalesFile } from '../sales-import/sales-import.service.ts';

const TODAY = '2026-06-30';

describe('flag review queue and slab history', () => {
  const t = useTestApp();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'holoscope-review-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  let admin: TestUser;
  let collector: TestUser;
  let files = 0;

  async function importRecords(records: Record<string, unknown>[]) {
    const file = path.join(dir, `sales-${++files}.jsonl`);
    fs.writeFileSync(file, records.map((record) => JSON.stringify(record)).join('\n'));
    await importSalesFile(t.app.context, file, { today: TODAY, rejectsFile: false });
  }

  const sale = (id: string, price: number, day: string, fields: Record<string, unknown> = {}) => ({
    id,
    set_id: 'base_set',
    card_name: 'Gyarados',
    price,
    sale_date: day,
    seller: `seller_${id}`,
    grading_company: 'PSA',
    grade: 8,
    ...fields,
  });

  const get = (url: string, user: TestUser = admin) =>
    t.app.inject({ url, headers: { cookie: user.cookie } });
  const decide = (saleId: string, code: string, decision: string, user: TestUser = admin) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/flags/${saleId}/${code}/${decision}`,
      headers: { cookie: user.cookie },
    });
  const analysis = async () =>
    AnalysisResponseSchema.parse((await t.app.inject('/api/sales/analysis?card=Gyarados')).json());

  let outlierId: string;

  beforeAll(async () => {
    admin = await makeAdmin(t);
    collector = await registerUser(t.app);
    await importRecords([
      ...[1, 2, 3, 4, 5].map((day) => sale(`g-${day}`, 200, `2026-05-0${day}`)),
      sale('g-high', 2000, '2026-05-06', { title: 'Gyarados Base Set 1st Edition Holo PSA 8' }),
    ]);
    const row = await t.app.context.database.db
      .selectFrom('sales')
      .select('id')
      .where('source_ref', '=', 'g-high')
      .executeTakeFirstOrThrow();
    outlierId = row.id;
  });

  it('lists open flags with their sale for admins only', async () => {
    const response = await get('/api/admin/flags');
    expect(response.statusCode).toBe(200);
    const body = FlagQueueResponseSchema.parse(response.json());
    expect(body.total).toBe(1);
    expect(body.flags[0]).toMatchObject({
      saleId: outlierId,
      code: 'outlier-high',
      reason: '10× the median of $200 of 5 other PSA 8 sales within 90 days',
      status: 'open',
      cardName: 'Gyarados',
      price: 2000,
      title: 'Gyarados Base Set 1st Edition Holo PSA 8',
      decidedBy: null,
    });
    expect((await get('/api/admin/flags', collector)).statusCode).toBe(403);
    expect((await t.app.inject('/api/admin/flags')).statusCode).toBe(401);
    expect((await get('/api/admin/flags?status=maybe')).statusCode).toBe(400);
  });

  it('clears a flag so the sale counts again, logs it, and never raises it again', async () => {
    expect((await analysis()).stats).toMatchObject({ count: 5, excludedCount: 1, high: 200 });
    const cleared = await decide(outlierId, 'outlier-high', 'clear');
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({
      excluded: false,
      flag: { status: 'cleared', decidedBy: admin.user.username },
    });
    expect((await analysis()).stats).toMatchObject({ count: 6, excludedCount: 0, high: 2000 });
    const audit = await t.app.context.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor', 'subject', 'detail'])
      .where('action', 'like', 'flag.%')
      .execute();
    expect(audit).toEqual([
      {
        action: 'flag.clear',
        actor: admin.user.id,
        subject: `${outlierId}/outlier-high`,
        detail: JSON.stringify({ from: 'open', to: 'cleared' }),
      },
    ]);
    // A new sale of the cohort recomputes its outliers: the cleared flag stays cleared.
    await importRecords([sale('g-7', 200, '2026-05-07')]);
    expect((await analysis()).stats).toMatchObject({ count: 7, excludedCount: 0 });
    expect(FlagQueueResponseSchema.parse((await get('/api/admin/flags')).json()).total).toBe(0);
    const clearedList = FlagQueueResponseSchema.parse((await get('/api/admin/flags?status=cleared')).json());
    expect(clearedList.flags.map((flag) => flag.saleId)).toEqual([outlierId]);
  });

  it('undoes a decision by reopening the flag, and confirms one that stays excluded', async () => {
    const reopened = await decide(outlierId, 'outlier-high', 'reopen');
    expect(reopened.json()).toMatchObject({
      excluded: true,
      flag: { status: 'open', decidedBy: null, decidedAt: null },
    });
    expect((await analysis()).stats).toMatchObject({ excludedCount: 1 });
    const confirmed = await decide(outlierId, 'outlier-high', 'confirm');
    expect(confirmed.json()).toMatchObject({ excluded: true, flag: { status: 'confirmed' } });
    const again = await decide(outlierId, 'outlier-high', 'confirm');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'conflict', message: 'The flag is confirmed already.' });
    expect((await decide(outlierId, 'outlier-low', 'clear')).statusCode).toBe(404);
    expect((await decide(outlierId, 'outlier-high', 'ignore')).statusCode).toBe(400);
    expect((await decide(outlierId, 'outlier-high', 'clear', collector)).statusCode).toBe(403);
    expect((await decide(outlierId, 'outlier-high', 'reopen')).json().flag.status).toBe('open');
  });

  it('lists every sale of a slab oldest first with the change since the one before', async () => {
    await importRecords([
      sale('slab-1', 1000, '2026-01-10', { cert_number: '81234567', source: 'ebay' }),
      sale('slab-2', 1250, '2026-03-10', {
        cert_number: '81234567',
        source: 'goldin',
        card_name: 'Gyarados',
      }),
      sale('slab-3', 1000, '2026-04-10', { cert_number: '81234567', grading_company: 'CGC' }),
    ]);
    const response = await t.app.inject('/api/slabs/psa/81234567');
    expect(response.statusCode).toBe(200);
    const body = SlabHistorySchema.parse(response.json());
    expect(body).toMatchObject({ grader: 'PSA', certNumber: '81234567' });
    expect(body.sales).toMatchObject([
      { date: '2026-01-10T12:00:00.000Z', cardName: 'Gyarados', price: 1000, source: 'ebay', change: null },
      {
        date: '2026-03-10T12:00:00.000Z',
        price: 1250,
        source: 'goldin',
        change: { amount: 250, percent: 25 },
      },
    ]);
    expect(SlabHistorySchema.parse((await t.app.inject('/api/slabs/PSA/00000000')).json()).sales).toEqual([]);
    expect((await t.app.inject('/api/slabs/XYZ/81234567')).statusCode).toBe(400);
    expect((await t.app.inject('/api/slabs/PSA/12%2034')).statusCode).toBe(400);
  });
});
