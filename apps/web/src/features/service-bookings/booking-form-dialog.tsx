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
import { StepTotal } from '../../components/ui/step-dialog';
import { errorMessage } from '../../lib/api-client';
import type { QueueEntry } from '../../lib/offline-queue';
import { QueuedEditForms } from '../../components/queued-edit';
import { bookingFieldErrors } from './booking-form';
import { BookingPhotos } from './booking-photos';
import { BookingNotices, BookingPartyFields, BookingWorkFields } from './booking-form-sections';
import { useBookingForm } from './use-booking-form';
import type { DialogControl } from '../../components/dialog-control';

export function BookingFormDialog({
  open,
  onOpenChange,
  booking,
}: DialogControl & { booking?: ServiceBooking | null }) {
  return (
    <QueuedEditForms
      collection="service_bookings"
      open={open}
      onOpenChange={onOpenChange}
      formKey={booking?.id ?? 'new'}
    >
      {(props) => <BookingForm {...props} booking={props.queued ? null : (booking ?? null)} />}
    </QueuedEditForms>
  );
}

function BookingForm({
  open,
  onOpenChange,
  booking,
  queued = null,
}: DialogControl & { booking: ServiceBooking | null; queued?: QueueEntry | null }) {
  const { t } = useTranslation();
  const state = useBookingForm({ open, booking, queued, onOpenChange });
  const { mutation, submitWith, below } = state;
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
        <StepTotal
          label={t(
            state.gst.tax > 0 ? 'serviceBookings.fields.toPay' : 'serviceBookings.fields.total',
          )}
          amount={formatInr(state.total === null ? 0 : state.gst.owed)}
          testId="booking-form-total"
        />
      }
      testId="booking-form"
    >
      <BookingNotices state={state} booking={booking} queued={queued} />
      <div className="grid gap-4 sm:grid-cols-2">
        <BookingPartyFields state={state} booking={booking} />
        <BookingWorkFields state={state} booking={booking} />
      </div>
      {booking ? <BookingPhotos booking={booking} /> : null}
    </FormDialog>
  );
}
