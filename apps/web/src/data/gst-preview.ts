/**
 * The live GST of a bill being typed (a delivery, an order, a booking): each line split with the
 * domain's `splitGst` by the vendor's state (from the vendor's record) against the place of supply
 * (the form's, else the site's), as the server will split it. Amounts are paise.
 */
import type { Vendor } from '@siteledger/domain';
import {
  isItemised,
  previewHeads,
  taxByRate,
  type RateRow,
  type TaxLine,
} from '../components/gst/gst-figures';
import { useSiteGst } from '../components/gst/use-site-gst';
import { useEntityRecords } from '../lib/entity-options';

/** Why a rate above 0 cannot be charged yet (the server would refuse the line's rate). */
export type GstProblem = 'vendor-not-regular' | 'vendor-no-state' | 'no-place' | null;

export interface GstPreview {
  itemised: boolean;
  /** Vendor state = place of supply; null while either is unknown. */
  sameState: boolean | null;
  placeOfSupply: string | null;
  lines: TaxLine[];
  rows: RateRow[];
  totals: RateRow;
  /** Σ heads: the bill's tax when itemised. */
  tax: number;
  problem: GstProblem;
}

export interface PreviewLine {
  taxable: number;
  gst_rate?: number | null | undefined;
}

/** Pure: the preview for a vendor, a place of supply and the lines' taxable values and rates. */
export function gstPreview(
  vendor: Pick<Vendor, 'state_code' | 'registration_type'> | undefined,
  placeOfSupply: string | null,
  lines: readonly PreviewLine[],
  /** Under reverse charge the site pays the tax: any vendor's bill may carry a rate. */
  reverseCharge = false,
): GstPreview {
  const vendorState = vendor?.state_code ?? null;
  const sameState = vendorState && placeOfSupply ? vendorState === placeOfSupply : null;
  const taxLines: TaxLine[] = lines.map((line) => ({
    taxable: line.taxable,
    rate: line.gst_rate ?? null,
    ...previewHeads(line.taxable, line.gst_rate, sameState),
  }));
  const { rows, totals } = taxByRate(taxLines);
  const charged = lines.some((line) => (line.gst_rate ?? 0) > 0);
  let problem: GstProblem = null;
  if (charged && vendor) {
    if (vendor.registration_type !== 'regular' && !reverseCharge) problem = 'vendor-not-regular';
    else if (!vendorState) problem = 'vendor-no-state';
    else if (!placeOfSupply) problem = 'no-place';
  }
  return {
    itemised: isItemised(lines),
    sameState,
    placeOfSupply,
    lines: taxLines,
    rows,
    totals,
    tax: totals.cgst + totals.sgst + totals.igst,
    problem,
  };
}

/** The vendor's record (cached, or fetched once) and the site's state, for `gstPreview`. */
export function useGstPreview(
  vendorId: string | undefined,
  placeOfSupply: string | undefined,
  lines: readonly PreviewLine[],
  reverseCharge = false,
): GstPreview {
  const [vendor] = useEntityRecords('vendors', [vendorId]);
  const site = useSiteGst();
  return gstPreview(vendor, placeOfSupply || site?.state_code || null, lines, reverseCharge);
}
