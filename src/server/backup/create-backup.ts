import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseHandle } from '../db/connect.ts';
import { type BackupManifest, writeManifest } from './manifest.ts';
import { copyMedia } from './media-copy.ts';
import { backupPostgres } from './postgres-backup.ts';
import { backupSqlite } from './sqlite-backup.ts';

export interface BackupOptions {
  database: DatabaseHandle;
  /** Needed on PostgreSQL, where pg_dump makes its own connection. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** The backup goes into a new folder `holoscope-<time>` inside this one. */
  targetDir: string;
  now?: Date;
}

export interface BackupResult {
  folder: string;
  manifest: BackupManifest;
}

/** `2026-11-20T14-03-00-123Z`: sorts by time and is a valid file name everywhere. */
function folderName(now: Date): string {
  return `holoscope-${now.toISOString().replaceAll(':', '-').replace('.', '-')}`;
}

/**
 * Makes a backup folder laid out like DATA_DIR (the database, `media/`) plus `manifest.json`. It is built
 * under a `.partial` name and renamed when complete, so a folder named `holoscope-<time>` is always whole.
 * The media are copied before the database and again after it: an image the copied database names was
 * either stored before (and the backup keeps its own link or copy even if a replaced profile picture is
 * deleted later) or while the database was copied (and the second pass takes it).
 */
export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const now = options.now ?? new Date();
  const folder = path.join(path.resolve(options.targetDir), folderName(now));
  const partial = `${folder}.partial`;
  await fs.promises.mkdir(partial, { recursive: true });
  try {
    const { database } = options;
    const copyAllMedia = () => copyMedia(path.join(options.dataDir, 'media'), path.join(partial, 'media'));
    let manifest: BackupManifest;
    if (database.dialect === 'sqlite') {
      if (!database.sqlite) throw new Error('The SQLite connection is not available for a backup.');
      await copyAllMedia();
      const copy = await backupSqlite(database.sqlite, partial);
      const media = await copyAllMedia();
      manifest = { format: 1, createdAt: now.toISOString(), dialect: 'sqlite', ...copy, media };
    } else {
      if (!options.databaseUrl) throw new Error('DATABASE_URL is needed to back up PostgreSQL.');
      await copyAllMedia();
      const dump = await backupPostgres(options.databaseUrl, database.schema, partial);
      const media = await copyAllMedia();
      manifest = { format: 1, createdAt: now.toISOString(), dialect: 'postgres', ...dump, media };
    }
    await writeManifest(partial, manifest);
    await fs.promises.rename(partial, folder);
    return { folder, manifest };
  } catch (error) {
    await fs.promises.rm(partial, { recursive: true, force: true });
    throw error;
  }
}
