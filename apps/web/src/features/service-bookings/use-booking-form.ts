import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatInr,
  toPaise,
  toRupees,
  type Service,
  type ServiceBooking,
} from '@siteledger/domain';
import { useCallback, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/ui/toast-context';
import { useFormGuard } from '../../components/ui/use-form-guard';
import type { ComboOption } from '../../components/pickers/combobox';
import { useSiteGst } from '../../components/gst/use-site-gst';
import { useEntityRecords, useServiceOptions, useVendorOptions } from '../../lib/entity-options';
import { formatRupees } from '../../lib/format';
import type { QueueEntry } from '../../lib/offline-queue';
import { entryError, isQueued } from '../../lib/offline-queue-hooks';
import { releasedTotal, totalBelowPaid } from '../../lib/overpayment';
import { useCreateBooking, useUpdateBooking } from './api';
import {
  bookingBodies,
  bookingFieldErrors,
  bookingFormDefaults,
  bookingSchema,
  bookingTotalPaise,
  type BookingFormInput,
  type BookingFormValues,
} from './booking-form';
import { bookingGstPreview } from './booking-gst';
import { defaultRateOn } from '../../components/gst/rate-on-date';
import { queuedBookingErrors, queuedBookingValues } from './queued-booking';
import type { DialogControl } from '../../components/dialog-control';

/**
 * The booking form's state: the form, the chosen service and vendor (the pickers search on the
 * server), the live total and the save (with `release` for a lowered rate the person confirmed).
 */
export function useBookingForm({
  open,
  booking,
  queued,
  onOpenChange,
}: DialogControl & {
  booking: ServiceBooking | null;
  queued: QueueEntry | null;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateBooking({
    entryKey: queued?.key ?? null,
    summarize: (body) => {
      const total = bookingTotalPaise(body.duration, body.unit_rate);
      return {
        vendor: vendors.byId(body.vendor)?.name ?? null,
        reference: services.byId(body.service)?.name ?? null,
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
  // Likewise the service's GST rate, until the person picks one.
  const [gstTyped, setGstTyped] = useState(Boolean(booking || queued));
  const form = useForm<BookingFormInput, unknown, BookingFormValues>({
    // What the server said about a refused queued booking, under its fields.
    errors: serverErrors,
    resolver: zodResolver<BookingFormInput, unknown, BookingFormValues>(bookingSchema),
    defaultValues: queued ? queuedBookingValues(queued) : bookingFormDefaults(booking),
  });
  const { control, handleSubmit, setValue, setError } = form;
  // Asks before typed work is discarded; a new booking's draft survives a reload.
  const guard = useFormGuard(form, {
    open,
    onClose: () => onOpenChange(false),
    draft: booking || queued ? null : 'service-booking',
  });
  const [serviceId, vendorId, duration, rate, startDate, gstRate, reverseCharge] = useWatch({
    control,
    name: [
      'service',
      'vendor',
      'duration',
      'unit_rate',
      'start_date',
      'gst_rate',
      'reverse_charge',
    ],
  });
  // Only the chosen records (by id), never the site's whole lists.
  const services = useServiceOptions({ selectedIds: [serviceId], enabled: false });
  const vendors = useVendorOptions({ selectedIds: [vendorId], enabled: false });
  const service = services.byId(serviceId);
  const unit = service?.unit ?? booking?.expand?.service?.unit ?? '';
  const total = bookingTotalPaise(duration, rate);
  // The GST split as the server will make it: the vendor's state against the site's.
  const [vendorRecord] = useEntityRecords('vendors', [vendorId]);
  const site = useSiteGst();
  const gst = bookingGstPreview(total, gstRate, vendorRecord, site?.state_code, reverseCharge);
  const rateChanged =
    booking !== null && typeof rate === 'number' && toPaise(rate) !== toPaise(booking.unit_rate);

  // A service in its picker with its standard rate, as the person compares them.
  const serviceOption = useCallback(
    (s: Service): ComboOption => ({
      value: s.id,
      label: t('serviceBookings.form.serviceOption', {
        name: s.name,
        rate: formatInr(toPaise(s.standard_rate)),
        unit: s.unit,
      }),
    }),
    [t],
  );
  // The service's standard rate fills the rate until the person types their own (the record
  // just chosen is in the picker's page).
  const chooseService = (id: string) => {
    const chosen = services.byId(id);
    if (chosen && !rateTyped && chosen.standard_rate > 0)
      setValue('unit_rate', chosen.standard_rate, { shouldValidate: true });
    // The service's rate in force on the start date (issue 40 item 9).
    if (chosen && !gstTyped) setValue('gst_rate', defaultRateOn(chosen, startDate));
  };

  // `release`: the rate was lowered below what was paid and the person confirmed releasing it.
  const submitWith = (release: boolean) =>
    handleSubmit((values) => {
      const body = bookingBodies(values, locked);
      const done = (result?: unknown) => {
        guard.saved();
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
  const below = totalBelowPaid(mutation.error);

  return {
    form,
    guard,
    mutation,
    locked,
    service,
    unit,
    startDate,
    duration,
    rate,
    total,
    gstRate,
    gst,
    rateChanged,
    serviceOption,
    chooseService,
    submitWith,
    below,
    onRateTyped: () => setRateTyped(true),
    onGstTyped: () => setGstTyped(true),
  };
}
