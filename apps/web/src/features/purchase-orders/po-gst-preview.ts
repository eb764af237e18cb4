/**
 * The live GST of an order being typed: the shared bill preview (data/gst-preview.ts) with the
 * site's state as the place of supply, as the server will split it. Paise.
 */
import type { RateRow, TaxLine } from '../../components/gst/gst-figures';
import { useGstPreview } from '../../data/gst-preview';
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
  const preview = useGstPreview(
    vendorId,
    undefined,
    (lines ?? []).map((line) => ({
      taxable: poLinePaise(line.quantity, line.unit_price) ?? 0,
      gst_rate: line.gst_rate ?? null,
    })),
  );
  const { sameState, rows, totals, tax } = preview;
  return { sameState, lines: preview.lines, rows, totals, tax, total: totals.taxable + tax };
}
