import type { InputTaxMode, RegistrationType } from './gst.js';

/**
 * Input tax credit rules (issue 40 item 5). Pure: the server's reads, register and Tally export
 * and the web form share them.
 */

/** Why a bill's tax is not claimable, as the delivery reads carry it (API.md "Issue 40"). */
export const ITC_INELIGIBLE_REASONS = ['place_of_supply'] as const;
export type ItcIneligibleReason = (typeof ITC_INELIGIBLE_REASONS)[number];

/**
 * Tax charged with a place of supply outside the recipient's state is not claimable by the
 * site's registration (GSTR-3B table 4(D)(2), Circular 170/02/2022-GST). Unknown states (no
 * site state, or a bill that names none, which reads as the site's) are never barred.
 */
export function placeOfSupplyBarsCredit(
  siteState: string | null | undefined,
  placeOfSupply: string | null | undefined,
): boolean {
  return Boolean(siteState && placeOfSupply && placeOfSupply !== siteState);
}

/**
 * The warning a bill carries: only where the site claims credit (in cost mode nothing is
 * claimed anyway) and the bill carries tax whose place of supply bars it.
 */
export function itcIneligibleReason(bill: {
  mode: InputTaxMode;
  siteState: string | null | undefined;
  placeOfSupply: string | null | undefined;
  /** The bill's tax in paise (heads or the typed figure). */
  tax: number;
}): ItcIneligibleReason | null {
  if (bill.mode !== 'claim' || bill.tax <= 0) return null;
  return placeOfSupplyBarsCredit(bill.siteState, bill.placeOfSupply) ? 'place_of_supply' : null;
}

/**
 * Only a regular registration may collect tax: a composition taxpayer may not (CGST Act
 * s.10(4)) and an unregistered person issues no tax invoice (s.31).
 */
export function mayChargeTax(registration: RegistrationType | null | undefined): boolean {
  return registration === 'regular';
}
