import { CalendarClock, Truck } from 'lucide-react';
import { useDeferredValue, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../components/list-page/paged-table';
import type { ListQueryResult } from '../../components/list-page/list-types';
import type { DataTableColumn } from '../../components/ui/data-table';
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
    <ActivityTable
      query={deliveries}
      page={page}
      setPage={setPage}
      columns={columns}
      mobileCard={mobileCard}
      title={t('vendors.detail.deliveries')}
      listPath={`/deliveries?vendor=${vendorId}`}
      empty={{
        icon: <Truck className="size-5" />,
        title: t('vendors.detail.noDeliveries'),
        description: t('vendors.detail.noDeliveriesHint'),
      }}
      testId="vendor-deliveries"
      rowTestId={(d) => `vendor-delivery-${d.id}`}
    />
  );
}

/** The vendor's service bookings: service, dates, duration, total, status and payment status. */
export function VendorBookings({ vendorId }: { vendorId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const bookings = useVendorBookings(vendorId, page, PER_PAGE);
  const { columns, mobileCard } = useVendorBookingColumns();
  return (
    <ActivityTable
      query={bookings}
      page={page}
      setPage={setPage}
      columns={columns}
      mobileCard={mobileCard}
      title={t('vendors.detail.bookings')}
      listPath={`/service-bookings?vendor=${vendorId}`}
      empty={{
        icon: <CalendarClock className="size-5" />,
        title: t('vendors.detail.noBookings'),
        description: t('vendors.detail.noBookingsHint'),
      }}
      testId="vendor-bookings"
      rowTestId={(b) => `vendor-booking-${b.id}`}
    />
  );
}

/** A titled page of the vendor's records, its count and a link to the whole list. */
function ActivityTable<T extends { id: string }>({
  query,
  page,
  setPage,
  columns,
  mobileCard,
  title,
  listPath,
  empty,
  testId,
  rowTestId,
}: {
  query: ListQueryResult<T>;
  page: number;
  setPage: (page: number) => void;
  columns: DataTableColumn<T>[];
  mobileCard: (row: T) => ReactNode;
  title: string;
  listPath: string;
  empty: { icon: ReactNode; title: string; description: string };
  testId: string;
  rowTestId: (row: T) => string;
}) {
  const { t } = useTranslation();
  // Rows drawn at transition priority (sliced), like the ledger's.
  const shown = useDeferredValue(query.data);
  return (
    <Section
      title={title}
      count={shown?.totalItems}
      link={{ to: listPath, label: t('vendors.detail.viewAll') }}
      testId={testId}
    >
      <PagedTable
        query={query}
        data={shown}
        paging={{ page, perPage: PER_PAGE, setPage }}
        pagination={{ hideSingle: true, className: 'pt-1', testId: `${testId}-pagination` }}
        columns={columns}
        rowKey={(row) => row.id}
        loading={query.isPending || (!shown && !query.error)}
        mobileCard={mobileCard}
        skeletonRows={3}
        empty={<CompactEmpty {...empty} />}
        label={title}
        testId={`${testId}-table`}
        rowTestId={rowTestId}
      />
    </Section>
  );
}
