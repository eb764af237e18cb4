/**
 * BOQ import (issue 45): a CSV or XLSX of item, unit, quantity and rate → budget lines. A preview
 * writes nothing; a commit creates the valid rows in one transaction, each as a created line is
 * made (budgets-service.ts `insertBudgetLines`: item check, row, audit entry, figures re-summed).
 */
import {
  toPaise,
  toRupees,
  type BudgetImportResult,
  type BudgetImportRow,
  type BudgetLineCreate,
} from '@siteledger/domain';
import type { Executor } from '../../db/executor.js';
import { forNoKeyUpdate } from '../../db/locking.js';
import { siteCondition } from '../../db/site-scope.js';
import { newId } from '../../db/ids.js';
import { AppError } from '../../platform/errors.js';
import { claimIdempotencyKey } from '../../platform/idempotency.js';
import type { SiteScope } from '../../platform/scope.js';
import { judgeRows, type ImportContext, type JudgedRow } from './budget-import.js';
import { readSheet } from './budget-import-sheet.js';
import { insertBudgetLines } from './budgets-service.js';

/** A BOQ is a few hundred rows; 2 MB holds thousands (and the row limit refuses more). */
export const MAX_IMPORT_MB = 2;

/** The key an import's Idempotency-Key is kept under (its record: the first line made). */
const KEY_COLLECTION = 'budget_line_imports';

export interface ImportFile {
  filename: string;
  data: Buffer;
}

async function contextOf(db: Executor, siteId: string, skip: readonly string[] = []) {
  const [items, lines] = await Promise.all([
    db
      .selectFrom('items')
      .select(['id', 'name', 'unit'])
      .where(siteCondition('items', 'items.site_id', siteId))
      .execute(),
    db
      .selectFrom('budget_lines')
      .select(['id', 'head', 'name'])
      .where('site_id', '=', siteId)
      .execute(),
  ]);
  return { items, lines: lines.filter((line) => !skip.includes(line.id)) } satisfies ImportContext;
}

function summary(rows: BudgetImportRow[], judged: readonly JudgedRow[]): BudgetImportResult {
  const valid = judged.filter((j) => j.create !== null);
  const total = valid.reduce((sum, j) => sum + toPaise(j.row.amount ?? 0), 0);
  return {
    rows,
    valid: valid.length,
    invalid: judged.length - valid.length,
    total_budget: toRupees(total),
  };
}

async function judgeFile(file: ImportFile, context: ImportContext): Promise<JudgedRow[]> {
  if (file.data.length > MAX_IMPORT_MB * 1024 * 1024) {
    throw new AppError('FILE_TOO_LARGE', { file: file.filename, max_mb: MAX_IMPORT_MB });
  }
  return judgeRows(await readSheet(file.data), context);
}

/** What the file would create, and each row's refusals; nothing is written. */
export async function previewBudgetImport(
  scope: SiteScope,
  file: ImportFile,
): Promise<BudgetImportResult> {
  const judged = await judgeFile(file, await contextOf(scope.ctx.db.kysely, scope.siteId));
  return summary(
    judged.map((j) => j.row),
    judged,
  );
}

/**
 * The lines an earlier import with the same Idempotency-Key made: written in one transaction with
 * one `created` time by one person, the first of them the key's record.
 */
async function earlierImport(db: Executor, siteId: string, firstId: string): Promise<string[]> {
  const first = await db
    .selectFrom('budget_lines')
    .select(['created', 'created_by'])
    .where('site_id', '=', siteId)
    .where('id', '=', firstId)
    .executeTakeFirst();
  if (!first) return [];
  let query = db
    .selectFrom('budget_lines')
    .select('id')
    .where('site_id', '=', siteId)
    .where('created', '=', first.created);
  query =
    first.created_by === null
      ? query.where('created_by', 'is', null)
      : query.where('created_by', '=', first.created_by);
  return (await query.execute()).map((row) => row.id);
}

/** Creates the valid rows in one transaction; none valid → 400 VALIDATION_FAILED with the rows. */
export async function commitBudgetImport(
  scope: SiteScope,
  file: ImportFile,
  key: string | null,
): Promise<BudgetImportResult & { created: string[] }> {
  const { siteId } = scope;
  return scope.ctx.db.kysely.transaction().execute(async (trx) => {
    // Two imports at once (PostgreSQL): the second waits here until the first's lines are
    // committed, then finds them (line_exists) instead of adding them again. NO KEY: other
    // records of the site may still be inserted meanwhile. SQLite's writers are serial already.
    await forNoKeyUpdate(
      trx,
      trx.selectFrom('sites').select('id').where('id', '=', siteId),
    ).execute();
    const firstId = newId();
    const earlier = await claimIdempotencyKey(trx, siteId, key, KEY_COLLECTION, firstId);
    // A repeat: judged as it was (without the lines it made), answered with those lines.
    const made = earlier ? await earlierImport(trx, siteId, earlier) : [];
    const judged = await judgeFile(file, await contextOf(trx, siteId, made));
    const valid = judged.filter(
      (j): j is JudgedRow & { create: BudgetLineCreate } => j.create !== null,
    );
    if (valid.length === 0) {
      throw new AppError('VALIDATION_FAILED', {
        ...summary(
          judged.map((j) => j.row),
          judged,
        ),
      });
    }
    const ids = new Map<JudgedRow, string>();
    if (earlier) {
      const lines = await trx
        .selectFrom('budget_lines')
        .select(['id', 'head', 'name'])
        .where('id', 'in', made.length ? made : [earlier])
        .execute();
      for (const j of valid) {
        const line = lines.find((l) => l.head === j.create.head && l.name === j.create.name);
        if (line) ids.set(j, line.id);
      }
    } else {
      valid.forEach((j, index) => ids.set(j, index === 0 ? firstId : newId()));
      await insertBudgetLines(
        trx,
        scope,
        valid.map((j) => ({ id: ids.get(j)!, input: j.create })),
      );
    }
    const rows = judged.map((j) => {
      const id = ids.get(j);
      return id ? { ...j.row, created: id } : j.row;
    });
    return { ...summary(rows, judged), created: [...ids.values()] };
  });
}
