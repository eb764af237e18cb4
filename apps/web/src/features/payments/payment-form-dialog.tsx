import { toPaise, toRupees, type PaymentCreate } from '@siteledger/domain';
import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { DateField } from '../../components/ui/date-field';
import { FormDialog } from '../../components/ui/form-dialog';
import { MoneyField } from '../../components/ui/money-field';
import { SelectField } from '../../components/ui/select-field';
import { TextAreaField, TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage, isApiError } from '../../lib/api-client';
import { formatRupees } from '../../lib/format';
import {
  creditProblem,
  fillOldestFirst,
  inputOf,
  paiseOf,
  payablesOf,
  summarize,
} from './allocation';
import type { QueueEntry } from '../../lib/offline-queue';
import { isQueued, useQueuedEdit } from '../../lib/offline-queue-hooks';
import { OfflineQueueNotice } from '../../components/offline-queue-notice';
import { useAccountOptions, useCreatePayment, usePayables, useVendorOptions } from './api';
import { paymentStart } from './queued-payment';
import { paymentFieldErrors } from './payment-errors';
import { BalanceChangedAlert, type BalanceChange } from './balance-changed-alert';
import {
  AccountField,
  AllocationRows,
  CreditNoteRows,
  PaymentSummaryPanel,
  SectionTitle,
} from './payment-form-parts';

/**
 * Record a payment to a vendor. The form starts fresh each time the dialog opens. Offline, the
 * payment waits in the offline queue; a refused queued payment comes back here, filled in.
 */
export function PaymentFormDialog({
  open,
  onOpenChange,
  vendorId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  vendorId?: string | undefined;
}) {
  const edit = useQueuedEdit('payments');
  return (
    <>
      <PaymentForm
        key={open ? `open-${vendorId ?? ''}` : 'closed'}
        open={open}
        onOpenChange={onOpenChange}
        initialVendor={vendorId ?? ''}
      />
      {edit.entry ? (
        <PaymentForm
          key={edit.entry.key}
          open
          onOpenChange={(next) => (next ? undefined : edit.close())}
          initialVendor=""
          queued={edit.entry}
        />
      ) : null}
    </>
  );
}

type Errors = Record<string, string>;

function PaymentForm({
  open,
  onOpenChange,
  initialVendor,
  queued = null,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialVendor: string;
  queued?: QueueEntry | null;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const vendors = useVendorOptions();
  const accounts = useAccountOptions();
  const [start] = useState(() => paymentStart(queued, initialVendor));
  const [vendor, setVendor] = useState(start.vendor);
  const [amount, setAmount] = useState(start.amount);
  const [account, setAccount] = useState(start.account);
  const [date, setDate] = useState(start.date);
  const [reference, setReference] = useState(start.reference);
  const [notes, setNotes] = useState(start.notes);
  const [manualAllocs, setManualAllocs] = useState(start.allocs);
  const [manualCredits, setManualCredits] = useState(start.credits);
  const [errors, setErrors] = useState<Errors>(start.errors);
  const [formError, setFormError] = useState<string | null>(null);
  const [changed, setChanged] = useState(start.changed);
  const create = useCreatePayment({
    entryKey: queued?.key ?? null,
    summarize: (body) => ({
      vendor: vendors.data?.items.find((v) => v.id === body.vendor)?.name ?? null,
      reference: body.reference ?? null,
      amount: body.amount,
      date: body.payment_date,
    }),
  });
  const payables = usePayables(vendor);
  const data = payables.data;
  const open_ = payablesOf(data);
  const notesList = data?.credit_notes ?? [];
  const amountP = paiseOf(amount);

  // Until the person edits a row, the form suggests: oldest first, up to the amount.
  const allocs =
    manualAllocs ??
    fillOldestFirst(
      open_.map((p) => ({ key: p.key, cap: p.due })),
      amountP,
    );
  const credits =
    manualCredits ??
    fillOldestFirst(
      notesList.map((n) => ({ key: n.id, cap: n.balance })),
      amountP,
    );
  const summary = summarize(amount, credits, allocs);
  const accountRequired = summary.account > 0;
  const problem = data ? creditProblem(notesList, credits, summary) : null;

  const clearError = (key: string) =>
    setErrors((prev) => {
      if (!(key in prev)) return prev;
      const next = { ...prev };
      delete next[key];
      return next;
    });

  const clearErrors = () => {
    setErrors({});
    setFormError(null);
  };

  const changeVendor = (next: string) => {
    setVendor(next);
    setManualAllocs(null);
    setManualCredits(null);
    setChanged(null);
    clearErrors();
  };

  const validate = (): Errors => {
    const out: Errors = {};
    if (!vendor) out.vendor = t('payments.validation.vendor');
    const parsed = Number(amount.replace(/[,\s₹]/g, ''));
    if (!amount.trim()) out.amount = t('validation.required');
    else if (!Number.isFinite(parsed) || parsed <= 0) out.amount = t('kit.validation.positive');
    if (!date) out.payment_date = t('validation.required');
    if (accountRequired && !account) out.account = t('payments.validation.account');
    for (const p of open_) {
      const v = allocs[p.key] ?? '';
      if (v && !Number.isFinite(Number(v.replace(/[,\s₹]/g, ''))))
        out[p.key] = t('kit.validation.number');
      else if (paiseOf(v) > toPaise(p.due)) out[p.key] = t('payments.validation.overDue');
    }
    if (summary.unallocated < 0) out.allocations = t('payments.validation.overAllocated');
    if (problem) {
      const key = 'note' in problem ? problem.note : 'credits';
      out[key] = t(`payments.validation.credit.${problem.kind}`);
      out.credits = t(`payments.validation.credit.${problem.kind}`);
    }
    return out;
  };

  const buildBody = (): PaymentCreate => ({
    vendor,
    account: accountRequired ? account : null,
    amount: toRupees(amountP),
    payment_date: date,
    reference: reference.trim() || null,
    notes: notes.trim() || null,
    delivery_allocations: open_
      .filter((p) => p.kind === 'delivery' && paiseOf(allocs[p.key] ?? '') > 0)
      .map((p) => ({ delivery: p.id, amount: toRupees(paiseOf(allocs[p.key] ?? '')) })),
    service_booking_allocations: open_
      .filter((p) => p.kind === 'booking' && paiseOf(allocs[p.key] ?? '') > 0)
      .map((p) => ({ service_booking: p.id, amount: toRupees(paiseOf(allocs[p.key] ?? '')) })),
    credit_note_allocations: notesList
      .filter((n) => paiseOf(credits[n.id] ?? '') > 0)
      .map((n) => ({ credit_note: n.id, amount: toRupees(paiseOf(credits[n.id] ?? '')) })),
  });

  const serverErrors = (error: unknown, body: PaymentCreate) => {
    if (!isApiError(error)) return setFormError(errorMessage(error, t));
    if (error.code === 'CREDIT_NOTE_BALANCE_CHANGED') {
      setChanged({ change: error.data as unknown as BalanceChange, body });
      return;
    }
    if (error.code === 'ACCOUNT_REQUIRED') return setErrors({ account: error.message });
    if (error.code !== 'VALIDATION_FAILED') return setFormError(error.message);
    const out = paymentFieldErrors(error, body);
    setErrors(out);
    if (out.form) setFormError(out.form);
  };

  const send = (body: PaymentCreate) => {
    clearErrors();
    create.mutate(body, {
      onSuccess: (saved) => {
        if (isQueued(saved)) return onOpenChange(false);
        toast.success(t('payments.toast.created', { amount: formatRupees(saved.amount) }));
        onOpenChange(false);
      },
      onError: (error) => serverErrors(error, body),
    });
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChanged(null);
    const found = validate();
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length === 0) send(buildBody());
  };

  const vendorOptions = (vendors.data?.items ?? []).map((v) => ({ value: v.id, label: v.name }));
  const accountOptions = (accounts.data?.items ?? []).map((a) => ({
    value: a.id,
    label: `${a.name} · ${formatRupees(a.current_balance)}`,
  }));

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('payments.form.title')}
      description={t('payments.form.subtitle')}
      onSubmit={onSubmit}
      submitLabel={t('payments.form.submit')}
      busy={create.isPending}
      error={formError}
      size="xl"
      testId="payment-form"
    >
      <OfflineQueueNotice queued={queued} />
      {changed ? (
        <BalanceChangedAlert
          change={changed.change}
          busy={create.isPending}
          onContinue={() => send({ ...changed.body, allowBalanceAdjustment: true })}
          onRefresh={() => {
            setChanged(null);
            setManualCredits(null);
            void payables.refetch();
          }}
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label={t('payments.fields.vendor')}
          placeholder={t('kit.select.choose')}
          options={vendorOptions}
          value={vendor}
          onChange={(event) => changeVendor(event.target.value)}
          error={errors.vendor}
          data-testid="payment-vendor"
        />
        <MoneyField
          label={t('payments.fields.amount')}
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            setChanged(null);
            clearError('amount');
          }}
          error={errors.amount}
          hint={
            data && data.total_due > 0 ? (
              <button
                type="button"
                className="font-medium text-primary hover:underline"
                onClick={() => setAmount(inputOf(toPaise(data.total_due)))}
                data-testid="payment-pay-all"
              >
                {t('payments.form.payAll', { amount: formatRupees(data.total_due) })}
              </button>
            ) : undefined
          }
          data-testid="payment-amount"
        />
        <DateField
          label={t('payments.fields.date')}
          value={date}
          onChange={(event) => {
            setDate(event.target.value);
            clearError('payment_date');
          }}
          error={errors.payment_date}
          data-testid="payment-date"
        />
      </div>

      {vendor && payables.isPending ? (
        <p className="text-sm text-fg-muted">{t('common.loading')}</p>
      ) : null}
      {vendor && payables.isError ? (
        <Alert tone="error">{errorMessage(payables.error, t)}</Alert>
      ) : null}

      {data ? (
        <section className="space-y-2">
          <SectionTitle
            title={t('payments.form.owedTitle', { amount: formatRupees(data.total_due) })}
            hint={t('payments.form.owedHint')}
            action={
              manualAllocs ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  icon={<RotateCcw className="size-4" aria-hidden="true" />}
                  onClick={() => setManualAllocs(null)}
                  data-testid="payment-suggest"
                >
                  {t('payments.form.suggest')}
                </Button>
              ) : null
            }
          />
          {open_.length > 0 ? (
            <AllocationRows
              payables={open_}
              values={allocs}
              errors={errors}
              onChange={(key, value) => {
                setManualAllocs({ ...allocs, [key]: value });
                clearError(key);
                clearError('allocations');
              }}
            />
          ) : (
            <p className="rounded-xl bg-surface-muted/70 p-3 text-sm text-fg-muted">
              {t('payments.form.nothingOwed')}
            </p>
          )}
          {errors.allocations ? <Alert tone="error">{errors.allocations}</Alert> : null}
        </section>
      ) : null}

      {data && notesList.length > 0 ? (
        <section className="space-y-2">
          <SectionTitle
            title={t('payments.form.creditTitle', { amount: formatRupees(data.credit_balance) })}
            hint={t('payments.form.creditHint')}
            action={
              manualCredits ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  icon={<RotateCcw className="size-4" aria-hidden="true" />}
                  onClick={() => setManualCredits(null)}
                >
                  {t('payments.form.suggest')}
                </Button>
              ) : null
            }
          />
          <CreditNoteRows
            notes={notesList}
            values={credits}
            errors={errors}
            onChange={(id, value) => setManualCredits({ ...credits, [id]: value })}
          />
          {problem ? (
            <p className="text-sm text-danger" data-testid="payment-credit-problem">
              {t(`payments.validation.credit.${problem.kind}`)}
            </p>
          ) : null}
        </section>
      ) : null}

      {vendor ? (
        <AccountField
          options={accountOptions}
          value={account}
          summary={summary}
          error={errors.account}
          onChange={(value) => {
            setAccount(value);
            clearError('account');
          }}
        />
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('payments.fields.reference')}
          optional
          value={reference}
          placeholder={t('payments.fields.referencePlaceholder')}
          onChange={(event) => setReference(event.target.value)}
          error={errors.reference}
          data-testid="payment-reference"
        />
        <TextAreaField
          label={t('payments.fields.notes')}
          optional
          rows={2}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          error={errors.notes}
          data-testid="payment-notes"
        />
      </div>

      <PaymentSummaryPanel summary={summary} />
    </FormDialog>
  );
}
