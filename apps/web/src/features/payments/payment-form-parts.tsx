import { formatInr, type VendorPayables } from '@siteledger/domain';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyField } from '../../components/ui/money-field';
import { SelectField, type SelectOption } from '../../components/ui/select-field';
import { formatBusinessDate } from '../../lib/dates';
import { formatRupees } from '../../lib/format';
import { cn } from '../../lib/cn';
import type { Payable, PaymentSummary } from './allocation';

/**
 * A row's input: its field-array item id (the input's React key, so a replaced row remounts with
 * its new value) and registration; null while the row has no field yet.
 */
export type RowInput = (key: string) => { id: string; field: UseFormRegisterReturn } | null;

function rowProps(input: RowInput, key: string) {
  const row = input(key);
  return row ? { key: row.id, ...row.field } : { key: 'none', disabled: true };
}

/** One open delivery or booking with its due and the amount this payment puts on it. */
export function AllocationRows({
  payables,
  input,
  errors,
}: {
  payables: Payable[];
  input: RowInput;
  errors: Record<string, string>;
}) {
  const { i18n } = useTranslation();
  return (
    <ul
      className="divide-y divide-border rounded-xl border border-border"
      data-testid="payment-allocations"
    >
      {payables.map((p) => {
        const row = input(p.key);
        return (
          <AllocationRow
            key={p.key}
            payable={p}
            rowId={row?.id ?? null}
            field={row?.field ?? null}
            error={errors[p.key]}
            language={i18n.language}
          />
        );
      })}
    </ul>
  );
}

/**
 * A row re-renders only when its payable, field, error or language changes: the form re-renders
 * on every keystroke, and a busy vendor has many open dues. `field` must keep its identity between
 * renders for that (see `RowInput`).
 */
const AllocationRow = memo(function AllocationRow({
  payable: p,
  rowId,
  field,
  error,
  language,
}: {
  payable: Payable;
  rowId: string | null;
  field: UseFormRegisterReturn | null;
  error: string | undefined;
  language: string;
}) {
  const { t } = useTranslation();
  const date = formatBusinessDate(p.date, language);
  return (
    <li
      className="grid grid-cols-[1fr_9.5rem] items-start gap-3 px-3 py-3 sm:grid-cols-[1fr_11rem]"
      data-testid={`payment-allocation-${p.id}`}
    >
      <div className="min-w-0 pt-1">
        <p className="truncate text-sm font-medium text-fg">
          {p.kind === 'delivery'
            ? t('payments.form.deliveryLabel', {
                reference: p.label ?? t('payments.form.noReference'),
              })
            : t('payments.form.bookingLabel', { service: p.label ?? '' })}
        </p>
        <p className="text-xs text-fg-muted">
          {date} · {t('payments.form.due', { amount: formatRupees(p.due) })}
          {p.paid > 0 ? ` · ${t('payments.form.paidSoFar', { amount: formatRupees(p.paid) })}` : ''}
        </p>
      </div>
      <MoneyField
        {...(rowId && field ? { key: rowId, ...field } : { key: 'none', disabled: true })}
        label={<span className="sr-only">{t('payments.form.allocate')}</span>}
        aria-label={t('payments.form.allocateTo', { name: p.label ?? date })}
        error={error}
        data-testid={`payment-allocation-amount-${p.id}`}
      />
    </li>
  );
});

/** Usable credit notes in the order they must be used, with the amount taken from each. */
export function CreditNoteRows({
  notes,
  input,
  errors,
}: {
  notes: VendorPayables['credit_notes'];
  input: RowInput;
  errors: Record<string, string>;
}) {
  const { t, i18n } = useTranslation();
  return (
    <ul
      className="divide-y divide-border rounded-xl border border-border"
      data-testid="payment-credit-notes"
    >
      {notes.map((note, index) => (
        <li
          key={note.id}
          className="grid grid-cols-[1fr_9.5rem] items-start gap-3 px-3 py-3 sm:grid-cols-[1fr_11rem]"
          data-testid={`payment-credit-note-${note.id}`}
        >
          <div className="min-w-0 pt-1">
            <p className="truncate text-sm font-medium text-fg">
              <span className="mr-1.5 inline-flex size-5 items-center justify-center rounded-full bg-primary-soft text-[11px] font-semibold text-primary-soft-fg">
                {index + 1}
              </span>
              {note.reference ?? t('payments.form.noReference')}
            </p>
            <p className="text-xs text-fg-muted">
              {t('payments.form.issued', {
                date: formatBusinessDate(note.issue_date, i18n.language),
              })}{' '}
              · {t('payments.form.balance', { amount: formatRupees(note.balance) })}
              {note.expiry_date
                ? ` · ${t('payments.form.expires', { date: formatBusinessDate(note.expiry_date, i18n.language) })}`
                : ''}
            </p>
          </div>
          <MoneyField
            {...rowProps(input, note.id)}
            label={<span className="sr-only">{t('payments.form.useCredit')}</span>}
            aria-label={t('payments.form.useCreditFrom', {
              name: note.reference ?? formatBusinessDate(note.issue_date, i18n.language),
            })}
            error={errors[note.id]}
            data-testid={`payment-credit-amount-${note.id}`}
          />
        </li>
      ))}
    </ul>
  );
}

/** Amount, credit notes, account, allocated and unallocated — live, in paise. */
export function PaymentSummaryPanel({ summary }: { summary: PaymentSummary }) {
  const { t } = useTranslation();
  const rows: { key: string; label: string; paise: number; strong?: boolean; warn?: boolean }[] = [
    { key: 'amount', label: t('payments.summary.amount'), paise: summary.amount, strong: true },
    { key: 'credit', label: t('payments.summary.fromCredit'), paise: summary.credit },
    {
      key: 'account',
      label: t('payments.summary.fromAccount'),
      paise: summary.account,
      warn: summary.account < 0,
    },
    { key: 'allocated', label: t('payments.summary.allocated'), paise: summary.allocated },
    {
      key: 'unallocated',
      label: t('payments.summary.unallocated'),
      paise: summary.unallocated,
      warn: summary.unallocated < 0,
    },
  ];
  return (
    <dl
      className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-xl bg-surface-muted/70 p-4 text-sm sm:grid-cols-5"
      data-testid="payment-summary"
    >
      {rows.map((row) => (
        <div key={row.key} className="min-w-0" data-testid={`payment-summary-${row.key}`}>
          <dt className="text-xs text-fg-muted">{row.label}</dt>
          <dd
            className={cn(
              'truncate tabular-nums',
              row.strong ? 'text-base font-semibold text-fg' : 'font-medium text-fg',
              row.warn && 'text-danger',
            )}
          >
            {formatInr(row.paise)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function SectionTitle({
  title,
  hint,
  action,
}: {
  title: string;
  hint?: string;
  action?: React.ReactNode;
}) {
  return (
    <div className="flex items-end justify-between gap-3">
      <div className="min-w-0">
        <h3 className="text-sm font-semibold text-fg">{title}</h3>
        {hint ? <p className="text-xs text-fg-muted">{hint}</p> : null}
      </div>
      {action}
    </div>
  );
}

/** The paying account: needed exactly when the credit notes do not cover the amount (and why). */
export function AccountField({
  options,
  value,
  summary,
  error,
  testId = 'payment-account',
  onChange,
}: {
  options: SelectOption[];
  value: string;
  summary: PaymentSummary;
  error: string | undefined;
  testId?: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const required = summary.account > 0;
  const hint = required
    ? summary.credit > 0
      ? t('payments.form.accountPaysRest', {
          credit: formatInr(summary.credit),
          rest: formatInr(summary.account),
        })
      : t('payments.form.accountPaysAll')
    : summary.amount > 0
      ? t('payments.form.creditCovers')
      : undefined;
  return (
    <SelectField
      label={t('payments.fields.account')}
      placeholder={t('kit.select.choose')}
      options={options}
      value={required ? value : ''}
      disabled={!required}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      hint={hint}
      data-testid={testId}
    />
  );
}
