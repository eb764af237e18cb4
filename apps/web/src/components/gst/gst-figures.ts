/**
 * GST figures for the screens (API.md "GST"): the rate and state choices, and the tax of a bill
 * per rate. Previews split each line with the domain's `splitGst` — the server's own rule — so a
 * preview and the saved bill agree to the paisa. Amounts are paise.
 */
import { GST_RATES, GST_STATES, isStateCode, splitGst, type GstSplit } from '@siteledger/domain';
import type { TFunction } from 'i18next';

/** "18 %": a rate as the screens write it. */
export function formatGstRate(t: TFunction, rate: number): string {
  return t('gst.rateValue', { rate: String(rate) });
}

/** The rate select's options: the empty value is "No GST"; each rate's value is its number. */
export function gstRateOptions(t: TFunction): { value: string; label: string }[] {
  return GST_RATES.map((rate) => ({ value: String(rate), label: formatGstRate(t, rate) }));
}

/** A select's value → a rate: '' is no GST (null). */
export function rateFromSelect(value: string): number | null {
  if (value === '') return null;
  const rate = Number(value);
  return Number.isFinite(rate) ? rate : null;
}

export const rateToSelect = (rate: number | null | undefined): string =>
  rate === null || rate === undefined ? '' : String(rate);

/** A state's name in the user's language (the domain's English name when none is known). */
export function stateName(t: TFunction, code: string | null | undefined): string {
  if (!code) return '';
  if (!isStateCode(code)) return code;
  return t(`gst.states.${code}`, { defaultValue: GST_STATES[code] });
}

/** "27 · Maharashtra" — the code as a GSTIN starts with it, then the name. */
export function stateLabel(t: TFunction, code: string | null | undefined): string {
  if (!code) return '';
  return `${code} · ${stateName(t, code)}`;
}

/**
 * The states by name in the user's language (issue 38: by key order, codes 01–09 came last, as
 * an object puts integer-like keys first).
 */
export function stateOptions(t: TFunction): { value: string; label: string }[] {
  return Object.keys(GST_STATES)
    .map((code) => ({ code, name: stateName(t, code) }))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map(({ code }) => ({ value: code, label: stateLabel(t, code) }));
}

/** One line's tax: its taxable value, its rate (null: no GST) and the heads. */
export interface TaxLine {
  taxable: number;
  rate: number | null;
  cgst: number;
  sgst: number;
  igst: number;
}

export interface RateRow {
  /** null: the lines without GST. */
  rate: number | null;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

const NO_HEADS: GstSplit = { cgst: 0, sgst: 0, igst: 0 };

/**
 * A line's heads as the server will split them: nothing without a rate (or at 0 %), nothing
 * while the split is unknown (`sameState` null: the vendor's state or the place of supply is
 * missing, which the server refuses for a rate above 0).
 */
export function previewHeads(
  taxable: number,
  rate: number | null | undefined,
  sameState: boolean | null,
): GstSplit {
  if (rate === null || rate === undefined || rate === 0 || sameState === null) return NO_HEADS;
  return splitGst(taxable, rate, sameState);
}

/**
 * Σ per rate (ascending, "no GST" last) and the bill's totals. The "no GST" row shows only beside
 * rated lines: a bill without any rate has no table.
 */
export function taxByRate(lines: readonly TaxLine[]): { rows: RateRow[]; totals: RateRow } {
  const byRate = new Map<number | null, RateRow>();
  const totals: RateRow = { rate: null, taxable: 0, cgst: 0, sgst: 0, igst: 0 };
  for (const line of lines) {
    const row = byRate.get(line.rate) ?? { rate: line.rate, taxable: 0, cgst: 0, sgst: 0, igst: 0 };
    for (const key of ['taxable', 'cgst', 'sgst', 'igst'] as const) {
      row[key] += line[key];
      totals[key] += line[key];
    }
    byRate.set(line.rate, row);
  }
  const rows = [...byRate.values()].sort((a, b) =>
    a.rate === null ? 1 : b.rate === null ? -1 : a.rate - b.rate,
  );
  return { rows: rows.some((row) => row.rate !== null) ? rows : [], totals };
}

/** Whether a bill is itemised: any line has a rate (0 % too), as the server decides it. */
export const isItemised = (lines: readonly { gst_rate?: number | null | undefined }[]): boolean =>
  lines.some((line) => line.gst_rate !== null && line.gst_rate !== undefined);
