import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parsedBatches, readersStarted } from './parsed-batches.ts';
import { type ParsedBatch, ROWS_PER_BATCH } from './parsed-rows.ts';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'holoscope-parsed-rows-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

function jsonLinesFile(rows: number): string {
  const file = path.join(folder, `sales-${rows}.jsonl`);
  const lines = Array.from({ length: rows }, (_, index) =>
    index === 2 // one malformed line among the good ones
      ? '{"card_name": '
      : JSON.stringify({
          id: `row-${index}`,
          card_name: 'Charizard',
          set_id: 'base_set',
          price: 100 + index,
          sale_date: 'Sold Jan 5, 2026',
          seller: 'seller',
          card_number: '4/102',
          card_rarity: 'Rare Holo',
          card_id: 'base_set-4',
        }),
  );
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

async function readAll(file: string): Promise<ParsedBatch[]> {
  const batches: ParsedBatch[] = [];
  for await (const batch of parsedBatches({ file, format: 'jsonl', today: '2026-03-01', rates: new Map() }))
    batches.push(batch);
  return batches;
}

describe('parsedBatches', () => {
  it('hands over every row of a long file in order, in batches, with the bytes read', async () => {
    const rows = 2 * ROWS_PER_BATCH + 5;
    const file = jsonLinesFile(rows);
    const batches = await readAll(file);
    expect(batches.map((batch) => batch.rows.length)).toEqual([ROWS_PER_BATCH, ROWS_PER_BATCH, 5]);
    const all = batches.flatMap((batch) => batch.rows);
    expect(all.map((row) => row.line)).toEqual(Array.from({ length: rows }, (_, index) => index + 1));
    expect(all[2]).toMatchObject({ line: 3, reason: expect.stringContaining('JSON') });
    expect(all[0]).toMatchObject({ line: 1, sale: { card_name: 'Charizard', price_cents: 10_000 } });
    expect(batches.at(-1)!.bytesRead).toBe(fs.statSync(file).size);
  });

  it('stops reading when the caller stops', async () => {
    const file = jsonLinesFile(3 * ROWS_PER_BATCH);
    let taken = 0;
    for await (const batch of parsedBatches({
      file,
      format: 'jsonl',
      today: '2026-03-01',
      rates: new Map(),
    })) {
      taken += batch.rows.length;
      break;
    }
    expect(taken).toBe(ROWS_PER_BATCH);
  });

  it('reads the next file on the thread that read the last one to its end, and not on one stopped early', async () => {
    await readAll(jsonLinesFile(10));
    const started = readersStarted();
    const batches = await readAll(jsonLinesFile(2 * ROWS_PER_BATCH + 5));
    expect(readersStarted()).toBe(started);
    expect(batches.flatMap((batch) => batch.rows)).toHaveLength(2 * ROWS_PER_BATCH + 5);
    expect(batches[0]!.rows[0]).toMatchObject({ line: 1, sale: { price_cents: 10_000 } });

    for await (const _batch of parsedBatches({
      file: jsonLinesFile(3 * ROWS_PER_BATCH),
      format: 'jsonl',
      today: '2026-03-01',
      rates: new Map(),
    }))
      break;
    const after = await readAll(jsonLinesFile(10));
    expect(readersStarted()).toBe(started + 1);
    expect(after.flatMap((batch) => batch.rows)).toHaveLength(10);
  });

  it('says why when the file cannot be read', async () => {
    await expect(readAll(path.join(folder, 'missing.jsonl'))).rejects.toThrow(/ENOENT/);
  });
});
