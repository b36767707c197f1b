import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  detectFormat,
  type ImportFormat,
  MAX_RECORD_CHARS,
  MAX_RECORD_DEPTH,
  readRecords,
  type SourceItem,
} from './readers.ts';

/** Feeds the text in small pieces, so records and lines straddle chunk boundaries as in a real file. */
async function read(format: ImportFormat, text: string, pieceSize = 7): Promise<SourceItem[]> {
  const bytes = Buffer.from(text);
  const pieces: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += pieceSize) pieces.push(bytes.subarray(at, at + pieceSize));
  const items: SourceItem[] = [];
  for await (const item of readRecords(format, Readable.from(pieces))) items.push(item);
  return items;
}

describe('JSON Lines', () => {
  it('numbers records by their line, skips blank lines and reports lines that are not JSON objects', async () => {
    const text = '\uFEFF{"a":1}\r\n\n{"b":"é"}\n{"broken":\n[1,2]\n{"c":3}';
    const items = await read('jsonl', text);
    expect(items.map(({ line, record, error }) => ({ line, record, error: error?.split(' (')[0] }))).toEqual([
      { line: 1, record: { a: 1 }, error: undefined },
      { line: 3, record: { b: 'é' }, error: undefined },
      { line: 4, record: undefined, error: 'not valid JSON' },
      { line: 5, record: undefined, error: 'not a JSON object' },
      { line: 6, record: { c: 3 }, error: undefined },
    ]);
  });

  it('reads the same records whichever bytes the chunks are cut between, a mark or a symbol split included', async () => {
    const text = '\uFEFF{"name":"Pokédex"}\n{"name":"Nidoran ♀"}\r\n{"seller":"🔥 slabs"}';
    const expected = [
      { line: 1, record: { name: 'Pokédex' } },
      { line: 2, record: { name: 'Nidoran ♀' } },
      { line: 3, record: { seller: '🔥 slabs' } },
    ];
    for (const pieceSize of [1, 2, 3, 5]) expect(await read('jsonl', text, pieceSize)).toEqual(expected);
  });

  it('reads a stream that hands over text as it reads one that hands over bytes', async () => {
    const items: SourceItem[] = [];
    for await (const item of readRecords('jsonl', Readable.from(['{"name":"Poké', ' Ball"}\n{"a":1}'])))
      items.push(item);
    expect(items).toEqual([
      { line: 1, record: { name: 'Poké Ball' } },
      { line: 2, record: { a: 1 } },
    ]);
  });

  it('refuses an over-long line without holding it and carries on after it', async () => {
    const text = `{"a":1}\n{"x":"${'x'.repeat(MAX_RECORD_CHARS + 10)}"}\n{"b":2}\n`;
    const items = await read('jsonl', text, 1024 * 1024);
    expect(items.map(({ line, record, error }) => ({ line, record, error }))).toEqual([
      { line: 1, record: { a: 1 }, error: undefined },
      { line: 2, record: undefined, error: 'the line is longer than 16 MB' },
      { line: 3, record: { b: 2 }, error: undefined },
    ]);
  });
});

describe('CSV', () => {
  it('maps rows to the header, numbering them by their first line in the file', async () => {
    const text =
      'card_name,price,seller\r\nCharizard,"$1,000.00",ash\r\n\r\nBlastoise,5,"misty\r\nand brock"\r\nVenusaur,7\r\nMewtwo,9,gary\r\n';
    const items = await read('csv', text);
    expect(items).toEqual([
      { line: 2, record: { card_name: 'Charizard', price: '$1,000.00', seller: 'ash' } },
      { line: 4, record: { card_name: 'Blastoise', price: '5', seller: 'misty\r\nand brock' } },
      { line: 6, raw: ['Venusaur', '7'], error: 'the row has 2 fields but the header has 3' },
      { line: 7, record: { card_name: 'Mewtwo', price: '9', seller: 'gary' } },
    ]);
  });

  it('reports a quote that is never closed and keeps the rows before it', async () => {
    const items = await read('csv', 'card_name,price\nCharizard,1\n"Blastoise,2\nVenusaur,3\n');
    expect(items).toEqual([
      { line: 2, record: { card_name: 'Charizard', price: '1' } },
      {
        line: 3,
        error: 'a quoted field that starts here is never closed; the rest of the file was not read',
      },
    ]);
  });
});

describe('JSON array', () => {
  it('numbers records by their position and reports elements that are not objects', async () => {
    const items = await read('json', '[{"a":1}, 42, {"b":[1,2]}]');
    expect(items).toEqual([
      { line: 1, record: { a: 1 } },
      { line: 2, raw: 42, error: 'not a JSON object' },
      { line: 3, record: { b: [1, 2] } },
    ]);
  });

  it('stops at the first syntax error and says the rest was not read', async () => {
    const items = await read('json', `[{"a":1},{"b":2},${' '.repeat(200_000)}{"c":3} {"d":4}]`, 64 * 1024);
    expect(items.slice(0, 2).map((item) => item.record)).toEqual([{ a: 1 }, { b: 2 }]);
    const last = items.at(-1)!;
    expect(last.record).toBeUndefined();
    expect(last.error).toMatch(
      /^the file is not valid JSON from here on \(.+\); the rest of the file was not read$/,
    );
  });
});

describe('detectFormat', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'holoscope-formats-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it.each([
    ['\uFEFF  [\n{"a":1}]', 'json'],
    ['{"a":1}\n{"a":2}\n', 'jsonl'],
    ['card_name,price\n', 'csv'],
    ['', 'csv'],
  ])('reads %j as %s', async (content, format) => {
    const file = path.join(dir, `${format}-${content.length}`);
    fs.writeFileSync(file, content);
    expect(await detectFormat(file)).toBe(format);
  });
});

describe('JSON array that breaks part-way', () => {
  const record = (index: number) => JSON.stringify({ id: `r${index}`, note: 'a, [b] {c} "d" \\" e' });

  it.each([1, 3001, 20_001])(
    'hands over every record before a break at record %i and names that record',
    async (breakAt) => {
      const before = Array.from({ length: breakAt - 1 }, (_, index) => record(index + 1));
      const text = `[${[...before, '{"id": "broken", "price": }', record(breakAt + 1)].join(',\n')}]`;
      const items = await read('json', text, 64 * 1024);
      expect(items).toHaveLength(breakAt);
      expect(items.slice(0, -1).every((item, index) => item.record?.id === `r${index + 1}`)).toBe(true);
      const last = items.at(-1)!;
      expect(last.line).toBe(breakAt);
      expect(last.error).toMatch(
        /^the file is not valid JSON from here on \(.+\); the rest of the file was not read$/,
      );
    },
  );

  it('names the record a file ends in, and refuses what is not an array', async () => {
    expect(await read('json', '[{"a":1},{"b":')).toEqual([
      { line: 1, record: { a: 1 } },
      {
        line: 2,
        error:
          'the file is not valid JSON from here on (the file ends inside record 2, before the closing ]); the rest of the file was not read',
      },
    ]);
    expect(await read('json', '[]')).toEqual([]);
    expect(await read('json', '[{"a":1},]')).toMatchObject([
      { record: { a: 1 } },
      { line: 2, error: expect.stringMatching(/an element is missing/) },
    ]);
    expect(await read('json', '{"a":1}')).toMatchObject([
      { line: 1, error: expect.stringMatching(/does not start with \[/) },
    ]);
  });
});

/**
 * The hostile lines an import meets, each with what the reader must make of it: its record, or why it is
 * refused. Broken UTF-8 is a 0xFF byte in place of the marker character in the line's text.
 */
type Probe = { text: string; record?: Record<string, unknown>; error?: string | RegExp } | { blank: string };
const BROKEN_BYTE = '\u0001';

const probes: fc.Arbitrary<Probe> = fc.oneof(
  fc.record({ id: fc.string(), price: fc.integer(), note: fc.string() }).map((record) => ({
    text: JSON.stringify(record),
    record,
  })),
  fc.constantFrom('', '  ', '\r', ' \t\r').map((blank) => ({ blank })),
  fc.string().map((seller) => ({ text: `{"seller": ${JSON.stringify(seller)}`, error: /^not valid JSON/ })),
  fc
    .record({ depth: fc.integer({ min: MAX_RECORD_DEPTH + 1, max: 3_000 }), arrays: fc.boolean() })
    .map(({ depth, arrays }) => {
      const [open, close] = arrays ? ['[', ']'] : ['{"n":', '}'];
      return {
        text: `{"id":"deep","notes":${open.repeat(depth - 1)}0${close.repeat(depth - 1)}}`,
        error: `the record is nested more than ${MAX_RECORD_DEPTH} levels deep`,
      };
    }),
  fc.integer({ min: 1, max: MAX_RECORD_DEPTH - 1 }).map((depth) => {
    let notes: unknown = 0;
    for (let level = 1; level < depth; level++) notes = [notes];
    const record = { id: 'nested', notes };
    return { text: JSON.stringify(record), record };
  }),
  fc.string({ unit: fc.constantFrom('a', 'é', ' ', '{', '"') }).map((seller) => ({
    // JSON.stringify would escape the marker, so it goes in after.
    text: JSON.stringify({ id: 'bad-bytes', seller }).replace(/"}$/, `${BROKEN_BYTE}"}`),
    error: 'seller is not valid UTF-8 text',
  })),
);

/** The probes' lines as the bytes of a file: JSON Lines, or the elements of a JSON array. */
function fileOf(lines: readonly Probe[], format: 'jsonl' | 'json'): Buffer {
  const texts = lines.map((probe) => ('blank' in probe ? probe.blank : probe.text));
  const text = format === 'jsonl' ? texts.join('\n') : `[${texts.join(',\n')}]`;
  return Buffer.from(Buffer.from(text).map((byte) => (byte === 1 ? 0xff : byte)));
}

async function readBytes(format: ImportFormat, bytes: Buffer, pieceSize: number): Promise<SourceItem[]> {
  const pieces: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += pieceSize) pieces.push(bytes.subarray(at, at + pieceSize));
  const items: SourceItem[] = [];
  for await (const item of readRecords(format, Readable.from(pieces))) items.push(item);
  return items;
}

describe('hostile lines', () => {
  it('accounts for every line of JSON Lines, however the file is cut: its record, or why it is refused', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(probes, { maxLength: 12 }),
        fc.integer({ min: 16, max: 4096 }),
        async (lines, pieceSize) => {
          const items = await readBytes('jsonl', fileOf(lines, 'jsonl'), pieceSize);
          const expected = lines.flatMap((probe, index) =>
            'blank' in probe ? [] : [{ probe, line: index + 1 }],
          );
          expect(items.map((item) => item.line)).toEqual(expected.map(({ line }) => line));
          expected.forEach(({ probe }, at) => {
            if ('blank' in probe) return;
            if (probe.record) expect(items[at]).toEqual({ line: expected[at]!.line, record: probe.record });
            else expect(items[at]!.error).toMatch(probe.error!);
          });
        },
      ),
      { numRuns: 40 },
    );
  }, 60_000);

  it('accounts for every element of a JSON array that holds no syntax error', async () => {
    const readable = probes.filter(
      (probe) => 'blank' in probe || !String(probe.error).startsWith('/^not valid JSON'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          readable.filter((probe) => !('blank' in probe)),
          { minLength: 1, maxLength: 12 },
        ),
        fc.integer({ min: 16, max: 4096 }),
        async (elements, pieceSize) => {
          const items = await readBytes('json', fileOf(elements, 'json'), pieceSize);
          expect(items.map((item) => item.line)).toEqual(elements.map((_, index) => index + 1));
          elements.forEach((probe, at) => {
            if ('blank' in probe) return;
            if (probe.record) expect(items[at]).toEqual({ line: at + 1, record: probe.record });
            else expect(items[at]!.error).toMatch(probe.error!);
          });
        },
      ),
      { numRuns: 40 },
    );
  }, 60_000);
});
