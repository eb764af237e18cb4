import { rateFromStored, splitGst } from '@siteledger/domain';
import type * as repo from './returns-repo.js';

export interface ReturnHeads {
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
}

const NONE: ReturnHeads = { cgst_amount: 0, sgst_amount: 0, igst_amount: 0 };

/**
 * The tax a return line reverses (API.md "GST"): its own value at the delivery line's rate and
 * split — IGST when the delivery line was taxed as IGST, CGST+SGST otherwise — rounded per line.
 * A line without a rate (or a delivery with one untyped tax figure) reverses none, nor does a
 * line of a bill under reverse charge (issue 40 item 10: that tax is the site's, not the vendor's).
 */
export function returnLineHeads(value: number, line: repo.LockedLine | undefined): ReturnHeads {
  if (!line || line.gst_rate === null || line.gst_rate === 0) return NONE;
  // Under reverse charge the vendor never had the tax: the return owes back the value only.
  if (Number(line.reverse_charge) === 1) return NONE;
  const split = splitGst(value, rateFromStored(line.gst_rate), line.igst_amount === 0);
  return { cgst_amount: split.cgst, sgst_amount: split.sgst, igst_amount: split.igst };
}

export function sumHeads(rows: readonly ReturnHeads[]): ReturnHeads {
  return rows.reduce(
    (sum, row) => ({
      cgst_amount: sum.cgst_amount + row.cgst_amount,
      sgst_amount: sum.sgst_amount + row.sgst_amount,
      igst_amount: sum.igst_amount + row.igst_amount,
    }),
    NONE,
  );
}

/** What the vendor owes back for a return: its value plus the tax it reverses (paise). */
export function returnDue(row: {
  total_return_amount: number;
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
}): number {
  return row.total_return_amount + row.cgst_amount + row.sgst_amount + row.igst_amount;
}
