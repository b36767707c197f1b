import fs from 'node:fs';
import { pipeline, type Readable, Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
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
 * Room for one record with a 10 MB image in base64 (characters; bytes for JSON Lines); longer lines are
 * refused without being held in memory.
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

function notValidFromHere(detail: string): string {
  return `the file is not valid JSON from here on (${detail}); the rest of the file was not read`;
}

/**
 * A JSON array, one element at a time: the text is cut at the commas between top-level elements (outside
 * strings and nested values) and each element is parsed on its own. Every element before a syntax error is
 * handed over, however the file was chunked, and the error names the element it is in.
 */
async function* readJsonArray(input: Readable): AsyncGenerator<SourceItem> {
  const decoder = new StringDecoder('utf8');
  /** Before the `[`, inside the array, or after its `]`. */
  let stage: 'before' | 'inside' | 'after' = 'before';
  let element = '';
  let record = 1;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let tooLong = false;

  const finish = (text: string): SourceItem => {
    const trimmed = text.trim();
    if (trimmed === '') return { line: record, error: notValidFromHere('an element is missing') };
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch (error) {
      return { line: record, error: notValidFromHere(messageOf(error)) };
    }
    return isRecord(value)
      ? { line: record, record: value }
      : { line: record, raw: value, error: 'not a JSON object' };
  };

  for await (const chunk of input) {
    let text = decoder.write(chunk as Buffer);
    let at = 0;
    if (stage === 'before') {
      text = text.replace(/^\uFEFF/, '');
      at = text.search(/\S/);
      if (at === -1) continue;
      if (text.charCodeAt(at) !== OPEN_BRACKET) {
        yield { line: 1, error: notValidFromHere('the file does not start with [') };
        return;
      }
      stage = 'inside';
      at += 1;
    }
    let from = at;
    for (; at < text.length && stage === 'inside'; at++) {
      const code = text.charCodeAt(at);
      if (inString) {
        if (escaped) escaped = false;
        else if (code === BACKSLASH) escaped = true;
        else if (code === QUOTE) inString = false;
        continue;
      }
      if (code === QUOTE) inString = true;
      else if (code === OPEN_BRACE || code === OPEN_BRACKET) depth += 1;
      else if ((code === CLOSE_BRACE || code === CLOSE_BRACKET) && depth > 0) depth -= 1;
      else if (depth === 0 && (code === COMMA || code === CLOSE_BRACKET)) {
        const text_ = element + text.slice(from, at);
        element = '';
        from = at + 1;
        // `[]` and `[ ]`: an empty array has no element to report.
        const empty = code === CLOSE_BRACKET && record === 1 && text_.trim() === '';
        if (!empty) {
          const item = tooLong
            ? {
                line: record,
                error: notValidFromHere(`the record is longer than ${MAX_RECORD_CHARS / 1024 / 1024} MB`),
              }
            : finish(text_);
          yield item;
          if (item.error?.startsWith('the file is not valid JSON')) return;
        }
        tooLong = false;
        record += 1;
        if (code === CLOSE_BRACKET) stage = 'after';
      }
    }
    if (stage === 'inside') {
      if (!tooLong) element += text.slice(from);
      if (element.length > MAX_RECORD_CHARS) {
        tooLong = true;
        element = '';
      }
    } else if (stage === 'after' && text.slice(at).trim() !== '') {
      yield { line: record, error: notValidFromHere('there is more after the closing ]') };
      return;
    }
  }
  const rest = decoder.end();
  if (stage === 'before') yield { line: 1, error: notValidFromHere('the file is empty') };
  else if (stage === 'inside') {
    yield {
      line: record,
      error: notValidFromHere(`the file ends inside record ${record}, before the closing ]`),
    };
  } else if (rest.trim() !== '')
    yield { line: record, error: notValidFromHere('there is more after the closing ]') };
}

function jsonLine(text: string, line: number): SourceItem | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch (error) {
    return { line, raw: text, error: `not valid JSON (${messageOf(error)})` };
  }
  return isRecord(value) ? { line, record: value } : { line, raw: value, error: 'not a JSON object' };
}

const NEWLINE = 0x0a;

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
  const decode = (bytes: Buffer, line: number): string => {
    const text = bytes.toString('utf8');
    return line === 1 ? text.replace(/^\uFEFF/, '') : text;
  };
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
      const item = tooLongNow ? tooLong(line) : jsonLine(decode(bytes, line), line);
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
    const item = jsonLine(decode(Buffer.concat(pending), line + 1), line + 1);
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
  const options: CsvOptions<CsvRow, string[]> = {
    bom: true,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    max_record_size: MAX_RECORD_CHARS,
    on_record: (fields: string[], context) => {
      let newlines = 0;
      for (const field of fields) {
        extraLines += countOf(field, '\r\n');
        newlines += countOf(field, '\n') + countOf(field.replaceAll('\r\n', ''), '\r');
      }
      lastLine = context.lines - extraLines;
      return { fields, line: lastLine - newlines };
    },
    on_skip: (error) => {
      problems.push({ line: lastLine + 1, error: csvProblem(error) });
      return undefined;
    },
  };
  // csv-parse's overloads only type records as string[]; on_record turns them into CsvRow.
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
    yield { line: row.line, record };
  }
  yield* problems.splice(0);
}
