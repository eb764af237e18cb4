import {
  checkCreditNoteAmount,
  creditNoteUsedPaise,
  toPaise,
  zCreditNoteCreate,
  type CreditNote,
  type CreditNoteUpdate,
} from '@siteledger/domain';
import { z } from 'zod';
import { dateSchema } from '../../components/ui/date-field';
import { moneySchema } from '../../components/ui/money-field';
import { formText } from '../../lib/form-schema';
import { checkGstForm, creditNoteGstShape } from './credit-note-gst-form';

/** The add/edit form (messages are i18n keys). In edit mode the vendor is shown, not sent. */
export const creditNoteSchema = z
  .object({
    vendor: z.string().min(1, 'vendorReturns.validation.vendorRequired'),
    // Required without GST; with GST it is taxable + tax (credit-note-gst-form.ts, issue 40).
    credit_amount: moneySchema({ positive: true }).optional(),
    issue_date: dateSchema(),
    expiry_date: dateSchema({ optional: true }),
    reference: formText(zCreditNoteCreate.shape.reference),
    reason: formText(zCreditNoteCreate.shape.reason),
    ...creditNoteGstShape,
  })
  .refine((v) => !v.expiry_date || !v.issue_date || v.expiry_date >= v.issue_date, {
    message: 'vendorReturns.validation.expiryBeforeIssue',
    path: ['expiry_date'],
  })
  .superRefine(checkGstForm);
export type CreditNoteFormInput = z.input<typeof creditNoteSchema>;
export type CreditNoteFormValues = z.output<typeof creditNoteSchema>;

type NoteFigures = Pick<CreditNote, 'credit_amount' | 'balance'>;

/** What payments have used of the note (paise): the lowest amount it may be given. */
export function usedPaiseOf(note: NoteFigures): number {
  return creditNoteUsedPaise({
    credit_amount: toPaise(note.credit_amount),
    balance: toPaise(note.balance),
  });
}

/**
 * The domain's rule, before sending: an amount below what payments used is refused (the server
 * answers 409 CREDIT_NOTE_AMOUNT_BELOW_USED). Returns the used paise when refused, else null.
 */
export function amountBelowUsed(note: NoteFigures, amountRupees: number): number | null {
  return checkCreditNoteAmount(toPaise(amountRupees), usedPaiseOf(note))?.usedPaise ?? null;
}

/** The balance the note will have at this amount (paise): amount − used. */
export function balanceAfterPaise(note: NoteFigures, amountRupees: number): number {
  return toPaise(amountRupees) - usedPaiseOf(note);
}

/** The PATCH body: only the fields that changed (an empty object when nothing did). */
export function creditNoteChanges(
  note: Pick<CreditNote, 'credit_amount' | 'issue_date' | 'expiry_date' | 'reference' | 'reason'>,
  values: CreditNoteFormValues,
): CreditNoteUpdate {
  const changes: CreditNoteUpdate = {};
  if (
    values.credit_amount !== undefined &&
    toPaise(values.credit_amount) !== toPaise(note.credit_amount)
  )
    changes.credit_amount = values.credit_amount;
  if (values.issue_date && values.issue_date !== note.issue_date)
    changes.issue_date = values.issue_date;
  const expiry = values.expiry_date ?? null;
  if (expiry !== note.expiry_date) changes.expiry_date = expiry;
  const reference = values.reference || null;
  if (reference !== note.reference) changes.reference = reference;
  const reason = values.reason || null;
  if (reason !== note.reason) changes.reason = reason;
  return changes;
}
