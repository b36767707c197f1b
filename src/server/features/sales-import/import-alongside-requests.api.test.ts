import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFlatSalesFile } from '../../../../bench/flat-sales-file.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';
import { importSalesFile } from './sales-import.service.ts';

const ROWS = 50_000;
/** The longest any request may wait during the import, on however busy a machine. */
const MAX_WAIT_MS = 2_000;
/**
 * A wait every request may have, however quick the import: one turn's work, or the commit of the import's
 * transaction, which stays one statement (docs/decisions/037-imports-take-turns.md).
 */
const ONE_TURN_MS = 300;

describe('an import alongside other requests', () => {
  const t = useTestApp();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'holoscope-alongside-'));
  const file = path.join(dir, 'sales.jsonl');
  let origin: string;

  beforeAll(async () => {
    await writeFlatSalesFile(file, ROWS, 3, new Date().toISOString().slice(0, 10));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('answers other requests while a large file is stored and flagged', async () => {
    let importing = true;
    const imported = importSalesFile(t.app.context, file, { rejectsFile: false }).finally(() => {
      importing = false;
    });
    let answeredDuringImport = 0;
    let longest = 0;
    const began = performance.now();
    while (importing) {
      const sent = performance.now();
      const response = await fetch(`${origin}/healthz`);
      longest = Math.max(longest, performance.now() - sent);
      expect(response.status).toBe(200);
      if (importing) answeredDuringImport += 1;
    }
    const summary = await imported;
    const importMs = performance.now() - began;
    expect(summary.imported + summary.duplicates + summary.rejected).toBe(ROWS);
    expect(answeredDuringImport).toBeGreaterThan(10);
    // Measured against the import itself, so a slow machine slows both: before the import took turns, one
    // request waited for a third of it (its rows stored while the file reader was ahead, then its flags).
    expect(longest).toBeLessThan(Math.max(importMs / 10, ONE_TURN_MS));
    // And however long the import takes, no request waits seconds for it: a bound far above a turn's work,
    // that a stall of the event loop (a COPY's text made whole, a commit, a long loop of flags) would pass.
    expect(longest).toBeLessThan(MAX_WAIT_MS);
  }, 120_000);
});
