import { CalendarClock, Truck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/ui/data-table';
import { Pagination } from '../../components/ui/pagination';
import { useVendorBookings, useVendorDeliveries } from './api';
import { CompactEmpty, Section } from './vendor-activity-parts';
import { useVendorBookingColumns } from './vendor-booking-columns';
import { useVendorDeliveryColumns } from './vendor-delivery-columns';

const PER_PAGE = 10;

/** The vendor's deliveries: date, reference, total, paid and payment status. */
export function VendorDeliveries({ vendorId }: { vendorId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const deliveries = useVendorDeliveries(vendorId, page, PER_PAGE);
  const { columns, mobileCard } = useVendorDeliveryColumns();

  return (
    <Section
      title={t('vendors.detail.deliveries')}
      count={deliveries.data?.totalItems}
      link={{ to: `/deliveries?vendor=${vendorId}`, label: t('vendors.detail.viewAll') }}
      testId="vendor-deliveries"
    >
      <DataTable
        columns={columns}
        rows={deliveries.data?.items}
        rowKey={(d) => d.id}
        loading={deliveries.isPending}
        fetching={deliveries.isPlaceholderData}
        error={deliveries.error}
        onRetry={() => void deliveries.refetch()}
        mobileCard={mobileCard}
        skeletonRows={3}
        empty={
          <CompactEmpty
            icon={<Truck className="size-5" />}
            title={t('vendors.detail.noDeliveries')}
            description={t('vendors.detail.noDeliveriesHint')}
          />
        }
        label={t('vendors.detail.deliveries')}
        testId="vendor-deliveries-table"
        rowTestId={(d) => `vendor-delivery-${d.id}`}
      />
      {deliveries.data && deliveries.data.totalPages > 1 ? (
        <Pagination
          page={page}
          perPage={PER_PAGE}
          totalItems={deliveries.data.totalItems}
          totalPages={deliveries.data.totalPages}
          onPageChange={setPage}
          disabled={deliveries.isPlaceholderData}
          className="pt-1"
          testId="vendor-deliveries-pagination"
        />
      ) : null}
    </Section>
  );
}

/** The vendor's service bookings: service, dates, duration, total, status and payment status. */
export function VendorBookings({ vendorId }: { vendorId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const bookings = useVendorBookings(vendorId, page, PER_PAGE);
  const { columns, mobileCard } = useVendorBookingColumns();

  return (
    <Section
      title={t('vendors.detail.bookings')}
      count={bookings.data?.totalItems}
      link={{ to: `/service-bookings?vendor=${vendorId}`, label: t('vendors.detail.viewAll') }}
      testId="vendor-bookings"
    >
      <DataTable
        columns={columns}
        rows={bookings.data?.items}
        rowKey={(b) => b.id}
        loading={bookings.isPending}
        fetching={bookings.isPlaceholderData}
        error={bookings.error}
        onRetry={() => void bookings.refetch()}
        mobileCard={mobileCard}
        skeletonRows={3}
        empty={
          <CompactEmpty
            icon={<CalendarClock className="size-5" />}
            title={t('vendors.detail.noBookings')}
            description={t('vendors.detail.noBookingsHint')}
          />
        }
        label={t('vendors.detail.bookings')}
        testId="vendor-bookings-table"
        rowTestId={(b) => `vendor-booking-${b.id}`}
      />
      {bookings.data && bookings.data.totalPages > 1 ? (
        <Pagination
          page={page}
          perPage={PER_PAGE}
          totalItems={bookings.data.totalItems}
          totalPages={bookings.data.totalPages}
          onPageChange={setPage}
          disabled={bookings.isPlaceholderData}
          className="pt-1"
          testId="vendor-bookings-pagination"
        />
      ) : null}
    </Section>
  );
}
