import {
  headsBeyondTolerance,
  rateFromStored,
  rateToStored,
  TAX_HEAD_LABELS,
  toPaise,
  toRupees,
  type HeadFigures,
  type TaxOverride,
  type TaxOverrideReply,
} from '@siteledger/domain';
import { rupees } from '../../platform/record-shape.js';
import type { Executor } from '../../db/executor.js';
import { AppError } from '../../platform/errors.js';
import * as repo from './deliveries-repo.js';

/**
 * Issue 40: per-rate heads set to the supplier's invoice. Kept on the delivery as JSON (rate in
 * hundredths of a percent, heads in paise); the delivery's heads, tax and total include them, and
 * the register and Tally read them. A line edit re-checks each against the recomputed heads of
 * its rate and drops one that is more than ₹1 away, or whose rate no line has any more.
 */
export interface StoredOverride extends HeadFigures {
  gst_rate: number;
}

interface RatedHeads {
  gst_rate: number | null;
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
}

export function parseOverrides(text: string | null): StoredOverride[] {
  if (!text) return [];
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? (parsed as StoredOverride[]) : [];
}

const stored = (list: StoredOverride[]) => (list.length === 0 ? null : JSON.stringify(list));

/** The overrides as the API shows them (percent, rupees). */
export function overridesForApi(text: string | null): TaxOverrideReply[] {
  return parseOverrides(text).map((o) => ({
    gst_rate: rateFromStored(o.gst_rate),
    ...rupees({ cgst_amount: o.cgst, sgst_amount: o.sgst, igst_amount: o.igst }),
  }));
}

/** The computed heads of each rate the lines carry. */
export function headsByRate(lines: readonly RatedHeads[]): Map<number, HeadFigures> {
  const map = new Map<number, HeadFigures>();
  for (const line of lines) {
    if (line.gst_rate === null) continue;
    const t = map.get(line.gst_rate) ?? { cgst: 0, sgst: 0, igst: 0 };
    t.cgst += line.cgst_amount;
    t.sgst += line.sgst_amount;
    t.igst += line.igst_amount;
    map.set(line.gst_rate, t);
  }
  return map;
}

function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', { [field]: { code: 'custom', message } });
}

/** Overrides sent by a client, checked against the computed heads (400 naming the field). */
export function checkOverrides(
  input: readonly TaxOverride[],
  computed: Map<number, HeadFigures>,
): StoredOverride[] {
  return input.map((entry, i) => {
    const rate = rateToStored(entry.gst_rate);
    const heads = computed.get(rate);
    if (!heads)
      throw invalid(
        `tax_overrides.${i}.gst_rate`,
        `No line of this bill is at ${entry.gst_rate} %`,
      );
    const printed = {
      cgst: toPaise(entry.cgst_amount),
      sgst: toPaise(entry.sgst_amount),
      igst: toPaise(entry.igst_amount),
    };
    const beyond = headsBeyondTolerance(heads, printed);
    if (beyond.length > 0) {
      const head = beyond[0]!;
      throw invalid(
        `tax_overrides.${i}.${head}_amount`,
        `${TAX_HEAD_LABELS[head]} may differ from the computed ₹${toRupees(heads[head]).toFixed(2)} by at most ₹1.00`,
      );
    }
    return { gst_rate: rate, ...printed };
  });
}

/** Stored overrides still within ₹1 of the recomputed heads of their rate. */
function keptOverrides(
  list: StoredOverride[],
  computed: Map<number, HeadFigures>,
): StoredOverride[] {
  return list.filter((o) => {
    const heads = computed.get(o.gst_rate);
    return heads !== undefined && headsBeyondTolerance(heads, o).length === 0;
  });
}

/** The bill's heads: each rate's computed heads, or its override. */
function billHeads(computed: Map<number, HeadFigures>, list: StoredOverride[]): HeadFigures {
  const byRate = new Map(list.map((o) => [o.gst_rate, o]));
  const total = { cgst: 0, sgst: 0, igst: 0 };
  for (const [rate, heads] of computed) {
    const h = byRate.get(rate) ?? heads;
    total.cgst += h.cgst;
    total.sgst += h.sgst;
    total.igst += h.igst;
  }
  return total;
}

export interface SettledOverrides {
  /** What to store in deliveries.tax_overrides. */
  text: string | null;
  /** The line figures with the bill's heads as overridden. */
  figures: repo.LineFigures;
}

/**
 * The overrides a delivery keeps after a write, and its line figures with them: `input` (sent by
 * the client: checked, replacing the stored ones; null or [] clears them) or, when absent, the
 * stored ones re-checked against the lines as they now are.
 */
export function settleOverrides(
  lines: readonly RatedHeads[],
  figures: repo.LineFigures,
  storedText: string | null,
  input: readonly TaxOverride[] | null | undefined,
): SettledOverrides {
  const computed = headsByRate(lines);
  const list =
    input === undefined
      ? keptOverrides(parseOverrides(storedText), computed)
      : checkOverrides(input ?? [], computed);
  if (list.length === 0) return { text: null, figures };
  const heads = billHeads(computed, list);
  return { text: stored(list), figures: { ...figures, ...heads } };
}

/** `settleOverrides` for a delivery already written: its lines read in the transaction. */
export async function settleStoredOverrides(
  db: Executor,
  siteId: string,
  deliveryId: string,
  figures: repo.LineFigures,
  storedText: string | null,
  input?: readonly TaxOverride[] | null,
): Promise<SettledOverrides> {
  if (!storedText && !input?.length) return { text: null, figures };
  const lines = await repo.linesOf(db, siteId, [deliveryId]);
  return settleOverrides(lines, figures, storedText, input);
}

/** A register record's heads: the override of its rate, when the delivery has one. */
export function overriddenHeads(
  text: string | null,
  rate: number | null,
  heads: HeadFigures,
): HeadFigures {
  if (!text || rate === null) return heads;
  const found = parseOverrides(text).find((o) => o.gst_rate === rate);
  return found ? { cgst: found.cgst, sgst: found.sgst, igst: found.igst } : heads;
}
