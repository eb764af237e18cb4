import { CalendarClock, Truck } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
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
  // Rows drawn at transition priority (sliced), like the ledger's.
  const shown = useDeferredValue(deliveries.data);
  const { columns, mobileCard } = useVendorDeliveryColumns();

  return (
    <Section
      title={t('vendors.detail.deliveries')}
      count={shown?.totalItems}
      link={{ to: `/deliveries?vendor=${vendorId}`, label: t('vendors.detail.viewAll') }}
      testId="vendor-deliveries"
    >
      <DataTable
        columns={columns}
        rows={shown?.items}
        rowKey={(d) => d.id}
        loading={deliveries.isPending || (!shown && !deliveries.error)}
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
      {shown && shown.totalPages > 1 ? (
        <Pagination
          page={page}
          perPage={PER_PAGE}
          totalItems={shown.totalItems}
          totalPages={shown.totalPages}
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
  // Rows drawn at transition priority (sliced), like the ledger's.
  const shown = useDeferredValue(bookings.data);
  const { columns, mobileCard } = useVendorBookingColumns();

  return (
    <Section
      title={t('vendors.detail.bookings')}
      count={shown?.totalItems}
      link={{ to: `/service-bookings?vendor=${vendorId}`, label: t('vendors.detail.viewAll') }}
      testId="vendor-bookings"
    >
      <DataTable
        columns={columns}
        rows={shown?.items}
        rowKey={(b) => b.id}
        loading={bookings.isPending || (!shown && !bookings.error)}
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
      {shown && shown.totalPages > 1 ? (
        <Pagination
          page={page}
          perPage={PER_PAGE}
          totalItems={shown.totalItems}
          totalPages={shown.totalPages}
          onPageChange={setPage}
          disabled={bookings.isPlaceholderData}
          className="pt-1"
          testId="vendor-bookings-pagination"
        />
      ) : null}
    </Section>
  );
}
