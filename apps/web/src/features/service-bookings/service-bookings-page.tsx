import type { ServiceBooking } from '@siteledger/domain';
import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { entityFilter, selectFilter } from '../../components/list-page/list-filters';
import { ListPage } from '../../components/list-page/list-page';
import { useListPageData } from '../../components/page/use-list-page-data';
import { statusOptions } from '../../components/ui/status-badge';
import { QueuedRecords } from '../../components/queued-records';
import { useBookings, useDeleteBooking } from './api';
import { BookingFormDialog } from './booking-form-dialog';
import { BookingViewDialog } from './booking-view-dialog';
import { bookingName, useBookingColumns } from './bookings-columns';

const FILTERS = ['service', 'vendor', 'status', 'payment_status'] as const;
const NAMES = { ns: 'serviceBookings', one: 'booking', many: 'bookings', page: 'service-bookings' };

export function ServiceBookingsPage() {
  const { t } = useTranslation();
  const { table, form, can } = useListPageData<ServiceBooking>(
    {
      names: NAMES,
      resource: 'service_bookings',
      sort: '-start_date',
      filters: FILTERS,
      rowName: bookingName,
      remove: useDeleteBooking(),
      deleteValues: (b) => ({ name: bookingName(b), vendor: b.expand?.vendor?.name ?? '—' }),
    },
    { useRecords: useBookings, useColumns: useBookingColumns },
  );
  const [viewing, setViewing] = useState<ServiceBooking | null>(null);

  return (
    <ListPage
      {...table}
      onRowClick={(b) => (can.canUpdate ? form.openEdit(b) : setViewing(b))}
      emptyIcon={<CalendarClock />}
      tabs={<QueuedRecords collection="service_bookings" />}
      dateRange
      filterBy={[
        entityFilter('service', 'services', { all: 'allServices' }),
        entityFilter('vendor', 'vendors', { all: 'allVendors' }),
        selectFilter('status', statusOptions(t, 'booking'), { all: 'allStatuses' }),
        selectFilter('payment_status', statusOptions(t, 'payment'), {
          id: 'payment',
          all: 'allPayments',
        }),
      ]}
      dialogs={
        <>
          <BookingFormDialog
            open={form.open}
            onOpenChange={form.onOpenChange}
            booking={form.editing}
          />
          <BookingViewDialog booking={viewing} onClose={() => setViewing(null)} />
        </>
      }
    />
  );
}
