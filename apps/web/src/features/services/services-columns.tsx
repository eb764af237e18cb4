import type { Service } from '@siteledger/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TagChips } from '../../components/tag-picker';
import type { DataTableColumn } from '../../components/ui/data-table';
import { unitLabel } from '../../components/ui/quantity-field';
import { formatRupees } from '../../lib/format';
import { ActiveBadge, CategoryLabel, perUnit } from './service-labels';
import { CardHead } from '../../components/list-page/card-head';
import { NameCell } from '../../components/list-page/name-cell';

/** The services list's columns and phone card; `actions` are the row's edit/delete buttons. */
export function useServiceColumns(
  actions: (service: Service) => ReactNode,
  actionsColumn: DataTableColumn<Service>[],
) {
  const { t } = useTranslation();
  const rate = (service: Service) => (
    <span className="whitespace-nowrap">
      <span className="font-medium text-fg">{formatRupees(service.standard_rate)}</span>
      <span className="text-fg-muted"> / {perUnit(t, service.unit)}</span>
    </span>
  );

  const columns: DataTableColumn<Service>[] = [
    {
      key: 'name',
      header: t('services.fields.name'),
      sortKey: 'name',
      cell: (service) => <NameCell name={service.name} detail={service.description} />,
    },
    {
      key: 'category',
      header: t('services.fields.category'),
      sortKey: 'category',
      cell: (service) => <CategoryLabel category={service.category} />,
    },
    {
      key: 'type',
      header: t('services.fields.type'),
      hideBelow: 'xl',
      cell: (service) =>
        service.service_type ? (
          <span className="text-fg-muted">{service.service_type}</span>
        ) : (
          <span className="text-fg-subtle">—</span>
        ),
    },
    {
      key: 'unit',
      header: t('services.fields.unit'),
      sortKey: 'unit',
      hideBelow: 'lg',
      cell: (service) => <span className="text-fg-muted">{unitLabel(t, service.unit)}</span>,
    },
    {
      key: 'rate',
      header: t('services.fields.standardRate'),
      sortKey: 'standard_rate',
      align: 'right',
      cell: rate,
    },
    {
      key: 'active',
      header: t('services.fields.status'),
      sortKey: 'is_active',
      firstDirection: 'desc',
      cell: (service) => (
        <ActiveBadge active={service.is_active} testId={`service-active-${service.id}`} />
      ),
    },
    {
      key: 'tags',
      header: t('services.fields.tags'),
      hideBelow: 'lg',
      cell: (service) => <TagChips tags={service.expand?.tags ?? []} max={2} />,
    },
    ...actionsColumn,
  ];

  const mobileCard = (service: Service) => (
    <div className="space-y-3">
      <CardHead
        title={service.name}
        subtitle={
          <>
            <CategoryLabel category={service.category} />
            {service.service_type ? <span>· {service.service_type}</span> : null}
          </>
        }
        subtitleClassName="flex flex-wrap items-center gap-x-1.5 text-sm text-fg-muted"
        aside={actions(service)}
      />
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-surface-muted/70 px-3 py-2.5 text-sm tabular-nums">
        {rate(service)}
        <ActiveBadge active={service.is_active} />
      </div>
      <TagChips tags={service.expand?.tags ?? []} max={4} />
    </div>
  );

  return { columns, mobileCard };
}
