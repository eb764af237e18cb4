import { gstinState, rateFromStored, splitGst, type RegistrationType } from '@siteledger/domain';
import type { Executor } from '../db/executor.js';
import { vendorAsNow } from '../db/recorded-tax-refs.js';
import { AppError } from './errors.js';

function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', { [field]: { code: 'custom', message } });
}

/**
 * The state code a site or vendor keeps (API.md "GST"): a GSTIN's own when there is one — a
 * different state sent beside it is refused rather than silently dropped — else the one typed.
 */
export function stateFor(gstin: string | null, typed: string | null | undefined): string | null {
  if (gstin) {
    const state = gstinState(gstin);
    if (typed && typed !== state) {
      throw invalid('state_code', `State must be the GSTIN's (${state})`);
    }
    return state;
  }
  return typed ?? null;
}

/**
 * A vendor's registration: regular by default with a GSTIN, unregistered without one. A
 * registered vendor (regular or composition) has a GSTIN; an unregistered one has none.
 * `kept` is the stored type on an update where the client did not send one.
 */
export function registrationFor(
  gstin: string | null,
  sent: RegistrationType | undefined,
  kept?: RegistrationType,
): RegistrationType {
  if (sent === undefined) {
    if (!gstin) return 'unregistered';
    return kept && kept !== 'unregistered' ? kept : 'regular';
  }
  if (sent === 'unregistered' && gstin) {
    throw invalid('registration_type', 'A vendor with a GSTIN is registered');
  }
  if (sent !== 'unregistered' && !gstin) {
    throw invalid('registration_type', 'A registered vendor needs a GSTIN');
  }
  return sent;
}

/** Where a bill's tax goes (API.md "GST"): the vendor's state against the place of supply. */
export interface TaxPlace {
  vendorState: string | null;
  /** Only a regular vendor charges GST; composition and unregistered vendors charge none. */
  regular: boolean;
  /** The delivery's place of supply, else the site's state; null when neither is known. */
  placeOfSupply: string | null;
  /**
   * Reverse charge (issue 40 item 10): the site pays the tax, so a vendor that charges none
   * (unregistered, composition) may still have a rate; its typed state decides the split.
   */
  reverseCharge?: boolean;
}

export interface Heads {
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
}

export const NO_TAX: Heads = { cgst_amount: 0, sgst_amount: 0, igst_amount: 0 };

export async function loadTaxPlace(
  db: Executor,
  siteId: string,
  vendorId: string,
  placeOfSupply: string | null | undefined,
  reverseCharge = false,
): Promise<TaxPlace> {
  const parties = await vendorAsNow(db, siteId, vendorId);
  return {
    vendorState: parties?.vendor_state_code ?? null,
    regular: parties?.vendor_registration_type === 'regular',
    placeOfSupply: placeOfSupply || parties?.site_state || null,
    reverseCharge,
  };
}

/**
 * A line's CGST/SGST or IGST on its taxable value (paise) at a stored rate (hundredths of a
 * percent), rounded per line; `field` names the line's rate in a refusal.
 */
export function lineHeads(
  taxable: number,
  rate: number | null,
  place: TaxPlace,
  field: string,
): Heads {
  if (rate === null || rate === 0) return NO_TAX;
  if (!place.regular && !place.reverseCharge) {
    throw invalid(field, 'Only a regular GST-registered vendor charges GST: set the rate to none');
  }
  if (!place.vendorState) throw invalid(field, "Set the vendor's state before charging GST");
  if (!place.placeOfSupply) {
    throw invalid(field, "Set the site's state or the place of supply before charging GST");
  }
  const split = splitGst(taxable, rateFromStored(rate), place.vendorState === place.placeOfSupply);
  return { cgst_amount: split.cgst, sgst_amount: split.sgst, igst_amount: split.igst };
}
