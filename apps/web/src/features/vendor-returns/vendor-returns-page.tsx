import { RETURN_REASONS, type VendorReturn } from '@siteledger/domain';
import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/list-page/list-page';
import { useListPage } from '../../components/list-page/use-list-page';
import { EntityFilter } from '../../components/pickers/entity-picker';
import { FilterSelect } from '../../components/ui/list-toolbar';
import { statusOptions } from '../../components/ui/status-badge';
import { useVendorReturns } from './api';
import { CreateReturnDialog } from './create-return-dialog';
import { CreditNotesTab } from './credit-notes-tab';
import { ReturnDetailDialog } from './return-detail-dialog';
import { enumOptions } from './return-steps';
import { useReturnColumns } from './returns-columns';
import { ReturnsTabs, useReturnsTab } from './returns-tabs';

const FILTERS = ['vendor', 'status', 'reason'] as const;
const NAMES = { ns: 'vendorReturns', one: 'return', many: 'returns', page: 'vendor-returns' };

export function VendorReturnsPage() {
  const { t } = useTranslation();
  const tab = useReturnsTab();
  const page = useListPage<VendorReturn>({
    names: NAMES,
    resource: 'vendor_returns',
    sort: '-return_date',
    filters: FILTERS,
  });
  const { list, form } = page;
  const returns = useVendorReturns(list.query);
  const [viewing, setViewing] = useState<string | null>(null);
  const { columns, mobileCard } = useReturnColumns();

  return (
    <ListPage
      page={page}
      query={returns}
      columns={columns}
      mobileCard={mobileCard}
      onRowClick={(r) => setViewing(r.id)}
      emptyIcon={<Undo2 />}
      tabs={<ReturnsTabs tab={tab} />}
      content={tab === 'credit-notes' ? <CreditNotesTab /> : undefined}
      dateRange
      filters={
        <>
          <EntityFilter
            entity="vendors"
            label={t('vendorReturns.fields.vendor')}
            value={list.filters.vendor ?? ''}
            onChange={(value) => list.setFilter('vendor', value)}
            allLabel={t('vendorReturns.filters.allVendors')}
            testId="returns-filter-vendor"
          />
          <FilterSelect
            label={t('vendorReturns.fields.status')}
            value={list.filters.status ?? ''}
            onChange={(value) => list.setFilter('status', value)}
            allLabel={t('vendorReturns.filters.allStatuses')}
            options={statusOptions(t, 'return')}
            testId="returns-filter-status"
          />
          <FilterSelect
            label={t('vendorReturns.fields.reason')}
            value={list.filters.reason ?? ''}
            onChange={(value) => list.setFilter('reason', value)}
            allLabel={t('vendorReturns.filters.allReasons')}
            options={enumOptions(t, 'vendorReturns.reasons', RETURN_REASONS)}
            testId="returns-filter-reason"
          />
        </>
      }
      dialogs={
        <>
          <CreateReturnDialog
            open={form.open}
            onOpenChange={form.onOpenChange}
            onSaved={(saved) => setViewing(saved.id)}
          />
          <ReturnDetailDialog id={viewing} onOpenChange={(open) => !open && setViewing(null)} />
        </>
      }
    />
  );
}
