import {
  computeWageSheet,
  daysBetween,
  MAX_WAGE_SHEET_DAYS,
  type WageRowInput,
  type WageSheet,
  type WageSheetCreate,
  type WageSheetPay,
} from '@siteledger/domain';
import type { Transaction } from 'kysely';
import { newId, nowIso } from '../../db/ids.js';
import { forUpdate } from '../../db/locking.js';
import type { Database } from '../../db/schema.js';
import { checkBudgetLineRef, checkVendorRef } from '../../db/site-refs.js';
import { creditSection, NO_TDS } from '../../db/tds-columns.js';
import { auditStart } from '../../platform/audit.js';
import { createOnce } from '../../platform/create-once.js';
import { AppError, notFound, ownerOnly } from '../../platform/errors.js';
import { removeOnce } from '../../platform/remove-once.js';
import type { SiteScope } from '../../platform/scope.js';
import { publish, settleTxEvents } from '../../platform/tx-events.js';
import { postTransaction, removePostings } from '../accounts/account-postings.js';
import { manDaysOf } from './attendance-service.js';
import * as repo from './labour-repo.js';
import { getWageSheet, sheetRows, type SheetLineRow, type SheetRow } from './wage-sheets-shape.js';
import { touchBudgets } from '../../platform/budget-touch.js';

type Trx = Transaction<Database>;

function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', { [field]: { code: 'invalid', message } });
}

/** The site's OT multiplier, and the site row locked: sheets of a site are numbered one by one. */
async function lockSite(trx: Trx, siteId: string): Promise<{ ot_multiplier: number }> {
  const site = await forUpdate(
    trx,
    trx.selectFrom('sites').select(['id', 'ot_multiplier']).where('id', '=', siteId),
  ).executeTakeFirstOrThrow();
  return { ot_multiplier: Number(site.ot_multiplier) };
}

/**
 * The marks a new sheet counts: this site's in the period not yet in a sheet, of the workers the
 * sheet is for (a contractor's gang, or the site's own people). Their workers are locked first, so
 * a muster marked meanwhile is either in the sheet or refused as locked, never half of each.
 */
async function marksToPay(
  trx: Trx,
  siteId: string,
  input: WageSheetCreate,
): Promise<{ marks: repo.AttendanceRow[]; workers: Map<string, repo.WorkerRow> }> {
  const open = (rows: repo.AttendanceRow[]) => rows.filter((m) => m.wage_sheet === null);
  const first = open(await repo.siteMarks(trx, siteId, input.from, input.to));
  const workers = new Map(
    (await repo.lockWorkers(trx, [...new Set(first.map((m) => m.worker))])).map((w) => [w.id, w]),
  );
  const contractor = input.labour_contractor ?? null;
  const marks = open(await repo.siteMarks(trx, siteId, input.from, input.to)).filter(
    (m) => workers.get(m.worker)?.labour_contractor === contractor,
  );
  return { marks, workers };
}

/** What each worker earned in the marks, with his open advances. */
function wageRows(
  marks: readonly repo.AttendanceRow[],
  workers: Map<string, repo.WorkerRow>,
  advances: Map<string, number>,
): WageRowInput[] {
  const byWorker = new Map<string, { man_days: number; ot: number }>();
  for (const mark of marks) {
    const sum = byWorker.get(mark.worker) ?? { man_days: 0, ot: 0 };
    sum.man_days += manDaysOf(mark);
    sum.ot += mark.ot_hours * (mark.headcount ?? 1);
    byWorker.set(mark.worker, sum);
  }
  return [...byWorker].map(([id, sum]) => {
    const worker = workers.get(id)!;
    return {
      worker: id,
      daily_wage: Number(worker.daily_wage),
      normal_hours_milli: worker.normal_hours,
      man_days_milli: sum.man_days,
      ot_milli: sum.ot,
      advances_open: advances.get(id) ?? 0,
    };
  });
}

/**
 * POST …/wage_sheets (API.md "Labour"): per worker marked on this site in the period, man-days,
 * OT at the site's multiplier, the open advances deducted (never past the gross) and net; the
 * marks it counts are locked by it. One transaction; a repeated Idempotency-Key answers the
 * sheet it made.
 */
export async function createWageSheet(
  scope: SiteScope,
  input: WageSheetCreate,
  idempotencyKey: string | null = null,
): Promise<WageSheet> {
  if (daysBetween(input.from, input.to) > MAX_WAGE_SHEET_DAYS) {
    throw invalid('to', `A wage sheet covers at most ${MAX_WAGE_SHEET_DAYS} days`);
  }
  const { siteId, userId } = scope;
  const id = newId();
  const prior = await createOnce(scope, 'wage_sheets', idempotencyKey, id, async (trx) => {
    const site = await lockSite(trx, siteId);
    if (input.labour_contractor) await checkVendorRef(trx, siteId, input.labour_contractor);
    if (input.budget_line) await checkBudgetLineRef(trx, siteId, input.budget_line, 'budget_line');
    const { marks, workers } = await marksToPay(trx, siteId, input);
    if (marks.length === 0) throw new AppError('NOTHING_TO_PAY');
    const ids = [...new Set(marks.map((m) => m.worker))];
    const open = await repo.openAdvances(trx, siteId, ids, input.to);
    const figures = computeWageSheet(wageRows(marks, workers, open), site.ot_multiplier);
    const last = await trx
      .selectFrom('wage_sheets')
      .select((eb) => eb.fn.max('sequence').as('last'))
      .where('site_id', '=', siteId)
      .executeTakeFirst();
    const sequence = Number(last?.last ?? 0) + 1;
    const now = nowIso();
    const { totals } = figures;
    // A contractor's sheet is his bill: a TDS credit of its gross under his section (API.md).
    const contractor = input.labour_contractor ?? null;
    const section = contractor ? await creditSection(trx, siteId, contractor, undefined) : null;
    const sheet: SheetRow = {
      id,
      site_id: siteId,
      number: `WS-${sequence}`,
      sequence,
      period_from: input.from,
      period_to: input.to,
      labour_contractor: input.labour_contractor ?? null,
      status: 'draft',
      ot_multiplier: site.ot_multiplier,
      man_days: totals.man_days_milli,
      ot_hours: totals.ot_milli,
      wages: totals.wages,
      ot_amount: totals.ot_amount,
      gross: totals.gross,
      advances: totals.advances,
      net: totals.net,
      ...NO_TDS,
      tds_section: section,
      tds_base: section ? totals.gross : 0,
      paid_amount: 0,
      payment_status: 'pending',
      account: null,
      payment_date: null,
      notes: input.notes || null,
      approved_by: null,
      approved_at: null,
      budget_line: input.budget_line ?? null,
      created_by: userId,
      created: now,
      updated: now,
    };
    await sheetRows.insert(trx, sheet);
    const lines = figures.rows.map((row): SheetLineRow => {
      const worker = workers.get(row.worker)!;
      return {
        id: newId(),
        site_id: siteId,
        wage_sheet: id,
        worker: row.worker,
        name: worker.name,
        trade: worker.trade,
        daily_wage: Number(worker.daily_wage),
        normal_hours: worker.normal_hours,
        man_days: row.man_days_milli,
        ot_hours: row.ot_milli,
        wages: row.wages,
        ot_amount: row.ot_amount,
        gross: row.gross,
        advances: row.advances,
        net: row.net,
        created_by: userId,
        created: now,
        updated: now,
      };
    });
    if (lines.length > 0) await trx.insertInto('wage_sheet_lines').values(lines).execute();
    await trx
      .updateTable('attendance')
      .set({ wage_sheet: id })
      .where(
        'id',
        'in',
        marks.map((m) => m.id),
      )
      .execute();
    if (contractor && section) taxSheet(trx, sheet, false, now);
    await settleTxEvents(trx);
    await touchBudgets(trx, { siteId, lines: [sheet.budget_line] });
  });
  return getWageSheet(scope, prior ?? id);
}

/** The TDS engine recomputes the contractor's year for a sheet written or deleted. */
function taxSheet(trx: Trx, sheet: SheetRow, deleted: boolean, now: string): void {
  publish(trx, 'credit.changed', {
    siteId: sheet.site_id,
    now,
    table: 'wage_sheets',
    id: sheet.id,
    deleted,
    places: [{ vendor: sheet.labour_contractor!, date: sheet.period_to }],
    inTds: true,
  });
}

/** Locks the sheet and keeps the change in the trail, in one transaction. */
async function changeSheet(
  scope: SiteScope,
  id: string,
  change: (trx: Trx, row: SheetRow, now: string) => Promise<void>,
): Promise<WageSheet> {
  const { ctx, siteId } = scope;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await sheetRows.lock(trx, siteId, id);
    if (!row) throw notFound('Wage sheet');
    const audit = await auditStart(trx, { entity: 'wage_sheets', siteId, id, action: 'update' });
    await change(trx, row, nowIso());
    await audit.finish();
  });
  return getWageSheet(scope, id);
}

function refusePaid(row: SheetRow): void {
  if (row.status === 'paid' || row.paid_amount > 0) throw new AppError('WAGE_SHEET_PAID');
}

/** PATCH …/wage_sheets/{id}: its notes (the figures are the attendance's: remake the sheet). */
export function updateWageSheet(
  scope: SiteScope,
  id: string,
  input: { notes?: string | null | undefined },
): Promise<WageSheet> {
  return changeSheet(scope, id, async (trx, row, now) => {
    if (input.notes === undefined) return;
    await sheetRows.update(trx, row.site_id, id, { notes: input.notes || null, updated: now });
  });
}

/** draft → approved (owners only). */
export function approveWageSheet(scope: SiteScope, id: string): Promise<WageSheet> {
  if (scope.role !== 'owner') throw ownerOnly('approve wage sheets');
  return changeSheet(scope, id, async (trx, row, now) => {
    if (row.status !== 'draft') {
      throw new AppError('INVALID_STATUS', { status: row.status, allowed_from: ['draft'] });
    }
    await sheetRows.update(trx, row.site_id, id, {
      status: 'approved',
      approved_by: scope.userId,
      approved_at: now,
      updated: now,
    });
  });
}

/**
 * POST …/wage_sheets/{id}/pay: the account is debited the net (one transaction named after the
 * sheet) and the sheet is paid. An owner's payment approves a draft; an accountant pays what an
 * owner approved. A contractor's sheet is his bill, paid by his payments.
 */
export function payWageSheet(
  scope: SiteScope,
  id: string,
  input: WageSheetPay,
): Promise<WageSheet> {
  refuseSupervisorPay(scope);
  return changeSheet(scope, id, async (trx, row, now) => {
    if (row.labour_contractor) throw new AppError('WAGE_SHEET_PAID', { variant: 'contractor' });
    refusePaid(row);
    if (row.status === 'draft' && scope.role !== 'owner') {
      throw new AppError('WAGE_SHEET_PAID', { variant: 'not_approved' });
    }
    if (row.net > 0) {
      await postTransaction(trx, {
        siteId: row.site_id,
        account: input.account,
        type: 'debit',
        amount: row.net,
        date: input.payment_date,
        description: `Wages ${row.number} (${row.period_from} to ${row.period_to})`,
        reference: row.number,
        wage_sheet: id,
        category: 'wages',
        userId: scope.userId,
      });
    }
    await sheetRows.update(trx, row.site_id, id, {
      status: 'paid',
      account: input.account,
      payment_date: input.payment_date,
      paid_amount: row.net,
      payment_status: 'paid',
      ...(row.status === 'draft' ? { approved_by: scope.userId, approved_at: now } : {}),
      updated: now,
    });
  });
}

/**
 * POST …/wage_sheets/{id}/pay: the site's own workers' net from an account, or — a labour
 * contractor's sheet — his payment of what it owes after TDS (`payContractor`, the payments
 * module's, given by app.ts through the routes), answered as the sheet.
 */
export async function paySheet(
  scope: SiteScope,
  id: string,
  input: WageSheetPay,
  idempotencyKey: string | null,
  payContractor: (
    scope: SiteScope,
    sheetId: string,
    input: WageSheetPay,
    idempotencyKey: string | null,
  ) => Promise<unknown>,
): Promise<WageSheet> {
  if (!(await isContractorSheet(scope, id))) return payWageSheet(scope, id, input);
  refuseSupervisorPay(scope);
  await payContractor(scope, id, input, idempotencyKey);
  return getWageSheet(scope, id);
}

/** Owners and accountants pay wages (issue 44); supervisors mark and read. */
export function refuseSupervisorPay(scope: SiteScope): void {
  if (scope.role === 'supervisor') {
    throw new AppError('PERMISSION_DENIED', {
      variant: 'action',
      action: 'pay',
      entity: 'wage sheets',
    });
  }
}

/** True when the sheet is a labour contractor's (his bill); 404 when it is not the site's. */
export async function isContractorSheet(scope: SiteScope, id: string): Promise<boolean> {
  const row = await sheetRows.find(scope.ctx.db.kysely, scope.siteId, id);
  if (!row) throw notFound('Wage sheet');
  return row.labour_contractor !== null;
}

/** POST …/wage_sheets/{id}/unpay (owners only): the debit is taken back; the sheet is approved. */
export function unpayWageSheet(scope: SiteScope, id: string): Promise<WageSheet> {
  if (scope.role !== 'owner') throw ownerOnly('undo a wage payment');
  return changeSheet(scope, id, async (trx, row, now) => {
    if (row.status !== 'paid' || row.labour_contractor) {
      throw new AppError('INVALID_STATUS', { status: row.status, allowed_from: ['paid'] });
    }
    await removePostings(trx, row.site_id, { wage_sheet: id });
    await sheetRows.update(trx, row.site_id, id, {
      status: 'approved',
      account: null,
      payment_date: null,
      paid_amount: 0,
      payment_status: 'pending',
      updated: now,
    });
  });
}

/** DELETE (owners only) while unpaid: its marks are free again and its advances open again. */
export async function deleteWageSheet(scope: SiteScope, id: string): Promise<void> {
  if (scope.role !== 'owner') throw ownerOnly('delete wage sheets');
  const { siteId } = scope;
  await removeOnce(scope, 'wage_sheets', id, {
    noun: 'Wage sheet',
    lock: (trx) => sheetRows.lock(trx, siteId, id),
    check: async (trx, row) => {
      refusePaid(row);
      const allocated = await trx
        .selectFrom('wage_sheet_allocations')
        .select('id')
        .where('wage_sheet', '=', id)
        .executeTakeFirst();
      if (allocated) throw new AppError('WAGE_SHEET_PAID');
    },
    remove: async (trx, row) => {
      await trx
        .updateTable('attendance')
        .set({ wage_sheet: null })
        .where('wage_sheet', '=', id)
        .execute();
      await trx.deleteFrom('wage_sheet_lines').where('wage_sheet', '=', id).execute();
      await sheetRows.remove(trx, siteId, id);
      if (row.labour_contractor && row.tds_section) {
        taxSheet(trx, row, true, nowIso());
        await settleTxEvents(trx);
      }
      await touchBudgets(trx, { siteId, lines: [row.budget_line] });
    },
  });
}
