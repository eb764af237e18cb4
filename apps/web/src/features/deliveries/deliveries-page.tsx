import { DELIVERY_PAYMENT_STATUSES, type Delivery } from '@siteledger/domain';
import { Truck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/list-page/list-page';
import { useListPage } from '../../components/list-page/use-list-page';
import { EntityFilter } from '../../components/pickers/entity-picker';
import { FilterSelect } from '../../components/ui/list-toolbar';
import { statusOptions } from '../../components/ui/status-badge';
import { useDeliveries } from './api';
import { CreateDeliveryDialog } from './create-delivery-dialog';
import { useDeliveryColumns } from './deliveries-columns';

const FILTERS = ['vendor', 'payment_status'] as const;
const NAMES = { ns: 'deliveries', one: 'delivery', many: 'deliveries' };

export function DeliveriesPage() {
  const { t } = useTranslation();
  const page = useListPage<Delivery>({
    names: NAMES,
    resource: 'deliveries',
    sort: '-delivery_date',
    filters: FILTERS,
  });
  const { list, form } = page;
  const deliveries = useDeliveries(list.query);
  const { columns, mobileCard } = useDeliveryColumns();
  const paymentOptions = statusOptions(t, 'payment').filter((o) =>
    (DELIVERY_PAYMENT_STATUSES as readonly string[]).includes(o.value),
  );

  return (
    <ListPage
      page={page}
      query={deliveries}
      columns={columns}
      mobileCard={mobileCard}
      rowHref={(d) => `/deliveries/${d.id}`}
      errorTitle={t('deliveries.errors.loadFailed')}
      emptyIcon={<Truck />}
      dateRange
      filters={
        <>
          <EntityFilter
            entity="vendors"
            label={t('deliveries.fields.vendor')}
            value={list.filters.vendor ?? ''}
            onChange={(value) => list.setFilter('vendor', value)}
            allLabel={t('deliveries.filters.allVendors')}
            testId="deliveries-filter-vendor"
          />
          <FilterSelect
            label={t('deliveries.fields.status')}
            value={list.filters.payment_status ?? ''}
            onChange={(value) => list.setFilter('payment_status', value)}
            allLabel={t('deliveries.filters.allStatuses')}
            options={paymentOptions}
            testId="deliveries-filter-status"
          />
        </>
      }
      dialogs={<CreateDeliveryDialog open={form.open} onOpenChange={form.onOpenChange} />}
    />
  );
}
