import {
  availableMilli,
  checkReturnQuantity,
  fromMilli,
  returnedWithoutOwnMilli,
  returnLineAmountPaise,
  toMilli,
  toPaise,
  type GstSplit,
  type ItemCondition,
  type Returnable,
  type ReturnReason,
  type VendorReturn,
  type VendorReturnLineUpdate,
  type VendorReturnUpdate,
} from '@siteledger/domain';
import { isIsoDate } from '../../components/ui/date-field';
import { moneySchema, parseDecimalInput } from '../../components/ui/money-field';
import { quantitySchema } from '../../components/ui/quantity-field';
import { isApiError } from '../../lib/api-client';
import type { FormErrors } from './return-form';
import { addHeads, NO_GST, reversedHeads } from './return-gst';

/**
 * Correcting a return before a refund (issue 18): its date, reason and notes, and each line's
 * quantity, rate, condition and notes. Errors are keyed `returnDate`, `reason`, `notes` and
 * `line.<return line id>.<quantity|rate|condition|notes>`, as the create form keys them.
 */
export interface EditLineDraft {
  id: string;
  deliveryItem: string;
  quantity: string;
  rate: string;
  condition: ItemCondition;
  notes: string;
}

export interface ReturnEditDraft {
  returnDate: string;
  reason: ReturnReason;
  notes: string;
  /** The supplier's credit note (issue 40). */
  creditNoteNumber: string;
  creditNoteDate: string;
  lines: EditLineDraft[];
}

export function editDraftFor(record: VendorReturn): ReturnEditDraft {
  return {
    returnDate: record.return_date,
    reason: record.reason,
    notes: record.notes ?? '',
    creditNoteNumber: record.supplier_credit_note_number ?? '',
    creditNoteDate: record.supplier_credit_note_date ?? '',
    lines: record.items.map((line) => ({
      id: line.id,
      deliveryItem: line.delivery_item,
      quantity: String(line.quantity_returned),
      rate: String(line.return_rate),
      condition: line.condition,
      notes: line.item_notes ?? '',
    })),
  };
}

const num = (text: string) => parseDecimalInput(text);
const quantity = quantitySchema();
const money = moneySchema();

function problem(schema: typeof money, text: string): string | null {
  const result = schema.safeParse(num(text));
  return result.success ? null : (result.error.issues[0]?.message ?? 'kit.validation.number');
}

/**
 * The most this return's line may hold (units): delivered − what other returns hold. The line's
 * `returned` includes this return's own quantity while the return counts; that part is freed.
 */
export function maxForLine(returnable: Returnable, ownQuantity: number, status: string): number {
  const others = returnedWithoutOwnMilli(
    toMilli(returnable.returned),
    toMilli(ownQuantity),
    status,
  );
  return fromMilli(availableMilli(toMilli(returnable.delivered), others));
}

/** Checks the draft with the domain's quantity rule; returnables by delivery line id. */
export function validateEdit(
  draft: ReturnEditDraft,
  record: VendorReturn,
  returnables: ReadonlyMap<string, Returnable>,
): FormErrors {
  const errors: FormErrors = {};
  if (!isIsoDate(draft.returnDate)) errors.returnDate = 'kit.validation.date';
  const own = new Map(record.items.map((line) => [line.id, line.quantity_returned]));
  for (const line of draft.lines) {
    const key = `line.${line.id}`;
    const q = problem(quantity, line.quantity);
    const known = returnables.get(line.deliveryItem);
    if (q) errors[`${key}.quantity`] = q;
    else if (known) {
      const others = returnedWithoutOwnMilli(
        toMilli(known.returned),
        toMilli(own.get(line.id) ?? 0),
        record.status,
      );
      const found = checkReturnQuantity(
        toMilli(num(line.quantity) ?? 0),
        toMilli(known.delivered),
        others,
      );
      if (found?.code === 'ALREADY_FULLY_RETURNED')
        errors[`${key}.quantity`] = 'vendorReturns.validation.fullyReturned';
      else if (found)
        errors[`${key}.quantity`] = {
          key: 'vendorReturns.validation.quantityExceeded',
          values: {
            available: fromMilli(availableMilli(toMilli(known.delivered), others)),
            returned: fromMilli(others),
          },
        };
    }
    const r = problem(money, line.rate);
    if (r) errors[`${key}.rate`] = r;
  }
  return errors;
}

/** Σ quantity × rate of the draft, each line rounded to the paisa (null while a line is unreadable). */
export function editTotalPaise(draft: ReturnEditDraft): number | null {
  let total = 0;
  for (const line of draft.lines) {
    const q = num(line.quantity);
    const r = num(line.rate);
    if (q === undefined || r === undefined || !Number.isFinite(q) || !Number.isFinite(r))
      return null;
    total += returnLineAmountPaise(q, r);
  }
  return total;
}

/**
 * The GST the corrected lines reverse (paise), each at its delivery line's rate and split as the
 * server does; null while a line is unreadable. The record's lines carry the delivery lines.
 */
export function editGstPaise(draft: ReturnEditDraft, record: VendorReturn): GstSplit | null {
  const byId = new Map(record.items.map((line) => [line.id, line.expand?.delivery_item]));
  let sum = NO_GST;
  for (const line of draft.lines) {
    const q = num(line.quantity);
    const r = num(line.rate);
    if (q === undefined || r === undefined || !Number.isFinite(q) || !Number.isFinite(r))
      return null;
    sum = addHeads(sum, reversedHeads(returnLineAmountPaise(q, r), byId.get(line.id)));
  }
  return sum;
}

/** The PATCH body: header fields and lines that changed, nothing else. */
export function editBody(draft: ReturnEditDraft, record: VendorReturn): VendorReturnUpdate {
  const body: VendorReturnUpdate = {};
  if (draft.returnDate !== record.return_date) body.return_date = draft.returnDate;
  if (draft.reason !== record.reason) body.reason = draft.reason;
  const notes = draft.notes.trim() || null;
  if (notes !== record.notes) body.notes = notes;
  const noteNumber = draft.creditNoteNumber.trim() || null;
  if (noteNumber !== record.supplier_credit_note_number)
    body.supplier_credit_note_number = noteNumber;
  const noteDate = draft.creditNoteDate || null;
  if (noteDate !== record.supplier_credit_note_date) body.supplier_credit_note_date = noteDate;
  const before = new Map(record.items.map((line) => [line.id, line]));
  const items: VendorReturnLineUpdate[] = [];
  for (const line of draft.lines) {
    const old = before.get(line.id);
    if (!old) continue;
    const change: VendorReturnLineUpdate = { id: line.id };
    const q = num(line.quantity) ?? 0;
    const r = num(line.rate) ?? 0;
    if (toMilli(q) !== toMilli(old.quantity_returned)) change.quantity_returned = q;
    if (toPaise(r) !== toPaise(old.return_rate)) change.return_rate = r;
    if (line.condition !== old.condition) change.condition = line.condition;
    const itemNotes = line.notes.trim() || null;
    if (itemNotes !== old.item_notes) change.item_notes = itemNotes;
    if (Object.keys(change).length > 1) items.push(change);
  }
  if (items.length > 0) body.items = items;
  return body;
}

const LINE_FIELDS: Record<string, string> = {
  quantity_returned: 'quantity',
  return_rate: 'rate',
  condition: 'condition',
  item_notes: 'notes',
};
const HEADER_FIELDS: Record<string, string> = {
  return_date: 'returnDate',
  reason: 'reason',
  notes: 'notes',
  supplier_credit_note_number: 'creditNoteNumber',
  supplier_credit_note_date: 'creditNoteDate',
};

/**
 * A refused save on the form: the server's messages (already in the reader's language) under
 * the fields they name (`items.<i>.…` is the i-th line of the body sent). Null when the error
 * names no field (it is shown above the form).
 */
export function editServerErrors(error: unknown, body: VendorReturnUpdate): FormErrors | null {
  if (!isApiError(error)) return null;
  const lineKey = (index: string | undefined, field: string | undefined) => {
    const id = body.items?.[Number(index)]?.id;
    return id ? `line.${id}.${LINE_FIELDS[field ?? ''] ?? 'quantity'}` : null;
  };
  const text = (message: string) => ({ text: message });
  if (error.code === 'RETURN_QUANTITY_EXCEEDED' || error.code === 'ALREADY_FULLY_RETURNED') {
    const field = typeof error.data.field === 'string' ? error.data.field : '';
    const match = /^items\.(\d+)\.(\w+)/.exec(field);
    const key = lineKey(match?.[1], match?.[2]);
    return key ? { [key]: text(error.message) } : null;
  }
  if (error.code !== 'VALIDATION_FAILED') return null;
  const errors: FormErrors = {};
  for (const [path, entry] of Object.entries(error.data)) {
    const message =
      typeof entry === 'object' && entry !== null && 'message' in entry
        ? String((entry as { message: unknown }).message)
        : error.message;
    const match = /^items\.(\d+)\.(\w+)/.exec(path);
    const key = match ? lineKey(match[1], match[2]) : (HEADER_FIELDS[path] ?? null);
    if (key) errors[key] = text(message);
  }
  return Object.keys(errors).length > 0 ? errors : null;
}
