import { NO_TAX, type Heads } from '../../platform/gst-profile.js';

/**
 * Where a booking's heads are kept (issue 40 item 10). What a booking owes its vendor is
 * total_amount + cgst + sgst + igst everywhere (payment status, allocations, payables, the
 * vendor's figures, the ledger, the dashboard); under reverse charge the tax is the site's to pay
 * to the government, so it goes to the rcm_* columns and the owed heads stay 0.
 */
export function splitReverseCharge(
  computed: Heads,
  reverseCharge: boolean,
): {
  /** The heads that count toward what the vendor is owed. */
  heads: Heads;
  /** The columns to write. */
  columns: Heads & {
    reverse_charge: number;
    rcm_cgst_amount: number;
    rcm_sgst_amount: number;
    rcm_igst_amount: number;
  };
} {
  if (!reverseCharge) {
    return {
      heads: computed,
      columns: {
        ...computed,
        reverse_charge: 0,
        rcm_cgst_amount: 0,
        rcm_sgst_amount: 0,
        rcm_igst_amount: 0,
      },
    };
  }
  return {
    heads: NO_TAX,
    columns: {
      ...NO_TAX,
      reverse_charge: 1,
      rcm_cgst_amount: computed.cgst_amount,
      rcm_sgst_amount: computed.sgst_amount,
      rcm_igst_amount: computed.igst_amount,
    },
  };
}
