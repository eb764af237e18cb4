import type { Delivery, ServiceBooking } from '@siteledger/domain';
import { ArrowRight, CalendarClock, Truck } from 'lucide-react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table';
import { Pagination } from '../../components/ui/pagination';
import { formatQuantity } from '../../components/ui/quantity-field';
import { StatusBadge } from '../../components/ui/status-badge';
import { formatInteger, formatRupees } from '../../lib/format';
import { useVendorBookings, useVendorDeliveries } from './api';
import { formatDay } from './vendor-format';

const PER_PAGE = 10;

function Section({
  title,
  count,
  link,
  children,
  testId,
}: {
  title: string;
  count: number | undefined;
  link: { to: string; label: string };
  children: ReactNode;
  testId: string;
}) {
  return (
    <section className="space-y-3" data-testid={testId} aria-label={title}>
      <div className="flex items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 text-base font-semibold text-fg">
          {title}
          {count !== undefined && count > 0 ? (
            <span className="rounded-full bg-surface-muted px-2 py-0.5 text-xs font-medium tabular-nums text-fg-muted">
              {formatInteger(count)}
            </span>
          ) : null}
        </h2>
        {count ? (
          <Link
            to={link.to}
            className="inline-flex h-9 items-center gap-1 rounded-lg px-2 text-sm font-medium text-primary hover:bg-primary-soft focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
          >
            {link.label}
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}

/** A short "nothing here yet" line that keeps the page compact. */
function CompactEmpty({
  icon,
  title,
  description,
}: {
  icon: ReactNode;
  title: string;
  description: string;
}) {
  return (
    <div className="flex items-start gap-3 px-4 py-4 sm:px-5">
      <span
        className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-fg"
        aria-hidden="true"
      >
        {icon}
      </span>
      <div className="min-w-0 space-y-0.5">
        <p className="text-sm font-semibold text-fg">{title}</p>
        <p className="text-sm text-fg-muted">{description}</p>
      </div>
    </div>
  );
}

function MoneyPair({ label, value }: { label: string; value: number }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className="truncate font-medium tabular-nums text-fg">{formatRupees(value)}</dd>
    </div>
  );
}

/** The vendor's deliveries: date, reference, total, paid and payment status. */
export function VendorDeliveries({ vendorId }: { vendorId: string }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const deliveries = useVendorDeliveries(vendorId, page, PER_PAGE);
  const reference = (d: Delivery) =>
    d.delivery_reference ? (
      <span className="text-fg">{d.delivery_reference}</span>
    ) : (
      <span className="text-fg-subtle">{t('vendors.detail.noReference')}</span>
    );

  const columns: DataTableColumn<Delivery>[] = [
    {
      key: 'date',
      header: t('vendors.detail.columns.date'),
      cell: (d) => (
        <span className="whitespace-nowrap">{formatDay(d.delivery_date, i18n.language)}</span>
      ),
    },
    { key: 'reference', header: t('vendors.detail.columns.reference'), cell: reference },
    {
      key: 'total',
      header: t('vendors.detail.columns.total'),
      align: 'right',
      cell: (d) => <span className="font-medium">{formatRupees(d.total_amount)}</span>,
    },
    {
      key: 'paid',
      header: t('vendors.detail.columns.paid'),
      align: 'right',
      cell: (d) => formatRupees(d.paid_amount),
    },
    {
      key: 'status',
      header: t('vendors.detail.columns.payment'),
      align: 'right',
      cell: (d) => <StatusBadge kind="payment" status={d.payment_status} />,
    },
  ];

  const mobileCard = (d: Delivery) => (
    <div className="space-y-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-fg">{formatDay(d.delivery_date, i18n.language)}</p>
          <p className="truncate text-sm">{reference(d)}</p>
        </div>
        <StatusBadge kind="payment" status={d.payment_status} />
      </div>
      <dl className="grid grid-cols-2 gap-2 rounded-xl bg-surface-muted/70 p-3 text-sm">
        <MoneyPair label={t('vendors.detail.columns.total')} value={d.total_amount} />
        <div className="text-right">
          <MoneyPair label={t('vendors.detail.columns.paid')} value={d.paid_amount} />
        </div>
      </dl>
    </div>
  );

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
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const bookings = useVendorBookings(vendorId, page, PER_PAGE);
  const dates = (b: ServiceBooking) =>
    b.end_date && b.end_date !== b.start_date
      ? `${formatDay(b.start_date, i18n.language)} – ${formatDay(b.end_date, i18n.language)}`
      : formatDay(b.start_date, i18n.language);
  const service = (b: ServiceBooking) => b.expand?.service?.name ?? '—';
  const duration = (b: ServiceBooking) => formatQuantity(b.duration, b.expand?.service?.unit);

  const columns: DataTableColumn<ServiceBooking>[] = [
    {
      key: 'service',
      header: t('vendors.detail.columns.service'),
      cell: (b) => (
        <div className="min-w-0 max-w-56">
          <p className="truncate font-medium text-fg">{service(b)}</p>
          <p className="truncate text-xs text-fg-muted">{duration(b)}</p>
        </div>
      ),
    },
    {
      key: 'dates',
      header: t('vendors.detail.columns.dates'),
      cell: (b) => <span className="whitespace-nowrap">{dates(b)}</span>,
    },
    {
      key: 'total',
      header: t('vendors.detail.columns.total'),
      align: 'right',
      cell: (b) => <span className="font-medium">{formatRupees(b.total_amount)}</span>,
    },
    {
      key: 'status',
      header: t('vendors.detail.columns.status'),
      hideBelow: 'xl',
      cell: (b) => <StatusBadge kind="booking" status={b.status} />,
    },
    {
      key: 'payment',
      header: t('vendors.detail.columns.payment'),
      align: 'right',
      cell: (b) => <StatusBadge kind="payment" status={b.payment_status} />,
    },
  ];

  const mobileCard = (b: ServiceBooking) => (
    <div className="space-y-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-semibold text-fg">{service(b)}</p>
          <p className="text-sm text-fg-muted">
            {dates(b)} · {duration(b)}
          </p>
        </div>
        <StatusBadge kind="booking" status={b.status} />
      </div>
      <div className="flex items-center justify-between gap-3 rounded-xl bg-surface-muted/70 p-3 text-sm">
        <dl>
          <MoneyPair label={t('vendors.detail.columns.total')} value={b.total_amount} />
        </dl>
        <StatusBadge kind="payment" status={b.payment_status} />
      </div>
    </div>
  );

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
