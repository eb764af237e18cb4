/**
 * The server's own SQL for the baseline, without running the server: its repository functions
 * run against a Kysely whose driver records each compiled statement and answers one empty row.
 * Kysely is used only here, once per URL, never while the baseline answers a request.
 */
import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { Database } from '../../apps/server/src/db/schema.js';
import { businessToday } from '../../apps/server/src/platform/business-time.js';
import * as dashboard from '../../apps/server/src/modules/dashboard/dashboard-repo.js';
import { dashboardWindow } from '../../apps/server/src/modules/dashboard/dashboard-service.js';
import * as ledger from '../../apps/server/src/modules/ledger/ledger-repo.js';
import { findVendor } from '../../apps/server/src/modules/vendors/vendors-repo.js';

export interface Statement {
  sql: string;
  parameters: readonly unknown[];
}

function recorder(dialect: 'sqlite' | 'pg') {
  const statements: Statement[] = [];
  const connection: DatabaseConnection = {
    executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      statements.push({ sql: query.sql, parameters: query.parameters });
      // One empty row: enough for executeTakeFirstOrThrow, read by nothing.
      return Promise.resolve({ rows: [{} as R] });
    },
    // eslint-disable-next-line require-yield -- never streams; the interface asks for it
    async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
      throw new Error('the recorder does not stream');
    },
  };
  const driver: Driver = {
    init: () => Promise.resolve(),
    acquireConnection: () => Promise.resolve(connection),
    beginTransaction: () => Promise.resolve(),
    commitTransaction: () => Promise.resolve(),
    rollbackTransaction: () => Promise.resolve(),
    releaseConnection: () => Promise.resolve(),
    destroy: () => Promise.resolve(),
  };
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => (dialect === 'pg' ? new PostgresAdapter() : new SqliteAdapter()),
      createDriver: () => driver,
      createIntrospector: (k) =>
        dialect === 'pg' ? new PostgresIntrospector(k) : new SqliteIntrospector(k),
      createQueryCompiler: () =>
        dialect === 'pg' ? new PostgresQueryCompiler() : new SqliteQueryCompiler(),
    },
  });
  return { db, statements };
}

const timezone = process.env.TIMEZONE ?? 'Asia/Kolkata';

/** What GET …/vendors/:id/ledger?perPage&page sends: the vendor, totals, one page, breakdown. */
export async function ledgerStatements(
  dialect: 'sqlite' | 'pg',
  siteId: string,
  vendorId: string,
  perPage: number,
  page: number,
): Promise<Statement[]> {
  const { db, statements } = recorder(dialect);
  const today = businessToday(timezone);
  const range = { from: '', to: '9999-12-31' };
  await findVendor(db, siteId, vendorId, today);
  await Promise.all([
    ledger.ledgerTotals(db, siteId, vendorId, today, range),
    ledger.ledgerPage(db, siteId, vendorId, today, range, {
      limit: perPage,
      offset: (page - 1) * perPage,
      descending: false,
    }),
    ledger.statusBreakdown(db, siteId, vendorId),
  ]);
  return statements;
}

/** What GET …/dashboard sends: the five aggregates of modules/dashboard. */
export async function dashboardStatements(
  dialect: 'sqlite' | 'pg',
  siteId: string,
): Promise<Statement[]> {
  const { db, statements } = recorder(dialect);
  const w = dashboardWindow(businessToday(timezone));
  await Promise.all([
    dashboard.deliveryFigures(db, siteId, w),
    dashboard.bookingFigures(db, siteId, w),
    dashboard.paymentFigures(db, siteId, w),
    dashboard.monthlyTotals(db, siteId, w),
    dashboard.plannedArea(db, siteId),
  ]);
  return statements;
}
