import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, loginAdmin, startServer, uploadImport } from './server-process.ts';

const LINES = 3_000;

/** A sale record as the admin upload takes it. */
function sale(index: number, fields: Record<string, unknown> = {}): string {
  return JSON.stringify({
    id: `hostile-${index}`,
    set_id: 'base_set',
    card_name: 'Charizard',
    price: 100 + (index % 40),
    sale_date: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
    seller: 'hostile_seller',
    ...fields,
  });
}

/**
 * The lines that hostile probes sent the running server: records nested thousands and a million levels
 * deep (as objects and as arrays), text that is not UTF-8, and lines that are not JSON, among good ones.
 */
function hostileLine(index: number): { text: Buffer; refused: boolean } {
  const deep = (depth: number, [open, close]: [string, string]) =>
    sale(index, { notes: '@' }).replace('"@"', `${open.repeat(depth)}0${close.repeat(depth)}`);
  switch (index % 500) {
    case 17:
      return { text: Buffer.from(deep(3_000, ['{"n":', '}'])), refused: true };
    case 101:
      return { text: Buffer.from(deep(1_000_000, ['[', ']'])), refused: true };
    case 250: {
      // A lead byte with nothing after it; JSON.stringify would escape a control character, so it goes in after.
      const text = Buffer.from(sale(index, { seller: 'broken~' }).replace('broken~', 'broken\u0001'));
      return { text: Buffer.from(text.map((byte) => (byte === 1 ? 0xc3 : byte))), refused: true };
    }
    case 333:
      return { text: Buffer.from(`{"id": "hostile-${index}", `), refused: true };
    default:
      return { text: Buffer.from(sale(index)), refused: false };
  }
}

describe('hostile lines in an upload to the running server', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  const file = () => path.join(dataDir, 'hostile.jsonl');
  const refusedLines: number[] = [];

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'holoscope-hostile-'));
    const lines = Array.from({ length: LINES }, (_, index) => {
      const line = hostileLine(index + 1);
      if (line.refused) refusedLines.push(index + 1);
      return line.text;
    });
    fs.writeFileSync(file(), Buffer.concat(lines.flatMap((line) => [line, Buffer.from('\n')])));
  });

  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('accounts for every line with its reason, and goes on answering', async () => {
    server = await startServer({ DATA_DIR: dataDir });
    const cookie = await loginAdmin(server.origin);
    const response = await uploadImport(server.origin, cookie, file());
    expect(response.status).toBe(200);
    const summary = await response.json();
    expect(summary).toMatchObject({
      read: LINES,
      imported: LINES - refusedLines.length,
      rejected: refusedLines.length,
    });
    expect(summary.rejects.map((reject: { line: number }) => reject.line)).toEqual(refusedLines);
    expect(
      new Set(summary.rejects.map((reject: { reason: string }) => reject.reason.split(' (')[0])),
    ).toEqual(
      new Set([
        'the record is nested more than 64 levels deep',
        'seller is not valid UTF-8 text',
        'not valid JSON',
      ]),
    );
    expect((await fetch(`${server.origin}/readyz`)).status).toBe(200);
  });
});
