import {
  rateFromStored,
  type InputTaxSummary,
  type PurchaseRegister,
  type PurchaseRegisterQuery,
} from '@siteledger/domain';
import { businessToday } from '../../../platform/business-time.js';
import type { SiteScope } from '../../../platform/scope.js';
import { overriddenHeads } from '../../deliveries/tax-overrides.js';
import { inputTaxTables } from './itc-tables.js';
import { registerRecords, siteTaxProfile, type RegisterRecord } from './register-repo.js';
import { grandTotal, rupeeAmounts } from './register-totals.js';
import { withReverseCharge } from './reverse-charge.js';

/** The register in paise, before it becomes JSON (rupees) or a file. */
export interface RegisterData {
  siteName: string;
  siteGstin: string | null;
  from: string;
  to: string;
  today: string;
  rows: RegisterLine[];
  totals: RateLine[];
  /** Σ over every rate (issue 40). */
  grandTotal: Heads;
  inputTax: InputTaxSummary;
  /** GSTR-3B 3.1(d) (issue 40 item 10). */
  inwardReverseCharge: PurchaseRegister['inward_reverse_charge'];
}

export interface Heads {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  other: number;
}

export interface RegisterLine extends Heads {
  kind: RegisterRecord['kind'];
  id: string;
  date: string;
  vendor: string;
  vendor_gstin: string | null;
  supplier_invoice_number: string | null;
  supplier_invoice_date: string | null;
  /** Percent, or null. */
  rate: number | null;
  /** Null: the site's state (issue 40, 4(D)(2)). */
  place_of_supply: string | null;
  /** The bill's or return's own input_tax_mode (issue 40). */
  mode: RegisterRecord['input_tax_mode'];
  reverse_charge: boolean;
}

export interface RateLine extends Heads {
  rate: number | null;
}

const KIND_ORDER = {
  delivery: 0,
  booking: 1,
  return: 2,
  credit_note: 3,
  petty_expense: 4,
} as const;

/** Rows in date order; within a record, no-rate first, then by rate. */
function byDate(a: RegisterLine, b: RegisterLine): number {
  return (
    a.date.localeCompare(b.date) ||
    KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
    a.id.localeCompare(b.id) ||
    (a.rate ?? -1) - (b.rate ?? -1)
  );
}

function lines(records: RegisterRecord[]): RegisterLine[] {
  // A delivery none of whose lines has a rate keeps its typed tax (old bills "as they are").
  const rated = new Set(records.filter((r) => r.gst_rate !== null).map((r) => r.id));
  return records
    .map((r) => {
      const sign = r.kind === 'return' || r.kind === 'credit_note' ? -1 : 1;
      const other = r.kind === 'delivery' && !rated.has(r.id) ? r.typed_tax : 0;
      const h = overriddenHeads(r.tax_overrides, r.gst_rate, r);
      return {
        kind: r.kind,
        id: r.id,
        date: r.date,
        vendor: r.vendor,
        vendor_gstin: r.vendor_gstin,
        supplier_invoice_number: r.supplier_invoice_number,
        supplier_invoice_date: r.supplier_invoice_date,
        rate: r.gst_rate === null ? null : rateFromStored(r.gst_rate),
        place_of_supply: r.place_of_supply,
        mode: r.input_tax_mode,
        reverse_charge: r.reverse_charge,
        taxable: sign * r.taxable,
        cgst: sign * h.cgst,
        sgst: sign * h.sgst,
        igst: sign * h.igst,
        other,
      };
    })
    .sort(byDate);
}

function totalsByRate(rows: RegisterLine[]): RateLine[] {
  const map = new Map<number | null, RateLine>();
  for (const row of rows) {
    const t = map.get(row.rate) ?? {
      rate: row.rate,
      taxable: 0,
      cgst: 0,
      sgst: 0,
      igst: 0,
      other: 0,
    };
    t.taxable += row.taxable;
    t.cgst += row.cgst;
    t.sgst += row.sgst;
    t.igst += row.igst;
    t.other += row.other;
    map.set(row.rate, t);
  }
  return [...map.values()].sort((a, b) => (a.rate ?? -1) - (b.rate ?? -1));
}

/** The period asked for, or this month up to today. */
function period(query: PurchaseRegisterQuery, today: string): { from: string; to: string } {
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? `${to.slice(0, 8)}01`;
  return { from, to };
}

export async function loadRegister(
  scope: SiteScope,
  query: PurchaseRegisterQuery,
): Promise<RegisterData> {
  const { ctx, siteId } = scope;
  const today = businessToday(ctx.config.timezone);
  const { from, to } = period(query, today);
  const [site, records] = await Promise.all([
    siteTaxProfile(ctx.db.kysely, siteId),
    registerRecords(ctx.db.kysely, siteId, from, to),
  ]);
  const rows = lines(records);
  const totals = totalsByRate(rows);
  return {
    siteName: site.name,
    siteGstin: site.gstin,
    from,
    to,
    today,
    rows,
    totals,
    grandTotal: grandTotal(totals),
    // Reverse-charge tax is 4(A)(3), not 4(A)(5) (register/reverse-charge.ts).
    ...withReverseCharge(rows, (forward) =>
      inputTaxTables(site.input_tax_mode, site.state_code, forward),
    ),
  };
}

const rupeeHeads = rupeeAmounts;

export function registerJson(data: RegisterData): PurchaseRegister {
  return {
    from: data.from,
    to: data.to,
    rows: data.rows.map((row) => ({
      date: row.date,
      kind: row.kind,
      id: row.id,
      vendor: row.vendor,
      vendor_gstin: row.vendor_gstin,
      supplier_invoice_number: row.supplier_invoice_number,
      supplier_invoice_date: row.supplier_invoice_date,
      gst_rate: row.rate,
      ...rupeeHeads(row),
      reverse_charge: row.reverse_charge,
    })),
    totals_by_rate: data.totals.map((t) => ({ gst_rate: t.rate, ...rupeeHeads(t) })),
    grand_total: rupeeHeads(data.grandTotal),
    input_tax: data.inputTax,
    inward_reverse_charge: data.inwardReverseCharge,
  };
}
