import {
  averageCost,
  fromMilli,
  isLowStock,
  stockValue,
  money,
  qty,
  type ConsumptionReport,
  type ConsumptionReportQuery,
  type StockMovement,
  type StockMovementListQuery,
  type StockQuery,
  type StockReport,
  type StockRow,
  type StockStatement,
  type StockStatementQuery,
} from '@siteledger/domain';
import type { Page } from '../../platform/list.js';
import { listShaped } from '../../platform/list-shaped.js';
import { listSpecOf } from '../../platform/list-spec.js';
import type { SiteScope } from '../../platform/scope.js';
import { itemRecordHead } from './stock-shape.js';
import * as repo from './stock-repo.js';
import { apiFields, figures, rupees } from '../../platform/record-shape.js';

/** The site's name, for the report files' headings and names. */
export function siteNameOf(scope: SiteScope): Promise<string> {
  return repo.siteName(scope.ctx.db.kysely, scope.siteId);
}

/** GET …/stock: on hand by item (as of a date), low-stock items first, then by name. */
export async function stockReport(scope: SiteScope, query: StockQuery): Promise<StockReport> {
  const rows = await repo.onHandRows(scope.ctx.db.kysely, scope.siteId, {
    asOf: query.date,
    q: query.q,
  });
  const lowOnly = query.low === '1' || query.low === 'true';
  let total = 0;
  const items: StockRow[] = [];
  for (const r of rows) {
    const sums = {
      quantity: Number(r.q),
      value: Number(r.v),
      inQuantity: Number(r.iq),
      inValue: Number(r.iv),
    };
    const min = r.min_stock_level === null ? null : Number(r.min_stock_level);
    const low = isLowStock(sums.quantity, min);
    if (lowOnly && !low) continue;
    const value = stockValue(sums);
    total += value;
    items.push({
      item: r.id,
      name: r.name,
      unit: r.unit,
      on_hand: fromMilli(sums.quantity),
      // Paise per unit (unrounded) to rupees rounded to the paisa: API.md rounds only when shown.
      ...rupees({ average_cost: averageCost(sums), value }),
      min_stock_level: min === null ? null : fromMilli(min),
      low,
    });
  }
  items.sort(
    (a, b) =>
      Number(b.low) - Number(a.low) ||
      a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) ||
      a.item.localeCompare(b.item),
  );
  return {
    date: query.date ?? null,
    items,
    ...rupees({ total_value: total }),
    low_count: items.filter((i) => i.low).length,
  };
}

/** GET …/stock/statement: opening, in, out and closing per item over a period. */
export async function stockStatement(
  scope: SiteScope,
  query: StockStatementQuery,
): Promise<StockStatement> {
  const rows = await repo.statementRows(scope.ctx.db.kysely, scope.siteId, query.from, query.to);
  const totals = { opening: 0, in: 0, out: 0, closing: 0 };
  const items = rows.map((r) => {
    const [oq, ov, iq, iv, xq, xv] = [r.oq, r.ov, r.iq, r.iv, r.xq, r.xv].map(Number) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const closingValue = ov + iv - xv;
    totals.opening += ov;
    totals.in += iv;
    totals.out += xv;
    totals.closing += closingValue;
    return {
      item: r.item,
      name: r.name,
      unit: r.unit,
      ...figures({
        opening_quantity: [qty(), oq],
        opening_value: [money(), ov],
        in_quantity: [qty(), iq],
        in_value: [money(), iv],
        out_quantity: [qty(), xq],
        out_value: [money(), xv],
        closing_quantity: [qty(), oq + iq - xq],
        closing_value: [money(), closingValue],
      }),
    };
  });
  return {
    from: query.from,
    to: query.to,
    items,
    totals: rupees({
      opening_value: totals.opening,
      in_value: totals.in,
      out_value: totals.out,
      closing_value: totals.closing,
    }),
  };
}

/** GET …/stock/consumption: what was used by item, or by work then item. */
export async function consumptionReport(
  scope: SiteScope,
  query: ConsumptionReportQuery,
): Promise<ConsumptionReport> {
  const byWork = query.group === 'work';
  const rows = await repo.consumptionRows(scope.ctx.db.kysely, scope.siteId, {
    from: query.from,
    to: query.to,
    byWork,
  });
  const out = rows.map((r) => ({
    used_for: r.used_for ?? null,
    item: r.item,
    name: r.name,
    unit: r.unit,
    ...figures({ quantity: [qty(), r.q], value: [money(), r.v] }),
    entries: Number(r.n),
  }));
  // Works in order (not said last), then items by name.
  out.sort(
    (a, b) =>
      Number(a.used_for === null) - Number(b.used_for === null) ||
      (a.used_for ?? '').localeCompare(b.used_for ?? '', 'en', { sensitivity: 'base' }) ||
      a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }),
  );
  return {
    from: query.from ?? null,
    to: query.to ?? null,
    group: query.group,
    rows: out,
    ...rupees({ total_value: rows.reduce((sum, r) => sum + Number(r.v), 0) }),
  };
}

const MOVEMENTS = listSpecOf('stock_movements');

/** GET …/stock_movements: the ledger, newest first. */
export async function listMovements(
  scope: SiteScope,
  query: StockMovementListQuery,
): Promise<Page<StockMovement>> {
  return listShaped(
    scope,
    repo.movementsQuery(scope.ctx.db.kysely),
    MOVEMENTS,
    query,
    async (rows) =>
      rows.map((m) => ({
        ...itemRecordHead(m),
        movement_date: m.movement_date,
        kind: m.kind,
        ...apiFields('stock_movements', m, ['quantity', 'value']),
        source_id: m.source_id,
        created: m.created,
      })),
  );
}
