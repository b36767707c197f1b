import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { ImportSummary } from '#shared/schemas/admin.ts';
import { MAX_IMPORT_MEGABYTES } from '#shared/schemas/admin.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { type UploadMessages, uploadFailure } from '../../file-upload.ts';
import type { ImportFormat } from '../../sales/read/readers.ts';
import { importSalesFile } from '../sales-import/public.ts';

export const MAX_IMPORT_BYTES = MAX_IMPORT_MEGABYTES * 1024 * 1024;

export const IMPORT_UPLOAD: UploadMessages = {
  notMultipart: 'Send the sales file as multipart/form-data in the field "file".',
  missing: 'Choose a sales file to import.',
  tooLarge: `That file is larger than ${MAX_IMPORT_MEGABYTES} MB. Split it, or import it with npm run import.`,
};

/** The uploaded name, reduced to characters that are safe in a file name (it shows in the audit log). */
function safeFileName(name: string | undefined): string {
  const base = path
    .basename(name ?? '')
    .replace(/[^\w.-]+/g, '_')
    .replace(/^\.+/, '');
  return base.slice(0, 100) || 'upload';
}

/**
 * Streams an uploaded sales file to a private folder under DATA_DIR (so a large file never sits in memory)
 * and runs the same importer as the CLI on it. The folder is removed afterwards, whatever happens.
 */
export async function importUploadedSales(
  context: Pick<AppContext, 'config' | 'database' | 'media' | 'salesEvents'>,
  adminId: string,
  part: MultipartFile,
  format: ImportFormat | undefined,
): Promise<ImportSummary> {
  const folder = path.join(context.config.dataDir, 'tmp', `import-${crypto.randomUUID()}`);
  await fs.promises.mkdir(folder, { recursive: true, mode: 0o700 });
  try {
    const file = path.join(folder, safeFileName(part.filename));
    try {
      await pipeline(part.file, fs.createWriteStream(file));
    } catch (error) {
      throw uploadFailure(error, IMPORT_UPLOAD);
    }
    if (part.file.truncated) throw new AppError(413, 'payload-too-large', IMPORT_UPLOAD.tooLarge);
    const summary = await importSalesFile(context, file, {
      actor: adminId,
      rejectsFile: false,
      ...(format ? { format } : {}),
    });
    return {
      format: summary.format,
      read: summary.read,
      imported: summary.imported,
      duplicates: summary.duplicates,
      rejected: summary.rejected,
      rejects: summary.rejects,
    };
  } finally {
    await fs.promises.rm(folder, { recursive: true, force: true });
  }
}
