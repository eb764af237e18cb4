import type { WorkOrder } from '@siteledger/domain';
import { HardHat } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { entityFilter, selectFilter } from '../../components/list-page/list-filters';
import { ListPage } from '../../components/list-page/list-page';
import { useListPageData } from '../../components/page/use-list-page-data';
import { useWorkOrders } from './api';
import { useWorkOrderColumns } from './work-order-columns';
import { WorkOrderFormDialog } from './work-order-form-dialog';
import { woStatusOptions } from './wo-labels';

const FILTERS = ['status', 'vendor'] as const;
// Test ids wo-add, wos-toolbar, wos-table (the record type's tour targets); page work-orders.
const NAMES = { ns: 'workOrders', one: 'wo', many: 'wos', page: 'work-orders' };

/** /work-orders — the subcontractors' work orders; a new one opens its page once saved. */
export function WorkOrdersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { form, table } = useListPageData<WorkOrder>(
    { names: NAMES, resource: 'work_orders', sort: '-order_date', filters: FILTERS },
    { useRecords: useWorkOrders, useColumns: useWorkOrderColumns },
  );
  // Saved: the page leaves for the new order; closing the dialog must not navigate again.
  const leaving = useRef(false);

  return (
    <ListPage
      {...table}
      rowHref={(order) => `/work-orders/${order.id}`}
      errorTitle={t('workOrders.errors.loadFailed')}
      emptyIcon={<HardHat />}
      dateRange
      filterBy={[
        selectFilter('status', woStatusOptions(t), { all: 'allStatuses' }),
        entityFilter('vendor', 'vendors', { all: 'allVendors' }),
      ]}
      dialogs={
        <WorkOrderFormDialog
          open={form.open}
          onOpenChange={form.onOpenChange}
          onSaved={(order) => {
            leaving.current = true;
            void navigate(`/work-orders/${order.id}`);
          }}
        />
      }
    />
  );
}
