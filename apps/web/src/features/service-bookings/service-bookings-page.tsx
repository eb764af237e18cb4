import type { ServiceBooking } from '@siteledger/domain';
import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/list-page/list-page';
import { useListPage } from '../../components/list-page/use-list-page';
import { EntityFilter } from '../../components/pickers/entity-picker';
import { FilterSelect } from '../../components/ui/list-toolbar';
import { statusOptions } from '../../components/ui/status-badge';
import { useBookings, useDeleteBooking } from './api';
import { BookingFormDialog } from './booking-form-dialog';
import { BookingViewDialog } from './booking-view-dialog';
import { bookingName, useBookingColumns } from './bookings-columns';

const FILTERS = ['service', 'vendor', 'status', 'payment_status'] as const;
const NAMES = { ns: 'serviceBookings', one: 'booking', many: 'bookings', page: 'service-bookings' };

export function ServiceBookingsPage() {
  const { t } = useTranslation();
  const page = useListPage<ServiceBooking>({
    names: NAMES,
    resource: 'service_bookings',
    sort: '-start_date',
    filters: FILTERS,
    rowName: bookingName,
    remove: useDeleteBooking(),
    deleteValues: (b) => ({ name: bookingName(b), vendor: b.expand?.vendor?.name ?? '—' }),
  });
  const { list, form, can } = page;
  const bookings = useBookings(list.query);
  const [viewing, setViewing] = useState<ServiceBooking | null>(null);
  const { columns, mobileCard } = useBookingColumns(page.actions, page.actionsColumn);

  return (
    <ListPage
      page={page}
      query={bookings}
      columns={columns}
      mobileCard={mobileCard}
      onRowClick={(b) => (can.canUpdate ? form.openEdit(b) : setViewing(b))}
      emptyIcon={<CalendarClock />}
      dateRange
      filters={
        <>
          <EntityFilter
            entity="services"
            label={t('serviceBookings.fields.service')}
            value={list.filters.service ?? ''}
            onChange={(value) => list.setFilter('service', value)}
            allLabel={t('serviceBookings.filters.allServices')}
            testId="bookings-filter-service"
          />
          <EntityFilter
            entity="vendors"
            label={t('serviceBookings.fields.vendor')}
            value={list.filters.vendor ?? ''}
            onChange={(value) => list.setFilter('vendor', value)}
            allLabel={t('serviceBookings.filters.allVendors')}
            testId="bookings-filter-vendor"
          />
          <FilterSelect
            label={t('serviceBookings.fields.status')}
            value={list.filters.status ?? ''}
            onChange={(value) => list.setFilter('status', value)}
            allLabel={t('serviceBookings.filters.allStatuses')}
            options={statusOptions(t, 'booking')}
            testId="bookings-filter-status"
          />
          <FilterSelect
            label={t('serviceBookings.fields.payment')}
            value={list.filters.payment_status ?? ''}
            onChange={(value) => list.setFilter('payment_status', value)}
            allLabel={t('serviceBookings.filters.allPayments')}
            options={statusOptions(t, 'payment')}
            testId="bookings-filter-payment"
          />
        </>
      }
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
