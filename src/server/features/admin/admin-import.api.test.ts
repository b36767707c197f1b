import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { dayBefore } from '#shared/schemas/admin.ts';
import { makeAdmin, type TestUser } from '../../../../tests/helpers/auth.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';
import { multipartBody } from '../../../../tests/helpers/upload.ts';

const yesterday = dayBefore(1);

function record(fields: Record<string, unknown>): string {
  return JSON.stringify({
    set_id: 'base_set',
    card_name: 'Charizard',
    price: 1234.5,
    sale_date: yesterday,
    seller: 'import_seller',
    ...fields,
  });
}

describe('admin import', () => {
  const t = useTestApp();
  let admin: TestUser;

  beforeAll(async () => {
    admin = await makeAdmin(t);
  });

  const upload = async (
    content: string | Buffer,
    options: { filename?: string; field?: string; query?: string } = {},
  ) => {
    const { payload, headers } = await multipartBody(content, {
      filename: options.filename ?? 'sales.jsonl',
      field: options.field,
    });
    return t.app.inject({
      method: 'POST',
      url: `/api/admin/sales/import${options.query ?? ''}`,
      headers: { ...headers, cookie: admin.cookie },
      payload,
    });
  };

  it('imports good rows, skips duplicates and lists bad rows with line and reason', async () => {
    const lines = [
      record({ id: 'import-1' }),
      record({ id: 'import-2', card_name: 'Blastoise', price: '99.99' }),
      record({ id: 'import-1' }),
      record({ id: 'import-3', card_name: 'Missingno' }),
      '{not json',
      record({ id: 'import-4', price: -5 }),
    ];
    const response = await upload(`${lines.join('\n')}\n`, { filename: 'week 12.jsonl' });
    expect(response.statusCode, response.body).toBe(200);
    const summary = response.json();
    expect(summary).toMatchObject({ format: 'jsonl', read: 6, imported: 2, duplicates: 1, rejected: 3 });
    expect(summary.rejects.map((reject: { line: number }) => reject.line)).toEqual([4, 5, 6]);
    expect(summary.rejects[0].reason).toContain('Missingno');
    expect(summary.rejects[2].reason).toContain('price');

    const stored = await t.database.handle.db
      .selectFrom('sales')
      .select(['card_name', 'price_cents', 'sold_on', 'seller'])
      .where('source_ref', 'in', ['import-1', 'import-2'])
      .orderBy('card_name')
      .execute();
    expect(stored).toEqual([
      { card_name: 'Blastoise', price_cents: 9999, sold_on: yesterday, seller: 'import_seller' },
      { card_name: 'Charizard', price_cents: 123_450, sold_on: yesterday, seller: 'import_seller' },
    ]);

    const day = await t.app.inject({
      url: '/api/admin/sales/by-day?set=base_set&offset=1',
      headers: { cookie: admin.cookie },
    });
    expect(day.json().total).toBe(2);

    const log = await t.database.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'sales.import')
      .execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ actor: admin.user.id, subject: 'week_12.jsonl' });
    expect(JSON.parse(log[0]!.detail!)).toMatchObject({ imported: 2, rejected: 3 });
  });

  it('adds nothing when the same file is imported again', async () => {
    const response = await upload(`${record({ id: 'import-1' })}\n`);
    expect(response.json()).toMatchObject({ read: 1, imported: 0, duplicates: 1, rejected: 0 });
  });

  it('reads CSV, and the format can be named when guessing would be wrong', async () => {
    const csv = `set_id,card_name,price,sale_date,seller,id\nbase_set,Venusaur,300,${yesterday},csv_seller,csv-1\nbase_set,Venusaur,abc,${yesterday},csv_seller,csv-2\n`;
    const response = await upload(csv, { filename: 'sales.csv', query: '?format=csv' });
    expect(response.json()).toMatchObject({
      format: 'csv',
      imported: 1,
      rejected: 1,
      rejects: [{ line: 3, reason: expect.stringContaining('price') }],
    });
  });

  it('takes files far larger than the JSON body limit', async () => {
    const line = record({ id: 'big-1', seller: 'a_seller_with_a_rather_long_name_to_fill_the_file' });
    const response = await upload(`${`${line}\n`.repeat(20_000)}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ read: 20_000, imported: 1, duplicates: 19_999 });
  });

  it('leaves no uploaded file behind', async () => {
    await upload(`${record({ id: 'import-9' })}\n`);
    const tmp = path.join(t.config.dataDir, 'tmp');
    const left = fs.existsSync(tmp) ? fs.readdirSync(tmp) : [];
    expect(left).toEqual([]);
  });

  /** A record whose `notes` hold `depth` levels of objects, or of arrays. */
  const nested = (id: string, depth: number, kind: 'objects' | 'arrays' = 'objects') => {
    const [open, close] = kind === 'objects' ? ['{"n":', '}'] : ['[', ']'];
    return record({ id, notes: '@' }).replace('"@"', `${open.repeat(depth - 1)}1${close.repeat(depth - 1)}`);
  };
  const storedWithPrefix = async (prefix: string) => {
    const row = await t.app.context.database.db
      .selectFrom('sales')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('source_ref', 'like', `${prefix}%`)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };

  it('accounts for every line of a file with records nested thousands of levels deep', async () => {
    const deep = new Map([
      [100, nested('deep-100', 2_000)],
      [2_500, nested('deep-2500', 50_000, 'arrays')],
      [4_000, nested('deep-4000', 65)],
    ]);
    const lines = Array.from(
      { length: 5_001 },
      (_, index) => deep.get(index + 1) ?? record({ id: `deep-${index + 1}`, price: 100 + (index % 50) }),
    );
    // Nested as deep as a record may be: stored like any other.
    lines[4_500] = nested('deep-4501', 64);
    const response = await upload(`${lines.join('\n')}\n`);
    expect(response.statusCode, response.body).toBe(200);
    const summary = response.json();
    expect(summary).toMatchObject({ read: 5_001, imported: 4_998, duplicates: 0, rejected: 3 });
    expect(summary.rejects).toEqual(
      [100, 2_500, 4_000].map((line) => ({ line, reason: 'the record is nested more than 64 levels deep' })),
    );
    expect(await storedWithPrefix('deep-')).toBe(4_998);
  });

  it('refuses an element of a JSON array nested too deep and reads on after it', async () => {
    const text = `[${record({ id: 'deep-json-1' })},${nested('deep-json-2', 100_000, 'arrays')},${record({ id: 'deep-json-3' })}]`;
    const response = await upload(text, { filename: 'sales.json' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      read: 3,
      imported: 2,
      rejected: 1,
      rejects: [{ line: 2, reason: 'record 2: the record is nested more than 64 levels deep' }],
    });
  });

  it('rejects a row whose text is not valid UTF-8, in every format, and stores the rest as they are', async () => {
    const broken = (text: string) =>
      Buffer.from(text.replace('BROKEN', '\u0000')).map((byte) => (byte === 0 ? 0xff : byte));
    const jsonl = broken(
      [record({ id: 'utf8-1', seller: 'Pokémon_Ünited' }), record({ id: 'utf8-2', seller: 'BROKEN' })].join(
        '\n',
      ),
    );
    const csv = broken(
      `id,set_id,card_name,price,sale_date,seller\nutf8-3,base_set,Charizard,10,${yesterday},kanto\nutf8-4,base_set,Charizard,10,${yesterday},xBROKENx\n`,
    );
    const json = broken(`[${record({ id: 'utf8-5', card_name: 'BROKEN' })},${record({ id: 'utf8-6' })}]`);
    const answers = await Promise.all([
      upload(Buffer.from(jsonl), { filename: 'sales.jsonl' }),
      upload(Buffer.from(csv), { filename: 'sales.csv' }),
      upload(Buffer.from(json), { filename: 'sales.json' }),
    ]);
    expect(answers.map((answer) => answer.json())).toMatchObject([
      { imported: 1, rejected: 1, rejects: [{ line: 2, reason: 'seller is not valid UTF-8 text' }] },
      { imported: 1, rejected: 1, rejects: [{ line: 3, reason: 'seller is not valid UTF-8 text' }] },
      {
        imported: 1,
        rejected: 1,
        rejects: [{ line: 1, reason: 'record 1: card_name is not valid UTF-8 text' }],
      },
    ]);
    expect(await storedWithPrefix('utf8-')).toBe(3);
    const seller = await t.app.context.database.db
      .selectFrom('sales')
      .select('seller')
      .where('source_ref', '=', 'utf8-1')
      .executeTakeFirstOrThrow();
    expect(seller.seller).toBe('Pokémon_Ünited');
  });

  it('asks for multipart with the file in the field "file"', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sales/import',
      headers: { cookie: admin.cookie },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().error.code).toBe('unsupported-media-type');

    const wrongField = await upload('x', { field: 'document' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error.message).toBe('Choose a sales file to import.');

    const badFormat = await upload('x', { query: '?format=xml' });
    expect(badFormat.statusCode).toBe(400);
  });
});
