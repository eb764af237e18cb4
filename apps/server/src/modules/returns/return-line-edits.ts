import {
  returnLinesEditProblem,
  toMilli,
  toPaise,
  type VendorReturnLineUpdate,
} from '@siteledger/domain';
import type { Transaction } from 'kysely';
import { nowIso } from '../../db/ids.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import { claimLines } from './refund-booking.js';
import { returnLineAmount, returnTotal } from './return-amounts.js';
import * as repo from './returns-repo.js';
import { returnLineHeads, sumHeads, type ReturnHeads } from './return-tax.js';

/**
 * Corrects lines of a locked return before any refund (issue 18): quantity, rate, condition and
 * notes of lines named by id. Every line's quantity is re-checked against what its delivery line
 * can still give back without this return's own earlier quantities (RETURN_QUANTITY_EXCEEDED on
 * `items.<i>.quantity_returned`, i being the index in `edits`). Returns the new
 * total_return_amount (paise), Σ of all the return's lines, and the tax heads they reverse. Runs in the caller's transaction,
 * after the return row is locked (then the delivery lines, in the order every return path uses).
 */
export async function applyLineEdits(
  trx: Transaction<Database>,
  siteId: string,
  row: repo.ReturnRow,
  edits: readonly VendorReturnLineUpdate[],
): Promise<{ total_return_amount: number } & ReturnHeads> {
  const problem = returnLinesEditProblem(row.status);
  if (problem === 'RETURN_REFUNDED') throw new AppError('RETURN_REFUNDED', { status: row.status });
  if (problem) {
    throw new AppError(problem, { variant: 'edit', action: 'edit', status: row.status });
  }
  const current = await repo.itemsOf(trx, siteId, [row.id]);
  const byId = new Map(current.map((item) => [item.id, item]));
  const unknown: Record<string, unknown> = {};
  edits.forEach((edit, i) => {
    if (!byId.has(edit.id)) {
      unknown[`items.${i}.id`] = {
        code: 'invalid_reference',
        message: 'Not a line of this return',
      };
    }
  });
  if (Object.keys(unknown).length > 0) throw new AppError('VALIDATION_FAILED', unknown);

  const now = nowIso();
  const updated = edits.map((edit, i) => {
    const item = byId.get(edit.id)!;
    const quantity =
      edit.quantity_returned !== undefined
        ? toMilli(edit.quantity_returned)
        : item.quantity_returned;
    const rate = edit.return_rate !== undefined ? toPaise(edit.return_rate) : item.return_rate;
    const next: repo.ReturnItemRow = {
      ...item,
      quantity_returned: quantity,
      return_rate: rate,
      return_amount: returnLineAmount(quantity, rate, `items.${i}.return_rate`),
      condition: edit.condition ?? item.condition,
      item_notes: edit.item_notes !== undefined ? edit.item_notes || null : item.item_notes,
      updated: now,
    };
    byId.set(item.id, next);
    return next;
  });

  // Only the lines whose quantity grows can exceed what is left; all edited lines are checked so
  // the error names the caller's index, and the delivery lines stay locked until commit.
  const lines = await claimLines(
    trx,
    siteId,
    row.vendor,
    updated.map((item, i) => ({
      delivery_item: item.delivery_item,
      quantityMilli: item.quantity_returned,
      // Only a rate being changed is judged against the purchase rate (issue 40 item 7b).
      ratePaise: edits[i]!.return_rate !== undefined ? item.return_rate : undefined,
    })),
    row.id,
  );
  for (const item of updated) {
    Object.assign(item, returnLineHeads(item.return_amount, lines.get(item.delivery_item)));
    await repo.updateReturnItem(trx, siteId, item.id, {
      quantity_returned: item.quantity_returned,
      return_rate: item.return_rate,
      return_amount: item.return_amount,
      cgst_amount: item.cgst_amount,
      sgst_amount: item.sgst_amount,
      igst_amount: item.igst_amount,
      condition: item.condition,
      item_notes: item.item_notes,
      updated: item.updated,
    });
  }
  const all = [...byId.values()];
  return {
    total_return_amount: returnTotal(all.map((item) => item.return_amount)),
    ...sumHeads(all),
  };
}
