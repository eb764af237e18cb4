/**
 * Book a service or edit a booking: service (its standard rate proposed as the unit rate), vendor,
 * dates, duration in the service's unit (with the time calculator), unit rate, live total,
 * percent completed, status and notes; completion photos when editing. A booking with payments
 * keeps its service, vendor and start date; changing its rate shows the spec's warning. Offline, a
 * new booking waits in the offline queue; a refused queued booking comes back here, filled in.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { ApplyAdvanceLink } from '../../components/apply-advance-link';
import { formatRupees } from '../../lib/format';
import { ReleaseOverpaymentAlert } from '../../components/release-overpayment';
import { releasedTotal, totalBelowPaid } from '../../lib/overpayment';
import {
  BOOKING_STATUSES,
  formatInr,
  toPaise,
  toRupees,
  type ServiceBooking,
} from '@siteledger/domain';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { DateField, todayIso } from '../../components/ui/date-field';
import { FormDialog } from '../../components/ui/form-dialog';
import { MoneyField, parseDecimalInput } from '../../components/ui/money-field';
import { formatQuantity, QuantityField } from '../../components/ui/quantity-field';
import { SelectField } from '../../components/ui/select-field';
import { statusLabel } from '../../components/ui/status-badge';
import { TextAreaField } from '../../components/ui/textarea-field';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { fieldError } from '../../lib/form';
import type { QueueEntry } from '../../lib/offline-queue';
import { entryError, isQueued, useQueuedEdit } from '../../lib/offline-queue-hooks';
import { OfflineQueueNotice } from '../../components/offline-queue-notice';
import { queuedBookingErrors, queuedBookingValues } from './queued-booking';
import { useCreateBooking, useServiceOptions, useUpdateBooking, useVendorOptions } from './api';
import { BookingPhotos } from './booking-photos';
import {
  bookingFieldErrors,
  bookingSchema,
  bookingTotalPaise,
  type BookingFormInput,
  type BookingFormValues,
} from './booking-form';
import { LockedField, PercentField, RateWarning } from './booking-form-fields';
import { formatBookingDate } from './format-date';
import { TimeCalculator } from './time-calculator';

export function BookingFormDialog({
  open,
  onOpenChange,
  booking,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  booking?: ServiceBooking | null;
}) {
  const edit = useQueuedEdit('service_bookings');
  return (
    <>
      <BookingForm
        key={open ? (booking?.id ?? 'new') : 'closed'}
        open={open}
        onOpenChange={onOpenChange}
        booking={booking ?? null}
      />
      {edit.entry ? (
        <BookingForm
          key={edit.entry.key}
          open
          onOpenChange={(next) => (next ? undefined : edit.close())}
          booking={null}
          queued={edit.entry}
        />
      ) : null}
    </>
  );
}

function BookingForm({
  open,
  onOpenChange,
  booking,
  queued = null,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  booking: ServiceBooking | null;
  queued?: QueueEntry | null;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const services = useServiceOptions();
  const vendors = useVendorOptions();
  const create = useCreateBooking({
    entryKey: queued?.key ?? null,
    summarize: (body) => {
      const total = bookingTotalPaise(body.duration, body.unit_rate);
      return {
        vendor: vendors.data?.find((v) => v.id === body.vendor)?.name ?? null,
        reference: services.data?.find((s) => s.id === body.service)?.name ?? null,
        amount: total === null ? null : toRupees(total),
        date: body.start_date,
      };
    },
  });
  const update = useUpdateBooking();
  const mutation = booking ? update : create;
  const locked = Boolean(booking && booking.paid_amount > 0);
  const [serverErrors] = useState(() => queuedBookingErrors(entryError(queued)));
  // The service's standard rate fills the rate until the person types their own.
  const [rateTyped, setRateTyped] = useState(Boolean(booking || queued));
  const {
    control,
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors },
  } = useForm<BookingFormInput, unknown, BookingFormValues>({
    // What the server said about a refused queued booking, under its fields.
    errors: serverErrors,
    resolver: zodResolver<BookingFormInput, unknown, BookingFormValues>(bookingSchema),
    defaultValues: queued
      ? queuedBookingValues(queued)
      : {
          service: booking?.service ?? '',
          vendor: booking?.vendor ?? '',
          start_date: booking?.start_date ?? todayIso(),
          end_date: booking?.end_date ?? '',
          duration: booking?.duration,
          unit_rate: booking?.unit_rate,
          percent_completed: booking?.percent_completed ?? 0,
          status: booking?.status ?? 'scheduled',
          notes: booking?.notes ?? '',
        },
  });
  const [serviceId, duration, rate, startDate] = useWatch({
    control,
    name: ['service', 'duration', 'unit_rate', 'start_date'],
  });
  const service = useMemo(
    () => services.data?.find((s) => s.id === serviceId),
    [services.data, serviceId],
  );
  const unit = service?.unit ?? booking?.expand?.service?.unit ?? '';
  const total = bookingTotalPaise(duration, rate);
  const rateChanged =
    booking !== null && typeof rate === 'number' && toPaise(rate) !== toPaise(booking.unit_rate);

  const serviceOptions = (services.data ?? [])
    .filter((s) => s.is_active || s.id === serviceId)
    .map((s) => ({
      value: s.id,
      label: t('serviceBookings.form.serviceOption', {
        name: s.name,
        rate: formatInr(toPaise(s.standard_rate)),
        unit: s.unit,
      }),
    }));
  const vendorOptions = (vendors.data ?? []).map((v) => ({ value: v.id, label: v.name }));
  const statusChoices = BOOKING_STATUSES.map((s) => ({
    value: s,
    label: statusLabel(t, 'booking', s),
  }));

  // A native select cannot hold a value before its options exist: a queued booking's service
  // and vendor are set again once the lists have arrived.
  const listsReady = Boolean(services.data && vendors.data);
  useEffect(() => {
    if (!queued || !listsReady) return;
    const values = queuedBookingValues(queued);
    setValue('service', values.service);
    setValue('vendor', values.vendor);
  }, [queued, listsReady, setValue]);

  const serviceField = register('service', {
    onChange: (event: { target: { value: string } }) => {
      const chosen = services.data?.find((s) => s.id === event.target.value);
      if (chosen && !rateTyped && chosen.standard_rate > 0)
        setValue('unit_rate', chosen.standard_rate, { shouldValidate: true });
    },
  });

  // `release`: the rate was lowered below what was paid and the person confirmed releasing it.
  const submitWith = (release: boolean) =>
    handleSubmit((values) => {
      const common = {
        end_date: values.end_date || null,
        duration: values.duration,
        unit_rate: values.unit_rate,
        percent_completed: values.percent_completed,
        status: values.status,
        notes: values.notes.trim() || null,
      };
      const done = (result?: unknown) => {
        if (isQueued(result)) return onOpenChange(false);
        const released = releasedTotal(result);
        toast.success(
          released > 0
            ? t('overpayment.released', { amount: formatRupees(released) })
            : t(booking ? 'serviceBookings.toast.updated' : 'serviceBookings.toast.created'),
        );
        onOpenChange(false);
      };
      const failed = (error: unknown) => {
        for (const [field, message] of bookingFieldErrors(error))
          setError(field, { type: 'server', message });
      };
      const moving = locked
        ? {}
        : { service: values.service, vendor: values.vendor, start_date: values.start_date };
      if (booking)
        update.mutate(
          {
            id: booking.id,
            data: { ...moving, ...common, ...(release ? { release_overpayment: true } : {}) },
          },
          { onSuccess: done, onError: failed },
        );
      else
        create.mutate(
          {
            service: values.service,
            vendor: values.vendor,
            start_date: values.start_date,
            ...common,
          },
          { onSuccess: done, onError: failed },
        );
    });
  const onSubmit = submitWith(false);
  const below = totalBelowPaid(mutation.error);

  const fieldErrors = bookingFieldErrors(mutation.error).length > 0;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={booking ? t('serviceBookings.form.editTitle') : t('serviceBookings.form.addTitle')}
      description={
        booking
          ? (booking.expand?.service?.name ?? t('serviceBookings.form.editSubtitle'))
          : t('serviceBookings.form.addSubtitle')
      }
      onSubmit={onSubmit}
      submitLabel={booking ? t('kit.actions.saveChanges') : t('serviceBookings.form.add')}
      busy={mutation.isPending}
      error={mutation.isError && !fieldErrors && !below ? errorMessage(mutation.error, t) : null}
      size="xl"
      footerStart={
        <p className="flex items-baseline justify-between gap-3 sm:justify-start">
          <span className="text-fg-muted">{t('serviceBookings.fields.total')}</span>
          <span
            className="text-lg font-semibold tabular-nums text-fg"
            data-testid="booking-form-total"
          >
            {formatInr(total ?? 0)}
          </span>
        </p>
      }
      testId="booking-form"
    >
      <OfflineQueueNotice queued={queued} />
      {booking && booking.status !== 'cancelled' ? (
        <div className="flex justify-end">
          <ApplyAdvanceLink
            vendorId={booking.vendor}
            owes={booking.total_amount > booking.paid_amount}
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
      <div className="grid gap-4 sm:grid-cols-2">
        {locked && booking ? (
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
            <SelectField
              label={t('serviceBookings.fields.service')}
              placeholder={t('kit.select.choose')}
              options={serviceOptions}
              autoFocus={!booking}
              error={fieldError(t, errors.service)}
              data-testid="booking-service"
              {...serviceField}
            />
            <SelectField
              label={t('serviceBookings.fields.vendor')}
              placeholder={t('kit.select.choose')}
              options={vendorOptions}
              error={fieldError(t, errors.vendor)}
              data-testid="booking-vendor"
              {...register('vendor')}
            />
            <DateField
              label={t('serviceBookings.fields.startDate')}
              error={fieldError(t, errors.start_date)}
              data-testid="booking-start"
              {...register('start_date')}
            />
          </>
        )}
        <DateField
          label={t('serviceBookings.fields.endDate')}
          optional
          min={locked ? booking?.start_date : startDate || undefined}
          error={fieldError(t, errors.end_date)}
          data-testid="booking-end"
          {...register('end_date')}
        />
        <QuantityField
          label={t('serviceBookings.fields.duration')}
          unit={unit || undefined}
          hint={unit ? t('serviceBookings.form.durationHint', { unit }) : undefined}
          error={fieldError(t, errors.duration)}
          data-testid="booking-duration"
          {...register('duration', { setValueAs: parseDecimalInput })}
        />
        <MoneyField
          label={t('serviceBookings.fields.unitRate')}
          hint={
            service && service.standard_rate > 0
              ? t('serviceBookings.form.standardRate', {
                  rate: formatInr(toPaise(service.standard_rate)),
                  unit: service.unit,
                })
              : undefined
          }
          error={fieldError(t, errors.unit_rate)}
          data-testid="booking-rate"
          {...register('unit_rate', {
            setValueAs: parseDecimalInput,
            onChange: () => setRateTyped(true),
          })}
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
          <span className="text-xl font-semibold tabular-nums text-fg">
            {formatInr(total ?? 0)}
          </span>
        </div>
        <SelectField
          label={t('serviceBookings.fields.status')}
          options={statusChoices}
          error={fieldError(t, errors.status)}
          data-testid="booking-status"
          {...register('status')}
        />
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
        <TextAreaField
          label={t('serviceBookings.fields.notes')}
          optional
          rows={3}
          containerClassName="sm:col-span-2"
          placeholder={t('serviceBookings.form.notesPlaceholder')}
          error={fieldError(t, errors.notes)}
          data-testid="booking-notes"
          {...register('notes')}
        />
      </div>
      {booking ? <BookingPhotos booking={booking} /> : null}
    </FormDialog>
  );
}
