import { mayChargeTax } from '@siteledger/domain';
import type { Executor } from '../../db/executor.js';
import { vendorAsNow } from '../../db/recorded-tax-refs.js';
import { AppError } from '../../platform/errors.js';

/**
 * Issue 40 item 5(b): a typed tax figure (paise) on a bill of a composition or unregistered
 * vendor is refused — neither may collect tax (CGST Act s.10(4), s.31). Zero is always fine.
 * "Unregistered" is the vendor recorded so: no GSTIN but its state. A vendor with neither has
 * no GST details recorded at all (the default of books kept before the GST fields, which the
 * contract keeps "as today"), so its typed tax is still taken (docs/API.md, issue 40).
 */
export async function refuseTypedTax(
  db: Executor,
  siteId: string,
  vendorId: string,
  typedTax: number,
): Promise<void> {
  if (typedTax <= 0) return;
  const parties = await vendorAsNow(db, siteId, vendorId);
  if (!parties || mayChargeTax(parties.vendor_registration_type)) return;
  if (parties.vendor_registration_type === 'unregistered' && !parties.vendor_state_code) return;
  throw new AppError('VALIDATION_FAILED', {
    tax_amount: {
      code: 'custom',
      message:
        parties.vendor_registration_type === 'composition'
          ? 'A composition vendor cannot charge tax: set the tax to 0'
          : 'An unregistered vendor cannot charge tax: set the tax to 0',
    },
  });
}
