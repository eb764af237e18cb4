import type { PurchaseOrder } from '@siteledger/domain';
import { ShoppingCart } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { entityFilter, selectFilter } from '../../components/list-page/list-filters';
import { ListPage } from '../../components/list-page/list-page';
import { UrlTabs, useUrlTab } from '../../components/list-page/url-tabs';
import { useListPageData } from '../../components/page/use-list-page-data';
import { errorMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast-store';
import { useUrlOpener } from '../../lib/use-url-opener';
import { useMaterialRequest, usePurchaseOrders, useQuotation } from './api';
import { poStatusFilterOptions } from './po-labels';
import { usePurchaseOrderColumns } from './purchase-order-columns';
import { prefillFromQuotation, prefillFromRequest, type PoPrefill } from './purchase-order-form';
import { PurchaseOrderFormDialog } from './purchase-order-form-dialog';
import { RateVariancesTab } from './rate-variances-tab';

const FILTERS = ['status', 'vendor'] as const;
// Test ids po-add, pos-toolbar, pos-table (the record type's tour targets); page purchase-orders.
const NAMES = { ns: 'purchaseOrders', one: 'po', many: 'pos', page: 'purchase-orders' };
const FROM_REQUEST = 'fromRequest';
// Orders | Rate differences (`?tab=rate-differences`).
const TABS = ['orders', 'rate-differences'] as const;
const TAB_LABELS = { orders: 'orders', 'rate-differences': 'rateDifferences' } as const;
const FROM_QUOTATION = 'fromQuotation';

export function PurchaseOrdersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { form, table } = useListPageData<PurchaseOrder>(
    { names: NAMES, resource: 'purchase_orders', sort: '-order_date', filters: FILTERS },
    { useRecords: usePurchaseOrders, useColumns: usePurchaseOrderColumns },
  );
  const fromRequest = useFromRecord(FROM_REQUEST, useMaterialRequest, prefillFromRequest);
  const fromQuotation = useFromRecord(FROM_QUOTATION, useQuotation, prefillFromQuotation);
  const prefill = fromRequest.prefill ?? fromQuotation.prefill;
  const tab = useUrlTab(TABS);
  // Saved: the page leaves for the new order; closing the dialog must not navigate again.
  const leaving = useRef(false);

  return (
    <ListPage
      {...table}
      rowHref={(order) => `/purchase-orders/${order.id}`}
      errorTitle={t('purchaseOrders.errors.loadFailed')}
      emptyIcon={<ShoppingCart />}
      tabs={
        <UrlTabs
          tabs={TABS}
          tab={tab}
          label={(name) => t(`purchaseOrders.tabs.${TAB_LABELS[name]}`)}
          testId="pos-tab"
        />
      }
      content={tab === 'rate-differences' ? <RateVariancesTab /> : undefined}
      dateRange
      filterBy={[
        selectFilter('status', poStatusFilterOptions(t), { all: 'allStatuses' }),
        entityFilter('vendor', 'vendors', { all: 'allVendors' }),
      ]}
      dialogs={
        <PurchaseOrderFormDialog
          open={form.open || prefill !== null}
          onOpenChange={(open) => {
            if (!open && !leaving.current) {
              fromRequest.clear();
              fromQuotation.clear();
            }
            form.onOpenChange(open);
          }}
          prefill={prefill}
          onSaved={(order) => {
            leaving.current = true;
            void navigate(`/purchase-orders/${order.id}`);
          }}
        />
      }
    />
  );
}

/**
 * `?fromRequest=<material request id>`: the form opens with the request's lines still to order
 * (the person picks the vendor and the rates). `?fromQuotation=<quotation id>`: with the
 * quotation's vendor and item at its rate. The link is read once (a reload does not open the
 * filled form again); closing the form forgets it.
 */
function useFromRecord<T>(
  param: typeof FROM_REQUEST | typeof FROM_QUOTATION,
  useSource: (id: string | null) => { data: T | undefined; isError: boolean; error: unknown },
  toPrefill: (record: T) => PoPrefill | null,
) {
  const { t } = useTranslation();
  const [opener, clear] = useUrlOpener(param);
  const id = opener?.[param] ?? null;
  const source = useSource(id);
  const failed = source.isError;
  useEffect(() => {
    if (!failed) return;
    toast.error(errorMessage(source.error, t));
    clear();
    // Once per failure.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failed]);
  const prefill = id && source.data ? toPrefill(source.data) : null;
  return { prefill, clear };
}
