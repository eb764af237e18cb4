/**
 * The GST a return reverses (API.md "GST"): each line's value at its delivery line's rate and
 * split, and what the vendor owes back = value + that tax. Amounts are paise.
 */
import { toPaise, type GstSplit } from '@siteledger/domain';
import { previewHeads } from '../../components/gst/gst-figures';

export const NO_GST: GstSplit = { cgst: 0, sgst: 0, igst: 0 };

/** The delivery line's GST facts a return line follows. */
export interface RatedLine {
  gst_rate: number | null;
  igst_amount: number;
}

interface Heads {
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
}

/**
 * A return line's heads as the server splits them: its value at the delivery line's rate, IGST
 * when that line was taxed as IGST (else CGST + SGST); nothing when the line had no rate.
 */
export function reversedHeads(valuePaise: number, line: RatedLine | undefined): GstSplit {
  if (!line) return NO_GST;
  return previewHeads(valuePaise, line.gst_rate, line.igst_amount === 0);
}

export const addHeads = (a: GstSplit, b: GstSplit): GstSplit => ({
  cgst: a.cgst + b.cgst,
  sgst: a.sgst + b.sgst,
  igst: a.igst + b.igst,
});

export const gstOf = (heads: GstSplit): number => heads.cgst + heads.sgst + heads.igst;

/** A saved return's (or return line's) heads, rupees → paise. */
export const headsOf = (record: Heads): GstSplit => ({
  cgst: toPaise(record.cgst_amount),
  sgst: toPaise(record.sgst_amount),
  igst: toPaise(record.igst_amount),
});

/** What the vendor owes back for a saved return: its value plus the GST it reverses. */
export const owedPaise = (record: Heads & { total_return_amount: number }): number =>
  toPaise(record.total_return_amount) + gstOf(headsOf(record));

/** Refunds and credit notes may still reach this much (never below 0). */
export const leftPaise = (
  record: Heads & { total_return_amount: number },
  refundedRupees: number,
): number => Math.max(0, owedPaise(record) - toPaise(refundedRupees));

export type GstHead = keyof GstSplit;

/** The heads with tax, in CGST, SGST, IGST order: what a screen lists under "GST reversed". */
export const headEntries = (heads: GstSplit): { head: GstHead; paise: number }[] =>
  (['cgst', 'sgst', 'igst'] as const)
    .filter((head) => heads[head] !== 0)
    .map((head) => ({ head, paise: heads[head] }));
