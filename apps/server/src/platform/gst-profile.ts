import { gstinState, type RegistrationType } from '@siteledger/domain';
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
