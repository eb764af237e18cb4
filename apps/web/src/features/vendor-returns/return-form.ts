import {
  returnRateAbovePurchase,
  checkReturnQuantity,
  formatInr,
  returnLineAmountPaise,
  toMilli,
  toPaise,
  toRupees,
  type ItemCondition,
  type RefundMethod,
  type GstSplit,
  type ReturnableItem,
  type ReturnReason,
  type VendorReturnCreate,
} from '@siteledger/domain';
import type { TFunction } from 'i18next';
import { isApiError } from '../../lib/api-client';
import { isIsoDate } from '../../components/ui/date-field';
import { moneySchema, parseDecimalInput } from '../../components/ui/money-field';
import { quantitySchema } from '../../components/ui/quantity-field';
import { addHeads, gstOf, NO_GST, reversedHeads } from './return-gst';

/** The four steps of the create-return form (spec part 2). */
export const STEPS = ['items', 'details', 'refund', 'confirm'] as const;
export type RefundChoice = 'none' | 'monetary' | 'credit' | 'split';
export const REFUND_CHOICES: readonly RefundChoice[] = ['none', 'monetary', 'credit', 'split'];

export interface LineDraft {
  selected: boolean;
  quantity: string;
  rate: string;
  condition: ItemCondition | '';
}

export interface ReturnDraft {
  vendor: string;
  lines: Record<string, LineDraft>;
  returnDate: string;
  reason: ReturnReason | '';
  notes: string;
  /** The supplier's credit note for these goods (issue 40). */
  creditNoteNumber: string;
  creditNoteDate: string;
  refundType: RefundChoice;
  account: string;
  method: RefundMethod | '';
  amount: string;
  refundDate: string;
  reference: string;
  creditAmount: string;
  creditReference: string;
  creditExpiry: string;
}

/**
 * Field errors, keyed by the form's own names (`line.<deliveryItem>.quantity`, `reason`,
 * `amount` …). A value is an i18n key, or `{ text }` for a message already in the reader's language.
 */
export type FormError =
  string | { key: string; values: Record<string, string | number> } | { text: string };
export type FormErrors = Record<string, FormError>;

/** A form error in the reader's language. */
export function errorText(t: TFunction, error: FormError | undefined): string | undefined {
  if (error === undefined) return undefined;
  if (typeof error === 'string') return t(error);
  return 'text' in error ? error.text : t(error.key, error.values);
}

export function emptyDraft(today: string): ReturnDraft {
  return {
    vendor: '',
    lines: {},
    returnDate: today,
    reason: '',
    notes: '',
    creditNoteNumber: '',
    creditNoteDate: '',
    refundType: 'none',
    account: '',
    method: '',
    amount: '',
    refundDate: today,
    reference: '',
    creditAmount: '',
    creditReference: '',
    creditExpiry: '',
  };
}

/** A line as first offered: not selected, quantity empty, rate = the delivery line's unit price. */
export function lineDraftFor(row: ReturnableItem): LineDraft {
  return { selected: false, quantity: '', rate: String(row.line.unit_price), condition: '' };
}

const num = (text: string) => parseDecimalInput(text);
const money = moneySchema();
const positiveMoney = moneySchema({ positive: true });
const quantity = quantitySchema();

function problem(schema: typeof money, text: string): string | null {
  const result = schema.safeParse(num(text));
  return result.success ? null : (result.error.issues[0]?.message ?? 'kit.validation.number');
}

/** The chosen lines, in the order the server listed them. */
export function selectedRows(draft: ReturnDraft, rows: readonly ReturnableItem[]) {
  return rows.filter((row) => draft.lines[row.delivery_item]?.selected);
}

/** Σ quantity × rate, each line rounded to the paisa (a preview; the server's total is saved). */
export function totalPaise(draft: ReturnDraft, rows: readonly ReturnableItem[]): number {
  let total = 0;
  for (const row of selectedRows(draft, rows)) {
    const line = draft.lines[row.delivery_item];
    const q = num(line?.quantity ?? '');
    const r = num(line?.rate ?? '');
    if (q !== undefined && r !== undefined && Number.isFinite(q) && Number.isFinite(r) && q > 0)
      total += returnLineAmountPaise(q, r);
  }
  return total;
}

export function lineAmountPaise(line: LineDraft | undefined): number | null {
  const q = num(line?.quantity ?? '');
  const r = num(line?.rate ?? '');
  if (q === undefined || r === undefined || !Number.isFinite(q) || !Number.isFinite(r)) return null;
  return returnLineAmountPaise(q, r);
}

/** The GST a chosen line reverses (paise): its amount at the delivery line's rate and split. */
export function lineGst(row: ReturnableItem, line: LineDraft | undefined): GstSplit {
  const amount = lineAmountPaise(line);
  return amount === null || amount <= 0 ? NO_GST : reversedHeads(amount, row.line);
}

/** Σ of the chosen lines' reversed GST (a preview, split per line as the server does). */
export function gstPaise(draft: ReturnDraft, rows: readonly ReturnableItem[]): GstSplit {
  return selectedRows(draft, rows).reduce(
    (sum, row) => addHeads(sum, lineGst(row, draft.lines[row.delivery_item])),
    NO_GST,
  );
}

/** What the vendor owes back: the value plus the GST it reverses (the refunds' ceiling). */
export function owedTotalPaise(draft: ReturnDraft, rows: readonly ReturnableItem[]): number {
  return totalPaise(draft, rows) + gstOf(gstPaise(draft, rows));
}

export function validateItems(draft: ReturnDraft, rows: readonly ReturnableItem[]): FormErrors {
  const errors: FormErrors = {};
  if (!draft.vendor) errors.vendor = 'vendorReturns.validation.vendorRequired';
  const chosen = selectedRows(draft, rows);
  if (draft.vendor && chosen.length === 0) errors.lines = 'vendorReturns.validation.linesRequired';
  for (const row of chosen) {
    const line = draft.lines[row.delivery_item];
    const key = `line.${row.delivery_item}`;
    const q = problem(quantity, line?.quantity ?? '');
    if (q) errors[`${key}.quantity`] = q;
    else {
      const found = checkReturnQuantity(
        toMilli(num(line?.quantity ?? '') ?? 0),
        toMilli(row.delivered),
        toMilli(row.returned),
      );
      if (found?.code === 'ALREADY_FULLY_RETURNED')
        errors[`${key}.quantity`] = 'vendorReturns.validation.fullyReturned';
      else if (found)
        errors[`${key}.quantity`] = {
          key: 'vendorReturns.validation.quantityExceeded',
          values: { available: row.available, returned: row.returned },
        };
    }
    const r = problem(money, line?.rate ?? '');
    if (r) errors[`${key}.rate`] = r;
    else if (
      returnRateAbovePurchase(toPaise(num(line?.rate ?? '') ?? 0), toPaise(row.line.unit_price))
    )
      // Issue 40: a price difference is a separate debit note, not a return.
      errors[`${key}.rate`] = {
        key: 'vendorReturns.validation.rateAbovePurchase',
        values: { rate: formatInr(toPaise(row.line.unit_price)) },
      };
    if (!line?.condition) errors[`${key}.condition`] = 'vendorReturns.validation.conditionRequired';
  }
  return errors;
}

export function validateDetails(draft: ReturnDraft): FormErrors {
  const errors: FormErrors = {};
  if (!isIsoDate(draft.returnDate)) errors.returnDate = 'kit.validation.date';
  if (!draft.reason) errors.reason = 'vendorReturns.validation.reasonRequired';
  return errors;
}

/** `owed`: what the vendor owes back (value + GST, paise); money and credit together stay within it. */
export function validateRefund(draft: ReturnDraft, owed: number): FormErrors {
  const errors: FormErrors = {};
  const type = draft.refundType;
  if (type === 'none') return errors;
  const amount = problem(positiveMoney, draft.amount);
  if (amount) errors.amount = amount;
  if (!isIsoDate(draft.refundDate)) errors.refundDate = 'kit.validation.date';
  if (type !== 'credit') {
    if (!draft.account) errors.account = 'vendorReturns.validation.accountRequired';
    if (!draft.method) errors.method = 'vendorReturns.validation.methodRequired';
  }
  let sum = amount ? 0 : toPaise(num(draft.amount) ?? 0);
  if (type === 'split') {
    const credit = problem(positiveMoney, draft.creditAmount);
    if (credit) errors.creditAmount = credit;
    else sum += toPaise(num(draft.creditAmount) ?? 0);
  }
  if (type !== 'monetary' && draft.creditExpiry) {
    if (!isIsoDate(draft.creditExpiry)) errors.creditExpiry = 'kit.validation.date';
    else if (draft.creditExpiry < draft.refundDate)
      errors.creditExpiry = 'vendorReturns.validation.expiryBeforeIssue';
  }
  if (!errors.amount && !errors.creditAmount && sum > owed)
    errors[type === 'split' ? 'creditAmount' : 'amount'] = {
      key: 'vendorReturns.validation.refundAboveTotal',
      values: { total: formatInr(owed) },
    };
  return errors;
}

const orNull = (text: string) => text.trim() || null;

/** The supplier's credit note, sent only when typed. */
function supplierCreditNote(draft: ReturnDraft) {
  return {
    ...(draft.creditNoteNumber.trim()
      ? { supplier_credit_note_number: draft.creditNoteNumber.trim() }
      : {}),
    ...(draft.creditNoteDate ? { supplier_credit_note_date: draft.creditNoteDate } : {}),
  };
}

/** The one POST body: lines, details and the optional refund. */
export function buildBody(draft: ReturnDraft, rows: readonly ReturnableItem[]): VendorReturnCreate {
  const type = draft.refundType;
  return {
    vendor: draft.vendor,
    return_date: draft.returnDate,
    reason: draft.reason as ReturnReason,
    notes: orNull(draft.notes),
    ...supplierCreditNote(draft),
    items: selectedRows(draft, rows).map((row) => {
      const line = draft.lines[row.delivery_item];
      return {
        delivery_item: row.delivery_item,
        quantity_returned: num(line?.quantity ?? '') ?? 0,
        return_rate: num(line?.rate ?? '') ?? 0,
        condition: line?.condition as ItemCondition,
      };
    }),
    refund:
      type === 'none'
        ? null
        : {
            type,
            method: type === 'credit' ? null : (draft.method as RefundMethod),
            account: type === 'credit' ? null : draft.account,
            amount: num(draft.amount) ?? 0,
            refund_date: draft.refundDate,
            reference: type === 'credit' ? null : orNull(draft.reference),
            credit_amount: type === 'split' ? (num(draft.creditAmount) ?? null) : null,
            credit_note_reference: type === 'monetary' ? null : orNull(draft.creditReference),
            credit_note_expiry: type === 'monetary' ? null : draft.creditExpiry || null,
          },
  };
}

/** The default refund amount: all that is owed back (split: all of it as money, credit 0 until typed). */
export const rupeesText = (paise: number) => String(toRupees(paise));

const DETAIL_FIELDS: Record<string, string> = {
  return_date: 'returnDate',
  reason: 'reason',
  notes: 'notes',
  supplier_credit_note_number: 'creditNoteNumber',
  supplier_credit_note_date: 'creditNoteDate',
};
const REFUND_FIELDS: Record<string, string> = {
  account: 'account',
  method: 'method',
  amount: 'amount',
  refund_date: 'refundDate',
  reference: 'reference',
  credit_amount: 'creditAmount',
  credit_note_reference: 'creditReference',
  credit_note_expiry: 'creditExpiry',
};
const REFUND_CODES = new Set(['REFUND_EXCEEDS_RETURN', 'ACCOUNT_INACTIVE', 'ACCOUNT_REQUIRED']);

/**
 * Maps a refused save onto the form: the step to show and the field messages (server messages are
 * already translated). Returns null when the error belongs to no step (shown at the bottom).
 */
export function serverErrors(
  error: unknown,
  draft: ReturnDraft,
  rows: readonly ReturnableItem[],
): { step: number; errors: FormErrors } | null {
  if (!isApiError(error)) return null;
  const chosen = selectedRows(draft, rows);
  const lineKey = (index: string) => {
    const row = chosen[Number(index)];
    return row ? `line.${row.delivery_item}` : 'lines';
  };
  const text = (message: string) => ({ text: message });
  if (error.code === 'RETURN_QUANTITY_EXCEEDED' || error.code === 'ALREADY_FULLY_RETURNED') {
    const field = typeof error.data.field === 'string' ? error.data.field : '';
    const index = /^items\.(\d+)\./.exec(field)?.[1];
    const key = index === undefined ? 'lines' : `${lineKey(index)}.quantity`;
    return { step: 0, errors: { [key]: text(error.message) } };
  }
  if (error.code === 'STOCK_WOULD_GO_NEGATIVE') {
    // Goods already used cannot go back: the message goes under that item's quantity.
    const row = chosen.find((r) => r.line.item === error.data.item);
    const key = row ? `line.${row.delivery_item}.quantity` : 'lines';
    return { step: 0, errors: { [key]: text(error.message) } };
  }
  if (REFUND_CODES.has(error.code)) {
    const key = error.code === 'REFUND_EXCEEDS_RETURN' ? 'amount' : 'account';
    return { step: 2, errors: { [key]: text(error.message) } };
  }
  if (error.code !== 'VALIDATION_FAILED') return null;
  const found: { step: number; errors: FormErrors } = { step: 3, errors: {} };
  for (const [path, entry] of Object.entries(error.data)) {
    const message =
      typeof entry === 'object' && entry !== null && 'message' in entry
        ? String((entry as { message: unknown }).message)
        : error.message;
    let step = 3;
    let key = 'form';
    const item = /^items\.(\d+)\.(\w+)/.exec(path);
    if (item) {
      step = 0;
      const field =
        item[2] === 'return_rate' ? 'rate' : item[2] === 'condition' ? 'condition' : 'quantity';
      key = `${lineKey(item[1] ?? '')}.${field}`;
    } else if (path === 'vendor' || path === 'items') {
      step = 0;
      key = path === 'vendor' ? 'vendor' : 'lines';
    } else if (DETAIL_FIELDS[path]) {
      step = 1;
      key = DETAIL_FIELDS[path];
    } else if (path.startsWith('refund')) {
      step = 2;
      key = REFUND_FIELDS[path.replace(/^refund\.?/, '')] ?? 'amount';
    }
    found.errors[key] = text(message);
    found.step = Math.min(found.step, step);
  }
  return found;
}
