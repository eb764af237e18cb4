/**
 * Send stock to another of the person's sites (where they are owner or supervisor): the site,
 * date, notes and lines, with each line's value at this site's average cost. Stock leaves this
 * site at once; the other site receives it (transfer-detail-page.tsx).
 */
import { NotesField } from '../../components/record-fields/notes-field';
import { useNavigate } from 'react-router';
import { FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/ui/date-field';
import { FormDialog } from '../../components/ui/form-dialog';
import { SelectField } from '../../components/ui/select-field';
import { useDialogForm } from '../../components/form/use-dialog-form';
import { isApiError } from '../../lib/api-client';
import { applyServerFieldErrors, saveErrorMessage } from '../../lib/form';
import { formatRupees } from '../../lib/format';
import { useCreateStockTransfer, useStock, useTransferSites } from './api';
import {
  TRANSFER_FIELDS,
  transferBody,
  transferFormDefaults,
  transferFormSchema,
  transferValuePreview,
} from './transfer-form';
import { TransferLinesFields } from './transfer-lines-fields';

const LINE_FIELD = /^lines\.\d+\.(item|quantity)$/;

export function TransferFormDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return <TransferForm key={open ? 'open' : 'closed'} open={open} onOpenChange={onOpenChange} />;
}

function TransferForm({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateStockTransfer();
  const sites = useTransferSites();
  const stock = useStock({}, open);
  // Asks before typed work is discarded.
  const { form, guard, closeSaved, fieldProps } = useDialogForm({
    schema: transferFormSchema,
    defaultValues: transferFormDefaults(),
    open,
    onOpenChange,
    draft: 'stock-transfer',
    texts: 'stock.fields',
  });
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;
  const lines = useWatch({ control, name: 'lines' });
  const averages = new Map(stock.data?.items.map((row) => [row.item, row.average_cost]) ?? []);
  const preview = transferValuePreview(lines ?? [], averages);

  const save = handleSubmit((values) =>
    create.mutate(transferBody(values), {
      onSuccess: (transfer) => {
        closeSaved(t('stock.toast.transferSent', { site: transfer.to_site_name }));
        void navigate(`/stock/transfers/${transfer.id}`);
      },
      onError: (error) => {
        if (!isApiError(error)) return;
        // The other site refused the caller (not a member, read-only, two-step…): its picker.
        if (error.status === 403) {
          setError('to_site', { type: 'server', message: error.message });
          return;
        }
        // "Only 12 bag in stock" under the line's quantity (`field`: lines.N.quantity).
        const field = error.data.field;
        if (
          error.code === 'INSUFFICIENT_STOCK' &&
          typeof field === 'string' &&
          LINE_FIELD.test(field)
        ) {
          setError(field as `lines.${number}.quantity`, { type: 'server', message: error.message });
          return;
        }
        const lineFields = Object.keys(error.data).filter((key) => LINE_FIELD.test(key));
        applyServerFieldErrors(
          error,
          [...TRANSFER_FIELDS, ...lineFields] as (typeof TRANSFER_FIELDS)[number][],
          setError,
        );
      },
    }),
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('stock.transferForm.title')}
      description={t('stock.transferForm.subtitle')}
      onSubmit={save}
      submitLabel={t('stock.transferForm.save')}
      busy={create.isPending}
      error={saveErrorMessage(t, create, errors)}
      size="lg"
      footerStart={
        <span className="text-fg-muted" data-testid="transfer-total-value">
          {t('stock.transferForm.total', { amount: formatRupees(preview.total) })}
        </span>
      }
      guard={guard}
      testId="transfer-form"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          placeholder={t('stock.transferForm.chooseSite')}
          options={sites.options}
          hint={
            sites.options.length === 0 && !sites.isPending
              ? t('stock.transferForm.noSites')
              : undefined
          }
          data-testid="transfer-to-site"
          {...fieldProps('to_site')}
        />
        <DateField data-testid="transfer-date" {...fieldProps('transfer_date')} />
      </div>
      <FormProvider {...form}>
        <TransferLinesFields values={preview.lines} />
      </FormProvider>
      <NotesField
        form={form}
        label={t('stock.fields.notes')}
        rows={2}
        placeholder={t('stock.transferForm.notesPlaceholder')}
        data-testid="transfer-notes"
      />
    </FormDialog>
  );
}
