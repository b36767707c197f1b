import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { lendIdleReader } from '../read/parsed-batches.ts';
import { type PendingRow, ROWS_PER_BATCH } from '../read/parsed-rows.ts';
import type { SaleRecord } from '../sale-record.ts';
import { type BulkLoad, startBulkLoad } from './bulk-load.repository.ts';
import { knownSourceRefs, SalesWriter } from './sales-writer.repository.ts';

export type ImportContext = Pick<AppContext, 'database' | 'media' | 'salesEvents'>;

type RejectRow = (line: number, reason: string, record: unknown) => Promise<void>;

/**
 * Rows stored at a time on PostgreSQL, where each write is a COPY into a temporary table and one INSERT …
 * SELECT into `sales`: each write has a fixed cost (the temporary table, the statement, the flag pass), so
 * fewer, larger writes store an import faster (docs/performance.md has the figures). On SQLite, which
 * inserts row by row, the reader's batches are stored as they arrive, so storing keeps pace with reading.
 * While the reader has no rows ready, fewer are stored (storeWhileWaiting).
 */
const POSTGRES_ROWS_PER_WRITE = 10_000;

/** Base64 held for the pending batch before it is stored, so a file of large photos stays within memory. */
const MAX_PENDING_IMAGE_CHARS = 32 * 1024 * 1024;
const IMAGE_BOX = { maxWidth: 1600, maxHeight: 1600 };

function imageProblem(error: unknown): string {
  if (error instanceof AppError && error.status === 413) {
    return 'imageData is too large (more than 10 MB or too many pixels)';
  }
  return 'imageData is not an image that can be read';
}

/**
 * Stores valid rows a batch at a time as the file reader hands them over, into transactions of
 * ROWS_PER_TRANSACTION rows (SalesWriter). Into a sales table that has never held a sale it can write as
 * one bulk load instead (much faster on SQLite) until the first row with an image: images go to the media
 * store, which needs the database connection an open transaction holds, so the bulk load is finished or
 * the open transaction committed first.
 */
export class BulkSalesWriter {
  imported = 0;
  duplicates = 0;
  /** The cards of the rows handed to the database (stored or found already there), for the change event. */
  readonly cardIds = new Set<string>();
  private pending: PendingRow[] = [];
  private pendingImageChars = 0;

  private readonly rows: SalesWriter;
  private readonly rowsPerWrite: number;

  private constructor(
    private readonly context: ImportContext,
    private readonly rejectRow: RejectRow,
    private bulk: BulkLoad | undefined,
  ) {
    this.rows = new SalesWriter(context.database, lendIdleReader);
    this.rowsPerWrite = context.database.dialect === 'postgres' ? POSTGRES_ROWS_PER_WRITE : ROWS_PER_BATCH;
  }

  static async open(context: ImportContext, bulkLoadWhenEmpty: boolean, rejectRow: RejectRow) {
    const bulk = bulkLoadWhenEmpty ? await startBulkLoad(context.database) : undefined;
    return new BulkSalesWriter(context, rejectRow, bulk);
  }

  async add(row: PendingRow): Promise<void> {
    this.pending.push(row);
    this.pendingImageChars += row.imageBase64?.length ?? 0;
    if (this.pending.length >= this.rowsPerWrite || this.pendingImageChars >= MAX_PENDING_IMAGE_CHARS) {
      await this.flush();
    }
  }

  /**
   * Stores the pending rows now if they are a reader's batch at least, rather than when there are a whole
   * write's: for while the file reader has no more rows ready (at the start of a file, mostly), so the
   * database stores what there is instead of waiting with it.
   */
  async storeWhileWaiting(): Promise<void> {
    if (this.pending.length >= ROWS_PER_BATCH) await this.flush();
  }

  /** Stores the pending rows and commits them together with what `alsoWrite` writes (see SalesWriter.commit). */
  async commit(alsoWrite: (transaction: Kysely<Database>) => Promise<void>): Promise<void> {
    await this.flush();
    await this.rows.commit(alsoWrite);
  }

  async finish(): Promise<void> {
    try {
      await this.flush();
      await this.bulk?.finish();
      this.bulk = undefined;
    } finally {
      await this.rows.close();
    }
  }

  async abort(): Promise<void> {
    try {
      await this.bulk?.abort();
      this.bulk = undefined;
    } finally {
      await this.rows.abort();
    }
  }

  private async flush(): Promise<void> {
    const rows = this.pending;
    this.pending = [];
    this.pendingImageChars = 0;
    const withImages = rows.filter((row) => row.imageBase64 !== undefined);
    if (withImages.length > 0) {
      // Storing images needs the database connection that an open transaction holds.
      await this.bulk?.finish();
      this.bulk = undefined;
      await this.rows.commit();
    }
    const known =
      withImages.length > 0
        ? await knownSourceRefs(
            this.context.database,
            withImages.map((row) => row.sale.source_ref),
          )
        : new Set<string>();
    const storable: SaleRecord[] = [];
    for (const row of rows) {
      if (row.imageBase64 !== undefined && !known.has(row.sale.source_ref)) {
        try {
          const stored = await this.context.media.putImage(Buffer.from(row.imageBase64, 'base64'), IMAGE_BOX);
          row.sale.image = stored.hash;
        } catch (error) {
          await this.rejectRow(row.line, imageProblem(error), row.record);
          continue;
        }
      }
      storable.push(row.sale);
      this.cardIds.add(row.sale.card_id);
    }
    const result = this.bulk ? await this.bulk.write(storable) : await this.rows.write(storable);
    this.imported += result.inserted;
    this.duplicates += result.duplicates;
  }
}
