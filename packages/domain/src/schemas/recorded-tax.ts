import { z } from 'zod';
import { INPUT_TAX_MODES, REGISTRATION_TYPES } from '../gst.js';

/**
 * What a delivery, service booking or vendor return was recorded with (issue 40): the supplier's
 * GSTIN, state code and registration type as they were then — its GST split follows these, not
 * the vendor master's current values — and the site's input_tax_mode of that moment, which its
 * GSTR-3B reading, Tally voucher and stock value follow. Reads only; the server sets them.
 */
export const zRecordedTax = z.object({
  vendor_gstin: z.string().nullable().optional(),
  vendor_state_code: z.string().nullable().optional(),
  vendor_registration_type: z.enum(REGISTRATION_TYPES).optional(),
  input_tax_mode: z.enum(INPUT_TAX_MODES).optional(),
});
export type RecordedTax = z.infer<typeof zRecordedTax>;
