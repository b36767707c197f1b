import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/errors.ts';
import { dayBefore } from '#shared/schemas/admin.ts';
import { makeAdmin, type TestUser } from '../../../../tests/helpers/auth.ts';
import { daysAgo, insertSales } from '../../../../tests/helpers/sales-factory.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';
import { salesOnDayQuery } from './admin.repository.ts';

describe('admin sales views', () => {
  const t = useTestApp();
  let admin: TestUser;

  beforeAll(async () => {
    admin = await makeAdmin(t);
  });

  const get = (url: string) => t.app.inject({ url, headers: { cookie: admin.cookie } });

  it('lists one set on one day, newest first, starting with yesterday', async () => {
    const [older, newer] = await insertSales(t.database.handle, [
      {
        set_id: 'fossil_set',
        card_name: 'Dragonite',
        sold_at: daysAgo(1.2),
        price_cents: 12_345,
        seller: 'ash',
      },
      { set_id: 'fossil_set', card_name: 'Gengar', sold_at: daysAgo(1), price_cents: 50_000 },
      { set_id: 'fossil_set', card_name: 'Lapras', sold_at: daysAgo(2) },
      { set_id: 'jungle_set', card_name: 'Scyther', sold_at: daysAgo(1) },
    ]);
    const yesterday = dayBefore(1);
    // Sales created a fraction of a day apart can fall on either side of midnight; ask for what is stored.
    const onYesterday = [older!, newer!].filter((sale) => sale.sold_on === yesterday);

    const response = await get('/api/admin/sales/by-day?set=fossil');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.setId).toBe('fossil_set');
    expect(body.date).toBe(yesterday);
    expect(body.total).toBe(onYesterday.length);
    expect(body.sales.map((sale: { saleId: string }) => sale.saleId)).toEqual(
      onYesterday.sort((a, b) => b.sold_at.localeCompare(a.sold_at)).map((sale) => sale.id),
    );
    const gengar = body.sales.find((sale: { saleId: string }) => sale.saleId === newer!.id);
    expect(gengar).toEqual({
      saleId: newer!.id,
      cardId: newer!.card_id,
      cardName: 'Gengar',
      cardNumber: newer!.card_number,
      rarity: newer!.card_rarity,
      price: 500,
      date: newer!.sold_at,
      seller: 'test_seller',
      imageUrl: null,
      grader: 'PSA',
      grade: 9,
    });
  });

  it('walks back one day per offset', async () => {
    const [lapras] = await insertSales(t.database.handle, [
      { set_id: 'fossil_set', card_name: 'Lapras', sold_at: daysAgo(3) },
    ]);
    const response = await get(`/api/admin/sales/by-day?set=fossil_set&offset=3`);
    expect(response.json().date).toBe(dayBefore(3));
    expect(response.json().sales.map((sale: { saleId: string }) => sale.saleId)).toContain(lapras!.id);
  });

  it("lists a day's sales by their sale day, however far their instant lies from it", async () => {
    const day = dayBefore(9);
    const at = (days: number, time: string) => `${dayBefore(9 - days)}T${time}Z`;
    const onDay = await insertSales(t.database.handle, [
      { set_id: 'base_set', card_name: 'Blastoise', sold_on: day, sold_at: at(0, '12:00:00.000') },
      // Sold on the evening of the day in the Americas, the next day in UTC.
      { set_id: 'base_set', card_name: 'Venusaur', sold_on: day, sold_at: at(1, '03:30:00.000') },
      // Sold on the morning of the day in Asia, the day before in UTC.
      { set_id: 'base_set', card_name: 'Mewtwo', sold_on: day, sold_at: at(-1, '20:15:00.000') },
      // A sale day that no time zone explains still counts for the day it names.
      { set_id: 'base_set', card_name: 'Ninetales', sold_on: day, sold_at: at(-40, '09:00:00.000') },
      { set_id: 'base_set', card_name: 'Raichu', sold_on: day, sold_at: at(3, '09:00:00.000') },
    ]);
    await insertSales(t.database.handle, [
      { set_id: 'base_set', card_name: 'Zapdos', sold_on: dayBefore(10), sold_at: at(0, '02:00:00.000') },
      { set_id: 'base_set', card_name: 'Zapdos', sold_on: dayBefore(8), sold_at: at(0, '23:00:00.000') },
      { set_id: 'base_set', card_name: 'Zapdos', sold_on: dayBefore(20), sold_at: at(0, '12:00:00.000') },
      { set_id: 'jungle_set', card_name: 'Scyther', sold_on: day, sold_at: at(0, '12:00:00.000') },
    ]);

    const body = (await get('/api/admin/sales/by-day?set=base_set&offset=9')).json();
    expect(body.date).toBe(day);
    expect(body.total).toBe(5);
    expect(body.sales.map((sale: { saleId: string }) => sale.saleId)).toEqual(
      [...onDay].sort((a, b) => b.sold_at.localeCompare(a.sold_at)).map((sale) => sale.id),
    );
  });

  it("reads a day's sales through the analysis index and the index of days apart, not the whole table", async () => {
    const { handle } = t.database;
    const query = salesOnDayQuery(handle, 'base_set', dayBefore(9), 200).compile();
    if (handle.sqlite) {
      const steps = handle.sqlite
        .prepare(`explain query plan ${query.sql}`)
        .all(...query.parameters)
        .map((step) => (step as { detail: string }).detail);
      expect(steps).toContainEqual(expect.stringMatching(/^SEARCH sales USING INDEX sales_card_analysis /));
      expect(steps).toContainEqual(expect.stringMatching(/^SEARCH sales USING INDEX sales_day_apart /));
      expect(steps.filter((step) => step.startsWith('SCAN sales'))).toEqual([]);
    } else {
      // The test table is small enough for a scan to be cheaper; the question is whether the indexes serve.
      const plan = await handle.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>({
          ...query,
          sql: `explain ${query.sql}`,
        });
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan).toMatch(/Index (Only )?Scan using sales_card_analysis on sales/);
      expect(plan).toMatch(/(Index|Bitmap Index) Scan on sales_day_apart|Index Scan using sales_day_apart/);
      expect(plan).not.toMatch(/Seq Scan on sales/);
    }
  });

  it('refuses offsets before yesterday and unknown sets with 400', async () => {
    for (const query of ['offset=0', 'offset=-1', 'offset=1.5', 'offset=abc', 'set=team_rocket']) {
      const response = await get(`/api/admin/sales/by-day?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('validation');
    }
  });

  it('searches a card with the shared name rules and filters by period', async () => {
    const [recent, old] = await insertSales(t.database.handle, [
      { set_id: 'jungle_set', card_name: 'Scyther non-holo', sold_at: daysAgo(5) },
      { set_id: 'jungle_set', card_name: 'Scyther non-holo', sold_at: daysAgo(60) },
      { set_id: 'jungle_set', card_name: 'Scyther', sold_at: daysAgo(5) },
    ]);
    const all = (await get('/api/admin/sales/search?set=jungle&card=scyther%20NONHOLO')).json();
    expect(all.cardName).toBe('Scyther non-holo');
    expect(all.total).toBe(2);
    expect(all.sales.map((sale: { saleId: string }) => sale.saleId)).toEqual([recent!.id, old!.id]);

    const lastMonth = (
      await get('/api/admin/sales/search?set=jungle&card=scyther%20non-holo&period=30d')
    ).json();
    expect(lastMonth.sales.map((sale: { saleId: string }) => sale.saleId)).toEqual([recent!.id]);
  });

  it('answers an unknown card with an empty result, not an error', async () => {
    const response = await get('/api/admin/sales/search?set=base_set&card=missingno');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      cardName: 'Missingno',
      cardNumber: 'N/A',
      rarity: 'N/A',
      setId: 'base_set',
      sales: [],
      total: 0,
    });
  });
});

describe('admin delete and restore', () => {
  const t = useTestApp();
  let admin: TestUser;

  beforeAll(async () => {
    admin = await makeAdmin(t);
  });

  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: admin.cookie }, payload: payload as object });
  const db = () => t.database.handle.db;
  const salesRows = (ids: string[]) =>
    db().selectFrom('sales').selectAll().where('id', 'in', ids).orderBy('id').execute();
  const archivedRows = (ids: string[]) =>
    db().selectFrom('deleted_sales').selectAll().where('id', 'in', ids).orderBy('id').execute();

  it("answers a request without sale ids with 'Card ID is missing'", async () => {
    for (const payload of [{ saleIds: [] }, {}, { saleIds: [''] }, { saleIds: 'abc' }]) {
      const response = await post('/api/admin/sales/delete', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'validation', message: MESSAGES.cardIdMissing });
    }
    const noBody = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sales/delete',
      headers: { cookie: admin.cookie },
    });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().error.message).toBe(MESSAGES.cardIdMissing);
  });

  it("changes nothing when one id does not exist, and says 'Sale not found'", async () => {
    const sales = await insertSales(t.database.handle, [{}, {}]);
    const ids = sales.map((sale) => sale.id);
    const response = await post('/api/admin/sales/delete', { saleIds: [...ids, 'no-such-sale'] });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toEqual({
      code: 'not-found',
      message: MESSAGES.saleNotFound,
      fields: { saleIds: 'no-such-sale' },
    });
    expect(await salesRows(ids)).toHaveLength(2);
    expect(await archivedRows(ids)).toHaveLength(0);
  });

  it('rolls back a deletion that fails half-way: both tables stay as they were', async () => {
    const sales = await insertSales(t.database.handle, [{}, {}]);
    const ids = sales.map((sale) => sale.id);
    // A stale archive copy of the second sale makes its archive insert fail after the first was written.
    await db()
      .insertInto('deleted_sales')
      .values({
        ...sales[1]!,
        source_ref: 'stale-copy',
        deleted_at: new Date().toISOString(),
        deleted_by: 'x',
      })
      .execute();
    const before = await salesRows(ids);

    const response = await post('/api/admin/sales/delete', { saleIds: ids });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('conflict');
    expect(await salesRows(ids)).toEqual(before);
    expect(await archivedRows(ids)).toHaveLength(1);
  });

  it('archives with who and when, restores every column, and logs both actions', async () => {
    const sales = await insertSales(t.database.handle, [
      { seller_rating: 99.5, grading_company: 'BGS', grade: 9.5, sale_type: 'best_offer', image: null },
      { card_name: 'Blastoise', sold_at: daysAgo(10), seller: 'misty' },
    ]);
    const ids = sales.map((sale) => sale.id);
    const original = await salesRows(ids);

    const deleted = await post('/api/admin/sales/delete', { saleIds: [...ids, ids[0]] });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: 2 });
    expect(await salesRows(ids)).toEqual([]);
    const archived = await archivedRows(ids);
    expect(archived.map(({ deleted_at: _at, deleted_by: _by, ...row }) => row)).toEqual(original);
    expect(archived.every((row) => row.deleted_by === admin.user.id)).toBe(true);

    const listed = (
      await t.app.inject({ url: '/api/admin/sales/deleted', headers: { cookie: admin.cookie } })
    ).json();
    const entry = listed.sales.find((sale: { saleId: string }) => sale.saleId === ids[1]);
    expect(entry).toMatchObject({
      cardName: 'Blastoise',
      seller: 'misty',
      setId: 'base_set',
      deletedBy: { id: admin.user.id, username: admin.user.username },
    });
    expect(Date.parse(entry.deletedAt)).toBeGreaterThan(Date.now() - 60_000);

    const restored = await post('/api/admin/sales/restore', { saleIds: ids });
    expect(restored.json()).toEqual({ restored: 2 });
    expect(await salesRows(ids)).toEqual(original);
    expect(await archivedRows(ids)).toEqual([]);

    const log = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', 'in', ['sales.delete', 'sales.restore'])
      .where('subject', 'like', `%${ids[1]}%`)
      .orderBy('id')
      .execute();
    expect(log.map((row) => [row.action, row.actor])).toEqual([
      ['sales.delete', admin.user.id],
      ['sales.restore', admin.user.id],
    ]);
    expect(JSON.parse(log[0]!.detail!)).toMatchObject({ count: 2 });
  });

  it('restores nothing when one id is not in the archive', async () => {
    const [sale] = await insertSales(t.database.handle, [{}]);
    await post('/api/admin/sales/delete', { saleIds: [sale!.id] });
    const response = await post('/api/admin/sales/restore', { saleIds: [sale!.id, 'never-deleted'] });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe(MESSAGES.saleNotFound);
    expect(await archivedRows([sale!.id])).toHaveLength(1);
    expect(await salesRows([sale!.id])).toHaveLength(0);
  });

  it('drops deleted sales from the cached analysis at once, and brings restored ones back', async () => {
    const sales = await insertSales(t.database.handle, [
      { set_id: 'jungle_set', card_name: 'Snorlax', sold_at: daysAgo(3), price_cents: 20_000 },
      { set_id: 'jungle_set', card_name: 'Snorlax', sold_at: daysAgo(4), price_cents: 40_000 },
    ]);
    const analysis = async () =>
      (await t.app.inject('/api/sales/analysis?set=jungle_set&card=Snorlax')).json() as {
        total: number;
        sales: { saleId: string }[];
      };
    expect((await analysis()).total).toBe(2);

    await post('/api/admin/sales/delete', { saleIds: [sales[0]!.id] });
    const afterDelete = await analysis();
    expect(afterDelete.total).toBe(1);
    expect(afterDelete.sales.map((sale) => sale.saleId)).toEqual([sales[1]!.id]);

    await post('/api/admin/sales/restore', { saleIds: [sales[0]!.id] });
    expect((await analysis()).total).toBe(2);
  });
});
