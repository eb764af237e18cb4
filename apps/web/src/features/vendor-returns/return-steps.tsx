import { VendorPicker } from '../../components/pickers/record-pickers';
import { formatInr, REFUND_METHODS, RETURN_REASONS, type ReturnableItem } from '@siteledger/domain';
import { PackageOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useDraftField } from './draft-field';
import { Alert } from '../../components/ui/alert';
import { DateField } from '../../components/ui/date-field';
import { EmptyState } from '../../components/ui/empty-state';
import { MoneyField } from '../../components/ui/money-field';
import { SelectField, type SelectOption } from '../../components/ui/select-field';
import { Spinner } from '../../components/ui/spinner';
import { TextAreaField } from '../../components/ui/textarea-field';
import { TextField } from '../../components/ui/text-field';
import { cn } from '../../lib/cn';
import {
  errorText,
  REFUND_CHOICES,
  type FormErrors,
  type LineDraft,
  type ReturnDraft,
} from './return-form';
import { enumOptions } from './enum-options';
import { ReturnLineCard } from './return-line-card';
import { SupplierCreditNoteFields } from './supplier-credit-note-fields';

export interface StepProps {
  draft: ReturnDraft;
  errors: FormErrors;
  update: (patch: Partial<ReturnDraft>) => void;
}

// Other files import it from here; it lives apart so the line card can use it without a cycle.
export { enumOptions };

/** Step 1: the vendor (searched on the server), then the lines that can still be returned. */
export function ItemsStep({
  draft,
  errors,
  update,
  rows,
  loading,
  onVendorChange,
}: StepProps & {
  rows: readonly ReturnableItem[];
  loading: boolean;
  onVendorChange: (vendor: string) => void;
}) {
  const { t } = useTranslation();
  const setLine = (id: string, patch: Partial<LineDraft>) => {
    const current = draft.lines[id];
    if (!current) return;
    update({ lines: { ...draft.lines, [id]: { ...current, ...patch } } });
  };
  return (
    <div className="space-y-4">
      <VendorPicker
        label={t('vendorReturns.fields.vendor')}
        value={draft.vendor}
        onChange={onVendorChange}
        error={errorText(t, errors.vendor)}
        testId="return-vendor"
      />
      {errors.lines ? <Alert tone="error">{errorText(t, errors.lines)}</Alert> : null}
      {!draft.vendor ? null : loading ? (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<PackageOpen />}
          title={t('vendorReturns.wizard.noLinesTitle')}
          description={t('vendorReturns.wizard.noLinesDescription')}
        />
      ) : (
        <ul className="space-y-3" data-testid="return-lines">
          {rows.map((row, index) => (
            <ReturnLineCard
              key={row.delivery_item}
              row={row}
              index={index}
              line={draft.lines[row.delivery_item]}
              errors={errors}
              setLine={setLine}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

/** Step 2: when and why. */
export function DetailsStep({ draft, errors, update }: StepProps) {
  const { t } = useTranslation();
  const field = useDraftField(draft, errors, update);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <DateField
        label={t('vendorReturns.fields.returnDate')}
        {...field('returnDate')}
        data-testid="return-date"
      />
      <SelectField
        label={t('vendorReturns.fields.reason')}
        placeholder={t('kit.select.choose')}
        options={enumOptions(t, 'vendorReturns.reasons', RETURN_REASONS)}
        {...field('reason')}
        data-testid="return-reason"
      />
      <SupplierCreditNoteFields draft={draft} errors={errors} onChange={update} testId="return" />
      <TextAreaField
        label={t('vendorReturns.fields.notes')}
        optional
        rows={3}
        containerClassName="sm:col-span-2"
        {...field('notes')}
        data-testid="return-notes"
      />
    </div>
  );
}

/** Step 3: nothing, money back, a credit note, or both. */
export function RefundStep({
  draft,
  errors,
  update,
  accounts,
  owed,
  onTypeChange,
}: StepProps & {
  accounts: SelectOption[];
  /** What the vendor owes back (value + reversed GST, paise): the refund's ceiling. */
  owed: number;
  onTypeChange: (type: ReturnDraft['refundType']) => void;
}) {
  const { t } = useTranslation();
  const field = useDraftField(draft, errors, update);
  const type = draft.refundType;
  const money = type === 'monetary' || type === 'split';
  const credit = type === 'credit' || type === 'split';
  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-fg">
          {t('vendorReturns.fields.refundType')}
        </legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4" role="radiogroup">
          {REFUND_CHOICES.map((choice) => (
            <label
              key={choice}
              className={cn(
                'flex min-h-12 cursor-pointer items-center gap-2 rounded-xl border px-3 py-2 text-sm',
                type === choice
                  ? 'border-primary bg-primary-soft/40 font-medium text-fg'
                  : 'border-border text-fg-muted hover:bg-surface-hover',
              )}
            >
              <input
                type="radio"
                name="refund-type"
                className="size-4 accent-[var(--color-primary)]"
                checked={type === choice}
                onChange={() => onTypeChange(choice)}
                data-testid={`return-refund-${choice}`}
              />
              {t(`vendorReturns.refundChoices.${choice}`)}
            </label>
          ))}
        </div>
        <p className="mt-2 text-sm text-fg-muted">
          {t('vendorReturns.wizard.refundLimit', { total: formatInr(owed) })}
        </p>
      </fieldset>
      {type === 'none' ? null : (
        <div className="grid gap-4 sm:grid-cols-2">
          <MoneyField
            label={t(
              type === 'credit'
                ? 'vendorReturns.fields.creditAmount'
                : 'vendorReturns.fields.refundAmount',
            )}
            {...field('amount')}
            data-testid="return-refund-amount"
          />
          <DateField
            label={t('vendorReturns.fields.refundDate')}
            {...field('refundDate')}
            data-testid="return-refund-date"
          />
          {money ? (
            <>
              <SelectField
                label={t('vendorReturns.fields.account')}
                placeholder={t('kit.select.choose')}
                options={accounts}
                {...field('account')}
                hint={accounts.length === 0 ? t('vendorReturns.wizard.noAccounts') : undefined}
                data-testid="return-refund-account"
              />
              <SelectField
                label={t('vendorReturns.fields.method')}
                placeholder={t('kit.select.choose')}
                options={enumOptions(t, 'vendorReturns.methods', REFUND_METHODS)}
                {...field('method')}
                data-testid="return-refund-method"
              />
              <TextField
                label={t('vendorReturns.fields.reference')}
                optional
                {...field('reference')}
                data-testid="return-refund-reference"
              />
            </>
          ) : null}
          {type === 'split' ? (
            <MoneyField
              label={t('vendorReturns.fields.creditAmount')}
              {...field('creditAmount')}
              data-testid="return-refund-credit-amount"
            />
          ) : null}
          {credit ? (
            <>
              <TextField
                label={t('vendorReturns.fields.creditReference')}
                optional
                {...field('creditReference')}
                data-testid="return-credit-reference"
              />
              <DateField
                label={t('vendorReturns.fields.creditExpiry')}
                optional
                {...field('creditExpiry')}
                data-testid="return-credit-expiry"
              />
            </>
          ) : null}
        </div>
      )}
    </div>
  );
}
