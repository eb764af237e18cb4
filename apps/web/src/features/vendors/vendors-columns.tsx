import type { Vendor } from '@siteledger/domain';
import { Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TagChips } from '../../components/tag-picker';
import { useMediaQuery, type DataTableColumn } from '../../components/ui/data-table';
import { formatRupees } from '../../lib/format';
import { Outstanding } from './outstanding';
import { telHref } from './vendor-format';
import { CardFigure } from '../../components/list-page/card-head';
import { NameCell } from '../../components/list-page/name-cell';

const dash = <span className="text-fg-subtle">—</span>;

/** What was paid; a dash for a role kept from payments (issue 47: the field is absent). */
const paidText = (vendor: Vendor) =>
  vendor.total_paid === undefined ? '—' : formatRupees(vendor.total_paid);

/** The vendors list's columns and phone card; `actions` are the row's edit/delete buttons. */
export function useVendorColumns(
  actions: (vendor: Vendor) => ReactNode,
  actionsColumn: DataTableColumn<Vendor>[],
) {
  const { t } = useTranslation();
  // Tap-to-call where there is a phone to tap with; a click elsewhere opens the vendor.
  const touch = useMediaQuery('(pointer: coarse)');
  const columns: DataTableColumn<Vendor>[] = [
    {
      key: 'name',
      header: t('vendors.fields.name'),
      sortKey: 'name',
      cell: (vendor) => <NameCell name={vendor.name} detail={vendor.company_name} />,
    },
    {
      key: 'contact',
      header: t('vendors.fields.contactPerson'),
      sortKey: 'contact_person',
      hideBelow: 'lg',
      cell: (vendor) =>
        vendor.contact_person ? <span className="text-fg">{vendor.contact_person}</span> : dash,
    },
    {
      key: 'phone',
      header: t('vendors.fields.phone'),
      cell: (vendor) =>
        vendor.phone && touch ? (
          <a
            href={telHref(vendor.phone)}
            className="whitespace-nowrap tabular-nums text-fg hover:text-primary hover:underline"
          >
            {vendor.phone}
          </a>
        ) : vendor.phone ? (
          <span className="whitespace-nowrap tabular-nums text-fg">{vendor.phone}</span>
        ) : (
          dash
        ),
    },
    {
      key: 'specialties',
      header: t('vendors.fields.specialties'),
      hideBelow: 'xl',
      cell: (vendor) => <TagChips tags={vendor.expand?.tags ?? []} max={2} />,
    },
    {
      key: 'outstanding',
      header: t('vendors.fields.outstanding'),
      align: 'right',
      cell: (vendor) => <Outstanding amount={vendor.outstanding} advance={vendor.advance ?? 0} />,
    },
    {
      key: 'paid',
      header: t('vendors.fields.totalPaid'),
      align: 'right',
      cell: (vendor) => <span className="text-fg">{paidText(vendor)}</span>,
    },
    ...actionsColumn,
  ];

  const mobileCard = (vendor: Vendor) => (
    <div className="space-y-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate text-base font-semibold text-fg">{vendor.name}</p>
          {vendor.company_name || vendor.contact_person ? (
            <p className="truncate text-sm text-fg-muted">
              {[vendor.company_name, vendor.contact_person].filter(Boolean).join(' · ')}
            </p>
          ) : null}
        </div>
        {actions(vendor)}
      </div>
      <TagChips tags={vendor.expand?.tags ?? []} max={4} />
      <dl className="grid grid-cols-2 gap-2 rounded-xl bg-surface-muted/70 p-3 text-sm">
        <CardFigure label={t('vendors.fields.outstanding')} valueClassName="truncate">
          <Outstanding amount={vendor.outstanding} advance={vendor.advance ?? 0} align="start" />
        </CardFigure>
        <CardFigure
          label={t('vendors.fields.totalPaid')}
          className="min-w-0 text-right"
          valueClassName="truncate tabular-nums text-fg"
        >
          {paidText(vendor)}
        </CardFigure>
      </dl>
      {vendor.phone ? (
        <a
          href={telHref(vendor.phone)}
          className="flex h-11 items-center justify-center gap-2 rounded-xl border border-border bg-surface text-[15px] font-medium text-fg shadow-card active:bg-surface-hover"
          aria-label={t('vendors.callNamed', { name: vendor.name, phone: vendor.phone })}
          data-testid={`vendor-call-${vendor.id}`}
        >
          <Phone className="size-4 text-primary" aria-hidden="true" />
          <span className="tabular-nums">{vendor.phone}</span>
        </a>
      ) : null}
    </div>
  );

  return { columns, mobileCard };
}
