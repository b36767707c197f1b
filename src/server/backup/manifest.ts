import fs from 'node:fs';
import path from 'node:path';
import type { Dialect } from '../db/connect.ts';
import type { MediaCopy } from './media-copy.ts';

const MANIFEST_FILE = 'manifest.json';

/** What a backup folder holds, written last: a folder without a manifest is not a finished backup. */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  dialect: Dialect;
  /** The database file (SQLite) or dump (pg_dump custom format), relative to the backup folder. */
  database: string;
  /** Rows per table in the copy (SQLite only: a dump is counted by restoring it). */
  tables?: Record<string, number>;
  integrity?: string;
  media: MediaCopy;
}

export async function writeManifest(folder: string, manifest: BackupManifest): Promise<void> {
  await fs.promises.writeFile(path.join(folder, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
}

export async function readManifest(folder: string): Promise<BackupManifest> {
  return JSON.parse(await fs.promises.readFile(path.join(folder, MANIFEST_FILE), 'utf8')) as BackupManifest;
}
