import {
  zAllocationExceedsDueData,
  zFieldErrorsData,
  type PaymentCreate,
} from '@siteledger/domain';
import { isApiError } from '../../lib/api-client';

const TOP_FIELDS = ['vendor', 'account', 'amount', 'payment_date', 'reference', 'notes'];

type Lists = Pick<
  PaymentCreate,
  'delivery_allocations' | 'service_booking_allocations' | 'credit_note_allocations'
>;

/**
 * A 400 VALIDATION_FAILED answer to POST or PATCH …/payments → messages keyed the way the form
 * shows them: top fields by name, allocation rows by `d:<id>` / `b:<id>`, credit notes by id (the
 * server names rows by their index in the body that was sent), anything else under `form`.
 */
export function paymentFieldErrors(error: unknown, body: Lists): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isApiError(error)) return out;
  const parsed = zFieldErrorsData.safeParse(error.data);
  if (!parsed.success) return { form: error.message };
  for (const [path, entry] of Object.entries(parsed.data)) {
    const message = entry.message;
    const [head, index] = path.split('.');
    const i = Number(index);
    if (head && TOP_FIELDS.includes(head) && index === undefined) out[head] = message;
    else if (head === 'delivery_allocations') {
      const id = body.delivery_allocations?.[i]?.delivery;
      out[id ? `d:${id}` : 'allocations'] = message;
    } else if (head === 'service_booking_allocations') {
      const id = body.service_booking_allocations?.[i]?.service_booking;
      out[id ? `b:${id}` : 'allocations'] = message;
    } else if (head === 'credit_note_allocations') {
      out[body.credit_note_allocations?.[i]?.credit_note ?? 'credits'] = message;
    } else out.form = message;
  }
  return out;
}

/**
 * The form key a 400 ALLOCATION_EXCEEDS_DUE belongs under: the row of the delivery (`d:<id>`) or
 * booking (`b:<id>`) whose due it passes, or the allocations as a whole (their total is above
 * the payment amount).
 */
export function allocationErrorKey(error: unknown): string | null {
  if (!isApiError(error) || error.code !== 'ALLOCATION_EXCEEDS_DUE') return null;
  const parsed = zAllocationExceedsDueData.safeParse(error.data);
  if (!parsed.success) return 'allocations';
  if (parsed.data.delivery) return `d:${parsed.data.delivery}`;
  if (parsed.data.service_booking) return `b:${parsed.data.service_booking}`;
  return 'allocations';
}
