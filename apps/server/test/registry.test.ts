/**
 * The record-type registry (issue 41): a throwaway record type, declared by one registry entry
 * plus its migration (here: its table, created in the test's database before the server listens),
 * is picked up by the authorization matrix, the audit trail (values rendered by its codecs),
 * plan counting, the integrity check's references, OpenAPI and the list export (CSV/XLSX).
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import {
  bizDate,
  files,
  hasPermission,
  money,
  numberFromStored,
  numberToStored,
  tableOf,
  planResources,
  qty,
  rate,
  recordTypes,
  ref,
  registerRecordType,
  siteReferences as declaredReferences,
  text,
  type AuditEntity,
  type RecordTypeDef,
} from '@siteledger/domain';
import { newId, nowIso } from '../src/db/ids.js';
import type { Database } from '../src/db/schema.js';
import { checkIntegrity } from '../src/integrity/check.js';
import { schemaReferences, siteReferences } from '../src/integrity/references.js';
import { auditCreated, auditStart } from '../src/platform/audit.js';
import { recordRoutes } from '../src/platform/record-routes.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { parseExportCsv } from './helpers/csv-parse.js';
import { download } from './helpers/export-fixtures.js';
import { addMember, insertVendor } from './helpers/fixtures.js';
import { declaredGuard, promisedRoutes } from './helpers/registry-routes.js';
import { startServer, type TestServer } from './helpers/test-server.js';

/** The one registry entry. Its column names are ones no name-guessing would read as money. */
const WIDGETS: RecordTypeDef = {
  collection: 'widgets',
  table: 'widgets',
  entity: 'widgets',
  tag: 'widgets',
  description: 'A throwaway record type of the registry test.',
  permissions: {
    read: 'canViewFinancials',
    create: 'canCreate',
    update: 'canUpdate',
    delete: 'owner',
  },
  planResource: true,
  audit: { entity: 'widgets' },
  list: {
    sorts: ['made_on', 'label', 'created'],
    filters: ['vendor'],
    search: ['label'],
    date: 'made_on',
  },
  fields: {
    vendor: ref('vendors'),
    label: text(),
    cost: money(),
    heft: qty(),
    levy: rate(),
    made_on: bizDate(),
    pictures: files(),
  },
};
const unregister = registerRecordType(WIDGETS);

/** Its migration (test-only: production migrations ship no fake table). */
async function migrateWidgets(db: Kysely<Database>): Promise<void> {
  await db.schema
    .createTable('widgets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('created_by', 'text', (c) => c.references('users.id'))
    .addColumn('vendor', 'text', (c) => c.references('vendors.id'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('cost', 'bigint', (c) => c.notNull())
    .addColumn('heft', 'bigint', (c) => c.notNull())
    .addColumn('levy', 'integer', (c) => c.notNull())
    .addColumn('made_on', 'text', (c) => c.notNull())
    .addColumn('pictures', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  // Counted by plans with no column and no migration: caps and usage are rows (plan_limits,
  // plan_usage), keyed by the entry's planResource.
}

const zWidget = z.object({
  id: z.string(),
  label: z.string(),
  vendor: z.string().nullable(),
  cost: z.number(),
  heft: z.number(),
  levy: z.number(),
  made_on: z.string(),
});
const zWidgetBody = z.object({
  label: z.string().max(100),
  vendor: z.string().max(40).nullable().default(null),
  cost: z.number(),
  heft: z.number(),
  levy: z.number(),
  made_on: z.string().max(10),
});

type Row = Record<string, unknown>;
const codecs = WIDGETS.fields;
const shape = (row: Row) =>
  zWidget.parse({
    ...row,
    cost: Number(row.cost) / 100,
    heft: Number(row.heft) / 1000,
    levy: Number(row.levy) / 100,
  });
// The trail's entity names are a closed list; the throwaway one is not in it.
const entity: string = WIDGETS.audit?.entity ?? '';
const widgetEntity = entity as AuditEntity;

let server: TestServer;
let owner: Registered;
let supervisor: Registered;
let accountant: Registered;
let siteId: string;

beforeAll(async () => {
  server = await startServer(
    {},
    {
      skipIntegrityCheck: 'the suite breaks a widget reference on purpose and checks it itself',
      beforeListen: async ({ app, ctx }) => {
        await migrateWidgets(ctx.db.kysely);
        const db = ctx.db.kysely;
        const table = sql.table('widgets');
        recordRoutes(app, ctx, {
          type: WIDGETS,
          record: zWidget,
          list: {
            query: z.object({}),
            run: async (scope) => {
              const rows = (
                await sql<Row>`select * from ${table} where site_id = ${scope.siteId}`.execute(db)
              ).rows;
              return {
                page: 1,
                perPage: rows.length,
                totalItems: rows.length,
                totalPages: 1,
                items: rows.map(shape),
              };
            },
          },
          get: async (scope, id) => {
            const row = (
              await sql<Row>`select * from ${table} where id = ${id} and site_id = ${scope.siteId}`.execute(
                db,
              )
            ).rows[0];
            return shape(row ?? {});
          },
          create: {
            body: zWidgetBody,
            run: (scope, body) =>
              db.transaction().execute(async (trx) => {
                const id = newId();
                const now = nowIso();
                await sql`insert into ${table} (id, created, updated, site_id, created_by, vendor,
                  label, cost, heft, levy, made_on, pictures) values (${id}, ${now}, ${now},
                  ${scope.siteId}, ${scope.userId}, ${body.vendor}, ${body.label},
                  ${numberToStored(codecs.cost, body.cost)}, ${numberToStored(codecs.heft, body.heft)},
                  ${numberToStored(codecs.levy, body.levy)}, ${body.made_on}, '["a.jpg"]')`.execute(
                  trx,
                );
                await auditCreated(trx, widgetEntity, scope.siteId, id);
                const row = (await sql<Row>`select * from ${table} where id = ${id}`.execute(trx))
                  .rows[0];
                return shape(row ?? {});
              }),
          },
          update: {
            body: zWidgetBody.partial(),
            run: (scope, id, body) =>
              db.transaction().execute(async (trx) => {
                const audit = await auditStart(trx, {
                  entity: widgetEntity,
                  siteId: scope.siteId,
                  id,
                  action: 'update',
                });
                if (body.cost !== undefined) {
                  await sql`update ${table} set cost = ${numberToStored(codecs.cost, body.cost)}
                    where id = ${id}`.execute(trx);
                }
                await audit.finish();
                const row = (await sql<Row>`select * from ${table} where id = ${id}`.execute(trx))
                  .rows[0];
                return shape(row ?? {});
              }),
          },
          remove: async (scope, id) => {
            await sql`delete from ${table} where id = ${id} and site_id = ${scope.siteId}`.execute(
              db,
            );
          },
        });
      },
    },
  );
  owner = await registerUser(server.url);
  supervisor = await registerUser(server.url);
  accountant = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token)).id;
  await addMember(server, siteId, supervisor.user.id, 'supervisor');
  await addMember(server, siteId, accountant.user.id, 'accountant');
}, 60_000);

afterAll(async () => {
  await server?.close();
  unregister();
});

describe('a record type declared by one registry entry', () => {
  it('is in the registry next to the declared types', () => {
    expect(recordTypes().map((t) => t.collection)).toContain('widgets');
  });

  it('gets the routes and permissions the authorization matrix derives from the registry', async () => {
    const promised = promisedRoutes(WIDGETS);
    expect(promised.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/sites/:siteId/widgets',
      'GET /api/sites/:siteId/widgets/:id',
      'GET /api/sites/:siteId/widgets/export',
      'POST /api/sites/:siteId/widgets',
      'PATCH /api/sites/:siteId/widgets/:id',
      'DELETE /api/sites/:siteId/widgets/:id',
      'POST /api/sites/:siteId/widgets/:id/files',
      'DELETE /api/sites/:siteId/widgets/:id/files/:name',
    ]);
    // The five record routes are recordRoutes' (the file pair is files-api's, not registered here).
    for (const route of promised.filter((r) => !r.url.includes('/files'))) {
      const found = server.routes.find((r) => r.method === route.method && r.url === route.url);
      expect(found, `${route.method} ${route.url}`).toBeDefined();
      expect(declaredGuard(found?.access), `${route.method} ${route.url}`).toBe(route.requires);
    }
    // And the routes answer each role as the permission map says.
    const base = `/api/sites/${siteId}/widgets`;
    const body = { label: 'w', cost: 1, heft: 1, levy: 0, made_on: '2026-01-01' };
    const asAccountant = await call(server.url, 'POST', base, { token: accountant.token, body });
    expect(asAccountant.status).toBe(403);
    expect(asAccountant.body.code).toBe('PERMISSION_DENIED');
    expect(hasPermission('accountant', 'canViewFinancials')).toBe(true);
    expect((await call(server.url, 'GET', base, { token: accountant.token })).status).toBe(200);
    const made = await call(server.url, 'POST', base, { token: supervisor.token, body });
    expect(made.status).toBe(201);
    const removal = await call(server.url, 'DELETE', `${base}/${String(made.body.id)}`, {
      token: supervisor.token,
    });
    expect(removal.status).toBe(403);
    expect(removal.body.message).toBe('Permission denied: Only owners can delete widgets');
    const byOwner = await call(server.url, 'DELETE', `${base}/${String(made.body.id)}`, {
      token: owner.token,
    });
    expect(byOwner.status).toBe(204);
  });

  it('is kept in the audit trail in API units, read from its codecs', async () => {
    const made = await call(server.url, 'POST', `/api/sites/${siteId}/widgets`, {
      token: owner.token,
      body: { label: 'Shuttering', cost: 1234.5, heft: 2.75, levy: 18, made_on: '2026-02-03' },
    });
    expect(made.status).toBe(201);
    const id = String(made.body.id);
    const edited = await call(server.url, 'PATCH', `/api/sites/${siteId}/widgets/${id}`, {
      token: owner.token,
      body: { cost: 99.99 },
    });
    expect(edited.status).toBe(200);
    const entries = await server.ctx.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'changes'])
      .where('record_id', '=', id)
      .orderBy('at')
      .orderBy('id')
      .execute();
    const changes = entries.map((e) => [e.action, JSON.parse(e.changes) as Row]);
    expect(changes[0]?.[0]).toBe('create');
    expect(changes[0]?.[1]).toMatchObject({
      label: { old: null, new: 'Shuttering' },
      cost: { old: null, new: 1234.5 },
      heft: { old: null, new: 2.75 },
      levy: { old: null, new: 18 },
      made_on: { old: null, new: '2026-02-03' },
      pictures: { old: null, new: ['a.jpg'] },
    });
    expect(changes[1]).toEqual(['update', { cost: { old: 1234.5, new: 99.99 } }]);
  });

  it('renders every stored number of every audited table as the trail did before the registry', async () => {
    // The trail once guessed units from column names; the codecs must give the same answers.
    const thousandths = new Set([
      'quantity',
      'quantity_returned',
      'minimum_quantity',
      'duration',
      'ordered_quantity',
      'received_quantity',
      'counted_quantity',
      'previous_quantity',
      'difference',
      'min_stock_level',
      'shortfall_quantity',
    ]);
    const moneyName =
      /(amount|balance|price|_rate|items_total|round_off|^value|_value|_threshold)$/;
    // A PO line's tolerance is a rate (hundredths of a percent) the trail never reads: a PO's
    // snapshot takes item, quantity, unit price, GST rate and total of its lines.
    const NOT_IN_SNAPSHOTS = new Set(['purchase_order_lines.receipt_tolerance']);
    // Columns added after the registry (issue 43) were never guessed: their codecs alone say.
    const SINCE_REGISTRY = new Set([
      ...['deliveries', 'service_bookings', 'payments', 'ra_bills'].flatMap((t) => [
        `${t}.tds_base`,
        `${t}.tds_carried`,
      ]),
      'work_orders.retention_percent',
      'work_orders.advance_recovery_percent',
      'work_order_lines.rate',
      'work_order_lines.billed_quantity',
      'work_order_variations.old_quantity',
      'work_order_variations.new_quantity',
      'ra_bills.advance_recovery',
      'ra_bills.net_payable',
      'ra_bill_lines.cumulative_quantity',
      'ra_bill_lines.rate',
      // Issue 44: labour.
      'workers.daily_wage',
      'workers.normal_hours',
      'attendance.fraction',
      'attendance.ot_hours',
      'wage_sheets.tds_base',
      'wage_sheets.tds_carried',
      ...['wage_sheets', 'wage_sheet_lines'].flatMap((t) =>
        ['man_days', 'ot_hours', 'wages', 'gross', 'advances', 'net'].map((f) => `${t}.${f}`),
      ),
      'wage_sheets.ot_multiplier',
      'wage_sheet_lines.daily_wage',
      'wage_sheet_lines.normal_hours',
      // Issue 45: budgets.
      'budget_lines.percent_complete',
      ...['committed', 'actual', 'ordered', 'received', 'consumed', 'on_order'].map(
        (f) => `budget_lines.${f}`,
      ),
      'budget_line_revisions.old_quantity',
      'budget_line_revisions.new_quantity',
    ]);
    const guessed = (field: string, n: number) =>
      thousandths.has(field) ? n / 1000 : moneyName.test(field) ? n / 100 : n;
    const tables = await server.ctx.db.kysely.introspection.getTables();
    const columns = (table: string) => tables.find((t) => t.name === table)?.columns ?? [];
    const differ: string[] = [];
    let compared = 0;
    for (const type of recordTypes().filter((t) => t.audit && t.collection !== 'widgets')) {
      const parts = Object.entries(type.audit?.parts ?? {});
      for (const [key, table] of [['', type.table] as const, ...parts]) {
        for (const column of columns(table)) {
          const name = column.name;
          const stored = 123456;
          const fields = key ? tableOf(table)?.fields : type.fields;
          const now = numberFromStored(fields?.[name], stored);
          compared += 1;
          const key2 = `${table}.${name}`;
          if (
            now !== guessed(name, stored) &&
            !NOT_IN_SNAPSHOTS.has(key2) &&
            !SINCE_REGISTRY.has(key2)
          )
            differ.push(`${table}.${name}`);
        }
      }
    }
    expect(differ).toEqual([]);
    expect(compared).toBeGreaterThan(300);
  });

  it('is counted by plans', async () => {
    expect(planResources()).toContain('widgets');
    // A counted create opens the month's usage row.
    const vendor = await call(server.url, 'POST', `/api/sites/${siteId}/vendors`, {
      token: owner.token,
      body: { name: 'Counted vendor' },
    });
    expect(vendor.status).toBe(201);
    // The usage check counts it: a widget made without taking a slot is one more than counted.
    const problems = (await checkIntegrity(server.ctx.db.kysely)).filter(
      (v) => v.check === 'usage counter' && v.detail.startsWith('widgets of site'),
    );
    expect(problems.length).toBeGreaterThan(0);
  });

  it('has its references checked by the integrity check, from its ref() fields', async () => {
    const db = server.ctx.db.kysely;
    expect(await siteReferences(db)).toContainEqual(['widgets', 'vendor', 'vendors']);
    // The registry declares every foreign key between site tables, and nothing more.
    expect(await schemaReferences(db)).toEqual(declaredReferences());
    const other = (await createSite(server.url, (await registerUser(server.url)).token)).id;
    const foreign = await insertVendor(server, other);
    expect(foreign).toBeTruthy();
    await sql`insert into widgets (id, created, updated, site_id, vendor, label, cost, heft, levy,
      made_on) values (${newId()}, ${nowIso()}, ${nowIso()}, ${siteId}, ${foreign}, 'x', 0, 0,
      0, '2026-01-01')`.execute(db);
    const found = (await checkIntegrity(db)).filter(
      (v) => v.table === 'widgets' && v.check === 'cross-site reference',
    );
    expect(found).toHaveLength(1);
    expect(found[0]?.detail).toContain('vendor → vendors');
  });

  it('is documented in OpenAPI under its tag, with the registry description', async () => {
    const doc = await call<{
      tags?: { name: string; description?: string }[];
      paths: Record<string, Record<string, { tags?: string[] }>>;
    }>(server.url, 'GET', '/api/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.paths['/api/sites/{siteId}/widgets']?.post?.tags).toEqual(['widgets']);
    expect(doc.body.tags).toContainEqual({
      name: 'widgets',
      description: 'A throwaway record type of the registry test.',
    });
  });

  it('has its list exported as CSV and XLSX, columns from its codecs', async () => {
    const vendor = await insertVendor(server, siteId, 'Widget Traders');
    const base = `/api/sites/${siteId}/widgets`;
    const body = { vendor, cost: 1234.56, heft: 2.5, levy: 12.5, made_on: '2026-04-30' };
    for (const label of ['Export A', 'Export B']) {
      const made = await call(server.url, 'POST', base, {
        token: owner.token,
        body: { ...body, label },
      });
      expect(made.status).toBe(201);
    }
    const route = server.routes.find(
      (r) => r.method === 'GET' && r.url.endsWith('/widgets/export'),
    );
    expect(declaredGuard(route?.access)).toBe('canViewFinancials');

    const csv = await download(
      server,
      `${base}/export?format=csv&q=export&sort=-label`,
      accountant.token,
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toMatch(/filename="widgets-.+\.csv"/);
    // Files are left out; the vendor is named; money, quantity and rate in API units.
    expect(parseExportCsv(csv.text)).toEqual([
      ['Vendor', 'Label', 'Cost', 'Heft', 'Levy', 'Made on'],
      ['Widget Traders', 'Export B', '1234.56', '2.500', '12.50', '30-04-2026'],
      ['Widget Traders', 'Export A', '1234.56', '2.500', '12.50', '30-04-2026'],
    ]);

    const xlsx = await download(server, `${base}/export?format=xlsx&q=export%20a`, owner.token);
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const rows = (workbook.worksheets[0]?.getSheetValues() ?? []).filter(Boolean) as unknown[][];
    const head = rows.findIndex((row) => row[1] === 'Vendor');
    expect(rows[head]?.slice(1)).toEqual(['Vendor', 'Label', 'Cost', 'Heft', 'Levy', 'Made on']);
    expect(rows[head + 1]?.slice(1)).toEqual([
      'Widget Traders',
      'Export A',
      1234.56,
      2.5,
      0.125,
      new Date(Date.UTC(2026, 3, 30)),
    ]);
    expect(rows).toHaveLength(head + 2);
  });
});
