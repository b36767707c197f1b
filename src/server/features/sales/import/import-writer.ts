import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../errors.ts';
import {
  type BulkLoad,
  insertSales,
  knownSourceRefs,
  ROWS_PER_TRANSACTION,
  type SaleRecord,
  startBulkLoad,
} from '../sales-write.repository.ts';

export type ImportContext = Pick<AppContext, 'database' | 'media' | 'salesEvents'>;

export interface PendingRow {
  line: number;
  sale: SaleRecord;
  imageBase64: string | undefined;
  /** Kept only for rows with an image, the one check left that can still reject the row. */
  record: Record<string, unknown> | undefined;
}

type RejectRow = (line: number, reason: string, record: unknown) => Promise<void>;

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
 * Collects valid rows and stores them in batches. Into a sales table that has never held a sale it can
 * write as one bulk load (much faster on SQLite) until the first row with an image: images go to the media
 * store, which needs the database connection the bulk load holds, so the bulk load is finished there and
 * the rest of the file is written in ordinary batches.
 */
export class ImportWriter {
  imported = 0;
  duplicates = 0;
  private pending: PendingRow[] = [];
  private pendingImageChars = 0;

  private constructor(
    private readonly context: ImportContext,
    private readonly rejectRow: RejectRow,
    private bulk: BulkLoad | undefined,
  ) {}

  static async open(context: ImportContext, bulkLoadWhenEmpty: boolean, rejectRow: RejectRow) {
    const bulk = bulkLoadWhenEmpty ? await startBulkLoad(context.database) : undefined;
    return new ImportWriter(context, rejectRow, bulk);
  }

  async add(row: PendingRow): Promise<void> {
    this.pending.push(row);
    this.pendingImageChars += row.imageBase64?.length ?? 0;
    if (this.pending.length >= ROWS_PER_TRANSACTION || this.pendingImageChars >= MAX_PENDING_IMAGE_CHARS) {
      await this.flush();
    }
  }

  async finish(): Promise<void> {
    await this.flush();
    await this.bulk?.finish();
    this.bulk = undefined;
  }

  async abort(): Promise<void> {
    await this.bulk?.abort();
    this.bulk = undefined;
  }

  private async flush(): Promise<void> {
    const rows = this.pending;
    this.pending = [];
    this.pendingImageChars = 0;
    const withImages = rows.filter((row) => row.imageBase64 !== undefined);
    if (withImages.length > 0 && this.bulk) {
      await this.bulk.finish();
      this.bulk = undefined;
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
    }
    const result = this.bulk
      ? await this.bulk.write(storable)
      : await insertSales(this.context.database, storable);
    this.imported += result.inserted;
    this.duplicates += result.duplicates;
  }
}
