import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase, SQLITE_PAGE_BYTES, sqliteFile } from './connect.ts';
import { migrateToLatest } from './migrate.ts';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

function dataDir(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'holoscope-connect-'));
  folders.push(folder);
  return folder;
}

async function pageSizeAfterMigrating(folder: string): Promise<number> {
  const handle = connectDatabase({ databaseUrl: undefined, dataDir: folder });
  try {
    await migrateToLatest(handle);
    expect(handle.sqlite!.pragma('journal_mode', { simple: true })).toBe('wal');
    return handle.sqlite!.pragma('page_size', { simple: true }) as number;
  } finally {
    await handle.close();
  }
}

describe('the SQLite file', () => {
  it('is made with pages of SQLITE_PAGE_BYTES, and keeps them when it is opened again', async () => {
    const folder = dataDir();
    expect(await pageSizeAfterMigrating(folder)).toBe(SQLITE_PAGE_BYTES);
    expect(await pageSizeAfterMigrating(folder)).toBe(SQLITE_PAGE_BYTES);
  });

  it('made earlier with smaller pages is opened as it is, with its data', async () => {
    const folder = dataDir();
    const earlier = new SQLite(sqliteFile(folder));
    earlier.pragma('page_size = 4096');
    earlier.pragma('journal_mode = WAL');
    earlier.exec("create table kept (note text); insert into kept values ('still here')");
    earlier.close();

    expect(await pageSizeAfterMigrating(folder)).toBe(4096);
    const reopened = new SQLite(sqliteFile(folder), { readonly: true });
    expect(reopened.prepare('select note from kept').pluck().get()).toBe('still here');
    reopened.close();
  });
});
