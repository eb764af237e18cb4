import { rateFromStored, splitGst } from '@siteledger/domain';
import type { Executor } from '../../db/executor.js';
import { AppError } from '../../platform/errors.js';
import * as repo from './deliveries-repo.js';

/** Where a bill's tax goes (API.md "GST"): the vendor's state against the place of supply. */
export interface TaxPlace {
  vendorState: string | null;
  /** Only a regular vendor charges GST; composition and unregistered vendors charge none. */
  regular: boolean;
  /** The delivery's place of supply, else the site's state; null when neither is known. */
  placeOfSupply: string | null;
}

export interface Heads {
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
}

export const NO_TAX: Heads = { cgst_amount: 0, sgst_amount: 0, igst_amount: 0 };

export async function loadTaxPlace(
  db: Executor,
  siteId: string,
  vendorId: string,
  placeOfSupply: string | null | undefined,
): Promise<TaxPlace> {
  const parties = await repo.gstParties(db, siteId, vendorId);
  return {
    vendorState: parties?.vendor_state ?? null,
    regular: parties?.registration_type === 'regular',
    placeOfSupply: placeOfSupply || parties?.site_state || null,
  };
}

function refuse(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', { [field]: { code: 'custom', message } });
}

/**
 * A line's CGST/SGST or IGST on its taxable value (paise) at a stored rate (hundredths of a
 * percent), rounded per line; `field` names the line's rate in a refusal.
 */
export function lineHeads(
  taxable: number,
  rate: number | null,
  place: TaxPlace,
  field: string,
): Heads {
  if (rate === null || rate === 0) return NO_TAX;
  if (!place.regular) {
    throw refuse(field, 'Only a regular GST-registered vendor charges GST: set the rate to none');
  }
  if (!place.vendorState) throw refuse(field, "Set the vendor's state before charging GST");
  if (!place.placeOfSupply) {
    throw refuse(field, "Set the site's state or the place of supply before charging GST");
  }
  const split = splitGst(taxable, rateFromStored(rate), place.vendorState === place.placeOfSupply);
  return { cgst_amount: split.cgst, sgst_amount: split.sgst, igst_amount: split.igst };
}

/**
 * Splits every line of a delivery again (its vendor or place of supply changed) and writes the
 * lines whose heads moved. Lines are numbered as the delivery lists them, for the refusal's field.
 */
export async function retaxLines(
  db: Executor,
  siteId: string,
  deliveryId: string,
  place: TaxPlace,
): Promise<void> {
  const lines = await repo.linesOf(db, siteId, [deliveryId]);
  for (const [i, line] of lines.entries()) {
    const heads = lineHeads(
      line.total_amount,
      line.gst_rate,
      place,
      `delivery_items.${i}.gst_rate`,
    );
    if (
      heads.cgst_amount !== line.cgst_amount ||
      heads.sgst_amount !== line.sgst_amount ||
      heads.igst_amount !== line.igst_amount
    ) {
      await repo.updateDeliveryItem(db, siteId, line.id, heads);
    }
  }
}

/**
 * The delivery's tax from its lines' figures: itemised (any line has a rate) → Σ heads and
 * tax_amount their sum; otherwise the single tax figure as typed (`manual`), and 0 heads.
 */
export function taxFromLines(
  figures: repo.LineFigures,
  manual: number,
): Heads & { tax_amount: number; itemised: boolean } {
  if (figures.rated === 0) return { ...NO_TAX, tax_amount: manual, itemised: false };
  return {
    cgst_amount: figures.cgst,
    sgst_amount: figures.sgst,
    igst_amount: figures.igst,
    tax_amount: figures.cgst + figures.sgst + figures.igst,
    itemised: true,
  };
}

/**
 * The single tax figure a delivery keeps when no line has a rate: as typed, or 0 once the rates
 * that computed it are gone (a computed sum must not linger as if someone had typed it).
 */
export function manualTax(row: repo.DeliveryRow): number {
  return row.cgst_amount + row.sgst_amount + row.igst_amount > 0 ? 0 : row.tax_amount;
}

/** A client-sent tax figure on an itemised delivery (API.md: the server computes it). */
export function refuseTaxOnItemised(): AppError {
  return refuse('tax_amount', "Tax is computed from the lines' GST rates");
}
