import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteCheckpoints } from './sqlite-checkpoints.ts';

/** About 1,500 pages of 4 KiB: more than a commit leaves in the log before it copies the log itself. */
const ROWS = 6000;

let dir: string;
let file: string;
let sqlite: SQLite.Database;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'holoscope-checkpoints-'));
  file = path.join(dir, 'holoscope.db');
  sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.exec('create table notes (body blob not null)');
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
});

afterEach(() => {
  sqlite.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function writeLargeTransaction(): void {
  const insert = sqlite.prepare('insert into notes (body) values (randomblob(1000))');
  sqlite.transaction(() => {
    for (let row = 0; row < ROWS; row++) insert.run();
  })();
}

/** The rows in the database file itself, leaving out whatever is only in its log. */
function rowsInDatabaseFile(): number {
  const copy = path.join(dir, `copy-${Math.random().toString(36).slice(2)}.db`);
  fs.copyFileSync(file, copy);
  const reader = new SQLite(copy, { readonly: true });
  try {
    return reader.prepare('select count(*) from notes').pluck().get() as number;
  } finally {
    reader.close();
  }
}

describe('checkpoints of a large write', () => {
  it('copies a large commit into the database file at the commit when nothing holds them', () => {
    writeLargeTransaction();
    expect(rowsInDatabaseFile()).toBe(ROWS);
  });

  it('leave the log to a worker thread while held, then let commits copy it again', async () => {
    const checkpoints = new SqliteCheckpoints(sqlite, file);
    checkpoints.hold();
    writeLargeTransaction();
    expect(rowsInDatabaseFile()).toBe(0);
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0);

    checkpoints.release();
    await checkpoints.idle();
    expect(checkpoints.completed).toBe(1);
    expect(rowsInDatabaseFile()).toBe(ROWS);
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    expect(sqlite.prepare('select count(*) from notes').pluck().get()).toBe(ROWS);
  });

  it('wait for the last of several writers that hold them', async () => {
    const checkpoints = new SqliteCheckpoints(sqlite, file);
    checkpoints.hold();
    checkpoints.hold();
    writeLargeTransaction();
    checkpoints.release();
    await checkpoints.idle();
    expect(checkpoints.completed).toBe(0);
    expect(rowsInDatabaseFile()).toBe(0);

    checkpoints.release();
    await checkpoints.idle();
    expect(checkpoints.completed).toBe(1);
    expect(rowsInDatabaseFile()).toBe(ROWS);
  });
});
