import { DELIVERY_PAYMENT_STATUSES, type Delivery } from '@siteledger/domain';
import { Truck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { entityFilter, selectFilter } from '../../components/list-page/list-filters';
import { ListPage } from '../../components/list-page/list-page';
import { useListPageData } from '../../components/page/use-list-page-data';
import { QueuedRecords } from '../../components/queued-records';
import { statusOptions } from '../../components/ui/status-badge';
import { useUrlOpener } from '../../lib/use-url-opener';
import { useDeliveries } from './api';
import { CreateDeliveryDialog } from './create-delivery-dialog';
import { useDeliveryColumns } from './deliveries-columns';

const FILTERS = ['vendor', 'payment_status'] as const;
const NAMES = { ns: 'deliveries', one: 'delivery', many: 'deliveries' };

export function DeliveriesPage() {
  const { t } = useTranslation();
  const { form, table } = useListPageData<Delivery>(
    { names: NAMES, resource: 'deliveries', sort: '-delivery_date', filters: FILTERS },
    { useRecords: useDeliveries, useColumns: useDeliveryColumns },
  );
  // The purchase order's "Receive goods" opens the new delivery filled from it (`?fromPo=<id>`),
  // once: a reload does not open it again.
  const [opener, clearOpener] = useUrlOpener('fromPo');
  const fromPo = opener?.fromPo ?? null;
  const onOpenChange = (open: boolean) => {
    if (!open) clearOpener();
    form.onOpenChange(open);
  };
  const paymentOptions = statusOptions(t, 'payment').filter((o) =>
    (DELIVERY_PAYMENT_STATUSES as readonly string[]).includes(o.value),
  );

  return (
    <ListPage
      {...table}
      rowHref={(d) => `/deliveries/${d.id}`}
      errorTitle={t('deliveries.errors.loadFailed')}
      emptyIcon={<Truck />}
      tabs={<QueuedRecords collection="deliveries" />}
      dateRange
      filterBy={[
        entityFilter('vendor', 'vendors', { all: 'allVendors' }),
        selectFilter('payment_status', paymentOptions, { id: 'status', all: 'allStatuses' }),
      ]}
      dialogs={
        <CreateDeliveryDialog
          open={form.open || Boolean(fromPo)}
          onOpenChange={onOpenChange}
          fromPo={fromPo}
        />
      }
    />
  );
}
