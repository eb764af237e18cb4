import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { BotCheck } from './bot-check.js';
import type { EventBus } from './events.js';
import type { FileStore } from './files.js';
import type { Mailer } from './mail.js';
import type { AuthMemo } from './auth-memo.js';
import type { ListTotals } from './list-totals.js';
import type { SessionStreams } from './session-streams.js';
import type { SiteChanges } from './site-changes.js';

/** What services need from the platform; built once in app.ts and handed to every module. */
export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  botCheck: BotCheck;
  /** Uploaded files on local disk (DATA_DIR/files). */
  files: FileStore;
  logger: FastifyBaseLogger;
  /** Live record events for the site event streams. */
  events: EventBus;
  /** Live-update streams by session, closed when their session ends. */
  sessionStreams: SessionStreams;
  /** Per-site change versions, for caches of figures (platform/site-changes.ts). */
  siteChanges: SiteChanges;
  /** Kept list totals (platform/list-totals.ts), passed to `paginate`. */
  listTotals: ListTotals;
  /** Kept sessions and roles until sign-in state changes (platform/auth-memo.ts). */
  authMemo: AuthMemo;
}
