/**
 * Book a service or edit a booking: service (its standard rate proposed as the unit rate), vendor,
 * dates, duration in the service's unit (with the time calculator), unit rate, live total,
 * percent completed, status and notes; completion photos when editing. A booking with payments
 * keeps its service, vendor and start date; changing its rate shows the spec's warning. Offline, a
 * new booking waits in the offline queue; a refused queued booking comes back here, filled in.
 */
import { formatInr, type ServiceBooking } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/ui/form-dialog';
import { errorMessage } from '../../lib/api-client';
import type { QueueEntry } from '../../lib/offline-queue';
import { useQueuedEdit } from '../../lib/offline-queue-hooks';
import { bookingFieldErrors } from './booking-form';
import { BookingPhotos } from './booking-photos';
import { BookingNotices, BookingPartyFields, BookingWorkFields } from './booking-form-sections';
import { useBookingForm } from './use-booking-form';

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
  const state = useBookingForm({ open, booking, queued, onOpenChange });
  const { form, mutation, locked, service, submitWith, below } = state;
  const onSubmit = submitWith(false);

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
      guard={state.guard}
      footerStart={
        <p className="flex items-baseline justify-between gap-3 sm:justify-start">
          <span className="text-fg-muted">
            {t(state.gst.tax > 0 ? 'serviceBookings.fields.toPay' : 'serviceBookings.fields.total')}
          </span>
          <span
            className="text-lg font-semibold tabular-nums text-fg"
            data-testid="booking-form-total"
          >
            {formatInr(state.total === null ? 0 : state.gst.owed)}
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
          serviceOption={state.serviceOption}
          onServiceChosen={state.chooseService}
        />
        <BookingWorkFields
          form={form}
          booking={booking}
          locked={locked}
          service={service}
          unit={state.unit}
          startDate={state.startDate}
          duration={state.duration}
          rate={state.rate}
          total={state.total}
          rateChanged={state.rateChanged}
          onRateTyped={state.onRateTyped}
          gstRate={state.gstRate}
          gst={state.gst}
          onGstTyped={state.onGstTyped}
        />
      </div>
      {booking ? <BookingPhotos booking={booking} /> : null}
    </FormDialog>
  );
}
