/**
 * The live GST of an order being typed: each line split with the domain's `splitGst` (through
 * `previewHeads`) by the vendor's state against the site's, as the server will split it. Paise.
 */
import { useEntityRecords } from '../../lib/entity-options';
import {
  previewHeads,
  taxByRate,
  type RateRow,
  type TaxLine,
} from '../../components/gst/gst-figures';
import { useSiteGst } from '../../components/gst/use-site-gst';
import { poLinePaise, type PoLineInput } from './purchase-order-form';

export interface PoPreview {
  /** Vendor state = site state; null while either is unknown. */
  sameState: boolean | null;
  lines: TaxLine[];
  rows: RateRow[];
  totals: RateRow;
  tax: number;
  /** Taxable + tax. */
  total: number;
}

export function usePoPreview(
  vendorId: string | undefined,
  lines: readonly Partial<PoLineInput>[] | undefined,
): PoPreview {
  const [vendor] = useEntityRecords('vendors', [vendorId]);
  const site = useSiteGst();
  const vendorState = vendor?.state_code ?? null;
  const siteState = site?.state_code ?? null;
  const sameState = vendorState && siteState ? vendorState === siteState : null;
  const taxLines: TaxLine[] = (lines ?? []).map((line) => {
    const taxable = poLinePaise(line.quantity, line.unit_price) ?? 0;
    const rate = line.gst_rate ?? null;
    return { taxable, rate, ...previewHeads(taxable, rate, sameState) };
  });
  const { rows, totals } = taxByRate(taxLines);
  const tax = totals.cgst + totals.sgst + totals.igst;
  return { sameState, lines: taxLines, rows, totals, tax, total: totals.taxable + tax };
}
