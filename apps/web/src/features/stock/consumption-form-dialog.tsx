/**
 * Record what was used from the site's stock (item, quantity, date, the work it went into,
 * notes), or correct a consumption. Offline, a new one waits in the offline queue and is sent
 * once, with its Idempotency-Key, when the connection returns; a refused queued one comes back
 * here, filled in. "Only N in stock" (INSUFFICIENT_STOCK) shows under the quantity.
 */
import { QueuedEditForms, type QueuedFormProps } from '../../components/queued-edit';
import { NotesField } from '../../components/record-fields/notes-field';
import type { StockConsumption } from '@siteledger/domain';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/ui/date-field';
import { FormDialog } from '../../components/ui/form-dialog';
import { formatQuantity, QuantityField } from '../../components/ui/quantity-field';
import { useDialogForm } from '../../components/form/use-dialog-form';
import { isApiError } from '../../lib/api-client';
import { applyServerFieldErrors, fieldError, queuedSaveErrorMessage } from '../../lib/form';
import { entryError, isQueued } from '../../lib/offline-queue-hooks';
import { useCreateStockConsumption, useUpdateStockConsumption } from './api';
import {
  CONSUMPTION_FIELDS,
  consumptionBody,
  consumptionFormDefaults,
  consumptionFormSchema,
  queuedConsumptionValues,
} from './consumption-form';
import { ItemOnHandHint, useItemOnHand } from './item-on-hand';
import { StockItemField } from './stock-item-picker';
import { UsedForField } from './used-for-field';

export interface ConsumptionFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  consumption?: StockConsumption | null;
  /** The item to start with (a row's "Record use"). */
  item?: string;
}

export function ConsumptionFormDialog({
  open,
  onOpenChange,
  consumption = null,
  item = '',
}: ConsumptionFormDialogProps) {
  return (
    <QueuedEditForms
      collection="stock_consumptions"
      open={open}
      onOpenChange={onOpenChange}
      formKey={consumption?.id ?? `new-${item}`}
    >
      {(props) => (
        <ConsumptionForm
          {...props}
          consumption={props.queued ? null : consumption}
          item={props.queued ? '' : item}
        />
      )}
    </QueuedEditForms>
  );
}

function ConsumptionForm({
  open,
  onOpenChange,
  consumption,
  item,
  queued,
}: QueuedFormProps & { consumption: StockConsumption | null; item: string }) {
  const { t } = useTranslation();
  const create = useCreateStockConsumption({
    entryKey: queued?.key ?? null,
    // The item and quantity: what the stock page and the waiting list show of it.
    summarize: (body) => ({
      detail: onHand ? `${onHand.name} · ${formatQuantity(-body.quantity, onHand.unit)}` : null,
      reference: body.used_for ?? null,
      date: body.consumption_date,
    }),
  });
  const update = useUpdateStockConsumption();
  const mutation = consumption ? update : create;
  const [serverError] = useState(() => entryError(queued));
  // Asks before typed work is discarded.
  const { form, guard, closeSaved, fieldProps } = useDialogForm({
    schema: consumptionFormSchema,
    defaultValues: queued
      ? queuedConsumptionValues(queued)
      : consumptionFormDefaults(consumption, item),
    open,
    onOpenChange,
    draft: consumption || queued ? null : 'stock-consumption',
    texts: 'stock.fields',
  });
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;
  const [itemId, quantity] = useWatch({ control, name: ['item', 'quantity'] });
  const onHand = useItemOnHand(itemId);

  const onError = (error: unknown) => {
    // "Only 4 bag in stock": the quantity is what to change.
    if (isApiError(error) && error.code === 'INSUFFICIENT_STOCK') {
      setError('quantity', { type: 'server', message: error.message });
      return;
    }
    applyServerFieldErrors(error, CONSUMPTION_FIELDS, setError);
  };
  const save = handleSubmit((values) => {
    const body = consumptionBody(values);
    if (consumption) {
      update.mutate(
        { id: consumption.id, data: body },
        {
          onSuccess: () => closeSaved(t('stock.toast.consumptionUpdated')),
          onError,
        },
      );
      return;
    }
    create.mutate(body, {
      onSuccess: (result) =>
        closeSaved(isQueued(result) ? null : t('stock.toast.consumptionCreated')),
      onError,
    });
  });

  const error = queuedSaveErrorMessage(t, mutation, errors, serverError);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(consumption ? 'stock.consumptionForm.editTitle' : 'stock.consumptionForm.addTitle')}
      description={t('stock.consumptionForm.subtitle')}
      onSubmit={save}
      submitLabel={t(consumption ? 'kit.actions.saveChanges' : 'stock.consumptionForm.save')}
      busy={mutation.isPending}
      error={error}
      guard={guard}
      testId="consumption-form"
    >
      <div className="space-y-1.5">
        <StockItemField
          control={control}
          name="item"
          error={fieldError(t, errors.item)}
          testId="consumption-item"
        />
        <ItemOnHandHint
          onHand={onHand}
          quantity={quantity}
          ownQuantity={consumption?.item === itemId ? consumption.quantity : 0}
          testId="consumption-on-hand"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <QuantityField
          unit={onHand?.unit}
          data-testid="consumption-quantity"
          {...fieldProps('quantity', { decimal: true })}
        />
        <DateField warnFuture data-testid="consumption-date" {...fieldProps('consumption_date')} />
      </div>
      <UsedForField form={form} />
      <NotesField
        form={form}
        label={t('stock.fields.notes')}
        rows={2}
        placeholder={t('stock.consumptionForm.notesPlaceholder')}
        data-testid="consumption-notes"
      />
    </FormDialog>
  );
}
