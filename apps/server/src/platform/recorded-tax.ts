import type { Executor } from '../db/executor.js';
import { deliveryRecorded, siteState, vendorAsNow } from '../db/recorded-tax-refs.js';
import type { RecordedTaxColumns } from '../db/schema.js';
import type { TaxPlace } from './gst-profile.js';

/**
 * A bill keeps the tax it was recorded with (issue 40, docs/API.md "Issue 40: a bill keeps its
 * tax"). A delivery, service booking or vendor return records the supplier's GSTIN, state and
 * registration type and the site's input_tax_mode when it is created; every later GST split of
 * that record (a new or edited line, an edited booking) reads the record, not the vendor master.
 * Only a change of the record's own vendor or place of supply records the vendor again (as it is
 * then) and splits every line again; the mode is never recorded again.
 */

export type RecordedVendor = Pick<
  RecordedTaxColumns,
  'vendor_gstin' | 'vendor_state_code' | 'vendor_registration_type'
>;

/** Placeholder of a row being built, replaced by `recordNew` before it is written. */
export const NOT_RECORDED: RecordedTaxColumns = {
  vendor_gstin: null,
  vendor_state_code: null,
  vendor_registration_type: 'unregistered',
  input_tax_mode: 'cost',
};

type VendorNow = Awaited<ReturnType<typeof vendorAsNow>>;

/** The vendor master as read now, as the columns a record keeps of it. */
const vendorPart = (now: VendorNow): RecordedVendor => ({
  vendor_gstin: now?.vendor_gstin ?? null,
  vendor_state_code: now?.vendor_state_code ?? null,
  vendor_registration_type: now?.vendor_registration_type ?? 'unregistered',
});

/** The vendor's part of what is recorded: the vendor master as it is now. */
export async function recordVendor(
  db: Executor,
  siteId: string,
  vendorId: string,
): Promise<RecordedVendor> {
  return vendorPart(await vendorAsNow(db, siteId, vendorId));
}

/** What a new delivery or booking records: the vendor as it is now and the site's mode. */
export async function recordNew(
  db: Executor,
  siteId: string,
  vendorId: string,
): Promise<RecordedTaxColumns> {
  const now = await vendorAsNow(db, siteId, vendorId);
  return { ...vendorPart(now), input_tax_mode: now?.input_tax_mode ?? 'cost' };
}

/**
 * What a new return records: those of the bill its first line returns (its tax is reversed at
 * that bill's split, under that invoice's GSTIN, and counts in 3B and Tally as that bill did);
 * a return without a known bill records the vendor as it is now and the site's mode.
 */
export async function recordReturn(
  db: Executor,
  siteId: string,
  vendorId: string,
  deliveryId: string | undefined,
): Promise<RecordedTaxColumns> {
  const bill = deliveryId ? await deliveryRecorded(db, siteId, deliveryId) : undefined;
  return bill ?? recordNew(db, siteId, vendorId);
}

/**
 * Where a recorded bill's tax goes: its recorded vendor state against its place of supply (the
 * site's state when it names none).
 */
export async function recordedPlace(
  db: Executor,
  siteId: string,
  recorded: RecordedVendor,
  placeOfSupply: string | null | undefined,
  reverseCharge = false,
): Promise<TaxPlace> {
  return {
    vendorState: recorded.vendor_state_code,
    regular: recorded.vendor_registration_type === 'regular',
    placeOfSupply: placeOfSupply || (await siteState(db, siteId)),
    reverseCharge,
  };
}

/** The recorded fields as reads expose them (docs/API.md "Issue 40: a bill keeps its tax"). */
export function recordedTaxOf(row: RecordedTaxColumns): RecordedTaxColumns {
  return {
    vendor_gstin: row.vendor_gstin,
    vendor_state_code: row.vendor_state_code,
    vendor_registration_type: row.vendor_registration_type,
    input_tax_mode: row.input_tax_mode,
  };
}
