import { isUtf8 } from 'node:buffer';
import fs from 'node:fs';
import { pipeline, type Readable, Transform } from 'node:stream';
import { type CsvError, type Options as CsvOptions, parse as parseCsv } from 'csv-parse';
import type { IMPORT_FORMATS } from '#shared/schemas/admin.ts';

export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** One record as read from the file, or why it could not be read. */
export interface SourceItem {
  /** Line in the file (JSON Lines, CSV), or position in the array counted from 1 (JSON). */
  line: number;
  record?: Record<string, unknown>;
  /** What was there when it is not a record (kept for the rejects file). */
  raw?: unknown;
  error?: string;
}

/**
 * Room for one record with a 10 MB image in base64 (bytes; characters for CSV); longer records are refused
 * without being held in memory.
 */
export const MAX_RECORD_CHARS = 16 * 1024 * 1024;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A JSON array starts with `[`, JSON Lines with `{`; anything else is read as CSV. */
export async function detectFormat(file: string): Promise<ImportFormat> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4096), 0, 4096, 0);
    const start = buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart();
    if (start.startsWith('[')) return 'json';
    if (start.startsWith('{')) return 'jsonl';
    return 'csv';
  } finally {
    await handle.close();
  }
}

/** Passes bytes through unchanged, counting them (for the progress bar). */
export function byteCounter(onBytes: (bytes: number) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      onBytes(chunk.byteLength);
      callback(null, chunk);
    },
  });
}

export function readRecords(format: ImportFormat, input: Readable): AsyncGenerator<SourceItem> {
  if (format === 'json') return readJsonArray(input);
  if (format === 'jsonl') return readJsonLines(input);
  return readCsv(input);
}

const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const NEWLINE = 0x0a;
/** JSON's whitespace, and the bytes of the byte order mark a file may start with. */
const BLANK_BYTES = new Set([0x20, 0x09, 0x0a, 0x0d]);
const BOM_BYTES = new Set([0xef, 0xbb, 0xbf]);

/**
 * How deep a record's values may nest. A sale's fields are flat; a record nested thousands of levels deep
 * cannot be handed between threads (structured clone recurses), and one nested millions deep takes a
 * minute to parse, so it is refused before it is parsed.
 */
export const MAX_RECORD_DEPTH = 64;
const TOO_DEEP = `the record is nested more than ${MAX_RECORD_DEPTH} levels deep`;

function notValidFromHere(detail: string): string {
  return `the file is not valid JSON from here on (${detail}); the rest of the file was not read`;
}

function isBlank(bytes: Buffer): boolean {
  for (const byte of bytes) if (!BLANK_BYTES.has(byte)) return false;
  return true;
}

/**
 * Whether JSON text nests deeper than MAX_RECORD_DEPTH, counted outside strings. Most records hold no
 * bracket and one brace, which two searches in native code tell without looking at each byte.
 */
function nestsTooDeep(bytes: Buffer): boolean {
  if (bytes.indexOf(OPEN_BRACKET) === -1 && bytes.indexOf(OPEN_BRACE, bytes.indexOf(OPEN_BRACE) + 1) === -1)
    return false;
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (const byte of bytes) {
    if (inString) {
      if (escaped) escaped = false;
      else if (byte === BACKSLASH) escaped = true;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      depth += 1;
      if (depth > MAX_RECORD_DEPTH) return true;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) depth -= 1;
  }
  return false;
}

/**
 * Why a record whose bytes are not valid UTF-8 is refused: the fields the broken bytes are in (decoding
 * made them U+FFFD), so the row is not stored with its text silently changed.
 */
function notUtf8(record: Record<string, unknown>): string {
  const broken = Object.entries(record)
    .filter(
      ([name, value]) => name.includes('\uFFFD') || (typeof value === 'string' && value.includes('\uFFFD')),
    )
    .map(([name]) => name);
  if (broken.length === 0) return 'the record is not valid UTF-8 text';
  return `${broken.join(', ')} ${broken.length === 1 ? 'is' : 'are'} not valid UTF-8 text`;
}

/** A record's JSON text as bytes: refused when too deep, parsed, and refused when its bytes are not UTF-8. */
function recordOf(bytes: Buffer, line: number, parseFailure: (message: string) => SourceItem): SourceItem {
  const text = bytes.toString('utf8');
  if (nestsTooDeep(bytes)) return { line, raw: text, error: TOO_DEEP };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return parseFailure(messageOf(error));
  }
  if (!isRecord(value)) return { line, raw: value, error: 'not a JSON object' };
  if (!isUtf8(bytes)) return { line, raw: value, error: notUtf8(value) };
  return { line, record: value };
}

/**
 * A JSON array, one element at a time: the bytes are cut at the commas between top-level elements (outside
 * strings and nested values) and each element is parsed on its own. Every element before a syntax error is
 * handed over, however the file was chunked, and the error names the element it is in. An element nested
 * too deep is refused on its own, as its end is still known.
 */
async function* readJsonArray(input: Readable): AsyncGenerator<SourceItem> {
  /** Before the `[`, inside the array, or after its `]`. */
  let stage: 'before' | 'inside' | 'after' = 'before';
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let record = 1;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let tooLong = false;
  let tooDeep = false;

  const finish = (bytes: Buffer): SourceItem => {
    if (tooLong) {
      return {
        line: record,
        error: notValidFromHere(`the record is longer than ${MAX_RECORD_CHARS / 1024 / 1024} MB`),
      };
    }
    if (tooDeep) return { line: record, error: TOO_DEEP };
    if (isBlank(bytes)) return { line: record, error: notValidFromHere('an element is missing') };
    return recordOf(bytes, record, (message) => ({ line: record, error: notValidFromHere(message) }));
  };

  for await (const read of input as AsyncIterable<Buffer | string>) {
    const chunk = typeof read === 'string' ? Buffer.from(read) : read;
    let at = 0;
    if (stage === 'before') {
      while (at < chunk.length && (BLANK_BYTES.has(chunk[at]!) || BOM_BYTES.has(chunk[at]!))) at++;
      if (at === chunk.length) continue;
      if (chunk[at] !== OPEN_BRACKET) {
        yield { line: 1, error: notValidFromHere('the file does not start with [') };
        return;
      }
      stage = 'inside';
      at += 1;
    }
    let from = at;
    for (; at < chunk.length && stage === 'inside'; at++) {
      const code = chunk[at]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (code === BACKSLASH) escaped = true;
        else if (code === QUOTE) inString = false;
        continue;
      }
      if (code === QUOTE) inString = true;
      else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
        depth += 1;
        if (depth > MAX_RECORD_DEPTH) tooDeep = true;
      } else if ((code === CLOSE_BRACE || code === CLOSE_BRACKET) && depth > 0) depth -= 1;
      else if (depth === 0 && (code === COMMA || code === CLOSE_BRACKET)) {
        const piece = chunk.subarray(from, at);
        const bytes = pending.length === 0 ? piece : Buffer.concat([...pending, piece]);
        pending = [];
        pendingBytes = 0;
        from = at + 1;
        // `[]` and `[ ]`: an empty array has no element to report.
        const empty = code === CLOSE_BRACKET && record === 1 && !tooLong && isBlank(bytes);
        if (!empty) {
          const item = finish(bytes);
          yield item;
          if (item.error?.startsWith('the file is not valid JSON')) return;
        }
        tooLong = false;
        tooDeep = false;
        record += 1;
        if (code === CLOSE_BRACKET) stage = 'after';
      }
    }
    if (stage === 'inside') {
      // Neither an over-long element nor one nested too deep is kept: it is refused whatever it holds.
      if (!tooLong && !tooDeep) {
        pending.push(chunk.subarray(from));
        pendingBytes += chunk.length - from;
      }
      if (pendingBytes > MAX_RECORD_CHARS) tooLong = true;
      if (tooLong || tooDeep) {
        pending = [];
        pendingBytes = 0;
      }
    } else if (stage === 'after' && !isBlank(chunk.subarray(at))) {
      yield { line: record, error: notValidFromHere('there is more after the closing ]') };
      return;
    }
  }
  if (stage === 'before') yield { line: 1, error: notValidFromHere('the file is empty') };
  else if (stage === 'inside') {
    yield {
      line: record,
      error: notValidFromHere(`the file ends inside record ${record}, before the closing ]`),
    };
  }
}

/** A line of JSON Lines: nothing when blank, else its record or why it is refused. */
function jsonLine(bytes: Buffer, line: number): SourceItem | undefined {
  if (isBlank(bytes)) return undefined;
  return recordOf(bytes, line, (message) => ({
    line,
    raw: bytes.toString('utf8'),
    error: `not valid JSON (${message})`,
  }));
}

/**
 * JSON Lines, cut into lines in the bytes and each line decoded on its own: a line of plain ASCII then
 * becomes a one-byte string, which V8 parses and slices several times faster than the two-byte string a
 * whole chunk becomes when any line in it holds an accented letter. A newline byte is never part of a
 * longer UTF-8 sequence, so the cut is safe; a line's length is counted in bytes.
 */
async function* readJsonLines(input: Readable): AsyncGenerator<SourceItem> {
  const tooLong = (line: number): SourceItem => ({
    line,
    error: `the line is longer than ${MAX_RECORD_CHARS / 1024 / 1024} MB`,
  });
  const withoutBom = (bytes: Buffer, line: number): Buffer =>
    line === 1 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  /** The start of the line that the next chunk goes on with. */
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let line = 0;
  let skipping = false;
  for await (const read of input as AsyncIterable<Buffer | string>) {
    // A stream given an encoding hands over text; the lines are cut in bytes all the same.
    const chunk = typeof read === 'string' ? Buffer.from(read) : read;
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      line += 1;
      const piece = chunk.subarray(start, end);
      start = end + 1;
      if (skipping) {
        skipping = false;
        yield tooLong(line);
        continue;
      }
      const tooLongNow = pendingBytes + piece.length > MAX_RECORD_CHARS;
      const bytes = pendingBytes === 0 ? piece : Buffer.concat([...pending, piece]);
      pending = [];
      pendingBytes = 0;
      const item = tooLongNow ? tooLong(line) : jsonLine(withoutBom(bytes, line), line);
      if (item) yield item;
    }
    if (!skipping && start < chunk.length) {
      pendingBytes += chunk.length - start;
      pending.push(chunk.subarray(start));
      if (pendingBytes > MAX_RECORD_CHARS) {
        skipping = true;
        pending = [];
        pendingBytes = 0;
      }
    }
  }
  if (skipping) yield tooLong(line + 1);
  else {
    const item = jsonLine(withoutBom(Buffer.concat(pending), line + 1), line + 1);
    if (item) yield item;
  }
}

function csvProblem(error: CsvError | undefined): string {
  switch (error?.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted field that starts here is never closed; the rest of the file was not read';
    case 'CSV_MAX_RECORD_SIZE':
      return `the row is longer than ${MAX_RECORD_CHARS / 1024 / 1024} MB; the rest of the file was not read`;
    default:
      return `the row is not valid CSV (${error?.message ?? 'unknown problem'})`;
  }
}

interface CsvRow {
  fields: string[];
  line: number;
  /** Whether a field's bytes are not valid UTF-8 (decoded, they hold U+FFFD in its place). */
  notUtf8: boolean;
}

function countOf(text: string, search: string): number {
  let count = 0;
  for (let at = text.indexOf(search); at !== -1; at = text.indexOf(search, at + search.length)) count += 1;
  return count;
}

/**
 * CSV with a header row; rows that cannot be parsed are reported in line order with the others. csv-parse counts a CR LF inside a quoted field as two lines, so line numbers are
 * corrected by the CR LFs seen in fields so far; a record spanning lines is reported at its first line.
 */
async function* readCsv(input: Readable): AsyncGenerator<SourceItem> {
  const problems: SourceItem[] = [];
  let extraLines = 0;
  let lastLine = 0;
  const options: CsvOptions<CsvRow, Buffer[]> = {
    bom: true,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    max_record_size: MAX_RECORD_CHARS,
    // Fields come as bytes, so each can be checked for UTF-8 before it is decoded.
    encoding: null,
    on_record: (bytes: Buffer[], context) => {
      let newlines = 0;
      const fields = bytes.map((field) => field.toString('utf8'));
      for (const field of fields) {
        extraLines += countOf(field, '\r\n');
        newlines += countOf(field, '\n') + countOf(field.replaceAll('\r\n', ''), '\r');
      }
      lastLine = context.lines - extraLines;
      return { fields, line: lastLine - newlines, notUtf8: !bytes.every((field) => isUtf8(field)) };
    },
    on_skip: (error) => {
      problems.push({ line: lastLine + 1, error: csvProblem(error) });
      return undefined;
    },
  };
  // csv-parse's overloads only type records as arrays; on_record turns them into CsvRow.
  const rows = pipeline(input, parseCsv(options as unknown as CsvOptions), () => {});
  let header: string[] | undefined;
  for await (const row of rows as AsyncIterable<CsvRow>) {
    while (problems.length > 0 && problems[0]!.line < row.line) yield problems.shift()!;
    if (!header) {
      header = row.fields.map((name) => name.trim());
      continue;
    }
    if (row.fields.length !== header.length) {
      yield {
        line: row.line,
        raw: row.fields,
        error: `the row has ${row.fields.length} fields but the header has ${header.length}`,
      };
      continue;
    }
    const record: Record<string, unknown> = {};
    header.forEach((name, index) => {
      record[name] = row.fields[index];
    });
    yield row.notUtf8 ? { line: row.line, raw: record, error: notUtf8(record) } : { line: row.line, record };
  }
  yield* problems.splice(0);
}
