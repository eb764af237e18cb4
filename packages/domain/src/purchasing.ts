/**
 * Material requests and purchase orders (API.md "Material requests and purchase orders"): the
 * statuses, which action may leave which status, the financial year of a PO number, the
 * over-receipt limit and a PO's status from its quantities. The server enforces these; the web
 * app reads the same functions to explain them.
 */

export const MATERIAL_REQUEST_STATUSES = [
  'draft',
  'submitted',
  'approved',
  'rejected',
  'ordered',
  'closed',
] as const;
export type MaterialRequestStatus = (typeof MATERIAL_REQUEST_STATUSES)[number];

export const PURCHASE_ORDER_STATUSES = [
  'draft',
  'issued',
  'partially_received',
  'received',
  'closed',
  'cancelled',
] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

/**
 * The orders goods are still to arrive against ("To be delivered"): issued or partly received.
 * Lists ask for them with `status=` these joined by commas (`statusFilter`).
 */
export const OPEN_PURCHASE_ORDER_STATUSES = [
  'issued',
  'partially_received',
] as const satisfies readonly PurchaseOrderStatus[];

/** A request waiting for the owner's decision. */
export const WAITING_MATERIAL_REQUEST_STATUS = 'submitted' satisfies MaterialRequestStatus;

/** Several statuses as one list filter: `status=issued,partially_received`. */
export function statusFilter(statuses: readonly string[]): string {
  return statuses.join(',');
}

export type MaterialRequestAction = 'submit' | 'approve' | 'reject' | 'close' | 'edit' | 'order';
export type PurchaseOrderAction = 'issue' | 'cancel' | 'close' | 'edit' | 'edit_lines' | 'receive';

/** The statuses each action may start from. */
export const MATERIAL_REQUEST_FROM: Record<
  MaterialRequestAction,
  readonly MaterialRequestStatus[]
> = {
  /** A rejected request, changed, may be sent again (issue 38). */
  submit: ['draft', 'rejected'],
  approve: ['submitted', 'rejected'],
  reject: ['submitted'],
  close: ['approved', 'ordered'],
  /** Lines and notes change while the requester still holds the request, or after a rejection. */
  edit: ['draft', 'submitted', 'rejected'],
  /** A purchase order may be raised against it. */
  order: ['approved', 'ordered'],
};

export const PURCHASE_ORDER_FROM: Record<PurchaseOrderAction, readonly PurchaseOrderStatus[]> = {
  issue: ['draft'],
  /** Only while nothing was received: an order with receipts is refused as such (close it). */
  cancel: ['draft', 'issued', 'partially_received', 'received'],
  close: ['issued', 'partially_received', 'received'],
  /** Header fields (dates, terms, notes). */
  edit: ['draft', 'issued', 'partially_received', 'received'],
  /** Vendor and lines: any change in a draft; in an issued PO, never below what was received. */
  edit_lines: ['draft', 'issued', 'partially_received', 'received'],
  /** A delivery line may be received against it. */
  receive: ['issued', 'partially_received', 'received'],
};

export function materialRequestMay(
  action: MaterialRequestAction,
  status: string,
): status is MaterialRequestStatus {
  return (MATERIAL_REQUEST_FROM[action] as readonly string[]).includes(status);
}

export function purchaseOrderMay(
  action: PurchaseOrderAction,
  status: string,
): status is PurchaseOrderStatus {
  return (PURCHASE_ORDER_FROM[action] as readonly string[]).includes(status);
}

/**
 * The Indian financial year (April–March) of a business date, as PO numbers print it:
 * 2026-11-27 → "2026-27", 2027-03-31 → "2026-27", 2027-04-01 → "2027-28".
 */
export function financialYear(date: string): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** `PO/2026-27/0001`: per site and financial year, consecutive from 1. */
export function purchaseOrderNumber(financialYearLabel: string, sequence: number): string {
  return `PO/${financialYearLabel}/${String(sequence).padStart(4, '0')}`;
}

/**
 * The most that may be received against an ordered quantity (both in thousandths of a unit), with
 * the site's tolerance in hundredths of a percent (500 = 5 %); rounded down, so a tolerance
 * never lets in more than it says.
 */
export function receiptLimit(orderedMilli: number, tolerance: number): number {
  return Math.floor((orderedMilli * (10_000 + tolerance)) / 10_000);
}

/**
 * An open PO's status from its lines: nothing received → issued; every line received in full →
 * received; otherwise partially received. Draft, closed and cancelled POs keep theirs.
 */
export function receivedStatus(
  current: PurchaseOrderStatus,
  lines: readonly { quantity: number; received_quantity: number }[],
): PurchaseOrderStatus {
  if (!purchaseOrderMay('receive', current)) return current;
  if (lines.every((line) => line.received_quantity <= 0)) return 'issued';
  if (lines.every((line) => line.received_quantity >= line.quantity)) return 'received';
  return 'partially_received';
}

/**
 * What is still to come on a line (never negative: an over-receipt leaves nothing pending), kept
 * to 3 decimals so unit quantities carry no float noise (1.1 − 0.3 is 0.8, not 0.8000000000000002).
 */
export function pendingQuantity(line: { quantity: number; received_quantity: number }): number {
  const pending = Math.round((line.quantity - line.received_quantity) * 1000) / 1000;
  return Math.max(0, pending);
}

/**
 * A request's status once purchase orders changed what is ordered: approved ↔ ordered as every
 * line is covered or not; other statuses stay.
 */
export function orderedStatus(
  current: MaterialRequestStatus,
  lines: readonly { quantity: number; ordered_quantity: number }[],
): MaterialRequestStatus {
  if (current !== 'approved' && current !== 'ordered') return current;
  const covered = lines.length > 0 && lines.every((l) => l.ordered_quantity >= l.quantity);
  return covered ? 'ordered' : 'approved';
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const unit = n % 10;
  return unit === 0 ? TENS[Math.floor(n / 10)]! : `${TENS[Math.floor(n / 10)]}-${ONES[unit]}`;
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds > 0) parts.push(`${ONES[hundreds]} Hundred`);
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(' ');
}

/** A whole number in words with Indian grouping: crore, lakh, thousand, hundred. */
export function numberInWordsIndian(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Not a count: ${value}`);
  if (value === 0) return 'Zero';
  const crores = Math.floor(value / 10_000_000);
  const lakhs = Math.floor((value % 10_000_000) / 100_000);
  const thousands = Math.floor((value % 100_000) / 1000);
  const rest = value % 1000;
  const parts: string[] = [];
  // Above 99 crore the crore count itself is read in Indian words ("One Hundred Crore").
  if (crores > 0) parts.push(`${numberInWordsIndian(crores)} Crore`);
  if (lakhs > 0) parts.push(`${belowHundred(lakhs)} Lakh`);
  if (thousands > 0) parts.push(`${belowHundred(thousands)} Thousand`);
  if (rest > 0) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/**
 * An amount in paise as a document prints it: 12345678 →
 * "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only".
 */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Not an amount: ${paise}`);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const whole = `Rupees ${numberInWordsIndian(rupees)}`;
  return rest > 0 ? `${whole} and ${belowHundred(rest)} Paise Only` : `${whole} Only`;
}
