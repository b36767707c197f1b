// Copies what SQLite's write-ahead log holds into the database file (a checkpoint) on its own connection,
// so a large writer's connection does not do it on the event loop (sqlite-checkpoints.ts).
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const database = new SQLite(workerData.file, { fileMustExist: true });
try {
  // PASSIVE waits for no reader or writer: frames still in use stay for a later checkpoint.
  const [result] = database.pragma('wal_checkpoint(PASSIVE)');
  parentPort.postMessage(result);
} finally {
  database.close();
}
