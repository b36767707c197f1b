import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../connect.ts';
import { columnTypes } from './column-types.ts';

/**
 * Sign-in with OpenID Connect providers (docs/decisions/041-identity-provider-accounts.md).
 * `identity_links` says which account a provider's identity (its id and the `sub` it gives) signs into.
 * `oidc_flows` holds a started sign-in's state, nonce and PKCE verifier until the provider sends the browser
 * back, and `pending_identities` a new identity until its owner picks a username and country; both are
 * keyed by the SHA-256 of a random value in an HttpOnly cookie, used once and short-lived.
 */
export function identityLinks(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('identity_links')
        .addColumn('provider_id', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('email', 'text')
        .addColumn('created_at', sql.raw(t.timestamp), (c) => c.notNull())
        .addPrimaryKeyConstraint('identity_links_pk', ['provider_id', 'subject'])
        .execute();
      // One identity per provider and account: the profile links and unlinks by provider.
      await db.schema
        .createIndex('identity_links_user_provider')
        .on('identity_links')
        .columns(['user_id', 'provider_id'])
        .unique()
        .execute();

      await db.schema
        .createTable('oidc_flows')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('provider_id', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('nonce', 'text', (c) => c.notNull())
        .addColumn('code_verifier', 'text', (c) => c.notNull())
        .addColumn('return_to', 'text', (c) => c.notNull())
        .addColumn('link_user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('expires_at', sql.raw(t.timestamp), (c) => c.notNull())
        .execute();
      await db.schema.createIndex('oidc_flows_expiry').on('oidc_flows').columns(['expires_at']).execute();

      await db.schema
        .createTable('pending_identities')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('provider_id', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('email_verified', sql.raw(t.boolean), (c) => c.notNull())
        .addColumn('return_to', 'text', (c) => c.notNull())
        .addColumn('expires_at', sql.raw(t.timestamp), (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('pending_identities_expiry')
        .on('pending_identities')
        .columns(['expires_at'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('pending_identities').execute();
      await db.schema.dropTable('oidc_flows').execute();
      await db.schema.dropTable('identity_links').execute();
    },
  };
}
