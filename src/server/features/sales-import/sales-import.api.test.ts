import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';
import { type ImportSummary, importSalesFile } from './sales-import.service.ts';

describe('sales import', () => {
  const t = useTestApp();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'holoscope-import-'));
  let changes = 0;

  beforeAll(() => {
    t.app.context.salesEvents.onChange(() => {
      changes += 1;
    });
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  function write(name: string, content: string): string {
    const file = path.join(dir, name);
    fs.writeFileSync(file, content);
    return file;
  }

  function counts(summary: ImportSummary) {
    const { read, imported, duplicates, rejected } = summary;
    return { read, imported, duplicates, rejected };
  }

  async function storedSale(sourceRef: string) {
    return t.app.context.database.db
      .selectFrom('sales')
      .selectAll()
      .where('source_ref', '=', sourceRef)
      .executeTakeFirstOrThrow();
  }

  async function salesCount(): Promise<number> {
    const row = await t.app.context.database.db
      .selectFrom('sales')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  function readRejects(file: string): { line: number; reason: string; record: unknown }[] {
    return fs
      .readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
  }

  const charizard = {
    id: 'jsonl-1',
    card_name: 'charizard',
    set_id: 'base',
    price: '$1,234.56',
    sale_date: 'Sold Nov 3, 2025',
    seller: 'kanto_vault',
    timestamp: Date.parse('2025-11-03T02:15:00Z'),
    card_number: '4/102',
    card_rarity: 'Holo',
    card_id: 'x1',
    grading_company: 'PSA',
    grade: 9,
    sale_type: 'auction',
    seller_rating: 99.8,
  };

  describe('importing JSON Lines', () => {
    const lines = [
      JSON.stringify(charizard),
      JSON.stringify({
        id: 'jsonl-2',
        card_name: 'Scyther non-holo',
        set_id: 'jungle_set',
        price: 45,
        sale_date: 'Sold Oct 1, 2025',
        seller: 'pallet_town',
      }),
      '',
      JSON.stringify({ ...charizard, price: 99 }),
      '{"card_name": "Blastoise", ',
      JSON.stringify({ ...charizard, id: 'jsonl-5', card_name: 'Mew', card_number: '' }),
    ];
    let file: string;
    let first: ImportSummary;

    beforeAll(async () => {
      file = write('sales.jsonl', `${lines.join('\n')}\n`);
      first = await importSalesFile(t.app.context, file);
    });

    it('stores the good rows, counts the duplicate and rejects the bad ones by line', async () => {
      expect(counts(first)).toEqual({ read: 5, imported: 2, duplicates: 1, rejected: 2 });
      expect(first.format).toBe('jsonl');
      expect(first.rejects).toEqual([
        { line: 5, reason: expect.stringMatching(/^not valid JSON \(/) },
        { line: 6, reason: 'card "Mew" is not in the Base Set catalogue' },
      ]);
    });

    it('stores prices in cents, catalogue names and numbers, and both dates', async () => {
      expect(await storedSale('jsonl-1')).toMatchObject({
        card_id: 'base_set-4',
        set_id: 'base_set',
        card_name: 'Charizard',
        card_number: '4/102',
        card_rarity: 'Rare Holo',
        price_cents: 123456,
        sold_on: '2025-11-03',
        sold_at: '2025-11-03T02:15:00.000Z',
        seller: 'kanto_vault',
        seller_rating: 99.8,
        grading_company: 'PSA',
        grade: 9,
        sale_type: 'auction',
        image: null,
      });
      expect(await storedSale('jsonl-2')).toMatchObject({
        card_name: 'Scyther non-holo',
        card_number: '26/64',
        price_cents: 4500,
        sold_on: '2025-10-01',
        sold_at: '2025-10-01T12:00:00.000Z',
      });
    });

    it('writes every rejected row beside the input with its line, reason and record', () => {
      expect(first.rejectsFile).toBe(`${file}.rejects.jsonl`);
      const rejects = readRejects(`${file}.rejects.jsonl`);
      expect(rejects.map((reject) => reject.line)).toEqual([5, 6]);
      expect(rejects[0]!.record).toBe('{"card_name": "Blastoise", ');
      expect(rejects[1]).toMatchObject({
        reason: 'card "Mew" is not in the Base Set catalogue',
        record: { id: 'jsonl-5' },
      });
    });

    it('adds nothing when the same file is imported again, and tells nobody that sales changed', async () => {
      const before = await salesCount();
      const changesBefore = changes;
      const again = await importSalesFile(t.app.context, file);
      expect(counts(again)).toEqual({ read: 5, imported: 0, duplicates: 3, rejected: 2 });
      expect(await salesCount()).toBe(before);
      expect(changes).toBe(changesBefore);
    });

    it('records the import in the audit log', async () => {
      const entries = await t.app.context.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'sales.import')
        .where('subject', '=', 'sales.jsonl')
        .execute();
      expect(entries.length).toBeGreaterThanOrEqual(2);
      expect(JSON.parse(entries[0]!.detail ?? '{}')).toMatchObject({
        read: 5,
        imported: 2,
        duplicates: 1,
        rejected: 2,
      });
    });
  });

  describe('importing CSV', () => {
    const header =
      'card_name,set_id,price,sale_date,seller,timestamp,card_number,card_rarity,card_id,grade,sale_type';
    const rows = [
      'Blastoise,base_set,"$2,500.00","Sold Jan 5, 2026","misty, cerulean",,2/102,Holo,,10,Buy It Now',
      'Gengar,fossil,310.5,,gengar_fan,2026-02-01T18:00:00Z,5/62,Holo,,,',
      'Venusaur,base_set,100',
      'Dragonite,fossil_set,abc,"Sold Jan 6, 2026",someone,,,,,,',
      'Blastoise,base_set,"$2,500.00","Sold Jan 5, 2026","misty, cerulean",,2/102,Holo,,10,Buy It Now',
    ];

    it('reads the header, stores good rows, rejects bad ones by line and is idempotent without ids', async () => {
      const file = write('sales.csv', `${header}\r\n${rows.join('\r\n')}\r\n`);
      const changesBefore = changes;
      const summary = await importSalesFile(t.app.context, file);
      expect(summary.format).toBe('csv');
      expect(counts(summary)).toEqual({ read: 5, imported: 2, duplicates: 1, rejected: 2 });
      expect(summary.rejects).toEqual([
        { line: 4, reason: 'the row has 3 fields but the header has 11' },
        { line: 5, reason: 'price "abc" is not an amount in dollars' },
      ]);
      expect(changes).toBe(changesBefore + 1);

      const blastoise = await t.app.context.database.db
        .selectFrom('sales')
        .selectAll()
        .where('card_id', '=', 'base_set-2')
        .executeTakeFirstOrThrow();
      expect(blastoise).toMatchObject({
        price_cents: 250000,
        seller: 'misty, cerulean',
        sold_on: '2026-01-05',
        grade: 10,
        grading_company: null,
        sale_type: 'buy_it_now',
      });
      expect(blastoise.source_ref).toMatch(/^sha256:/);
      const gengar = await t.app.context.database.db
        .selectFrom('sales')
        .selectAll()
        .where('card_id', '=', 'fossil_set-5')
        .executeTakeFirstOrThrow();
      expect(gengar).toMatchObject({
        price_cents: 31050,
        sold_on: '2026-02-01',
        sold_at: '2026-02-01T18:00:00.000Z',
      });

      const again = await importSalesFile(t.app.context, file);
      expect(counts(again)).toEqual({ read: 5, imported: 0, duplicates: 3, rejected: 2 });
      expect(readRejects(`${file}.rejects.jsonl`).map((reject) => reject.line)).toEqual([4, 5]);
    });

    it('removes a stale rejects file when a later import of the file rejects nothing', async () => {
      const file = write('clean.csv', `${header}\n${rows[0]}\n`);
      fs.writeFileSync(`${file}.rejects.jsonl`, '{"line":9,"reason":"old"}\n');
      const summary = await importSalesFile(t.app.context, file);
      expect(summary.rejected).toBe(0);
      expect(summary.rejectsFile).toBeUndefined();
      expect(fs.existsSync(`${file}.rejects.jsonl`)).toBe(false);
    });
  });

  describe('importing a JSON array', () => {
    it('names rejected records by their position and keeps the records before a syntax error', async () => {
      const records = [
        { ...charizard, id: 'json-1', price: 50_000 },
        42,
        { ...charizard, id: 'json-3', sale_date: 'Sold Dec 31, 2099', timestamp: undefined },
        { ...charizard, id: 'json-4', seller: '' },
        { ...charizard, id: 'json-5', set_id: 'fossil_set', card_name: 'Dragonite', card_number: '4/62' },
      ];
      const text = JSON.stringify(records, null, 2);
      const file = write('sales.json', `${text.slice(0, -1)}, {"id": "json-6"`);
      const summary = await importSalesFile(t.app.context, file);
      expect(summary.format).toBe('json');
      expect(counts(summary)).toEqual({ read: 6, imported: 2, duplicates: 0, rejected: 4 });
      expect(summary.rejects.slice(0, 3)).toEqual([
        { line: 2, reason: 'record 2: not a JSON object' },
        { line: 3, reason: 'record 3: the sale date 2099-12-31 is in the future' },
        { line: 4, reason: 'record 4: seller is missing' },
      ]);
      expect(summary.rejects[3]!.line).toBe(6);
      expect(summary.rejects[3]!.reason).toMatch(/^record 6: the file is not valid JSON from here on/);
      expect(await storedSale('json-5')).toMatchObject({
        card_name: 'Dragonite',
        set_id: 'fossil_set',
        card_number: '4/62',
      });
    });
  });

  describe('importing sales with images', () => {
    it('stores listing photos in the media store and rejects rows whose image cannot be read', async () => {
      const webp = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
        .webp()
        .toBuffer();
      const png = await sharp({ create: { width: 20, height: 20, channels: 4, background: '#36c' } })
        .png()
        .toBuffer();
      const lines = [
        { ...charizard, id: 'img-1', imageData: webp.toString('base64') },
        { ...charizard, id: 'img-2', imageData: `data:image/png;base64,${png.toString('base64')}` },
        { ...charizard, id: 'img-3', imageData: Buffer.from('not an image at all').toString('base64') },
      ];
      const file = write('images.jsonl', lines.map((line) => JSON.stringify(line)).join('\n'));
      const summary = await importSalesFile(t.app.context, file);
      expect(counts(summary)).toEqual({ read: 3, imported: 2, duplicates: 0, rejected: 1 });
      expect(summary.rejects).toEqual([{ line: 3, reason: 'imageData is not an image that can be read' }]);

      for (const ref of ['img-1', 'img-2']) {
        const sale = await storedSale(ref);
        expect(sale.image).toMatch(/^[a-f0-9]{64}$/);
        const response = await t.app.inject(`/media/${sale.image}`);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('image/webp');
        const metadata = await sharp(response.rawPayload).metadata();
        expect(metadata.format).toBe('webp');
      }
      expect(
        (
          await sharp(
            (
              await t.app.inject(`/media/${(await storedSale('img-1')).image}`)
            ).rawPayload,
          ).metadata()
        ).width,
      ).toBe(40);
    });
  });

  describe('sales an admin deleted', () => {
    it('stay deleted when the file they came from is imported again', async () => {
      const file = write('deleted.jsonl', JSON.stringify({ ...charizard, id: 'deleted-1' }));
      expect((await importSalesFile(t.app.context, file)).imported).toBe(1);
      const sale = await storedSale('deleted-1');
      const db = t.app.context.database.db;
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('deleted_sales')
          .values({ ...sale, deleted_at: new Date().toISOString(), deleted_by: 'admin' })
          .execute();
        await trx.deleteFrom('sales').where('id', '=', sale.id).execute();
      });
      const again = await importSalesFile(t.app.context, file);
      expect(counts(again)).toEqual({ read: 1, imported: 0, duplicates: 1, rejected: 0 });
    });
  });

  describe('progress', () => {
    it('reports rows and bytes read, ending at the whole file', async () => {
      const many = Array.from({ length: 2500 }, (_, index) =>
        JSON.stringify({ ...charizard, id: `progress-${index}`, price: 100 + index }),
      );
      const file = write('progress.jsonl', many.join('\n'));
      const reports: { rowsRead: number; bytesRead: number; totalBytes: number }[] = [];
      const summary = await importSalesFile(t.app.context, file, {
        onProgress: (progress) => reports.push(progress),
      });
      expect(summary.imported).toBe(2500);
      expect(reports.length).toBeGreaterThanOrEqual(3);
      expect(reports.at(-1)).toEqual({
        rowsRead: 2500,
        bytesRead: fs.statSync(file).size,
        totalBytes: fs.statSync(file).size,
      });
      expect(reports.map((report) => report.rowsRead)).toEqual(
        [...reports.map((report) => report.rowsRead)].sort((a, b) => a - b),
      );
    });
  });
});
