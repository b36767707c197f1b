import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { loadRates } from '../fx/fx.repository.ts';
import type { FxRates } from '../fx/fx-rates.ts';
import { type ImportContext, BulkSalesWriter } from '../write/bulk-sales-writer.ts';
import { parseSaleRow } from './sale-row.ts';

/** A record the importer refused, and why. */
type OnRefused = (record: Record<string, unknown>, reason: string) => void;

/**
 * The importer for records handed over one by one (a feed's pages) rather than read from a file: the same
 * validation (parseSaleRow: card, title, price, date, provenance) and the same writer, idempotent through each
 * record's source reference. The caller decides when rows are committed, and may write its own rows in the
 * same transaction (`commit`), so its bookkeeping always matches the sales stored.
 */
export class RecordImport {
  private position = 0;

  private constructor(
    private readonly writer: BulkSalesWriter,
    private readonly today: string,
    private readonly rates: FxRates,
    private readonly onRefused: OnRefused,
  ) {}

  static async open(context: ImportContext, onRefused: OnRefused, today?: string): Promise<RecordImport> {
    // Converted as a file's records are, so a feed and a file store the same sale alike (docs/product.md §11).
    const rates = await loadRates(context.database);
    // The writer reports rows it refuses at store time (an unreadable image) by position; the record travels along.
    const writer = await BulkSalesWriter.open(context, false, async (_line, reason, record) =>
      onRefused(record as Record<string, unknown>, reason),
    );
    return new RecordImport(writer, today ?? new Date().toISOString().slice(0, 10), rates, onRefused);
  }

  /** Sales stored so far, including rows not yet committed. */
  get stored(): number {
    return this.writer.imported;
  }

  /** Records whose source reference was stored already. */
  get duplicates(): number {
    return this.writer.duplicates;
  }

  async add(record: Record<string, unknown>): Promise<void> {
    this.position += 1;
    const parsed = parseSaleRow(record, { today: this.today, rates: this.rates });
    if (!parsed.ok) {
      this.onRefused(record, parsed.reason);
      return;
    }
    const { sale, imageBase64 } = parsed.value;
    await this.writer.add({
      line: this.position,
      sale,
      imageBase64,
      record: imageBase64 ? record : undefined,
    });
  }

  /** Stores what was added and commits it with what `alsoWrite` writes, in one transaction. */
  commit(alsoWrite: (transaction: Kysely<Database>) => Promise<void>): Promise<void> {
    return this.writer.commit(alsoWrite);
  }

  /** Drops what was added since the last commit. */
  abort(): Promise<void> {
    return this.writer.abort();
  }

  /** Stores and commits what is left, and releases the database connection's import settings. */
  close(): Promise<void> {
    return this.writer.finish();
  }
}
