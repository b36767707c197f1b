import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sqliteFile } from '../db/connect.ts';

export interface SqliteCopy {
  /** File name inside the backup folder: the same as under DATA_DIR, so restoring is copying the folder. */
  database: string;
  tables: Record<string, number>;
  integrity: string;
}

/**
 * Copies a live SQLite database with SQLite's online backup API: the copy is one consistent moment even while
 * the server keeps writing. All pages go in one step, because every write by another process restarts a
 * backup that is taken in small steps; under WAL the step only reads, so the server's writes go on meanwhile.
 */
export async function backupSqlite(source: SQLite.Database, folder: string): Promise<SqliteCopy> {
  const target = sqliteFile(folder);
  await source.backup(target, { progress: ({ remainingPages }) => Math.max(remainingPages, 100) });
  const copy = new SQLite(target);
  try {
    // A single self-contained file (no -wal beside it) whatever journal mode the source was in.
    copy.pragma('journal_mode = DELETE');
    const integrity = copy.pragma('integrity_check', { simple: true }) as string;
    const names = copy
      .prepare(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
      )
      .pluck()
      .all() as string[];
    const tables: Record<string, number> = {};
    for (const name of names) {
      tables[name] = copy
        .prepare(`select count(*) from "${name.replaceAll('"', '""')}"`)
        .pluck()
        .get() as number;
    }
    return { database: path.basename(target), tables, integrity };
  } finally {
    copy.close();
  }
}
