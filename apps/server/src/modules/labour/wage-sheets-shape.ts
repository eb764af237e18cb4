import type { WageSheet, WageSheetListQuery, WageSheetStatus } from '@siteledger/domain';
import { WAGE_SHEET_STATUSES } from '@siteledger/domain';
import type { Executor } from '../../db/executor.js';
import type { WageSheetLinesTable, WageSheetsTable } from '../../db/schema.js';
import { siteRows } from '../../db/site-rows.js';
import type { Page } from '../../platform/list.js';
import { listShaped, listSpecOf, shapeOne } from '../../platform/list-shaped.js';
import { apiFields, rupees } from '../../platform/record-shape.js';
import type { SiteScope } from '../../platform/scope.js';

export type SheetRow = WageSheetsTable;
export type SheetLineRow = WageSheetLinesTable;
export const sheetRows = siteRows('wage_sheets');

const FIGURES = ['man_days', 'ot_hours', 'wages', 'ot_amount', 'gross', 'advances', 'net'] as const;

export function linesOf(db: Executor, ids: readonly string[]): Promise<SheetLineRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('wage_sheet_lines')
    .selectAll()
    .where('wage_sheet', 'in', [...ids])
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** Sheets with their lines; the figures at the top level and again as `totals`. */
export async function shapeSheets(db: Executor, rows: readonly SheetRow[]): Promise<WageSheet[]> {
  const lines = await linesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => {
    const totals = apiFields('wage_sheets', row, [...FIGURES]);
    return {
      id: row.id,
      site: row.site_id,
      number: row.number,
      from: row.period_from,
      to: row.period_to,
      labour_contractor: row.labour_contractor,
      status: row.status,
      ...apiFields('wage_sheets', row, ['ot_multiplier']),
      ...totals,
      tds_section: row.tds_section as WageSheet['tds_section'],
      ...apiFields('wage_sheets', row, ['tds_base', 'tds_rate', 'tds_amount']),
      ...rupees({ owed: row.net - row.tds_amount }),
      ...apiFields('wage_sheets', row, ['paid_amount']),
      payment_status: row.payment_status,
      account: row.account,
      payment_date: row.payment_date,
      notes: row.notes,
      approved_by: row.approved_by,
      approved_at: row.approved_at,
      budget_line: row.budget_line,
      lines: lines
        .filter((l) => l.wage_sheet === row.id)
        .map((l) => ({
          id: l.id,
          worker: l.worker,
          name: l.name,
          trade: l.trade,
          ...apiFields('wage_sheet_lines', l, ['daily_wage', 'normal_hours', ...FIGURES]),
        })),
      totals,
      created_by: row.created_by,
      created: row.created,
      updated: row.updated,
    };
  });
}

export async function getWageSheet(scope: SiteScope, id: string): Promise<WageSheet> {
  const db = scope.ctx.db.kysely;
  return shapeOne(
    await sheetRows.find(db, scope.siteId, id),
    'Wage sheet',
    (rows) => shapeSheets(db, rows),
    new Set(),
  );
}

const LIST = listSpecOf('wage_sheets');

export function listWageSheets(
  scope: SiteScope,
  query: WageSheetListQuery,
): Promise<Page<WageSheet>> {
  const db = scope.ctx.db.kysely;
  let base = db.selectFrom('wage_sheets').selectAll();
  if (query.status) {
    const statuses = query.status
      .split(',')
      .filter((s): s is WageSheetStatus => (WAGE_SHEET_STATUSES as readonly string[]).includes(s));
    base = base.where('status', 'in', statuses.length > 0 ? statuses : ['none' as WageSheetStatus]);
  }
  const { status: _status, ...rest } = query;
  return listShaped(scope, base, LIST, rest, (rows) => shapeSheets(db, rows));
}
