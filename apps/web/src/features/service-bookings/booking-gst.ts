/**
 * A booking's GST (API.md "GST"): its total is the taxable value; what it owes is that plus the
 * heads. The form previews the heads with the server's own split (the vendor's state against the
 * site's), so the preview and the saved booking agree to the paisa. Amounts are paise.
 */
import { toPaise, type ServiceBooking, type Vendor } from '@siteledger/domain';
import { gstPreview } from '../../data/gst-preview';

export interface BookingTax {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** Σ heads. */
  tax: number;
  /** taxable + tax: what the booking owes (under reverse charge the taxable value only). */
  owed: number;
}

const withTotals = (
  taxable: number,
  cgst: number,
  sgst: number,
  igst: number,
  reverseCharge = false,
): BookingTax => {
  const tax = cgst + sgst + igst;
  // Under reverse charge the site pays the tax to the government (issue 40 item 10).
  return { taxable, cgst, sgst, igst, tax, owed: taxable + (reverseCharge ? 0 : tax) };
};

/** A saved booking's figures (the server's heads). */
export function bookingTax(
  b: Pick<ServiceBooking, 'total_amount' | 'cgst_amount' | 'sgst_amount' | 'igst_amount'> & {
    reverse_charge?: boolean | undefined;
  },
): BookingTax {
  return withTotals(
    toPaise(b.total_amount),
    toPaise(b.cgst_amount),
    toPaise(b.sgst_amount),
    toPaise(b.igst_amount),
    b.reverse_charge === true,
  );
}

/** Whether a saved booking still owes something (its total with GST above what was paid). */
export const bookingOwes = (
  b: Pick<
    ServiceBooking,
    'total_amount' | 'cgst_amount' | 'sgst_amount' | 'igst_amount' | 'paid_amount'
  > & { reverse_charge?: boolean | undefined },
): boolean => bookingTax(b).owed > toPaise(b.paid_amount);

/** Why a rate above 0 cannot be charged (the server would refuse the booking's rate). */
export type BookingGstProblem = 'vendor-not-regular' | 'vendor-no-state' | 'no-site-state' | null;

export interface BookingGstPreview extends BookingTax {
  /** Vendor state = site state; null while either is unknown. */
  sameState: boolean | null;
  problem: BookingGstProblem;
}

/** Pure: the live figures of a booking being typed (taxable in paise, or null while unknown). */
export function bookingGstPreview(
  taxable: number | null,
  rate: number | null | undefined,
  vendor: Pick<Vendor, 'state_code' | 'registration_type'> | undefined,
  siteState: string | null | undefined,
  /** Under reverse charge any vendor's booking may carry a rate; the vendor is owed the value. */
  reverseCharge = false,
): BookingGstPreview {
  // A booking is a bill of one line whose place of supply is the site's state.
  const { sameState, problem, totals } = gstPreview(
    vendor,
    siteState ?? null,
    [{ taxable: taxable ?? 0, gst_rate: rate }],
    reverseCharge,
  );
  return {
    ...withTotals(taxable ?? 0, totals.cgst, totals.sgst, totals.igst, reverseCharge),
    sameState,
    problem: problem === 'no-place' ? 'no-site-state' : problem,
  };
}
