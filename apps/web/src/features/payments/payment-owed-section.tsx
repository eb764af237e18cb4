import { RotateCcw } from 'lucide-react';
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

/** What the vendor is owed, one row per open delivery and booking (field arrays by kind). */
export function PaymentOwedSection({ f }: { f: PaymentFormState }) {
  const { t } = useTranslation();
  const data = f.data;
  if (!data) return null;
  const names = new Map<
    string,
    {
      id: string;
      name:
        `delivery_allocations.${number}.amount` | `service_booking_allocations.${number}.amount`;
    }
  >();
  f.rows.deliveries.forEach((r, i) =>
    names.set(payableKey('delivery', r.delivery), {
      id: r.key,
      name: `delivery_allocations.${i}.amount`,
    }),
  );
  f.rows.bookings.forEach((r, i) =>
    names.set(payableKey('booking', r.service_booking), {
      id: r.key,
      name: `service_booking_allocations.${i}.amount`,
    }),
  );
  const input: RowInput = (key) => {
    const row = names.get(key);
    return row
      ? {
          id: row.id,
          field: f.form.register(row.name, { onChange: () => f.edited('allocations', key) }),
        }
      : null;
  };
  const open = payablesOf(data);
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
