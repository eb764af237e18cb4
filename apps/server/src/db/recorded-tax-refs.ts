import { siteCondition } from './site-scope.js';
import type { Executor } from './executor.js';

/**
 * What a new bill records (issue 40): the vendor master as it is now, the site's state (the
 * place of supply when the bill names none) and the site's current input_tax_mode.
 */
export async function vendorAsNow(db: Executor, siteId: string, vendorId: string) {
  return (
    db
      .selectFrom('vendors')
      // The recording site's state and mode; the vendor may be another site's of the business.
      .innerJoin('sites', (join) => join.on('sites.id', '=', siteId))
      .select([
        'vendors.gstin as vendor_gstin',
        'vendors.state_code as vendor_state_code',
        'vendors.registration_type as vendor_registration_type',
        'sites.input_tax_mode',
        'sites.state_code as site_state',
      ])
      .where(siteCondition('vendors', 'vendors.site_id', siteId))
      .where('vendors.id', '=', vendorId)
      .executeTakeFirst()
  );
}

/** The site's state code: the place of supply of a bill that names none. */
export async function siteState(db: Executor, siteId: string): Promise<string | null> {
  const row = await db
    .selectFrom('sites')
    .select('state_code')
    .where('id', '=', siteId)
    .executeTakeFirst();
  return row?.state_code ?? null;
}

/** What a delivery was recorded with (a return takes its bill's). */
export async function deliveryRecorded(db: Executor, siteId: string, deliveryId: string) {
  return db
    .selectFrom('deliveries')
    .select(['vendor_gstin', 'vendor_state_code', 'vendor_registration_type', 'input_tax_mode'])
    .where('site_id', '=', siteId)
    .where('id', '=', deliveryId)
    .executeTakeFirst();
}
