/**
 * Step 1 of the create form and the header edit form: vendor (searchable), delivery date,
 * reference (challan number), the supplier's invoice number and date, the place of supply (GST
 * state; the site's unless told) and notes. A vendor not on the list yet can be added from the
 * picker without leaving the form.
 */
import { NotesField } from '../../components/record-fields/notes-field';
import { SupplierInvoiceFields } from '../../components/record-fields/supplier-invoice-fields';
import { permissionsFor, placeOfSupplyBarsCredit } from '@siteledger/domain';
import { useEffect, useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField, todayIso } from '../../components/ui/date-field';
import { TextField } from '../../components/ui/text-field';
import { Alert } from '../../components/ui/alert';
import { EntityPicker } from '../../components/pickers/entity-picker';
import { vendorOption } from '../../components/pickers/entity-labels';
import { quickAddFooter } from '../../components/quick-create/quick-add-option';
import { QuickVendorDialog } from '../../components/quick-create/quick-vendor-dialog';
import { fieldError } from '../../lib/form';
import { useFieldProps } from '../../components/form/use-field-props';
import { useSession } from '../../lib/session';
import { StateSelect } from '../../components/gst/gst-fields';
import { stateName } from '../../components/gst/gst-figures';
import { useSiteGst } from '../../components/gst/use-site-gst';
import type { HeaderInput } from './delivery-form';
import { ReverseChargeField } from '../../components/gst/reverse-charge-field';
import { OutsideTdsField } from './outside-tds-field';

export function DeliveryInfoFields({
  vendorLocked = false,
  autoFocus = false,
  fillPlace = false,
  lockedHint,
  tdsChoice = false,
}: {
  /** A new bill: it may be bought outside the vendor's TDS section. */
  tdsChoice?: boolean;
  /** Payments belong to the vendor: a paid delivery keeps its vendor. */
  vendorLocked?: boolean;
  autoFocus?: boolean;
  /** A new bill: an empty place of supply takes the site's state once it is known. */
  fillPlace?: boolean;
  /** Why the vendor is locked, when not because of payments (e.g. received against a PO). */
  lockedHint?: string | undefined;
}) {
  const { t } = useTranslation();
  const form = useFormContext<HeaderInput>();
  const {
    control,
    register,
    setValue,
    getValues,
    getFieldState,
    formState: { errors },
  } = form;
  const fieldProps = useFieldProps(form, 'deliveries.fields');
  const siteGst = useSiteGst();
  const siteState = siteGst?.state_code ?? null;
  // Issue 40: a place of supply outside the site's state bars the credit the site claims.
  const place = useWatch({ control, name: 'place_of_supply' });
  const creditBarred =
    siteGst?.input_tax_mode === 'claim' && placeOfSupplyBarsCredit(siteState, place || null);
  useEffect(() => {
    if (!fillPlace || !siteState) return;
    if (getValues('place_of_supply') || getFieldState('place_of_supply').isDirty) return;
    setValue('place_of_supply', siteState);
  }, [fillPlace, siteState, getValues, getFieldState, setValue]);
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
            hint={vendorLocked ? (lockedHint ?? t('deliveries.info.vendorLocked')) : undefined}
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
        max={todayIso()}
        warnFuture
        data-testid="delivery-date"
        {...fieldProps('delivery_date', { text: 'date' })}
      />
      <TextField
        optional
        placeholder={t('deliveries.info.referencePlaceholder')}
        hint={t('deliveries.info.referenceHint')}
        data-testid="delivery-reference"
        {...fieldProps('delivery_reference', { text: 'reference' })}
      />
      <SupplierInvoiceFields form={form} testId="delivery" />
      <Controller
        control={control}
        name="place_of_supply"
        render={({ field }) => (
          <StateSelect
            ref={field.ref}
            name={field.name}
            label={t('gst.delivery.placeOfSupply')}
            optional
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            placeholder={
              siteState
                ? t('gst.delivery.siteState', { state: stateName(t, siteState) })
                : t('gst.delivery.noPlace')
            }
            hint={t('gst.delivery.placeHint')}
            error={fieldError(t, errors.place_of_supply)}
            containerClassName="sm:col-span-2"
            data-testid="delivery-place-of-supply"
          />
        )}
      />
      {creditBarred ? (
        <Alert tone="info" className="sm:col-span-2" testId="delivery-itc-place-warning">
          {t('gst.delivery.itcPlaceWarning', { state: stateName(t, place) })}
        </Alert>
      ) : null}
      <ReverseChargeField
        className="sm:col-span-2"
        data-testid="delivery-reverse-charge"
        {...register('reverse_charge')}
      />
      {tdsChoice ? <OutsideTdsField className="sm:col-span-2" /> : null}
      <NotesField
        form={form}
        label={t('deliveries.fields.notes')}
        rows={3}
        containerClassName="sm:col-span-2"
        placeholder={t('deliveries.info.notesPlaceholder')}
        data-testid="delivery-notes"
      />
    </div>
  );
}
