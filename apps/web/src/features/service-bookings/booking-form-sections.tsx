/**
 * The booking form's fields, in two parts: who and when (the service, vendor and start date — shown
 * locked once payments exist) and the work (end date, duration, rate, total, status, progress,
 * notes). Each reads the form's state (use-booking-form.ts: the form, the chosen records, the live
 * total and the save), which the dialog (booking-form-dialog.tsx) holds.
 */
import { NotesField } from '../../components/record-fields/notes-field';
import { SupplierInvoiceFields } from '../../components/record-fields/supplier-invoice-fields';
import { VendorField } from '../../components/record-fields/vendor-field';
import { ServicePicker } from '../../components/pickers/record-pickers';
import { BOOKING_STATUSES, formatInr, toPaise, type ServiceBooking } from '@siteledger/domain';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApplyAdvanceLink } from '../../components/apply-advance-link';
import { GstRateSelect } from '../../components/gst/gst-fields';
import { ReverseChargeField } from '../../components/gst/reverse-charge-field';
import { OfflineQueueNotice } from '../../components/offline-queue-notice';
import { ReleaseOverpaymentAlert } from '../../components/release-overpayment';
import { Alert } from '../../components/ui/alert';
import { DateField } from '../../components/ui/date-field';
import { MoneyField } from '../../components/ui/money-field';
import { formatQuantity, QuantityField } from '../../components/ui/quantity-field';
import { SelectField } from '../../components/ui/select-field';
import { statusLabel } from '../../components/ui/status-badge';
import { ACTIVE_ONLY } from '../../lib/entity-options';
import { fieldError } from '../../lib/form';
import { useFieldProps } from '../../components/form/use-field-props';
import type { QueueEntry } from '../../lib/offline-queue';
import { LockedField, PercentField, RateWarning } from './booking-form-fields';
import { bookingOwes, type BookingGstPreview } from './booking-gst';
import { formatBookingDate } from './format-date';
import { TimeCalculator } from './time-calculator';
import type { useBookingForm } from './use-booking-form';

/** The booking form's state (use-booking-form.ts), which the field sections read. */
export type BookingFormState = ReturnType<typeof useBookingForm>;

/**
 * Service, vendor and start date: pickers that search on the server (only active services are
 * offered; a booking's inactive one stays shown), or their values when the booking has payments.
 */
export function BookingPartyFields({
  state,
  booking,
}: {
  state: BookingFormState;
  booking: ServiceBooking | null;
}) {
  // `serviceOption`: how a service reads in its picker (with its standard rate);
  // `chooseService`: a service was chosen, its standard rate may be proposed.
  const { form, locked, service, serviceOption, chooseService: onServiceChosen } = state;
  const { t, i18n } = useTranslation();
  const {
    control,
    formState: { errors },
  } = form;
  const fieldProps = useFieldProps(form, 'serviceBookings.fields');
  return locked && booking ? (
    <>
      <LockedField
        label={t('serviceBookings.fields.service')}
        value={booking.expand?.service?.name ?? service?.name ?? '—'}
        testId="booking-service-locked"
      />
      <LockedField
        label={t('serviceBookings.fields.vendor')}
        value={booking.expand?.vendor?.name ?? '—'}
        testId="booking-vendor-locked"
      />
      <LockedField
        label={t('serviceBookings.fields.startDate')}
        value={formatBookingDate(booking.start_date, i18n.language)}
        testId="booking-start-locked"
      />
    </>
  ) : (
    <>
      <Controller
        control={control}
        name="service"
        render={({ field }) => (
          <ServicePicker
            toOption={serviceOption}
            filters={ACTIVE_ONLY}
            ref={field.ref}
            label={t('serviceBookings.fields.service')}
            value={field.value}
            onChange={(id) => {
              field.onChange(id);
              onServiceChosen(id);
            }}
            onBlur={field.onBlur}
            autoFocus={!booking}
            error={fieldError(t, errors.service)}
            testId="booking-service"
          />
        )}
      />
      <VendorField
        control={control}
        label={t('serviceBookings.fields.vendor')}
        testId="booking-vendor"
      />
      <DateField data-testid="booking-start" {...fieldProps('start_date')} />
    </>
  );
}

/** End date to notes, with the live total of duration × rate. */
export function BookingWorkFields({
  state,
  booking,
}: {
  state: BookingFormState;
  booking: ServiceBooking | null;
}) {
  // `total`: duration × rate in paise, or null while either is missing; `gstRate`: the chosen
  // GST rate (null: no GST), `gst` its live split.
  const { form, locked, service, unit, startDate, duration, rate, total, rateChanged } = state;
  const { onRateTyped, gstRate, gst, onGstTyped } = state;
  const { t } = useTranslation();
  const {
    register,
    control,
    setValue,
    formState: { errors },
  } = form;
  const fieldProps = useFieldProps(form, 'serviceBookings.fields');
  const statusChoices = BOOKING_STATUSES.map((s) => ({
    value: s,
    label: statusLabel(t, 'booking', s),
  }));
  return (
    <>
      <DateField
        optional
        min={locked ? booking?.start_date : startDate || undefined}
        data-testid="booking-end"
        {...fieldProps('end_date')}
      />
      <QuantityField
        unit={unit || undefined}
        hint={unit ? t('serviceBookings.form.durationHint', { unit }) : undefined}
        data-testid="booking-duration"
        {...fieldProps('duration', { decimal: true })}
      />
      <MoneyField
        hint={
          service && service.standard_rate > 0
            ? t('serviceBookings.form.standardRate', {
                rate: formatInr(toPaise(service.standard_rate)),
                unit: service.unit,
              })
            : undefined
        }
        data-testid="booking-rate"
        {...fieldProps('unit_rate', { decimal: true, onChange: onRateTyped })}
      />
      <Controller
        control={control}
        name="gst_rate"
        render={({ field }) => (
          <GstRateSelect
            ref={field.ref}
            name={field.name}
            label={t('gst.rate')}
            hint={t('serviceBookings.gst.rateHint')}
            value={field.value}
            onChange={(value) => {
              field.onChange(value);
              onGstTyped();
            }}
            onBlur={field.onBlur}
            error={fieldError(t, errors.gst_rate)}
            data-testid="booking-gst-rate"
          />
        )}
      />
      <ReverseChargeField
        className="sm:col-span-2"
        data-testid="booking-reverse-charge"
        {...register('reverse_charge')}
      />
      {rateChanged && booking ? (
        <div className="sm:col-span-2">
          <RateWarning testId="booking-rate-warning">
            {t('serviceBookings.form.rateWarning')}
            {booking.paid_amount > 0
              ? ` ${t('serviceBookings.form.rateWarningPaid', { paid: formatInr(toPaise(booking.paid_amount)) })}`
              : ''}
          </RateWarning>
        </div>
      ) : null}
      <div className="sm:col-span-2">
        <TimeCalculator
          unit={unit}
          onUse={(hours) =>
            setValue('duration', hours, { shouldValidate: true, shouldDirty: true })
          }
        />
      </div>
      <div
        className="flex flex-wrap items-baseline justify-between gap-2 rounded-xl bg-primary-soft/60 px-4 py-3 sm:col-span-2"
        data-testid="booking-total-preview"
      >
        <span className="text-sm text-fg-muted">
          {total !== null && typeof duration === 'number' && typeof rate === 'number'
            ? t('serviceBookings.form.totalFormula', {
                duration: formatQuantity(duration, unit || undefined),
                rate: formatInr(toPaise(rate)),
              })
            : t('serviceBookings.form.totalHint')}
        </span>
        <span className="text-xl font-semibold tabular-nums text-fg">{formatInr(total ?? 0)}</span>
        {gstRate !== null && total !== null ? <GstPreviewLine rate={gstRate} gst={gst} /> : null}
      </div>
      {gst.problem ? (
        <div className="sm:col-span-2">
          <RateWarning testId="booking-gst-problem">
            {t(`serviceBookings.gst.problem.${gst.problem}`)}
          </RateWarning>
        </div>
      ) : null}
      <SelectField options={statusChoices} data-testid="booking-status" {...fieldProps('status')} />
      <Controller
        control={control}
        name="percent_completed"
        render={({ field }) => (
          <PercentField
            label={t('serviceBookings.fields.percentCompleted')}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldError(t, errors.percent_completed)}
            testId="booking-percent"
          />
        )}
      />
      {/* Input tax is claimed on the invoice date: a booking without one claims none yet. */}
      <SupplierInvoiceFields
        form={form}
        numberHint={t('gst.supplierDocs.bookingInvoiceHint')}
        testId="booking"
      />
      <NotesField
        form={form}
        label={t('serviceBookings.fields.notes')}
        rows={3}
        containerClassName="sm:col-span-2"
        placeholder={t('serviceBookings.form.notesPlaceholder')}
        data-testid="booking-notes"
      />
    </>
  );
}

/** Above the fields: the offline notice, the advance link, the release prompt, the lock. */
export function BookingNotices({
  state,
  booking,
  queued,
}: {
  state: BookingFormState;
  booking: ServiceBooking | null;
  queued: QueueEntry | null;
}) {
  // `below`: the server refused a total below what was paid; the excess may be released.
  const { locked, below, mutation, submitWith } = state;
  const { t } = useTranslation();
  return (
    <>
      <OfflineQueueNotice queued={queued} />
      {booking && booking.status !== 'cancelled' ? (
        <div className="flex justify-end">
          <ApplyAdvanceLink
            vendorId={booking.vendor}
            owes={bookingOwes(booking)}
            target={{ booking: booking.id }}
          />
        </div>
      ) : null}
      {below ? (
        <ReleaseOverpaymentAlert
          below={below}
          busy={mutation.isPending}
          onRelease={() => void submitWith(true)()}
        />
      ) : null}
      {locked && booking ? (
        <Alert tone="info" testId="booking-form-locked">
          {t('serviceBookings.form.lockedExplanation', {
            paid: formatInr(toPaise(booking.paid_amount)),
          })}
        </Alert>
      ) : null}
    </>
  );
}

/**
 * "Taxable ₹1,000.00 + CGST ₹90.00 + SGST ₹90.00 = ₹1,180.00 to pay": the booking's GST as the
 * server will split it; nothing while the split is unknown (no vendor, or a state missing).
 */
function GstPreviewLine({ rate, gst }: { rate: number; gst: BookingGstPreview }) {
  const { t } = useTranslation();
  if (rate > 0 && gst.sameState === null) return null;
  const head = (name: 'cgst' | 'sgst' | 'igst', amount: number) =>
    t('serviceBookings.gst.head', { head: t(`gst.heads.${name}`), amount: formatInr(amount) });
  const heads =
    gst.sameState === false
      ? [head('igst', gst.igst)]
      : [head('cgst', gst.cgst), head('sgst', gst.sgst)];
  return (
    <p className="w-full text-sm tabular-nums text-fg-muted" data-testid="booking-gst-preview">
      {t('serviceBookings.gst.preview', {
        taxable: formatInr(gst.taxable),
        heads: heads.join(' + '),
        owed: formatInr(gst.owed),
      })}
    </p>
  );
}
