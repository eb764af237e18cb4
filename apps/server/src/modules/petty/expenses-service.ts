import {
  gstinState,
  pettyGst,
  pettyStatusOnEntry,
  rateToStored,
  toPaise,
  type PettyExpense,
  type PettyExpenseCreate,
  type PettyExpenseListQuery,
  type PettyExpenseUpdate,
  type PettyReject,
  type PettyStatus,
  type BudgetHead,
} from '@siteledger/domain';
import type { Transaction } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { nowIso } from '../../db/ids.js';
import type { Database, PettyExpensesTable } from '../../db/schema.js';
import { checkBudgetLineRef } from '../../db/site-refs.js';
import { auditStart } from '../../platform/audit.js';
import { touchBudgets } from '../../platform/budget-touch.js';
import { AppError, notFound, ownerOnly } from '../../platform/errors.js';
import { parseFileList } from '../../platform/files.js';
import { recordService } from '../../platform/record-service.js';
import { apiFields, rupees } from '../../platform/record-shape.js';
import type { SiteScope } from '../../platform/scope.js';
import * as repo from './petty-repo.js';

type Row = PettyExpensesTable;
type Trx = Transaction<Database>;

function shapeExpenses(
  rows: readonly Row[],
  holders: Map<string, string>,
  photoAbove: number | null,
): PettyExpense[] {
  return rows.map((row) => ({
    id: row.id,
    site: row.site_id,
    imprest: row.imprest,
    holder: holders.get(row.imprest) ?? null,
    expense_date: row.expense_date,
    ...apiFields('petty_expenses', row, ['amount']),
    description: row.description,
    head: row.head as BudgetHead,
    budget_line: row.budget_line,
    vendor_gstin: row.vendor_gstin,
    ...apiFields('petty_expenses', row, ['gst_rate']),
    ...apiFields('petty_expenses', row, [
      'taxable_amount',
      'cgst_amount',
      'sgst_amount',
      'igst_amount',
    ]),
    status: row.status as PettyStatus,
    reject_reason: row.reject_reason,
    decided_by: row.decided_by,
    decided_at: row.decided_at,
    replenishment: row.replenishment,
    photos: parseFileList(row.photos),
    // What a pending expense waits for: its bill's photo (it cannot be approved without one).
    photo_required: row.status === 'pending' && needsPhoto(row, photoAbove),
    created_by: row.created_by,
    created: row.created,
    updated: row.updated,
  }));
}

async function holdersOf(db: Trx | SiteScope['ctx']['db']['kysely'], rows: readonly Row[]) {
  const ids = [...new Set(rows.map((r) => r.imprest))];
  if (ids.length === 0) return new Map<string, string>();
  const found = await db
    .selectFrom('imprests')
    .select(['id', 'holder'])
    .where('id', 'in', ids)
    .execute();
  return new Map(found.map((r) => [r.id, r.holder]));
}

/** The site's photo amount (paise), or null: no photo is ever required. */
async function photoAboveOf(db: Executor, siteId: string): Promise<number | null> {
  const site = await db
    .selectFrom('sites')
    .select('petty_photo_above')
    .where('id', '=', siteId)
    .executeTakeFirst();
  return site?.petty_photo_above == null ? null : Number(site.petty_photo_above);
}

/** Only the imprest's holder, or an owner, writes an expense on it: create, edit, photos. */
function holderOnly(scope: SiteScope, holder: string | undefined): void {
  if (holder !== scope.userId && scope.role !== 'owner') {
    throw new AppError('PERMISSION_DENIED', { reason: 'not_holder' });
  }
}

/** The holder rule for an expense that exists: its imprest's holder, or an owner. */
async function checkHolderOf(db: Executor, scope: SiteScope, row: Pick<Row, 'imprest'>) {
  if (scope.role === 'owner') return;
  const imprest = await repo.imprestRows.find(db, scope.siteId, row.imprest);
  holderOnly(scope, imprest?.holder);
}

/** A holder records on his own imprest; an owner on anyone's (API.md "Petty cash"). */
async function imprestFor(trx: Trx, scope: SiteScope, imprest: string) {
  // Locked: a replenishment sums and marks the approved expenses under this lock, so an expense
  // entered meanwhile is either in both or in neither.
  const row = await repo.imprestRows.lock(trx, scope.siteId, imprest);
  if (!row) {
    throw new AppError('VALIDATION_FAILED', {
      imprest: { code: 'invalid_reference', message: 'Imprest not found' },
    });
  }
  holderOnly(scope, row.holder);
  return row;
}

/** The site's rules and where its tax goes: the site's state against the supplier's. */
async function siteRules(trx: Trx, siteId: string) {
  return trx
    .selectFrom('sites')
    .select([
      'petty_approval_threshold',
      'petty_photo_above',
      'state_code',
      'gstin',
      'input_tax_mode',
    ])
    .where('id', '=', siteId)
    .executeTakeFirstOrThrow();
}

/** Above the owner's photo amount, an expense is approved only with its bill's photo. */
function needsPhoto(row: Pick<Row, 'amount' | 'photos'>, photoAbove: number | null): boolean {
  return photoAbove !== null && row.amount > photoAbove && parseFileList(row.photos).length === 0;
}

/**
 * Petty expenses (API.md "Petty cash"): approved as entered up to the site's threshold (and, above
 * the owner's photo amount, once a photo is there), else pending an owner's approve or reject.
 * With a supplier's GSTIN and rate the amount is the bill's total, split into taxable value and
 * tax; the expense is then a row of the purchase register. Approved expenses on a budget line
 * count in its actual.
 */
export const expenses = recordService<
  Row,
  PettyExpense,
  PettyExpenseCreate,
  PettyExpenseUpdate,
  PettyExpenseListQuery
>('petty_expenses', {
  noun: 'Petty expense',
  find: repo.expenseRows.find,
  lock: repo.expenseRows.lock,
  shape: async (scope, list) => {
    const db = scope.ctx.db.kysely;
    const [holders, photoAbove] = await Promise.all([
      holdersOf(db, list),
      photoAboveOf(db, scope.siteId),
    ]);
    return shapeExpenses(list, holders, photoAbove);
  },
  list: { query: (db) => db.selectFrom('petty_expenses').selectAll() },
  create: {
    validate: async (trx, scope, input) => {
      await imprestFor(trx, scope, input.imprest);
      if (input.budget_line) {
        await checkBudgetLineRef(trx, scope.siteId, input.budget_line, 'budget_line');
      }
    },
    insert: async (trx, { siteId, userId }, input, id, now) => {
      const site = await siteRules(trx, siteId);
      const amount = toPaise(input.amount);
      const siteState = site.state_code ?? (site.gstin ? gstinState(site.gstin) : null);
      const rate = input.gst_rate == null ? null : rateToStored(input.gst_rate);
      const tax =
        input.vendor_gstin && rate !== null
          ? pettyGst(
              amount,
              rate,
              siteState === null || gstinState(input.vendor_gstin) === siteState,
            )
          : { taxable: amount, cgst: 0, sgst: 0, igst: 0 };
      let status = pettyStatusOnEntry(amount, Number(site.petty_approval_threshold));
      const photoAbove = site.petty_photo_above === null ? null : Number(site.petty_photo_above);
      // No photo can come with the entry (files follow it): above the photo amount it waits.
      if (status === 'approved' && needsPhoto({ amount, photos: '[]' }, photoAbove)) {
        status = 'pending';
      }
      await repo.expenseRows.insert(trx, {
        id,
        site_id: siteId,
        imprest: input.imprest,
        expense_date: input.expense_date,
        amount,
        description: input.description,
        head: await repo.headFor(trx, input.budget_line ?? null, input.head ?? null),
        budget_line: input.budget_line ?? null,
        vendor_gstin: input.vendor_gstin || null,
        gst_rate: input.vendor_gstin ? rate : null,
        taxable_amount: tax.taxable,
        cgst_amount: tax.cgst,
        sgst_amount: tax.sgst,
        igst_amount: tax.igst,
        input_tax_mode: site.input_tax_mode,
        status,
        reject_reason: null,
        decided_by: null,
        decided_at: null,
        replenishment: null,
        photos: '[]',
        created_by: userId,
        created: now,
        updated: now,
      });
    },
    after: async (trx, { siteId }, _id, input) => {
      await touchBudgets(trx, { siteId, lines: [input.budget_line ?? null] });
    },
  },
  update: {
    changes: async (trx, scope, row, input) => {
      const { siteId } = scope;
      // Another holder's expense is his to correct (or an owner's), as it was his to record.
      await checkHolderOf(trx, scope, row);
      if (row.status !== 'pending') {
        throw new AppError('INVALID_STATUS', { status: row.status, allowed_from: ['pending'] });
      }
      const changes: Partial<Row> = { updated: nowIso() };
      if (input.description !== undefined) changes.description = input.description;
      if (input.budget_line !== undefined) {
        if (input.budget_line) {
          await checkBudgetLineRef(trx, siteId, input.budget_line, 'budget_line');
        }
        changes.budget_line = input.budget_line ?? null;
      }
      if (input.head !== undefined || input.budget_line !== undefined) {
        const line = input.budget_line !== undefined ? input.budget_line : row.budget_line;
        changes.head = await repo.headFor(trx, line ?? null, input.head ?? row.head);
      }
      return changes;
    },
    write: (trx, siteId, id, changes) => repo.expenseRows.update(trx, siteId, id, changes),
    after: (trx, { siteId }, _id, input, row) =>
      touchBudgets(trx, { siteId, lines: [row.budget_line, input.budget_line ?? null] }),
  },
  remove: {
    before: async (trx, scope, row) => {
      // Owners only by the registry today; the holder rule holds should that ever widen.
      await checkHolderOf(trx, scope, row);
      // Paid back to the holder: it is in an account's books now.
      if (row.replenishment !== null) {
        throw new AppError('INVALID_STATUS', { status: 'replenished' });
      }
    },
    write: (trx, siteId, id) => repo.expenseRows.remove(trx, siteId, id),
    after: (trx, { siteId }, row) => touchBudgets(trx, { siteId, lines: [row.budget_line] }),
  },
});

/**
 * Writes a decision on the locked expense (its imprest locked first) and keeps it in the trail:
 * `decidedBy` null when the site's rules decided (a photo arrived), not an owner. Approved spend
 * on a budget line moves its actual, so the line is re-summed in the same transaction.
 */
async function writeDecision(
  trx: Trx,
  siteId: string,
  row: Row,
  changes: Partial<Row>,
  decidedBy: string | null,
): Promise<void> {
  const audit = await auditStart(trx, {
    entity: 'petty_expenses',
    siteId,
    id: row.id,
    action: 'update',
  });
  const now = nowIso();
  await repo.expenseRows.update(trx, siteId, row.id, {
    ...changes,
    decided_by: decidedBy,
    decided_at: decidedBy === null ? null : now,
    updated: now,
  });
  await touchBudgets(trx, { siteId, lines: [row.budget_line] });
  await audit.finish();
}

/** Locks the expense and its imprest, and keeps the decision in the trail, in one transaction. */
async function decide(
  scope: SiteScope,
  id: string,
  change: (trx: Trx, row: Row) => Promise<Partial<Row>>,
  decidable: (row: Row) => boolean = (row) => row.status === 'pending',
): Promise<PettyExpense> {
  if (scope.role !== 'owner') throw ownerOnly('approve or reject petty expenses');
  const { ctx, siteId } = scope;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const found = await repo.expenseRows.find(trx, siteId, id);
    if (!found) throw notFound('Petty expense');
    // The imprest first (as replenishing takes it), then the expense: two decisions at once queue.
    await repo.imprestRows.lock(trx, siteId, found.imprest);
    const row = await repo.expenseRows.lock(trx, siteId, id);
    if (!row) throw notFound('Petty expense');
    if (!decidable(row)) {
      throw new AppError('INVALID_STATUS', { status: row.status, allowed_from: ['pending'] });
    }
    await writeDecision(trx, siteId, row, await change(trx, row), scope.userId);
  });
  return expenses.get(scope, id);
}

/** Above the photo amount, an expense is approved only with its photo: 409 PHOTO_REQUIRED. */
async function checkPhoto(trx: Trx, siteId: string, row: Row): Promise<void> {
  const photoAbove = await photoAboveOf(trx, siteId);
  if (needsPhoto(row, photoAbove)) {
    throw new AppError('PHOTO_REQUIRED', { ...rupees({ amount: photoAbove ?? 0 }) });
  }
}

/**
 * POST …/petty_expenses/{id}/approve (owners): above the photo amount only with a photo. An
 * expense the site's rules approved and no owner has decided (approved when its photo arrived,
 * while the owner had it open in his list) takes the owner's approval too: 200, not a 409.
 */
export function approveExpense(scope: SiteScope, id: string): Promise<PettyExpense> {
  return decide(
    scope,
    id,
    async (trx, row) => {
      await checkPhoto(trx, scope.siteId, row);
      return { status: 'approved' };
    },
    (row) =>
      row.status === 'pending' ||
      (row.status === 'approved' && row.decided_by === null && row.replenishment === null),
  );
}

/** POST …/petty_expenses/{id}/reject (owners), with the reason the holder is shown. */
export function rejectExpense(
  scope: SiteScope,
  id: string,
  input: PettyReject,
): Promise<PettyExpense> {
  return decide(scope, id, () =>
    Promise.resolve({ status: 'rejected', reject_reason: input.reason }),
  );
}

/**
 * The petty expense's rules for its photos (modules/files): only its holder or an owner adds or
 * takes one; a photo added to a pending expense that waited only for it (amount within the
 * approval threshold, above the photo amount) approves it in the upload's transaction, as the
 * entry would have with the photo in hand. Taking the photo off later leaves it approved.
 */
export const expensePhotoRules = {
  /** Before anything is read or stored: the holder rule. */
  check: async (db: Executor, scope: SiteScope, id: string): Promise<void> => {
    const row = await repo.expenseRows.find(db, scope.siteId, id);
    if (!row) throw notFound('Petty expense');
    await checkHolderOf(db, scope, row);
  },
  /** In the write's transaction, before the expense's row: its imprest (the decisions' order). */
  lockFirst: async (trx: Trx, scope: SiteScope, id: string): Promise<void> => {
    const row = await repo.expenseRows.find(trx, scope.siteId, id);
    if (row) await repo.imprestRows.lock(trx, scope.siteId, row.imprest);
  },
  /** After the photos were added, in the same transaction. */
  added: async (trx: Trx, scope: SiteScope, id: string): Promise<void> => {
    const row = await repo.expenseRows.lock(trx, scope.siteId, id);
    if (!row || row.status !== 'pending') return;
    const site = await siteRules(trx, scope.siteId);
    const photoAbove = site.petty_photo_above === null ? null : Number(site.petty_photo_above);
    const waitedForPhoto =
      photoAbove !== null &&
      Number(row.amount) > photoAbove &&
      pettyStatusOnEntry(Number(row.amount), Number(site.petty_approval_threshold)) === 'approved';
    if (!waitedForPhoto || needsPhoto(row, photoAbove)) return;
    await writeDecision(trx, scope.siteId, row, { status: 'approved' }, null);
  },
};
