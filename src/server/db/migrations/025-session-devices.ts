import type { Kysely } from 'kysely';

/**
 * The browser each session was last seen in (its User-Agent), so the Security section can name the signed-in
 * devices (docs/decisions/043-passkeys-and-sessions.md). Sessions from before have none until their next use.
 */
export function sessionDevices() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
    },
  };
}
