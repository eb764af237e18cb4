import type { Payment, PaymentCreate, PaymentUpdate } from '@siteledger/domain';
import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { todayIso } from '../../components/ui/date-field';
import { useToast } from '../../components/ui/toast-context';
import { useFormGuard } from '../../components/ui/use-form-guard';
import { errorMessage, isApiError } from '../../lib/api-client';
import { useVendorOptions } from '../../lib/entity-options';
import { formatRupees } from '../../lib/format';
import type { QueueEntry } from '../../lib/offline-queue';
import { isQueued } from '../../lib/offline-queue-hooks';
import { paiseOf } from './allocation';
import { useCreatePayment, usePayables, useUpdatePayment } from './api';
import { allocationErrorKey, paymentFieldErrors } from './payment-errors';
import {
  amountsOf,
  createBody,
  creditProblemOf,
  paymentStartValues,
  remainderOf,
  rowsFor,
  suggestedAllocations,
  suggestedCredits,
  summarize,
  updateBody,
  validatePayment,
  type PaymentFormValues,
  type RowAmounts,
} from './payment-form-values';
import { balanceChangeOf, paymentStart, type BalanceChangedState } from './queued-payment';

/** A new payment (maybe a refused queued one), or the correction of a recorded one. */
export type PaymentFormMode =
  | {
      kind: 'create';
      queued: QueueEntry | null;
      vendorId: string;
      /** Offered when the vendor has an advance: edit that payment instead of paying again. */
      onApplyAdvance?: ((paymentId: string) => void) | undefined;
    }
  | {
      kind: 'edit';
      payment: Payment;
      /** Spread the payment's unallocated remainder onto the dues (`prefer` — `d:<id>` — first). */
      applyAdvance?: { prefer: string | null } | null | undefined;
    };

function startOf(mode: PaymentFormMode) {
  if (mode.kind === 'create') return { ...paymentStart(mode.queued, mode.vendorId), initial: null };
  const { values, amounts } = paymentStartValues(mode.payment);
  return {
    values,
    amounts: amounts as RowAmounts | null,
    manualAllocations: true,
    manualCredits: true,
    errors: {} as Record<string, string>,
    changed: null as BalanceChangedState | null,
    initial: values as PaymentFormValues | null,
  };
}

const isCreate = (body: PaymentCreate | PaymentUpdate): body is PaymentCreate =>
  typeof body.vendor === 'string';

/** State and actions of the one payment form (create and edit); the parts only render it. */
export function usePaymentForm(mode: PaymentFormMode, open: boolean, close: () => void) {
  const { t } = useTranslation();
  const toast = useToast();
  const [start] = useState(() => startOf(mode));
  const [today] = useState(todayIso);
  const form = useForm<PaymentFormValues>({ defaultValues: start.values });
  const { control, getValues, setValue } = form;
  // Asks before typed work is discarded; a new payment's draft survives a reload.
  const guard = useFormGuard(form, {
    open,
    onClose: close,
    draft: mode.kind === 'create' && !mode.queued ? 'payment' : null,
  });
  const deliveries = useFieldArray({ control, name: 'delivery_allocations', keyName: 'key' });
  const bookings = useFieldArray({ control, name: 'service_booking_allocations', keyName: 'key' });
  const credits = useFieldArray({ control, name: 'credit_note_allocations', keyName: 'key' });
  const values = useWatch({ control }) as PaymentFormValues;
  // Only the chosen vendor (its name for the offline queue), never the site's whole list.
  const vendors = useVendorOptions({ selectedIds: [values.vendor], enabled: false });
  const [manual, setManual] = useState({
    allocations: start.manualAllocations,
    credits: start.manualCredits,
  });
  const [errors, setErrors] = useState<Record<string, string>>(start.errors);
  const [formError, setFormError] = useState<string | null>(null);
  const [changed, setChanged] = useState(start.changed);
  const seed = useRef(start.amounts);
  const create = useCreatePayment({
    entryKey: mode.kind === 'create' ? (mode.queued?.key ?? null) : null,
    summarize: (body) => ({
      vendor: vendors.byId(body.vendor)?.name ?? null,
      reference: body.reference ?? null,
      amount: body.amount,
      date: body.payment_date,
    }),
  });
  const update = useUpdatePayment();
  const payment = mode.kind === 'edit' ? mode.payment : null;
  const payables = usePayables(values.vendor, payment?.id);
  const data = payables.data;

  /** Puts rows for every open item back, suggesting where the person has not typed. */
  const fill = (amounts: RowAmounts, which = manual) => {
    const amount = paiseOf(getValues('amount'));
    const a = rowsFor(data, which.allocations ? amounts : suggestedAllocations(data, amount));
    const c = rowsFor(data, which.credits ? amounts : suggestedCredits(data, amount, today));
    // Each replace re-renders the form; an empty list staying empty needs none.
    if (a.delivery_allocations.length || deliveries.fields.length)
      deliveries.replace(a.delivery_allocations);
    if (a.service_booking_allocations.length || bookings.fields.length)
      bookings.replace(a.service_booking_allocations);
    if (c.credit_note_allocations.length || credits.fields.length)
      credits.replace(c.credit_note_allocations);
  };

  // The payables arrived or changed: rebuild the rows, keeping what was typed.
  useEffect(() => {
    if (!data) return;
    let amounts = seed.current ?? amountsOf(getValues());
    if (seed.current && payment && mode.kind === 'edit' && mode.applyAdvance) {
      const extra = suggestedAllocations(
        data,
        remainderOf(payment),
        mode.applyAdvance.prefer,
        amounts,
      );
      amounts = { ...amounts, ...extra };
    }
    seed.current = null;
    fill(amounts);
    // Only new payables rebuild the rows; typing must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);

  const clearError = (...keys: string[]) =>
    setErrors((prev) => {
      if (!keys.some((key) => key in prev)) return prev;
      const next = { ...prev };
      for (const key of keys) delete next[key];
      return next;
    });

  const changeVendor = (vendor: string) => {
    setValue('vendor', vendor);
    seed.current = null;
    setManual({ allocations: false, credits: false });
    setChanged(null);
    setErrors({});
    setFormError(null);
  };
  const changeAmount = (amount: string) => {
    setValue('amount', amount);
    setChanged(null);
    clearError('amount');
    fill(amountsOf(getValues()));
  };
  const suggestAgain = (which: 'allocations' | 'credits') => {
    const next = { ...manual, [which]: false };
    setManual(next);
    fill(amountsOf(getValues()), next);
  };
  const edited = (which: 'allocations' | 'credits', key: string) => {
    if (!manual[which]) setManual({ ...manual, [which]: true });
    clearError(key, which === 'allocations' ? 'allocations' : 'credits');
  };

  const serverErrors = (error: unknown, body: PaymentCreate | PaymentUpdate) => {
    if (!isApiError(error)) return setFormError(errorMessage(error, t));
    const change =
      error.code === 'CREDIT_NOTE_BALANCE_CHANGED' ? balanceChangeOf(error.data) : null;
    if (change) return setChanged({ change, body });
    if (error.code === 'ACCOUNT_REQUIRED') return setErrors({ account: error.message });
    // A due passed on the server (another payment took it meanwhile): under its row.
    const row = allocationErrorKey(error);
    if (row) {
      return setErrors({
        [row]:
          row === 'allocations'
            ? t('payments.validation.overAllocated')
            : t('payments.validation.overDue'),
      });
    }
    if (error.code !== 'VALIDATION_FAILED') return setFormError(error.message);
    const out = paymentFieldErrors(error, body);
    setErrors(out);
    if (out.form) setFormError(out.form);
  };

  const send = (body: PaymentCreate | PaymentUpdate) => {
    setErrors({});
    setFormError(null);
    const onError = (error: unknown) => serverErrors(error, body);
    if (isCreate(body)) {
      create.mutate(body, {
        onSuccess: (saved) => {
          guard.saved();
          if (!isQueued(saved))
            toast.success(t('payments.toast.created', { amount: formatRupees(saved.amount) }));
          close();
        },
        onError,
      });
    } else if (payment) {
      update.mutate(
        { id: payment.id, data: body },
        {
          onSuccess: () => {
            guard.saved();
            toast.success(t('payments.toast.updated'));
            close();
          },
          onError,
        },
      );
    }
  };

  const onSubmit = form.handleSubmit((current) => {
    setChanged(null);
    const found = validatePayment(current, data, today);
    setErrors(Object.fromEntries(Object.entries(found).map(([k, key]) => [k, t(key)])));
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    if (!start.initial) return send(createBody(current));
    const body = updateBody(current, start.initial);
    if (Object.keys(body).length === 0) return close();
    send(body);
  });

  return {
    mode,
    form,
    guard,
    values,
    data,
    payables,
    rows: { deliveries: deliveries.fields, bookings: bookings.fields, credits: credits.fields },
    manual,
    errors,
    clearError,
    formError,
    changed,
    busy: create.isPending || update.isPending,
    summary: summarize(values),
    problem: data ? creditProblemOf(values, data, today) : null,
    changeVendor,
    changeAmount,
    suggestAgain,
    edited,
    onSubmit,
    continueAdjusted: () => changed && send({ ...changed.body, allowBalanceAdjustment: true }),
    reloadCredits: () => {
      setChanged(null);
      setManual({ ...manual, credits: false });
      void payables.refetch();
    },
  };
}

export type PaymentFormState = ReturnType<typeof usePaymentForm>;
