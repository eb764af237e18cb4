/**
 * Book a service or edit a booking: service (its standard rate proposed as the unit rate), vendor,
 * dates, duration in the service's unit (with the time calculator), unit rate, live total,
 * percent completed, status and notes; completion photos when editing. A booking with payments
 * keeps its service, vendor and start date; changing its rate shows the spec's warning. Offline, a
 * new booking waits in the offline queue; a refused queued booking comes back here, filled in.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { formatRupees } from '../../lib/format';
import { releasedTotal, totalBelowPaid } from '../../lib/overpayment';
import { formatInr, toPaise, toRupees, type ServiceBooking } from '@siteledger/domain';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/ui/form-dialog';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { useServiceList, useVendorList } from '../../lib/entity-options';
import type { QueueEntry } from '../../lib/offline-queue';
import { entryError, isQueued, useQueuedEdit } from '../../lib/offline-queue-hooks';
import { queuedBookingErrors, queuedBookingValues } from './queued-booking';
import { useCreateBooking, useUpdateBooking } from './api';
import { BookingPhotos } from './booking-photos';
import {
  bookingBodies,
  bookingFieldErrors,
  bookingFormDefaults,
  bookingSchema,
  bookingTotalPaise,
  type BookingFormInput,
  type BookingFormValues,
} from './booking-form';
import { BookingNotices, BookingPartyFields, BookingWorkFields } from './booking-form-sections';

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
  const { t } = useTranslation();
  const toast = useToast();
  // Native selects (they cannot search as the person types): the whole lists.
  const services = useServiceList();
  const vendors = useVendorList();
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
  const form = useForm<BookingFormInput, unknown, BookingFormValues>({
    // What the server said about a refused queued booking, under its fields.
    errors: serverErrors,
    resolver: zodResolver<BookingFormInput, unknown, BookingFormValues>(bookingSchema),
    defaultValues: queued ? queuedBookingValues(queued) : bookingFormDefaults(booking),
  });
  const { control, register, handleSubmit, setValue, setError } = form;
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
  const vendorOptions = vendors.options;

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
      const body = bookingBodies(values, locked);
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
      const options = { onSuccess: done, onError: failed };
      const released = release ? { release_overpayment: true } : {};
      if (booking)
        update.mutate({ id: booking.id, data: { ...body.update, ...released } }, options);
      else create.mutate(body.create, options);
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
      <BookingNotices
        booking={booking}
        locked={locked}
        queued={queued}
        below={below}
        busy={mutation.isPending}
        onRelease={() => void submitWith(true)()}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <BookingPartyFields
          form={form}
          booking={booking}
          locked={locked}
          service={service}
          serviceOptions={serviceOptions}
          vendorOptions={vendorOptions}
          serviceField={serviceField}
        />
        <BookingWorkFields
          form={form}
          booking={booking}
          locked={locked}
          service={service}
          unit={unit}
          startDate={startDate}
          duration={duration}
          rate={rate}
          total={total}
          rateChanged={rateChanged}
          onRateTyped={() => setRateTyped(true)}
        />
      </div>
      {booking ? <BookingPhotos booking={booking} /> : null}
    </FormDialog>
  );
}
