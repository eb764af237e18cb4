import type { WorkOrder } from '@siteledger/domain';
import { HardHat } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { entityFilter, selectFilter } from '../../components/list-page/list-filters';
import { ListPage } from '../../components/list-page/list-page';
import { UrlTabs, useUrlTab } from '../../components/list-page/url-tabs';
import { useListPageData } from '../../components/page/use-list-page-data';
import { useWorkOrders } from './api';
import { useWorkOrderColumns } from './work-order-columns';
import { WorkOrderFormDialog } from './work-order-form-dialog';
import { woStatusOptions } from './wo-labels';
import { RetentionDueTab } from './wo-retention-due';

const FILTERS = ['status', 'vendor'] as const;
// Test ids wo-add, wos-toolbar, wos-table (the record type's tour targets); page work-orders.
const NAMES = { ns: 'workOrders', one: 'wo', many: 'wos', page: 'work-orders' };
// Orders | Retention due (`?tab=retention`: the dashboard's "retention due" card leads there).
const TABS = ['orders', 'retention'] as const;

/**
 * /work-orders — the subcontractors' work orders (a new one opens its page once saved), and the
 * retention they hold with when it falls due.
 */
export function WorkOrdersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tab = useUrlTab(TABS);
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
      tabs={
        <UrlTabs
          tabs={TABS}
          tab={tab}
          label={(name) => t(`workOrders.tabs.${name}`)}
          testId="wos-tab"
          tour="work-orders-tabs"
        />
      }
      content={tab === 'retention' ? <RetentionDueTab /> : undefined}
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
