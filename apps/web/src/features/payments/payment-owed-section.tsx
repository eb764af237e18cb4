import { RotateCcw } from 'lucide-react';
import { useLayoutEffect, useMemo, useRef } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { formatRupees } from '../../lib/format';
import { payableKey, payablesOf } from './allocation';
import { AllocationRows, CreditNoteRows, SectionTitle, type RowInput } from './payment-form-parts';
import type { PaymentFormState } from './use-payment-form';

function SuggestButton({ onClick, testId }: { onClick: () => void; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      icon={<RotateCcw className="size-4" aria-hidden="true" />}
      onClick={onClick}
      data-testid={testId}
    >
      {t('payments.form.suggest')}
    </Button>
  );
}

type AllocationName =
  `delivery_allocations.${number}.amount` | `service_booking_allocations.${number}.amount`;

/** What the vendor is owed, one row per open delivery and booking (field arrays by kind). */
export function PaymentOwedSection({ f }: { f: PaymentFormState }) {
  const { t } = useTranslation();
  const data = f.data;
  // Read when a row changes, so the registrations below need not follow `f.edited`.
  const edited = useRef(f.edited);
  useLayoutEffect(() => {
    edited.current = f.edited;
  });
  const { register } = f.form;
  const { deliveries, bookings } = f.rows;
  // Built when the payables or the rows change, not on every keystroke: each row's `field`
  // keeps its identity, so the memoized rows skip re-rendering.
  const open = useMemo(() => payablesOf(data), [data]);
  const input = useMemo<RowInput>(() => {
    const rows = new Map<string, { id: string; field: UseFormRegisterReturn }>();
    const add = (key: string, id: string, name: AllocationName) =>
      rows.set(key, {
        id,
        field: register(name, { onChange: () => edited.current('allocations', key) }),
      });
    deliveries.forEach((r, i) =>
      add(payableKey('delivery', r.delivery), r.key, `delivery_allocations.${i}.amount`),
    );
    bookings.forEach((r, i) =>
      add(
        payableKey('booking', r.service_booking),
        r.key,
        `service_booking_allocations.${i}.amount`,
      ),
    );
    return (key) => rows.get(key) ?? null;
  }, [deliveries, bookings, register]);
  if (!data) return null;
  return (
    <section className="space-y-2">
      <SectionTitle
        title={t('payments.form.owedTitle', { amount: formatRupees(data.total_due) })}
        hint={t(f.mode.kind === 'edit' ? 'payments.form.owedHintEdit' : 'payments.form.owedHint')}
        action={
          f.manual.allocations ? (
            <SuggestButton onClick={() => f.suggestAgain('allocations')} testId="payment-suggest" />
          ) : null
        }
      />
      {open.length > 0 ? (
        <AllocationRows payables={open} input={input} errors={f.errors} />
      ) : (
        <p className="rounded-xl bg-surface-muted/70 p-3 text-sm text-fg-muted">
          {t('payments.form.nothingOwed')}
        </p>
      )}
      {f.errors.allocations ? <Alert tone="error">{f.errors.allocations}</Alert> : null}
    </section>
  );
}

/** The vendor's usable credit notes, oldest first, and what this payment takes from each. */
export function PaymentCreditSection({ f }: { f: PaymentFormState }) {
  const { t } = useTranslation();
  const data = f.data;
  if (!data || data.credit_notes.length === 0) return null;
  const names = new Map(
    f.rows.credits.map((r, i) => [
      r.credit_note,
      { id: r.key, name: `credit_note_allocations.${i}.amount` as const },
    ]),
  );
  const input: RowInput = (key) => {
    const row = names.get(key);
    return row
      ? {
          id: row.id,
          field: f.form.register(row.name, { onChange: () => f.edited('credits', key) }),
        }
      : null;
  };
  return (
    <section className="space-y-2">
      <SectionTitle
        title={t('payments.form.creditTitle', { amount: formatRupees(data.credit_balance) })}
        hint={t('payments.form.creditHint')}
        action={
          f.manual.credits ? <SuggestButton onClick={() => f.suggestAgain('credits')} /> : null
        }
      />
      <CreditNoteRows notes={data.credit_notes} input={input} errors={f.errors} />
      {f.problem ? (
        <p className="text-sm text-danger" data-testid="payment-credit-problem">
          {t(`payments.validation.credit.${f.problem.kind}`)}
        </p>
      ) : null}
    </section>
  );
}
