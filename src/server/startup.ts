import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context.ts';
import { createOrPromoteAdmin, hasNoSalesHistory, loadDemoSales } from './features/index.ts';

const DEMO_SEED = 1;

/** Upload folders older than this were left by a process that died mid-import; younger ones may be in use. */
const ABANDONED_UPLOAD_AGE_MS = 24 * 60 * 60 * 1000;

async function removeAbandonedUploads(dataDir: string, log: FastifyBaseLogger): Promise<void> {
  const tmp = path.join(dataDir, 'tmp');
  const entries = await fs.readdir(tmp, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const folder = path.join(tmp, entry.name);
    const { mtimeMs } = await fs.stat(folder);
    if (Date.now() - mtimeMs < ABANDONED_UPLOAD_AGE_MS) continue;
    await fs.rm(folder, { recursive: true, force: true });
    log.info({ folder }, 'removed an upload left by an interrupted import');
  }
}

/**
 * Work done once before the server takes requests: ADMIN_EMAIL and ADMIN_PASSWORD make that account an
 * admin; with DEMO_DATA=auto, a database that has never held a sale gets the demo sales, so a fresh install
 * shows real-looking analyses at once.
 */
export async function prepareOnStart(
  context: Pick<AppContext, 'config' | 'database' | 'salesEvents'>,
  log: FastifyBaseLogger,
): Promise<void> {
  await removeAbandonedUploads(context.config.dataDir, log);
  const { adminEmail, adminPassword } = context.config;
  if (adminEmail && adminPassword) {
    const admin = await createOrPromoteAdmin(context.database.db, adminEmail, adminPassword);
    log.info({ email: admin.email, created: admin.created }, 'admin account ready (ADMIN_EMAIL)');
  }
  const { demoData, demoSales } = context.config;
  if (demoData !== 'auto' || demoSales <= 0) return;
  if (!(await hasNoSalesHistory(context.database))) return;

  const started = Date.now();
  const now = new Date();
  log.info({ sales: demoSales }, 'empty database: loading demo sales (DEMO_DATA=off skips this)');
  let nextReport = 0.25;
  const result = await loadDemoSales(
    context,
    { seed: DEMO_SEED, count: demoSales, today: now.toISOString().slice(0, 10), now },
    (done, total) => {
      if (done / total >= nextReport && done < total) {
        log.info({ done, total }, `demo sales ${Math.floor((done / total) * 100)}% loaded`);
        nextReport += 0.25;
      }
    },
  );
  log.info({ inserted: result.inserted, ms: Date.now() - started }, 'demo sales loaded');
}
