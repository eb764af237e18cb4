/**
 * Step 1 of the create form and the header edit form: vendor (searchable), delivery date,
 * reference (challan / bill number) and notes. A vendor not on the list yet can be added from the
 * picker without leaving the form.
 */
import { permissionsFor } from '@siteledger/domain';
import { useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField, todayIso } from '../../components/ui/date-field';
import { TextAreaField } from '../../components/ui/textarea-field';
import { TextField } from '../../components/ui/text-field';
import { EntityPicker } from '../../components/pickers/entity-picker';
import { vendorOption } from '../../components/pickers/entity-labels';
import { quickAddFooter } from '../../components/quick-create/quick-add-option';
import { QuickVendorDialog } from '../../components/quick-create/quick-vendor-dialog';
import { fieldError } from '../../lib/form';
import { useSession } from '../../lib/session';
import type { HeaderInput } from './delivery-form';

export function DeliveryInfoFields({
  vendorLocked = false,
  autoFocus = false,
}: {
  /** Payments belong to the vendor: a paid delivery keeps its vendor. */
  vendorLocked?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const {
    control,
    register,
    setValue,
    formState: { errors },
  } = useFormContext<HeaderInput>();
  const canCreate = permissionsFor(useSession().role).canCreate && !vendorLocked;
  // The new vendor's dialog, opened from the picker with what was typed there.
  const [adding, setAdding] = useState<string | null>(null);

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Controller
        control={control}
        name="vendor"
        render={({ field }) => (
          <EntityPicker
            entity="vendors"
            toOption={vendorOption}
            ref={field.ref}
            label={t('deliveries.fields.vendor')}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            disabled={vendorLocked}
            autoFocus={autoFocus}
            placeholder={t('deliveries.info.chooseVendor')}
            searchPlaceholder={t('deliveries.info.searchVendors')}
            emptyText={t(canCreate ? 'quickCreate.vendor.noMatch' : 'deliveries.info.noVendors')}
            hint={vendorLocked ? t('deliveries.info.vendorLocked') : undefined}
            error={fieldError(t, errors.vendor)}
            className="sm:col-span-2"
            testId="delivery-vendor"
            footer={quickAddFooter({
              enabled: canCreate,
              resource: 'vendors',
              label: (text) =>
                text
                  ? t('quickCreate.vendor.addNamed', { name: text })
                  : t('quickCreate.vendor.add'),
              onAdd: setAdding,
              testId: 'delivery-vendor-create',
            })}
          />
        )}
      />
      <QuickVendorDialog
        open={adding !== null}
        onOpenChange={(open) => (open ? undefined : setAdding(null))}
        initialName={adding ?? ''}
        onCreated={(vendor) =>
          setValue('vendor', vendor.id, { shouldValidate: true, shouldDirty: true })
        }
      />
      <DateField
        label={t('deliveries.fields.date')}
        max={todayIso()}
        error={fieldError(t, errors.delivery_date)}
        data-testid="delivery-date"
        {...register('delivery_date')}
      />
      <TextField
        label={t('deliveries.fields.reference')}
        optional
        placeholder={t('deliveries.info.referencePlaceholder')}
        hint={t('deliveries.info.referenceHint')}
        error={fieldError(t, errors.delivery_reference)}
        data-testid="delivery-reference"
        {...register('delivery_reference')}
      />
      <TextAreaField
        label={t('deliveries.fields.notes')}
        optional
        rows={3}
        containerClassName="sm:col-span-2"
        placeholder={t('deliveries.info.notesPlaceholder')}
        error={fieldError(t, errors.notes)}
        data-testid="delivery-notes"
        {...register('notes')}
      />
    </div>
  );
}
