/**
 * Receive a transfer on this (the receiving) site: per line, the quantity that arrived (the sent
 * quantity unless lowered; the rest is the shortfall) and, if wanted, this site's item it enters
 * as — by default its item of the same name and unit, created when there is none.
 */
import type { StockTransfer } from '@siteledger/domain';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ItemPickerField } from '../../components/pickers/item-picker-field';
import { LineCard } from '../../components/record-fields/line-card';
import { DateField } from '../../components/ui/date-field';
import { FormDialog } from '../../components/ui/form-dialog';
import { formatQuantity, QuantityField } from '../../components/ui/quantity-field';
import { useDialogForm } from '../../components/form/use-dialog-form';
import { errorMessage } from '../../lib/api-client';
import { useReceiveStockTransfer } from './api';
import { receiveBody, receiveFormDefaults, receiveFormSchema, shortfall } from './receive-form';

export function TransferReceiveDialog({
  transfer,
  open,
  onOpenChange,
}: {
  transfer: StockTransfer;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const receive = useReceiveStockTransfer();
  // Asks before typed work is discarded.
  const { form, guard, closeSaved, fieldProps } = useDialogForm({
    schema: receiveFormSchema,
    defaultValues: receiveFormDefaults(transfer),
    open,
    onOpenChange,
    draft: null,
    texts: 'stock.fields',
  });
  const { control, handleSubmit } = form;
  const lines = useWatch({ control, name: 'lines' });

  const save = handleSubmit((values) =>
    receive.mutate(
      { id: transfer.id, body: receiveBody(values) },
      {
        onSuccess: () => closeSaved(t('stock.toast.transferReceived')),
      },
    ),
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('stock.receive.title')}
      description={t('stock.receive.subtitle', { site: transfer.site_name })}
      onSubmit={save}
      submitLabel={t('stock.receive.save')}
      busy={receive.isPending}
      error={receive.isError ? errorMessage(receive.error, t) : null}
      size="lg"
      guard={guard}
      testId="transfer-receive-form"
    >
      <DateField data-testid="transfer-receive-date" {...fieldProps('received_date')} />
      <ol className="space-y-3">
        {transfer.lines.map((line, index) => {
          const missing = shortfall(line.quantity, lines?.[index]?.received_quantity);
          return (
            <LineCard
              key={line.id}
              label={line.item_name}
              removeLabel=""
              testId={`transfer-receive-line-${index}`}
            >
              <p className="mb-3 text-sm text-fg-muted">
                {t('stock.receive.sent', { quantity: formatQuantity(line.quantity, line.unit) })}
              </p>
              <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
                <QuantityField
                  unit={line.unit}
                  hint={
                    missing > 0
                      ? t('stock.receive.shortfall', {
                          quantity: formatQuantity(missing, line.unit),
                        })
                      : undefined
                  }
                  data-testid={`transfer-receive-line-${index}-quantity`}
                  {...fieldProps(`lines.${index}.received_quantity`, {
                    text: 'received',
                    decimal: true,
                  })}
                />
                <ItemPickerField
                  control={control}
                  name={`lines.${index}.item`}
                  label={t('stock.receive.enterAs')}
                  optional
                  placeholder={t('stock.receive.sameItem')}
                  searchPlaceholder={t('stock.form.searchItems')}
                  emptyText={t('stock.form.noItems')}
                  noMatchText={t('kit.picker.noMatch')}
                  testId={`transfer-receive-line-${index}-item`}
                />
              </div>
            </LineCard>
          );
        })}
      </ol>
    </FormDialog>
  );
}
