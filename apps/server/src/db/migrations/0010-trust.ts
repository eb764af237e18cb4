import { sql } from 'kysely';
import { type AnyDb } from './helpers.js';

/**
 * Issue 19 (trust): sessions that rotate and can be listed and ended, cookie sessions for the web
 * app, two-step sign-in, invitation links that prove the mailbox, and a site's two-step rule.
 */
export async function up(db: AnyDb): Promise<void> {
  // A session is one sign-in on one device (the "family"): its current token rotates, and a
  // retired token that comes back after the grace period ends the whole session.
  await db.schema.alterTable('sessions').addColumn('last_used_at', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('absolute_expires_at', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('token_issued_at', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('ip', 'text').execute();
  // 'bearer' for API clients; 'cookie' for the web app (HttpOnly cookie with a CSRF token).
  await db.schema
    .alterTable('sessions')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('bearer'))
    .execute();
  await db.schema.alterTable('sessions').addColumn('csrf_hash', 'text').execute();
  await sql`UPDATE sessions SET last_used_at = created, token_issued_at = created, absolute_expires_at = expires_at`.execute(
    db,
  );

  await db.schema
    .createTable('retired_session_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey().notNull())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('retired_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('retired_session_tokens_session')
    .on('retired_session_tokens')
    .column('session_id')
    .execute();

  // Two-step sign-in (TOTP): the secret being set up, the enabled one, and one-time recovery codes.
  await db.schema.alterTable('users').addColumn('totp_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_pending_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_enabled_at', 'text').execute();
  // The time step of the last code accepted: a code is never accepted twice (replay).
  await db.schema.alterTable('users').addColumn('totp_last_step', 'integer').execute();
  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('recovery_codes_user')
    .on('recovery_codes')
    .column('user_id')
    .execute();

  // An owner may require two-step sign-in of every member of a site.
  await db.schema
    .alterTable('sites')
    .addColumn('require_two_step', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // The emailed invitation link carries a one-time secret; only its hash is kept.
  await db.schema.alterTable('site_invitations').addColumn('token_hash', 'text').execute();

  // When the account's owner was last told by mail that sign-ins were being refused.
  await db.schema.alterTable('login_throttle').addColumn('notified_at', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('login_throttle').dropColumn('notified_at').execute();
  await db.schema.alterTable('site_invitations').dropColumn('token_hash').execute();
  await db.schema.alterTable('sites').dropColumn('require_two_step').execute();
  await db.schema.dropTable('recovery_codes').execute();
  for (const column of [
    'totp_last_step',
    'totp_enabled_at',
    'totp_pending_secret',
    'totp_secret',
  ]) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
  await db.schema.dropTable('retired_session_tokens').execute();
  for (const column of [
    'csrf_hash',
    'kind',
    'ip',
    'token_issued_at',
    'absolute_expires_at',
    'last_used_at',
  ]) {
    await db.schema.alterTable('sessions').dropColumn(column).execute();
  }
}
