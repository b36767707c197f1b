import type { Kysely } from 'kysely';
import type { IMPORT_FORMATS } from '#shared/schemas/admin.ts';
import type { Database } from '../db/schema.ts';

/** What changed sales, in how many rows and which sets. */
interface SalesChangeDetail {
  count: number;
  sets: string[];
}

interface ImportDetail {
  format: (typeof IMPORT_FORMATS)[number];
  read: number;
  imported: number;
  duplicates: number;
  rejected: number;
}

/**
 * One line of the audit log: who (a user id, or null for the server's own start-up and command line tools)
 * did what to which subject, with the details each action records.
 */
export type AuditEntry =
  | { action: 'create-admin' | 'promote-admin'; actor: null; subject: string }
  | { action: 'sales.delete' | 'sales.restore'; actor: string; subject: string; detail: SalesChangeDetail }
  | { action: 'sales.import'; actor: string | null; subject: string; detail: ImportDetail }
  | {
      action: 'feed.create' | 'feed.delete';
      actor: string;
      subject: string;
      detail: { name: string; adapter: string };
    }
  | { action: 'feed.pause' | 'feed.resume' | 'feed.run'; actor: string; subject: string }
  | {
      action: 'flag.confirm' | 'flag.clear' | 'flag.reopen';
      actor: string;
      /** `<sale id>/<flag code>` */
      subject: string;
      detail: { from: string; to: string };
    };

/** Adds the entry to the audit log; pass the transaction of the change it records, so both stand or fall together. */
export async function recordAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: new Date().toISOString(),
      actor: entry.actor,
      action: entry.action,
      subject: entry.subject,
      detail: 'detail' in entry ? JSON.stringify(entry.detail) : null,
    })
    .execute();
}
