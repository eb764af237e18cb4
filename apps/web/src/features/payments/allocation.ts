import { toPaise, type VendorPayables } from '@siteledger/domain';
import { parseDecimalInput } from '../../components/ui/money-field';

/** An open delivery or booking the payment may settle, in the order the form suggests. */
export interface Payable {
  /** `d:<id>` for a delivery, `b:<id>` for a booking. */
  key: string;
  kind: 'delivery' | 'booking';
  id: string;
  date: string;
  label: string | null;
  total: number;
  paid: number;
  due: number;
}

/** The form's key of a delivery (`d:<id>`) or a booking (`b:<id>`). */
export const payableKey = (kind: Payable['kind'], id: string) =>
  `${kind === 'delivery' ? 'd' : 'b'}:${id}`;

/** Deliveries and bookings together, oldest first (deliveries first on the same day). */
export function payablesOf(data: VendorPayables | undefined): Payable[] {
  if (!data) return [];
  const deliveries: Payable[] = data.deliveries.map((d) => ({
    key: payableKey('delivery', d.id),
    kind: 'delivery',
    id: d.id,
    date: d.delivery_date,
    label: d.delivery_reference,
    total: d.total_amount,
    paid: d.paid_amount,
    due: d.due,
  }));
  const bookings: Payable[] = data.service_bookings.map((b) => ({
    key: payableKey('booking', b.id),
    kind: 'booking',
    id: b.id,
    date: b.start_date,
    label: b.service_name,
    total: b.total_amount,
    paid: b.paid_amount,
    due: b.due,
  }));
  return [...deliveries, ...bookings].sort((a, b) => a.date.localeCompare(b.date));
}

/** Paise of a typed amount; empty or invalid → 0. */
export function paiseOf(text: string): number {
  const value = parseDecimalInput(text);
  return value === undefined || !Number.isFinite(value) || value < 0 ? 0 : toPaise(value);
}

/** Paise → the text a money input shows ("1234.5"); 0 → ''. */
export function inputOf(paise: number): string {
  if (paise <= 0) return '';
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return rest === 0 ? String(rupees) : `${rupees}.${String(rest).padStart(2, '0')}`;
}

/** The live summary of the form, all in paise. */
export interface PaymentSummary {
  amount: number;
  credit: number;
  account: number;
  allocated: number;
  unallocated: number;
}
