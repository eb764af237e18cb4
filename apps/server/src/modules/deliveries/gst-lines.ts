import type { Executor } from '../../db/executor.js';
import { AppError } from '../../platform/errors.js';
import { lineHeads, NO_TAX, type Heads, type TaxPlace } from '../../platform/gst-profile.js';
import * as repo from './deliveries-repo.js';

export { lineHeads, loadTaxPlace, NO_TAX, type TaxPlace } from '../../platform/gst-profile.js';

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
  return new AppError('VALIDATION_FAILED', {
    tax_amount: { code: 'custom', message: "Tax is computed from the lines' GST rates" },
  });
}
